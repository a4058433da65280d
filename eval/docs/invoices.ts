/**
 * Invoices: eight PDF layouts (label-value pairs beside or below their labels, two-column
 * headers, one-run "label: value" lines, a line-item table over three pages, a terms page), and
 * one each as DOCX, HTML and plain text.
 */
import { CATALOG, CUSTOMERS, type Party, VENDORS } from "../lib/data.js"
import { escapeHtml, type Generated, Locations, TextBuilder, utf8 } from "../lib/doc.js"
import { addMonths, type Currency, date, type DateStyle, grouped, isoOf, money, type MoneyStyle, mul2, qty, round2, sum2 } from "../lib/format.js"
import { docx, docxParagraph, docxTable } from "../lib/ooxml.js"
import { type Box, type FontName, PdfWriter } from "../lib/pdf.js"
import type { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA } from "../lib/truth.js"

interface Line { readonly description: string; readonly quantity: number; readonly unit_price: number; readonly amount: number }

export interface InvoiceModel {
  readonly number: string
  readonly issued: string
  readonly due: string
  readonly vendor: Party
  readonly customer: Party
  readonly currency: Currency
  readonly taxRate: number
  readonly lines: ReadonlyArray<Line>
  readonly subtotal: number
  readonly tax: number
  readonly total: number
  readonly po: string
}

const TAX_RATES: Record<Currency, ReadonlyArray<number>> = { USD: [0.0625, 0.07, 0.08875], GBP: [0.2], EUR: [0.19, 0.2, 0.21] }

/** an issue date in 2026 whose day is above 12, so no numeric date format is ambiguous */
export const issueDate = (rng: Prng): string => isoOf(2026, rng.int(1, 10), rng.int(13, 28))

export const makeInvoice = (
  rng: Prng,
  options: { currency: Currency; lines: number; number: string; skus?: boolean; vendor?: Party }
): InvoiceModel => {
  const vendor = options.vendor ?? rng.pick(VENDORS[options.currency])
  const customer = rng.pick(CUSTOMERS)
  const issued = issueDate(rng)
  const catalog = rng.sample(CATALOG, CATALOG.length)
  const lines: Array<Line> = []
  for (let i = 0; i < options.lines; i++) {
    const item = catalog[i % catalog.length]
    const quantity = item.hours === true ? rng.int(2, 30) / 2 : item.max < 10 ? rng.int(10, 250) : rng.int(1, 12)
    const unit = rng.money(item.min, item.max)
    const description = options.skus === true ? `SKU-${rng.int(10000, 99999)} ${item.description}` : item.description
    lines.push({ description, quantity, unit_price: unit, amount: mul2(quantity, unit) })
  }
  const subtotal = sum2(lines.map((l) => l.amount))
  const taxRate = rng.pick(TAX_RATES[options.currency])
  const tax = round2(subtotal * taxRate)
  return {
    number: options.number,
    issued,
    due: addMonths(issued, 1),
    vendor,
    customer,
    currency: options.currency,
    taxRate,
    lines,
    subtotal,
    tax,
    total: sum2([subtotal, tax]),
    po: `PO-${rng.int(40000, 89999)}`
  }
}

export const invoiceFields = (m: InvoiceModel) => ({
  invoice_number: m.number,
  invoice_date: m.issued,
  due_date: m.due,
  vendor_name: m.vendor.name,
  customer_name: m.customer.name,
  currency: m.currency,
  subtotal: m.subtotal,
  tax: m.tax,
  total: m.total,
  line_items: m.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, amount: l.amount }))
})

const SEMANTIC = {
  invoice_number: "the invoice number",
  invoice_date: "the date the invoice was issued",
  due_date: "the payment due date",
  vendor_name: "the name of the company that issued the invoice",
  customer_name: "the name of the customer being billed",
  total: "the invoice total amount including tax"
} as const

type Located = keyof typeof SEMANTIC

/** Records printed values in PDFs. */
class PdfLocator {
  readonly locations = new Locations()
  add(field: Located, text: string, box: Box): void {
    this.locations.add(field, text, SEMANTIC[field], box)
  }
}

const pct = (rate: number) => `${round2(rate * 100)}%`

interface Column {
  readonly header: string
  readonly x: number
  readonly align: "left" | "right"
  readonly cell: (line: Line, index: number) => string
}

/**
 * Draws the line-item table from `top`, continuing on new pages (with the header repeated)
 * when it reaches `bottom`; returns the baseline after the last row.
 */
const drawTable = (
  pdf: PdfWriter,
  columns: ReadonlyArray<Column>,
  lines: ReadonlyArray<Line>,
  top: number,
  options: { size: number; row: number; bottom: number; left: number; right: number; continueAt: () => number; font?: FontName; headerFill?: boolean; rules?: boolean }
): number => {
  const header = (at: number) => {
    if (options.headerFill !== false) pdf.fill(options.left, at - options.size - 4, options.right - options.left, options.size + 9)
    for (const c of columns) pdf.text(c.header, c.x, at, { size: options.size, font: "sansBold", align: c.align })
    pdf.line(options.left, at + 5, options.right, at + 5)
    return at + options.row + 2
  }
  let y = header(top)
  lines.forEach((line, i) => {
    if (y > options.bottom) {
      pdf.newPage()
      y = header(options.continueAt())
    }
    for (const c of columns) pdf.text(c.cell(line, i), c.x, y, { size: options.size, font: options.font ?? "sans", align: c.align })
    if (options.rules === true) pdf.line(options.left, y + 5, options.right, y + 5, 0.3, 0.8)
    y += options.row
  })
  pdf.line(options.left, y - options.row + 6, options.right, y - options.row + 6)
  return y + 8
}

const LETTER = [612, 792] as const
const A4 = [595.28, 841.89] as const

/** Page numbers "Page i of n" at the bottom of every page, written once the page count is known. */
const pageNumbers = (pdf: PdfWriter, x: number, format: (i: number, n: number) => string) => {
  const n = pdf.pageNumber
  for (let i = 1; i <= n; i++) pdf.onPage(i, () => pdf.text(format(i, n), x, pdf.height - 30, { size: 8, align: "right", grey: 0.4 }))
}

interface PdfLayout {
  readonly id: string
  readonly currency: Currency
  /** index into VENDORS[currency] */
  readonly vendor: number
  readonly lines: number
  readonly number: (rng: Prng) => string
  readonly notes: string
  readonly skus?: boolean
  readonly draw: (pdf: PdfWriter, m: InvoiceModel, loc: PdfLocator) => void
  readonly size: readonly [number, number]
}

const m$ = (m: InvoiceModel, v: number, style: MoneyStyle) => money(v, m.currency, style)

// ---------------------------------------------------------------- A: classic, labels beside values

const layoutA: PdfLayout = {
  id: "inv-01", vendor: 1, currency: "USD", lines: 4, size: LETTER,
  number: (rng) => `INV-2026-${String(rng.int(100, 999)).padStart(4, "0")}`,
  notes: "classic layout: vendor top-left, 'INVOICE' top-right, 'Invoice No.'/'Invoice Date'/'Due Date' labels beside right-aligned values, Bill To block, 4-line table, Subtotal/Sales Tax/Total; USD with $, dates 'March 14, 2026'; vendor and due date repeated in a footer sentence",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "long_us"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 64, { size: 16, font: "sansBold" }))
    m.vendor.address.forEach((l, i) => pdf.text(l, 50, 80 + i * 12, { size: 9, grey: 0.3 }))
    pdf.text(m.vendor.email, 50, 80 + m.vendor.address.length * 12, { size: 9, grey: 0.3 })
    pdf.text("INVOICE", 562, 66, { size: 24, font: "sansBold", align: "right" })
    const meta: Array<[string, string, Located | null]> = [
      ["Invoice No.", m.number, "invoice_number"], ["Invoice Date", date(m.issued, ds), "invoice_date"],
      ["Due Date", date(m.due, ds), "due_date"], ["PO Number", m.po, null]
    ]
    meta.forEach(([label, value, field], i) => {
      pdf.text(label, 370, 104 + i * 15, { size: 9, grey: 0.35 })
      const box = pdf.text(value, 562, 104 + i * 15, { size: 10, align: "right" })
      if (field !== null) loc.add(field, value, box)
    })
    pdf.text("BILL TO", 50, 170, { size: 8, font: "sansBold", grey: 0.35 })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 50, 185, { size: 10, font: "sansBold" }))
    m.customer.address.forEach((l, i) => pdf.text(l, 50, 198 + i * 12, { size: 9 }))
    let y = drawTable(pdf, [
      { header: "Description", x: 56, align: "left", cell: (l) => l.description },
      { header: "Qty", x: 370, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Unit Price", x: 460, align: "right", cell: (l) => m$(m, l.unit_price, "symbol") },
      { header: "Amount", x: 556, align: "right", cell: (l) => m$(m, l.amount, "symbol") }
    ], m.lines, 270, { size: 9.5, row: 20, bottom: 700, left: 50, right: 562, continueAt: () => 60 })
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "symbol"), false], [`Sales Tax (${pct(m.taxRate)})`, m$(m, m.tax, "symbol"), false], ["Total", m$(m, m.total, "symbol"), true]
    ]
    for (const [label, value, bold] of totals) {
      pdf.text(label, 380, y, { size: bold ? 11 : 9.5, font: bold ? "sansBold" : "sans" })
      const box = pdf.text(value, 556, y, { size: bold ? 11 : 9.5, font: bold ? "sansBold" : "sans", align: "right" })
      if (bold) loc.add("total", value, box)
      y += 17
    }
    const footer = pdf.textParts(["Thank you for your business. Please remit payment to ", ["vendor", m.vendor.name], " by ", ["due", date(m.due, ds)], "."], 50, 740, { size: 8.5, grey: 0.3 })
    loc.add("vendor_name", m.vendor.name, footer.vendor)
    loc.add("due_date", date(m.due, ds), footer.due)
  }
}

// ---------------------------------------------------------------- B: values below labels

const layoutB: PdfLayout = {
  id: "inv-02", vendor: 1, currency: "GBP", lines: 3, size: A4,
  number: (rng) => String(rng.int(10000, 19999)),
  notes: "values BELOW their labels in a header strip (INVOICE NUMBER / DATE OF ISSUE / DUE DATE / AMOUNT DUE), numeric invoice number, columns Description/Unit cost/Qty/Amount, VAT 20%, total printed three times; GBP with £, dates '14 March 2026'",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "long_uk"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 70, { size: 20, font: "sansBold" }))
    ;[...m.vendor.address, m.vendor.email, m.vendor.taxId ?? ""].forEach((l, i) => pdf.text(l, 545, 58 + i * 11, { size: 8, align: "right", grey: 0.35 }))
    pdf.text("Invoice", 50, 125, { size: 28, grey: 0.3 })
    const strip: Array<[string, string, Located]> = [
      ["INVOICE NUMBER", m.number, "invoice_number"], ["DATE OF ISSUE", date(m.issued, ds), "invoice_date"],
      ["DUE DATE", date(m.due, ds), "due_date"], ["AMOUNT DUE", m$(m, m.total, "symbol"), "total"]
    ]
    strip.forEach(([label, value, field], i) => {
      pdf.text(label, 50 + i * 128, 165, { size: 7.5, font: "sansBold", grey: 0.45 })
      loc.add(field, value, pdf.text(value, 50 + i * 128, 181, { size: 11 }))
    })
    pdf.text("BILLED TO", 50, 222, { size: 7.5, font: "sansBold", grey: 0.45 })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 50, 237, { size: 10.5 }))
    m.customer.address.forEach((l, i) => pdf.text(l, 50, 250 + i * 12, { size: 9, grey: 0.25 }))
    let y = drawTable(pdf, [
      { header: "Description", x: 50, align: "left", cell: (l) => l.description },
      { header: "Unit cost", x: 360, align: "right", cell: (l) => m$(m, l.unit_price, "symbol") },
      { header: "Qty", x: 420, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Amount", x: 545, align: "right", cell: (l) => m$(m, l.amount, "symbol") }
    ], m.lines, 320, { size: 9.5, row: 22, bottom: 760, left: 50, right: 545, continueAt: () => 60, headerFill: false, rules: true })
    y += 6
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "symbol"), false], [`VAT (${pct(m.taxRate)})`, m$(m, m.tax, "symbol"), false],
      ["Total", m$(m, m.total, "symbol"), true], [`Amount Due (${m.currency})`, m$(m, m.total, "symbol"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 360, y, { size: 9.5, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 545, y, { size: 9.5, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 16
    }
    pdf.text(`Payment by bank transfer within 30 days. Sort code 20-45-77, account 41382290.`, 50, 790, { size: 8, grey: 0.35 })
  }
}

// ---------------------------------------------------------------- C: two-column From / To, one-run label: value

const layoutC: PdfLayout = {
  id: "inv-03", vendor: 3, currency: "EUR", lines: 5, size: A4,
  number: (rng) => `2026/${String(rng.int(100, 999)).padStart(4, "0")}`,
  notes: "centred title, two-column From/To header, 'Invoice Number: …' label and value in ONE text run, position-numbered table, European number format '1.234,56 €' and 'Unit Price (EUR)' headers, dates '14.03.2026', 'Net amount'/'VAT 19%'/'Total amount'",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "dmy_dot"
    pdf.text("INVOICE", pdf.width / 2, 62, { size: 18, font: "sansBold", align: "center" })
    pdf.text("From", 50, 100, { size: 9, font: "sansBold", grey: 0.4 })
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 115, { size: 10.5, font: "sansBold" }))
    ;[...m.vendor.address, m.vendor.taxId ?? ""].forEach((l, i) => pdf.text(l, 50, 128 + i * 12, { size: 9 }))
    pdf.text("To", 320, 100, { size: 9, font: "sansBold", grey: 0.4 })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 320, 115, { size: 10.5, font: "sansBold" }))
    ;[...m.customer.address, m.customer.taxId ?? ""].forEach((l, i) => pdf.text(l, 320, 128 + i * 12, { size: 9 }))
    const a = pdf.textParts(["Invoice Number: ", ["v", m.number]], 50, 205, { size: 9.5 })
    loc.add("invoice_number", m.number, a.v)
    const b = pdf.textParts(["Invoice Date: ", ["v", date(m.issued, ds)]], 235, 205, { size: 9.5 })
    loc.add("invoice_date", date(m.issued, ds), b.v)
    const c = pdf.textParts(["Due Date: ", ["v", date(m.due, ds)]], 410, 205, { size: 9.5 })
    loc.add("due_date", date(m.due, ds), c.v)
    const eu = (v: number) => grouped(v, true)
    let y = drawTable(pdf, [
      { header: "Pos.", x: 50, align: "left", cell: (_, i) => String(i + 1) },
      { header: "Description", x: 80, align: "left", cell: (l) => l.description },
      { header: "Qty", x: 340, align: "right", cell: (l) => qty(l.quantity).replace(".", ",") },
      { header: "Unit Price (EUR)", x: 450, align: "right", cell: (l) => eu(l.unit_price) },
      { header: "Total (EUR)", x: 545, align: "right", cell: (l) => eu(l.amount) }
    ], m.lines, 250, { size: 9, row: 19, bottom: 760, left: 48, right: 547, continueAt: () => 60 })
    const totals: Array<[string, string, boolean]> = [
      ["Net amount", m$(m, m.subtotal, "european"), false], [`VAT ${pct(m.taxRate)}`, m$(m, m.tax, "european"), false], ["Total amount", m$(m, m.total, "european"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 380, y, { size: 9.5, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 545, y, { size: 9.5, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 16
    }
    pdf.text("Payable within 30 days without deduction. IBAN DE44 5001 0517 5407 3249 31, BIC INGDDEFFXXX", 50, 790, { size: 8, grey: 0.35 })
  }
}

// ---------------------------------------------------------------- D: long table over three pages

const layoutD: PdfLayout = {
  id: "inv-04", vendor: 0, currency: "USD", lines: 75, size: LETTER, skus: true,
  number: (rng) => `NW-${rng.int(80000, 89999)}`,
  notes: "75 line items with SKUs: the table spans THREE pages with the header repeated and a running 'Invoice # … (continued)' header; totals on the last page; 'Invoice #' label, 'Amount (USD)' headers, totals 'USD 12,345.67', ISO dates, 'Grand Total'; page numbers 'Page 1 of 3'",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "iso"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 60, { size: 15, font: "sansBold" }))
    m.vendor.address.forEach((l, i) => pdf.text(l, 50, 75 + i * 11, { size: 8.5, grey: 0.3 }))
    const meta: Array<[string, string, Located | null]> = [
      ["Invoice #", m.number, "invoice_number"], ["Date", date(m.issued, ds), "invoice_date"], ["Due", date(m.due, ds), "due_date"], ["Customer PO", m.po, null]
    ]
    meta.forEach(([label, value, field], i) => {
      pdf.text(`${label}:`, 400, 60 + i * 14, { size: 9, font: "sansBold" })
      const box = pdf.text(value, 470, 60 + i * 14, { size: 9 })
      if (field !== null) loc.add(field, value, box)
    })
    pdf.text("Bill To", 50, 135, { size: 9, font: "sansBold" })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 50, 148, { size: 9.5 }))
    m.customer.address.forEach((l, i) => pdf.text(l, 50, 160 + i * 11, { size: 8.5 }))
    pdf.text("Ship To", 320, 135, { size: 9, font: "sansBold" })
    pdf.text("Receiving Dock B", 320, 148, { size: 9.5 })
    m.customer.address.forEach((l, i) => pdf.text(l, 320, 160 + i * 11, { size: 8.5 }))
    const running = () => {
      const boxes = pdf.textParts([["vendor", m.vendor.name], "  |  Invoice # ", ["number", m.number], " (continued)"], 50, 50, { size: 8.5, grey: 0.35 })
      loc.add("vendor_name", m.vendor.name, boxes.vendor)
      loc.add("invoice_number", m.number, boxes.number)
      return 80
    }
    let y = drawTable(pdf, [
      { header: "#", x: 50, align: "left", cell: (_, i) => String(i + 1) },
      { header: "Item", x: 72, align: "left", cell: (l) => l.description },
      { header: "Qty", x: 400, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Unit (USD)", x: 480, align: "right", cell: (l) => grouped(l.unit_price) },
      { header: "Amount (USD)", x: 562, align: "right", cell: (l) => grouped(l.amount) }
    ], m.lines, 215, { size: 8.5, row: 17, bottom: 740, left: 48, right: 564, continueAt: running })
    if (y > 700) {
      pdf.newPage()
      y = running() + 10
    }
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "code"), false], [`Sales tax ${pct(m.taxRate)}`, m$(m, m.tax, "code"), false], ["Grand Total", m$(m, m.total, "code"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 390, y, { size: 9.5, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 562, y, { size: 9.5, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 16
    }
    pageNumbers(pdf, 562, (i, n) => `Page ${i} of ${n}`)
  }
}

// ---------------------------------------------------------------- E: minimalist, labels left of values

const layoutE: PdfLayout = {
  id: "inv-05", vendor: 0, currency: "GBP", lines: 2, size: A4,
  number: (rng) => `UK-INV-${String(rng.int(1000, 9999)).padStart(6, "0")}`,
  notes: "minimal: vendor name top-RIGHT, labels in a left column with values next to them ('Invoice Number', 'Customer' as a label-value pair), columns Item/Quantity/Rate/Amount, 'VAT @ 20%', 'Balance Due'; GBP as code 'GBP 1,234.56', dates 14/03/2026",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "dmy_slash"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 545, 60, { size: 13, font: "sansBold", align: "right" }))
    m.vendor.address.forEach((l, i) => pdf.text(l, 545, 74 + i * 11, { size: 8.5, align: "right" }))
    pdf.text("INVOICE", 50, 62, { size: 16, font: "sansBold" })
    const pairs: Array<[string, string, Located]> = [
      ["Invoice Number", m.number, "invoice_number"], ["Invoice Date", date(m.issued, ds), "invoice_date"],
      ["Due Date", date(m.due, ds), "due_date"], ["Customer", m.customer.name, "customer_name"]
    ]
    pairs.forEach(([label, value, field], i) => {
      pdf.text(label, 50, 140 + i * 16, { size: 9.5, font: "sansBold" })
      loc.add(field, value, pdf.text(value, 150, 140 + i * 16, { size: 9.5 }))
    })
    m.customer.address.forEach((l, i) => pdf.text(l, 150, 204 + i * 12, { size: 9 }))
    let y = drawTable(pdf, [
      { header: "Item", x: 50, align: "left", cell: (l) => l.description },
      { header: "Quantity", x: 330, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Rate", x: 430, align: "right", cell: (l) => grouped(l.unit_price) },
      { header: "Amount", x: 545, align: "right", cell: (l) => grouped(l.amount) }
    ], m.lines, 280, { size: 9.5, row: 20, bottom: 760, left: 50, right: 545, continueAt: () => 60, headerFill: false })
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "code"), false], [`VAT @ ${pct(m.taxRate)}`, m$(m, m.tax, "code"), false], ["Balance Due", m$(m, m.total, "code"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 350, y, { size: 10, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 545, y, { size: 10, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 17
    }
    pdf.text(m.vendor.taxId ?? "", 50, 800, { size: 8, grey: 0.4 })
  }
}

// ---------------------------------------------------------------- F: stacked meta in a shaded box, qty first

const layoutF: PdfLayout = {
  id: "inv-06", vendor: 2, currency: "USD", lines: 6, size: LETTER,
  number: (rng) => String(rng.int(3000, 3999)),
  notes: "'Invoice #' label above a bare number, meta stacked (label above value) in a shaded box on the right, column order Qty/Description/Unit Price/Line Total, 'Amount Due'; USD with $, dates 'Mar 14, 2026'",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "short_us"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 70, { size: 18, font: "serifBold" }))
    pdf.text(`${m.vendor.address.join(" · ")}`, 50, 86, { size: 8.5, grey: 0.35 })
    pdf.fill(390, 110, 172, 122, 0.93)
    const stack: Array<[string, string, Located]> = [
      ["Invoice #", m.number, "invoice_number"], ["Issued", date(m.issued, ds), "invoice_date"], ["Payment due", date(m.due, ds), "due_date"]
    ]
    stack.forEach(([label, value, field], i) => {
      pdf.text(label, 402, 128 + i * 36, { size: 8, grey: 0.4 })
      loc.add(field, value, pdf.text(value, 402, 142 + i * 36, { size: 11, font: "sansBold" }))
    })
    pdf.text("Invoice for", 50, 128, { size: 8, grey: 0.4 })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 50, 142, { size: 11, font: "sansBold" }))
    m.customer.address.forEach((l, i) => pdf.text(l, 50, 156 + i * 12, { size: 9 }))
    let y = drawTable(pdf, [
      { header: "Qty", x: 50, align: "left", cell: (l) => qty(l.quantity) },
      { header: "Description", x: 90, align: "left", cell: (l) => l.description },
      { header: "Unit Price", x: 460, align: "right", cell: (l) => m$(m, l.unit_price, "symbol") },
      { header: "Line Total", x: 560, align: "right", cell: (l) => m$(m, l.amount, "symbol") }
    ], m.lines, 270, { size: 9.5, row: 19, bottom: 700, left: 48, right: 562, continueAt: () => 60 })
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "symbol"), false], [`Tax (${pct(m.taxRate)})`, m$(m, m.tax, "symbol"), false], ["Amount Due", m$(m, m.total, "symbol"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 400, y, { size: isTotal ? 12 : 9.5, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 560, y, { size: isTotal ? 12 : 9.5, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 18
    }
  }
}

// ---------------------------------------------------------------- G: hours, code suffix

const layoutG: PdfLayout = {
  id: "inv-07", vendor: 1, currency: "EUR", lines: 3, size: A4,
  number: (rng) => `LD-${rng.int(2026100, 2026999)}`,
  notes: "services billed in hours (fractional quantities like 7.5), serif font, 'Invoice Number' and 'Invoice Date' labels above values in two columns, 'Hours'/'Rate'/'Fee' columns, amounts '1,234.56 EUR', dates '14-Mar-2026', 'Grand Total'",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "dmy_mon"
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 72, { size: 17, font: "serifBold" }))
    pdf.text([...m.vendor.address, m.vendor.email].join("  |  "), 50, 88, { size: 8.5, font: "serif", grey: 0.35 })
    pdf.line(50, 98, 545, 98, 1, 0.2)
    const cols: Array<[string, string, Located]> = [
      ["Invoice Number", m.number, "invoice_number"], ["Invoice Date", date(m.issued, ds), "invoice_date"], ["Payment Due", date(m.due, ds), "due_date"]
    ]
    cols.forEach(([label, value, field], i) => {
      pdf.text(label, 50 + i * 165, 126, { size: 8.5, font: "serif", grey: 0.4 })
      loc.add(field, value, pdf.text(value, 50 + i * 165, 142, { size: 11, font: "serif" }))
    })
    pdf.text("Client", 50, 176, { size: 8.5, font: "serif", grey: 0.4 })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 50, 192, { size: 11, font: "serifBold" }))
    m.customer.address.forEach((l, i) => pdf.text(l, 50, 205 + i * 12, { size: 9, font: "serif" }))
    let y = drawTable(pdf, [
      { header: "Service", x: 50, align: "left", cell: (l) => l.description },
      { header: "Hours", x: 340, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Rate", x: 440, align: "right", cell: (l) => m$(m, l.unit_price, "code_suffix") },
      { header: "Fee", x: 545, align: "right", cell: (l) => m$(m, l.amount, "code_suffix") }
    ], m.lines, 290, { size: 9.5, row: 20, bottom: 760, left: 48, right: 547, continueAt: () => 60, font: "serif" })
    const totals: Array<[string, string, boolean]> = [
      ["Net fees", m$(m, m.subtotal, "code_suffix"), false], [`VAT ${pct(m.taxRate)}`, m$(m, m.tax, "code_suffix"), false], ["Grand Total", m$(m, m.total, "code_suffix"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 360, y, { size: 10, font: isTotal ? "serifBold" : "serif" })
      const box = pdf.text(value, 545, y, { size: 10, font: isTotal ? "serifBold" : "serif", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 17
    }
  }
}

// ---------------------------------------------------------------- H: invoice plus a terms page

const TERMS = [
  "1. Payment. Invoices are payable in full by the due date shown on the invoice. Late payments accrue interest at 1.5% per month or the maximum rate permitted by law, whichever is lower.",
  "2. Disputes. Any dispute regarding an invoice must be raised in writing within fourteen days of the invoice date, stating the grounds in reasonable detail. Undisputed portions remain payable.",
  "3. Title and risk. Title to goods passes on full payment. Risk passes on delivery to the address stated on the order.",
  "4. Returns. Goods may be returned within thirty days in their original packaging. Custom orders and software licenses cannot be returned.",
  "5. Limitation of liability. Our aggregate liability under any order is limited to the amount paid for the goods or services giving rise to the claim."
]

const layoutH: PdfLayout = {
  id: "inv-08", vendor: 4, currency: "USD", lines: 5, size: LETTER,
  number: (rng) => `${rng.int(5, 9)}${rng.int(100000, 999999)}`,
  notes: "meta in a bordered two-column grid ('Invoice Number' | value), amounts '1,234.56 USD', ISO-like dates '2026-03-14', 'Total Due'; page 2 is standard terms and conditions (the document is still one invoice)",
  draw: (pdf, m, loc) => {
    const ds: DateStyle = "iso"
    pdf.text("INVOICE", 50, 62, { size: 20, font: "sansBold", grey: 0.25 })
    loc.add("vendor_name", m.vendor.name, pdf.text(m.vendor.name, 50, 90, { size: 11, font: "sansBold" }))
    m.vendor.address.forEach((l, i) => pdf.text(l, 50, 103 + i * 11, { size: 8.5 }))
    const grid: Array<[string, string, Located | null]> = [
      ["Invoice Number", m.number, "invoice_number"], ["Invoice Date", date(m.issued, ds), "invoice_date"],
      ["Terms", "Net 30", null], ["Due Date", date(m.due, ds), "due_date"]
    ]
    grid.forEach(([label, value, field], i) => {
      const top = 60 + i * 20
      pdf.line(340, top - 13, 562, top - 13, 0.5, 0.5)
      pdf.text(label, 346, top, { size: 9, font: "sansBold" })
      const box = pdf.text(value, 556, top, { size: 9, align: "right" })
      if (field !== null) loc.add(field, value, box)
    })
    pdf.line(340, 127, 562, 127, 0.5, 0.5)
    pdf.line(340, 47, 340, 127, 0.5, 0.5)
    pdf.line(450, 47, 450, 127, 0.5, 0.5)
    pdf.line(562, 47, 562, 127, 0.5, 0.5)
    pdf.text("Sold To:", 50, 165, { size: 9, font: "sansBold" })
    loc.add("customer_name", m.customer.name, pdf.text(m.customer.name, 100, 165, { size: 9.5 }))
    m.customer.address.forEach((l, i) => pdf.text(l, 100, 177 + i * 11, { size: 8.5 }))
    let y = drawTable(pdf, [
      { header: "Description", x: 56, align: "left", cell: (l) => l.description },
      { header: "Quantity", x: 350, align: "right", cell: (l) => qty(l.quantity) },
      { header: "Price", x: 455, align: "right", cell: (l) => m$(m, l.unit_price, "code_suffix") },
      { header: "Extended", x: 556, align: "right", cell: (l) => m$(m, l.amount, "code_suffix") }
    ], m.lines, 240, { size: 9, row: 18, bottom: 700, left: 50, right: 562, continueAt: () => 60 })
    const totals: Array<[string, string, boolean]> = [
      ["Subtotal", m$(m, m.subtotal, "code_suffix"), false], [`Tax ${pct(m.taxRate)}`, m$(m, m.tax, "code_suffix"), false], ["Total Due", m$(m, m.total, "code_suffix"), true]
    ]
    for (const [label, value, isTotal] of totals) {
      pdf.text(label, 380, y, { size: 10, font: isTotal ? "sansBold" : "sans" })
      const box = pdf.text(value, 556, y, { size: 10, font: isTotal ? "sansBold" : "sans", align: "right" })
      if (isTotal) loc.add("total", value, box)
      y += 17
    }
    pdf.text("See reverse for terms and conditions.", 50, 740, { size: 8, grey: 0.4 })
    pdf.newPage()
    pdf.text("Terms and Conditions of Sale", 50, 70, { size: 13, font: "sansBold" })
    let top = 100
    for (const clause of TERMS) {
      top = pdf.paragraph(clause, 50, top, { maxWidth: 512, size: 9.5, font: "sans", marginTop: 60, marginBottom: 60 }).next + 8
    }
  }
}

const PDF_LAYOUTS: ReadonlyArray<PdfLayout> = [layoutA, layoutB, layoutC, layoutD, layoutE, layoutF, layoutG, layoutH]

const pdfInvoice = async (rng: Prng, layout: PdfLayout): Promise<Generated> => {
  const m = makeInvoice(rng, { currency: layout.currency, lines: layout.lines, number: layout.number(rng), skus: layout.skus ?? false, vendor: VENDORS[layout.currency][layout.vendor] })
  const pdf = await PdfWriter.create({ size: layout.size, title: `Invoice ${m.number}`, author: m.vendor.name })
  const loc = new PdfLocator()
  layout.draw(pdf, m, loc)
  const slug = m.vendor.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "").split("-").slice(0, 2).join("-")
  return {
    id: layout.id,
    file: `${layout.id}-${slug}.pdf`,
    format: "pdf",
    type: "invoice",
    notes: layout.notes,
    pages: pdf.pageNumber,
    category: "invoice",
    sheets: null,
    schema_name: "invoice",
    schema: INVOICE_SCHEMA,
    fields: invoiceFields(m),
    locations: loc.locations.list(),
    bytes: await pdf.save()
  }
}

// ---------------------------------------------------------------- DOCX, HTML, TXT

const docxInvoice = (rng: Prng): Generated => {
  const m = makeInvoice(rng, { currency: "EUR", lines: 4, number: `RE-${rng.int(26000, 26999)}`, vendor: VENDORS.EUR[0] })
  const ds: DateStyle = "long_uk"
  const eu = (v: number) => money(v, "EUR", "symbol")
  const body = [
    docxParagraph([{ text: m.vendor.name, bold: true }]),
    docxParagraph(m.vendor.address.join(", ")),
    docxParagraph(m.vendor.taxId ?? ""),
    docxParagraph("Invoice", { style: "Title" }),
    docxTable([
      ["Invoice No.", m.number],
      ["Invoice date", date(m.issued, ds)],
      ["Due date", date(m.due, ds)],
      ["Your order", m.po]
    ]),
    docxParagraph(""),
    docxParagraph([{ text: "Customer: ", bold: true }, { text: m.customer.name }]),
    docxParagraph(m.customer.address.join(", ")),
    docxParagraph(""),
    docxTable([
      ["Description", "Quantity", "Unit price", "Amount"],
      ...m.lines.map((l) => [l.description, qty(l.quantity), eu(l.unit_price), eu(l.amount)]),
      ["", "", "Subtotal", eu(m.subtotal)],
      ["", "", `VAT ${pct(m.taxRate)}`, eu(m.tax)],
      ["", "", "Invoice total", eu(m.total)]
    ], { headerBold: true }),
    docxParagraph(""),
    docxParagraph(`Please transfer the invoice total to our account by ${date(m.due, ds)}, quoting invoice number ${m.number}.`)
  ].join("")
  return {
    id: "inv-09", file: "inv-09-invoice.docx", format: "docx", type: "invoice",
    notes: "Word document: meta in a two-column table ('Invoice No.'), customer as 'Customer: name' paragraph, items table with totals rows inside it ('Invoice total'); EUR with € prefix, dates '14 March 2026'",
    pages: null, category: "invoice", sheets: null, schema_name: "invoice", schema: INVOICE_SCHEMA,
    fields: invoiceFields(m), locations: [], bytes: docx(body, { title: `Invoice ${m.number}`, author: m.vendor.name })
  }
}

const htmlInvoice = (rng: Prng): Generated => {
  const m = makeInvoice(rng, { currency: "USD", lines: 5, number: `CC-${rng.int(100000, 999999)}`, vendor: VENDORS.USD[3] })
  const ds: DateStyle = "long_us"
  const usd = (v: number) => money(v, "USD", "symbol")
  const e = escapeHtml
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Invoice ${e(m.number)} from ${e(m.vendor.name)}</title>
<style>
body { font-family: Arial, sans-serif; color: #222; margin: 40px; }
.header { display: flex; justify-content: space-between; }
table.items { width: 100%; border-collapse: collapse; margin-top: 24px; }
table.items th, table.items td { border-bottom: 1px solid #ddd; padding: 6px; }
td.num, th.num { text-align: right; }
.totals td { padding: 4px 6px; }
</style>
</head>
<body>
<div class="header">
  <div class="vendor">
    <h2>${e(m.vendor.name)}</h2>
    <p>${m.vendor.address.map(e).join("<br>")}<br>${e(m.vendor.email)}</p>
  </div>
  <div class="meta">
    <h1>Invoice</h1>
    <dl>
      <dt>Invoice Number</dt><dd>${e(m.number)}</dd>
      <dt>Billing Date</dt><dd>${e(date(m.issued, ds))}</dd>
      <dt>Due By</dt><dd>${e(date(m.due, ds))}</dd>
    </dl>
  </div>
</div>
<section class="customer">
  <h3>Billed To</h3>
  <p><strong>${e(m.customer.name)}</strong><br>${m.customer.address.map(e).join("<br>")}</p>
</section>
<table class="items">
  <thead><tr><th>Service</th><th class="num">Qty</th><th class="num">Unit Price</th><th class="num">Amount</th></tr></thead>
  <tbody>
${m.lines.map((l) => `    <tr><td>${e(l.description)}</td><td class="num">${qty(l.quantity)}</td><td class="num">${usd(l.unit_price)}</td><td class="num">${usd(l.amount)}</td></tr>`).join("\n")}
  </tbody>
</table>
<table class="totals">
  <tr><td>Subtotal</td><td class="num">${usd(m.subtotal)}</td></tr>
  <tr><td>Sales tax (${pct(m.taxRate)})</td><td class="num">${usd(m.tax)}</td></tr>
  <tr><td><strong>Total due</strong></td><td class="num"><strong>${usd(m.total)}</strong></td></tr>
</table>
<p>All amounts in US dollars. Questions? Contact ${e(m.vendor.email)}.</p>
</body>
</html>
`
  return {
    id: "inv-10", file: "inv-10-cascade-cloud.html", format: "html", type: "invoice",
    notes: "HTML e-invoice: meta in a definition list ('Billing Date', 'Due By'), items and totals in tables, 'Total due'; USD with $, dates 'March 14, 2026'",
    pages: null, category: "invoice", sheets: null, schema_name: "invoice", schema: INVOICE_SCHEMA,
    fields: invoiceFields(m), locations: [], bytes: utf8(html)
  }
}

const txtInvoice = (rng: Prng): Generated => {
  const m = makeInvoice(rng, { currency: "GBP", lines: 3, number: `KD${rng.int(1000, 9999)}`, vendor: VENDORS.GBP[2] })
  const ds: DateStyle = "dmy_slash"
  const gbp = (v: number) => money(v, "GBP", "symbol")
  const t = new TextBuilder()
  const s = SEMANTIC
  t.line(`[[vendor_name|${m.vendor.name}]]`, s)
  t.line(m.vendor.address.join(", "))
  t.line(m.vendor.taxId ?? "")
  t.line()
  t.line("INVOICE")
  t.line(`Invoice #: [[invoice_number|${m.number}]]`, s)
  t.line(`Date: [[invoice_date|${date(m.issued, ds)}]]`, s)
  t.line(`Payment due: [[due_date|${date(m.due, ds)}]]`, s)
  t.line()
  t.line(`Bill to: [[customer_name|${m.customer.name}]]`, s)
  t.line(m.customer.address.join(", "))
  t.line()
  t.line("Items:")
  for (const l of m.lines) t.line(`- ${l.description}: ${qty(l.quantity)} x ${gbp(l.unit_price)} = ${gbp(l.amount)}`)
  t.line()
  t.line(`Subtotal: ${gbp(m.subtotal)}`)
  t.line(`VAT (${pct(m.taxRate)}): ${gbp(m.tax)}`)
  t.line(`TOTAL: [[total|${gbp(m.total)}]]`, s)
  t.line()
  t.line(`Thank you. Please pay by bank transfer to [[vendor_name|${m.vendor.name}]], quoting the invoice number.`, s)
  return {
    id: "inv-11", file: "inv-11-kestrel-digital.txt", format: "txt", type: "invoice",
    notes: "plain-text invoice: 'Invoice #:', 'Payment due:', items as '- desc: qty x price = amount' lines, 'TOTAL:'; GBP with £, dates 14/03/2026; character ranges recorded against the exact text",
    pages: null, category: "invoice", sheets: null, schema_name: "invoice", schema: INVOICE_SCHEMA,
    fields: invoiceFields(m), locations: t.locations.list(), bytes: utf8(t.toString())
  }
}

export const generateInvoices = async (rng: Prng): Promise<Array<Generated>> => {
  const out: Array<Generated> = []
  for (const layout of PDF_LAYOUTS) out.push(await pdfInvoice(rng.fork(layout.id), layout))
  out.push(docxInvoice(rng.fork("inv-09")), htmlInvoice(rng.fork("inv-10")), txtInvoice(rng.fork("inv-11")))
  return out
}
