/**
 * The third-party templates, each driven as its README shows, with an invoice of data.ts: every
 * function returns the PDF's bytes and the truth, the figures as the template prints them (it
 * computes some itself: @h1dd3nsn1p3r/pdf-invoice's line totals include the line's tax, and its
 * "Subtotal" is their sum). A field the template does not print is null.
 *
 * - microinvoice 1.0.6 (PDFKit): a header band with label/value pairs on the right, "Bill To" and
 *   "Bill From" blocks side by side, a table whose last two columns sit at fixed places, and
 *   label/value totals; every label is the user's. Amounts carry the ISO code after them.
 * - jspdf-invoice-template-nodejs 1.4.40 (jsPDF; the Node build of jspdf-invoice-template, whose
 *   1.5.1 browser build needs `window`): the seller right-aligned at the top, the customer under a
 *   label on the left, "label + number" and two free date lines on the right, a table, and rows of
 *   label, amount and currency code.
 * - @h1dd3nsn1p3r/pdf-invoice 1.0.12 (pdfmake): the seller's block and a "Ref no: #n" column, a
 *   "Bill To" block, a table with discount and tax per line, totals formatted by Intl for the
 *   locale and currency; labels set through its `string` configuration.
 */
import { createRequire } from "node:module"
import path from "node:path"
import { round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { type Invoice, type Party } from "./data.js"
import { amountText, dateText, quantityText, wordingFor } from "./wording.js"

const require = createRequire(import.meta.url)

export interface Rendered {
  readonly bytes: Uint8Array
  readonly fields: Record<string, unknown>
  /** what this document varies, for reading failures */
  readonly notes: string
}

/** a line of the truth; no unit price when the template prints none */
interface Line { readonly description: string; readonly quantity: number; readonly unit_price: number | null; readonly amount: number }

interface Figures {
  readonly lines: ReadonlyArray<Line & { readonly unit_price: number }>
  readonly subtotal: number
  readonly tax: number
  readonly total: number
}

/** the usual arithmetic: lines, their sum, the discount off it, tax on the rest */
const figuresOf = (inv: Invoice): Figures => {
  const lines = inv.items.map((i) => ({ description: i.description, quantity: i.quantity, unit_price: i.unitPrice, amount: round2(i.quantity * i.unitPrice) }))
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(((subtotal - inv.discount) * inv.taxRate) / 100)
  return { lines, subtotal, tax, total: round2(subtotal - inv.discount + tax) }
}

const rate = (r: number, inv: Invoice) => `${quantityText(r, inv.locale)}%`

const truth = (inv: Invoice, f: { subtotal: number | null; tax: number | null; total: number; lines: ReadonlyArray<Line>; due: string | null; number?: string }) => ({
  invoice_number: f.number ?? inv.number, invoice_date: inv.issued, due_date: f.due, vendor_name: inv.vendor.name, customer_name: inv.customer.name,
  currency: inv.locale.currency, subtotal: f.subtotal, tax: f.tax, total: f.total, line_items: f.lines
})

const streamBytes = (doc: NodeJS.EventEmitter): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    doc.on("data", (c: Buffer) => chunks.push(c))
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on("error", reject)
  })

// ---------------------------------------------------------------- microinvoice

interface MicroValue { readonly value: string | number; readonly price?: boolean }
interface MicroLine { readonly label: string; readonly value: string | ReadonlyArray<string>; readonly price?: boolean }
type MicroInvoice = new (options: unknown) => { generate: () => NodeJS.EventEmitter }

const addressLines = (p: Prng, party: Party): Array<string> =>
  p.chance(0.5) ? [party.street, party.town, ...(p.chance(0.6) ? [party.country] : [])] : [`${party.street}, ${party.town}`, ...(p.chance(0.4) ? [party.country] : [])]

export const renderMicroinvoice = async (p: Prng, inv: Invoice): Promise<Rendered> => {
  const Micro = require("microinvoice") as MicroInvoice
  const w = wordingFor(p, inv.locale)
  const f = figuresOf(inv)
  const dateStyle = p.pick(["numeric", "long", "iso"] as const)
  const withPrice = p.chance(0.6)
  const showSubtotal = inv.discount > 0 || inv.taxRate > 0 || p.chance(0.5)
  const header: Array<MicroLine> = [
    { label: w.number, value: inv.number },
    { label: w.date, value: dateText(inv.issued, inv.locale, dateStyle) },
    ...(inv.due !== null ? [{ label: w.due, value: dateText(inv.due, inv.locale, dateStyle) }] : []),
    ...(p.chance(0.4) ? [{ label: w.status, value: w.unpaid }] : [])
  ]
  const customer: Array<MicroLine> = [
    { label: w.billTo, value: [inv.customer.name, ...(inv.customer.person !== null ? [inv.customer.person] : []), ...addressLines(p, inv.customer), inv.customer.email] },
    ...(inv.customer.taxId !== null ? [{ label: "Tax ID", value: inv.customer.taxId }] : [])
  ]
  const seller: Array<MicroLine> = [
    { label: w.from, value: [inv.vendor.name, ...addressLines(p, inv.vendor), inv.vendor.phone, inv.vendor.email] },
    ...(inv.vendor.taxId !== null ? [{ label: "Tax ID", value: inv.vendor.taxId }] : [])
  ]
  const columns: Array<MicroValue> = withPrice ? [{ value: w.description }, { value: w.unitPrice }, { value: w.quantity }, { value: w.amount }] : [{ value: w.description }, { value: w.quantity }, { value: w.amount }]
  const parts = f.lines.map((l): Array<MicroValue> => [
    { value: l.description }, ...(withPrice ? [{ value: amountText(l.unit_price, inv.locale), price: true }] : []),
    { value: quantityText(l.quantity, inv.locale) }, { value: amountText(l.amount, inv.locale), price: true }
  ])
  const total: Array<MicroLine> = [
    ...(showSubtotal ? [{ label: w.subtotal, value: amountText(f.subtotal, inv.locale), price: true }] : []),
    ...(inv.discount > 0 ? [{ label: w.discount, value: amountText(-inv.discount, inv.locale), price: true }] : []),
    ...(inv.taxRate > 0 ? [{ label: `${w.tax} ${rate(inv.taxRate, inv)}`, value: amountText(f.tax, inv.locale), price: true }] : []),
    { label: w.total, value: amountText(f.total, inv.locale), price: true }
  ]
  const invoice = new Micro({
    data: {
      invoice: {
        name: w.title, header, currency: inv.locale.currency, customer, seller,
        details: { header: columns, parts, total },
        legal: p.chance(0.5) ? [{ value: `${inv.vendor.name} · ${inv.vendor.taxId ?? inv.vendor.email}`, weight: "bold", color: "secondary" }] : []
      }
    }
  })
  const bytes = await streamBytes(invoice.generate())
  const lines = withPrice ? f.lines : f.lines.map((l) => ({ ...l, unit_price: null }))
  return {
    bytes,
    fields: truth(inv, { subtotal: showSubtotal ? f.subtotal : null, tax: inv.taxRate > 0 ? f.tax : null, total: f.total, lines, due: inv.due }),
    notes: `microinvoice, ${inv.locale.tag}, ${w.title}/${w.number}, dates ${dateStyle}, ${withPrice ? "with" : "without"} unit price, ${inv.items.length} lines${inv.discount > 0 ? ", discount" : ""}${inv.taxRate > 0 ? ", tax" : ""}`
  }
}

// ---------------------------------------------------------------- jspdf-invoice-template

type JsPdfTemplate = (props: unknown) => { readonly arrayBuffer: ArrayBuffer }

export const renderJspdfTemplate = async (p: Prng, inv: Invoice): Promise<Rendered> => {
  const template = (require("jspdf-invoice-template-nodejs") as { default: JsPdfTemplate }).default
  const w = wordingFor(p, inv.locale)
  const f = figuresOf(inv)
  const dateStyle = p.pick(["numeric", "long", "iso"] as const)
  const numbered = p.chance(0.5)
  const header = [
    ...(numbered ? [{ title: "#", style: { width: 10 } }] : []),
    { title: w.description, style: { width: numbered ? 80 : 90 } }, { title: w.quantity }, { title: w.unitPrice }, { title: w.amount }
  ]
  const table = f.lines.map((l, i) => [...(numbered ? [i + 1] : []), l.description, quantityText(l.quantity, inv.locale), amountText(l.unit_price, inv.locale), amountText(l.amount, inv.locale)])
  const code = inv.locale.currency
  const additionalRows = [
    { col1: `${w.subtotal}:`, col2: amountText(f.subtotal, inv.locale), col3: code, style: { fontSize: 10 } },
    ...(inv.discount > 0 ? [{ col1: `${w.discount}:`, col2: amountText(-inv.discount, inv.locale), col3: code, style: { fontSize: 10 } }] : []),
    ...(inv.taxRate > 0 || p.chance(0.5) ? [{ col1: `${w.tax} ${rate(inv.taxRate, inv)}:`, col2: amountText(f.tax, inv.locale), col3: code, style: { fontSize: 10 } }] : []),
    { col1: `${w.total}:`, col2: amountText(f.total, inv.locale), col3: code, style: { fontSize: 14 } }
  ]
  const taxPrinted = additionalRows.some((r) => r.col1.startsWith(w.tax))
  const addressOf = (party: Party) => `${party.street}, ${party.town}${p.chance(0.5) ? `, ${party.country}` : ""}`
  const result = template({
    outputType: "arraybuffer",
    compress: true,
    business: { name: inv.vendor.name, address: addressOf(inv.vendor), phone: inv.vendor.phone, email: inv.vendor.email, email_1: inv.vendor.taxId ?? "", website: "" },
    contact: {
      label: `${w.billTo}:`, name: inv.customer.name, address: addressOf(inv.customer), phone: inv.customer.person ?? inv.customer.phone,
      email: inv.customer.email, otherInfo: inv.customer.taxId ?? ""
    },
    invoice: {
      label: `${w.number}: `, num: inv.number,
      invDate: inv.due !== null ? `${w.due}: ${dateText(inv.due, inv.locale, dateStyle)}` : "",
      invGenDate: `${w.date}: ${dateText(inv.issued, inv.locale, dateStyle)}`,
      headerBorder: p.chance(0.5), tableBodyBorder: p.chance(0.3), header, table, additionalRows,
      invDescLabel: p.chance(0.5) ? "Notes" : "", invDesc: `${inv.vendor.name} · ${inv.vendor.phone}`
    },
    footer: { text: p.chance(0.5) ? "The invoice is created on a computer and is valid without the signature and stamp." : "" },
    pageEnable: p.chance(0.5), pageLabel: "Page "
  })
  return {
    bytes: new Uint8Array(result.arrayBuffer),
    fields: truth(inv, { subtotal: f.subtotal, tax: taxPrinted ? f.tax : null, total: f.total, lines: f.lines, due: inv.due }),
    notes: `jspdf-invoice-template, ${inv.locale.tag}, ${w.number}, dates ${dateStyle}, ${inv.items.length} lines${inv.discount > 0 ? ", discount" : ""}${taxPrinted ? ", tax" : ""}`
  }
}

// ---------------------------------------------------------------- @h1dd3nsn1p3r/pdf-invoice

type H1Invoice = new (payload: unknown, config?: unknown) => {
  fonts: () => unknown; docMeta: () => unknown; content: () => unknown; docStyle: () => unknown; docTypo: () => unknown
}
type PdfMake = new (fonts: unknown) => { createPdfKitDocument: (definition: unknown) => NodeJS.EventEmitter & { end: () => void } }

export const renderH1PdfInvoice = async (p: Prng, inv: Invoice): Promise<Rendered> => {
  const { PDFInvoice } = require("@h1dd3nsn1p3r/pdf-invoice") as { PDFInvoice: H1Invoice }
  const w = wordingFor(p, inv.locale)
  const dateStyle = p.pick(["numeric", "long"] as const)
  // the template's arithmetic (its helper.js): a line's total after its discount, plus its tax; "Subtotal" sums them;
  // the tax row is on the lines before discount; the order discount comes off the subtotal
  const lineDiscount = inv.taxRate === 0 && p.chance(0.3) ? 10 : 0
  const lines = inv.items.map((i) => {
    const base = i.quantity * i.unitPrice
    const net = base - (base * lineDiscount) / 100
    return { description: i.description, quantity: i.quantity, unit_price: i.unitPrice, amount: round2(net + (net * inv.taxRate) / 100) }
  })
  const subtotal = Number(inv.items.reduce((n, i) => {
    const base = i.quantity * i.unitPrice
    const net = base - (base * lineDiscount) / 100
    return n + net + (net * inv.taxRate) / 100
  }, 0).toFixed(2))
  const tax = Number(inv.items.reduce((n, i) => n + (i.quantity * i.unitPrice * inv.taxRate) / 100, 0).toFixed(2))
  const total = inv.discount > 0 ? Number((subtotal - inv.discount).toFixed(2)) : subtotal
  const payload = {
    company: {
      name: inv.vendor.name, address: `${inv.vendor.street}\n${inv.vendor.town}${p.chance(0.5) ? `, ${inv.vendor.country}` : ""}`,
      phone: p.chance(0.5) ? `Tel: ${inv.vendor.phone}` : inv.vendor.phone, email: inv.vendor.email,
      ...(inv.vendor.taxId !== null ? { taxId: inv.vendor.taxId } : {})
    },
    customer: {
      name: inv.customer.name, ...(inv.customer.person !== null ? { company: `Attn. ${inv.customer.person}` } : {}),
      address: `${inv.customer.street}\n${inv.customer.town}, ${inv.customer.country}`, email: inv.customer.email,
      ...(inv.customer.taxId !== null ? { taxId: inv.customer.taxId } : {})
    },
    invoice: {
      number: inv.number, date: dateText(inv.issued, inv.locale, dateStyle), dueDate: dateText(inv.due ?? inv.issued, inv.locale, dateStyle),
      status: w.unpaid, locale: inv.locale.tag, currency: inv.locale.currency, path: "invoice.pdf", ...(inv.discount > 0 ? { orderDiscount: inv.discount } : {})
    },
    items: inv.items.map((i) => ({ name: i.description, quantity: i.quantity, price: i.unitPrice, discount: lineDiscount, tax: inv.taxRate })),
    note: { text: `${w.title} ${inv.number}`, italic: true }
  }
  const config = {
    string: {
      invoice: w.title.toUpperCase(), refNumber: w.number, date: w.date, dueDate: w.due, status: w.status, billTo: w.billTo,
      item: w.description, quantity: w.quantity, price: w.unitPrice, discount: w.discount, tax: w.tax, total: w.amount,
      subTotal: w.subtotal, totalTax: w.tax, totalDiscount: w.discount, fee: "Fee", grandTotal: w.total
    }
  }
  // create() resolves when the document ends, before its file stream has written (or even opened) the file:
  // the same document definition is laid out here, its bytes collected from the stream
  const invoice = new PDFInvoice(payload, config)
  const PdfPrinter = require(require.resolve("pdfmake", { paths: [path.dirname(require.resolve("@h1dd3nsn1p3r/pdf-invoice"))] })) as PdfMake
  const doc = new PdfPrinter(invoice.fonts()).createPdfKitDocument({
    pageSize: "A4", orientation: "portrait", pageMargins: [40, 40, 40, 40], info: invoice.docMeta(), content: invoice.content(),
    defaultStyle: invoice.docStyle(), styles: invoice.docTypo()
  })
  const bytes = streamBytes(doc)
  doc.end()
  return {
    bytes: await bytes,
    // the template prints a due date always (the issue date when it has none)
    fields: truth(inv, { subtotal, tax, total, lines, due: inv.due ?? inv.issued }),
    notes: `@h1dd3nsn1p3r/pdf-invoice, ${inv.locale.tag}, ${w.number}, dates ${dateStyle}, ${inv.items.length} lines${inv.discount > 0 ? ", order discount" : ""}${lineDiscount > 0 ? ", line discount" : ""}${inv.taxRate > 0 ? ", tax per line" : ""}`
  }
}
