/**
 * Receipts: five narrow till-roll PDFs (monospaced and proportional fonts, taxes added or
 * included, cash with change, cards, mobile payments), one PNG image rendered from such a PDF
 * (read by OCR), one plain-text and one HTML e-mail receipt.
 */
import { MERCHANTS, type Merchant } from "../lib/data.js"
import { escapeHtml, type Generated, Locations, TextBuilder, utf8 } from "../lib/doc.js"
import { date, type DateStyle, isoOf, money, type MoneyStyle, mul2, round2, sum2 } from "../lib/format.js"
import { type Box, type FontName, PdfWriter, renderPng } from "../lib/pdf.js"
import type { Prng } from "../lib/prng.js"
import { RECEIPT_SCHEMA } from "../lib/truth.js"

type PaymentMethod = "cash" | "credit_card" | "debit_card" | "mobile_payment" | "other"

interface ReceiptModel {
  readonly merchant: Merchant
  readonly date: string
  readonly time: string
  readonly lines: ReadonlyArray<{ description: string; quantity: number; unit: number; amount: number }>
  readonly subtotal: number
  /** added on top (US sales tax) or included (VAT) */
  readonly tax: number
  readonly taxIncluded: boolean
  readonly taxRate: number
  readonly total: number
  readonly payment: PaymentMethod
  readonly tendered: number | null
}

const SEMANTIC = {
  merchant_name: "the name of the shop or business",
  date: "the date of the purchase",
  total: "the total amount paid"
} as const
type Located = keyof typeof SEMANTIC

const makeReceipt = (rng: Prng, merchant: Merchant, payment: PaymentMethod, itemCount: number): ReceiptModel => {
  const chosen = rng.sample(merchant.items, itemCount)
  const lines = chosen.map(([description, min, max]) => {
    const quantity = rng.chance(0.35) ? rng.int(2, 4) : 1
    const unit = rng.money(min, max)
    return { description, quantity, unit, amount: mul2(quantity, unit) }
  })
  const subtotal = sum2(lines.map((l) => l.amount))
  const taxIncluded = merchant.currency !== "USD"
  const taxRate = merchant.currency === "USD" ? rng.pick([0.04, 0.06, 0.08]) : merchant.currency === "GBP" ? 0.2 : rng.pick([0.07, 0.1])
  const tax = taxIncluded ? round2(subtotal - subtotal / (1 + taxRate)) : round2(subtotal * taxRate)
  const total = taxIncluded ? subtotal : sum2([subtotal, tax])
  const tendered = payment === "cash" ? Math.ceil(total / 10) * 10 + (rng.chance(0.5) ? 10 : 0) : null
  return {
    merchant,
    date: isoOf(2026, rng.int(1, 11), rng.int(13, 28)),
    time: `${String(rng.int(7, 21)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}`,
    lines, subtotal, tax, taxIncluded, taxRate, total, payment, tendered
  }
}

const fields = (m: ReceiptModel) => ({
  merchant_name: m.merchant.name,
  date: m.date,
  total: m.total,
  currency: m.merchant.currency,
  payment_method: m.payment
})

// ---------------------------------------------------------------- till-roll PDFs

type Row =
  | { readonly kind: "center"; readonly text: string; readonly size?: number; readonly bold?: boolean; readonly field?: Located }
  | { readonly kind: "pair"; readonly left: string; readonly right: string; readonly bold?: boolean; readonly field?: Located }
  | { readonly kind: "parts"; readonly parts: ReadonlyArray<string | readonly [Located, string]>; readonly center?: boolean }
  | { readonly kind: "rule" }
  | { readonly kind: "blank" }

interface TillStyle { readonly regular: FontName; readonly bold: FontName; readonly size: number }

const WIDTH = 226

/** Lays the rows out on a page exactly as tall as they need; returns the PDF and the located boxes. */
const drawTill = async (rows: ReadonlyArray<Row>, style: TillStyle, title: string, author: string) => {
  const lead = style.size * 1.55
  const height = Math.ceil(40 + rows.reduce((h, r) => h + (r.kind === "center" && r.size !== undefined ? r.size * 1.6 : lead), 0) + 30)
  const pdf = await PdfWriter.create({ size: [WIDTH, height], title, author })
  const loc = new Locations()
  const add = (field: Located, text: string, box: Box) => loc.add(field, text, SEMANTIC[field], box)
  let top = 40
  for (const row of rows) {
    switch (row.kind) {
      case "center": {
        const size = row.size ?? style.size
        const box = pdf.text(row.text, WIDTH / 2, top, { size, font: row.bold === true ? style.bold : style.regular, align: "center" })
        if (row.field !== undefined) add(row.field, row.text, box)
        top += row.size !== undefined ? size * 1.6 : lead
        break
      }
      case "pair": {
        const font = row.bold === true ? style.bold : style.regular
        pdf.text(row.left, 14, top, { size: style.size, font })
        const box = pdf.text(row.right, WIDTH - 14, top, { size: style.size, font, align: "right" })
        if (row.field !== undefined) add(row.field, row.right, box)
        top += lead
        break
      }
      case "parts": {
        const whole = row.parts.map((p) => (typeof p === "string" ? p : p[1])).join("")
        const x = row.center === true ? (WIDTH - pdf.widthOf(whole, style.size, style.regular)) / 2 : 14
        const boxes = pdf.textParts(row.parts.map((p) => (typeof p === "string" ? p : [p[0], p[1]] as const)), x, top, { size: style.size, font: style.regular })
        for (const p of row.parts) if (typeof p !== "string") add(p[0], p[1], boxes[p[0]])
        top += lead
        break
      }
      case "rule":
        pdf.line(14, top - style.size * 0.35, WIDTH - 14, top - style.size * 0.35, 0.5, 0.3)
        top += lead * 0.6
        break
      case "blank":
        top += lead * 0.6
        break
    }
  }
  return { pdf, loc, pages: pdf.pageNumber }
}

const itemRows = (m: ReceiptModel, price: (v: number) => string, qtyFirst: boolean): Array<Row> =>
  m.lines.flatMap((l): Array<Row> =>
    l.quantity === 1
      ? [{ kind: "pair", left: l.description, right: price(l.amount) }]
      : qtyFirst
      ? [{ kind: "pair", left: `${l.quantity} x ${l.description}`, right: price(l.amount) }]
      : [{ kind: "pair", left: l.description, right: "" }, { kind: "pair", left: `  ${l.quantity} @ ${price(l.unit)}`, right: price(l.amount) }]
  )

interface TillSpec {
  readonly id: string
  readonly merchant: number
  readonly payment: PaymentMethod
  readonly items: number
  readonly style: TillStyle
  readonly notes: string
  readonly rows: (m: ReceiptModel, rng: Prng) => Array<Row>
}

const cur = (m: ReceiptModel, v: number, style: MoneyStyle) => money(v, m.merchant.currency, style)

const TILLS: ReadonlyArray<TillSpec> = [
  {
    id: "rcp-01", merchant: 0, payment: "credit_card", items: 5, style: { regular: "mono", bold: "monoBold", size: 8 },
    notes: "grocery till roll in Courier, sales tax added, 'TOTAL', paid by VISA credit card, date and time in one run '03/14/2026 10:42' (US month/day)",
    rows: (m, rng) => {
      const ds: DateStyle = "mdy_slash"
      const p = (v: number) => cur(m, v, "plain")
      return [
        { kind: "center", text: m.merchant.name.toUpperCase(), size: 11, bold: true, field: "merchant_name" },
        ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
        { kind: "center", text: "Tel (212) 555-0148" },
        { kind: "blank" },
        { kind: "parts", parts: [["date", date(m.date, ds)], `  ${m.time}   REG 03  TRN ${rng.int(1000, 9999)}`] },
        { kind: "rule" },
        ...itemRows(m, p, false),
        { kind: "rule" },
        { kind: "pair", left: "SUBTOTAL", right: p(m.subtotal) },
        { kind: "pair", left: `SALES TAX ${round2(m.taxRate * 100)}%`, right: p(m.tax) },
        { kind: "pair", left: "TOTAL", right: cur(m, m.total, "symbol"), bold: true, field: "total" },
        { kind: "blank" },
        { kind: "pair", left: "VISA CREDIT ****4821", right: cur(m, m.total, "symbol"), field: "total" },
        { kind: "pair", left: "AUTH CODE", right: String(rng.int(100000, 999999)) },
        { kind: "blank" },
        { kind: "center", text: `ITEMS SOLD ${m.lines.reduce((a, l) => a + l.quantity, 0)}` },
        { kind: "center", text: "THANK YOU FOR SHOPPING AT" },
        { kind: "center", text: m.merchant.name.toUpperCase(), field: "merchant_name" }
      ]
    }
  },
  {
    id: "rcp-02", merchant: 1, payment: "mobile_payment", items: 3, style: { regular: "sans", bold: "sansBold", size: 8.5 },
    notes: "café receipt in Helvetica, merchant name in mixed case, tax added, 'Total Due', paid with Apple Pay, date 'Mar 14, 2026'",
    rows: (m, rng) => {
      const ds: DateStyle = "short_us"
      const p = (v: number) => cur(m, v, "symbol")
      return [
        { kind: "center", text: m.merchant.name, size: 13, bold: true, field: "merchant_name" },
        ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
        { kind: "blank" },
        { kind: "pair", left: "Order", right: `#${rng.int(100, 999)}` },
        { kind: "pair", left: "Date", right: date(m.date, ds), field: "date" },
        { kind: "pair", left: "Time", right: m.time },
        { kind: "pair", left: "Server", right: "Jess" },
        { kind: "rule" },
        ...itemRows(m, p, true),
        { kind: "rule" },
        { kind: "pair", left: "Subtotal", right: p(m.subtotal) },
        { kind: "pair", left: `Tax (${round2(m.taxRate * 100)}%)`, right: p(m.tax) },
        { kind: "pair", left: "Total Due", right: p(m.total), bold: true, field: "total" },
        { kind: "blank" },
        { kind: "pair", left: "Paid with", right: "Apple Pay" },
        { kind: "blank" },
        { kind: "center", text: "Thanks for stopping by!" }
      ]
    }
  },
  {
    id: "rcp-03", merchant: 2, payment: "debit_card", items: 4, style: { regular: "mono", bold: "monoBold", size: 8 },
    notes: "UK hardware shop in Courier, VAT INCLUDED in prices (VAT shown as a breakdown), 'TOTAL TO PAY', debit card, date 14/03/2026",
    rows: (m, rng) => {
      const ds: DateStyle = "dmy_slash"
      const p = (v: number) => cur(m, v, "symbol")
      return [
        { kind: "center", text: m.merchant.name, size: 10, bold: true, field: "merchant_name" },
        ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
        { kind: "center", text: "VAT No. GB 339 2291 04" },
        { kind: "blank" },
        ...itemRows(m, p, false),
        { kind: "rule" },
        { kind: "pair", left: "TOTAL TO PAY", right: p(m.total), bold: true, field: "total" },
        { kind: "pair", left: "DEBIT CARD", right: p(m.total), field: "total" },
        { kind: "pair", left: "Card", right: "************7730" },
        { kind: "blank" },
        { kind: "pair", left: `VAT ${round2(m.taxRate * 100)}% incl.`, right: p(m.tax) },
        { kind: "blank" },
        { kind: "parts", parts: [["date", date(m.date, ds)], ` ${m.time}  Till 2  Op ${rng.int(10, 99)}`] },
        { kind: "center", text: "Returns accepted within 28 days" }
      ]
    }
  },
  {
    id: "rcp-04", merchant: 4, payment: "cash", items: 4, style: { regular: "sans", bold: "sansBold", size: 8.5 },
    notes: "Italian restaurant bill with bilingual labels ('Totale / Total', 'Contanti / Cash', 'Resto / Change'), IVA included, European amounts '34,50 €', date 14/03/2026",
    rows: (m, rng) => {
      const ds: DateStyle = "dmy_slash"
      const p = (v: number) => cur(m, v, "european")
      return [
        { kind: "center", text: m.merchant.name, size: 12, bold: true, field: "merchant_name" },
        ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
        { kind: "center", text: "P.IVA 04817231005" },
        { kind: "blank" },
        { kind: "pair", left: "Tavolo / Table 7", right: `Coperti 2` },
        { kind: "rule" },
        ...itemRows(m, p, true),
        { kind: "rule" },
        { kind: "pair", left: "Totale / Total", right: p(m.total), bold: true, field: "total" },
        { kind: "pair", left: `di cui IVA ${round2(m.taxRate * 100)}%`, right: p(m.tax) },
        { kind: "pair", left: "Contanti / Cash", right: p(m.tendered ?? 0) },
        { kind: "pair", left: "Resto / Change", right: p(round2((m.tendered ?? 0) - m.total)) },
        { kind: "blank" },
        { kind: "pair", left: "Data / Date", right: date(m.date, ds), field: "date" },
        { kind: "pair", left: "Ora / Time", right: m.time },
        { kind: "center", text: `Documento commerciale n. ${rng.int(1000, 9999)}` },
        { kind: "center", text: "Grazie e arrivederci!" }
      ]
    }
  },
  {
    id: "rcp-05", merchant: 6, payment: "cash", items: 2, style: { regular: "mono", bold: "monoBold", size: 8 },
    notes: "fuel station in Courier, fuel sold by the gallon (fractional quantity), 'AMOUNT PAID', cash with change, ISO date and time '2026-03-14 07:12'",
    rows: (m, rng) => {
      const ds: DateStyle = "iso"
      const p = (v: number) => cur(m, v, "symbol")
      return [
        { kind: "center", text: m.merchant.name.toUpperCase(), size: 10, bold: true, field: "merchant_name" },
        ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
        { kind: "blank" },
        { kind: "parts", parts: [["date", date(m.date, ds)], ` ${m.time}`], center: true },
        { kind: "center", text: `PUMP ${rng.int(1, 12)}   INVOICE ${rng.int(100000, 999999)}` },
        { kind: "rule" },
        ...itemRows(m, p, false),
        { kind: "rule" },
        { kind: "pair", left: "SUBTOTAL", right: p(m.subtotal) },
        { kind: "pair", left: "TAX", right: p(m.tax) },
        { kind: "pair", left: "AMOUNT PAID", right: p(m.total), bold: true, field: "total" },
        { kind: "pair", left: "CASH TENDERED", right: p(m.tendered ?? 0) },
        { kind: "pair", left: "CHANGE", right: p(round2((m.tendered ?? 0) - m.total)) },
        { kind: "blank" },
        { kind: "center", text: "DRIVE SAFELY" }
      ]
    }
  }
]

/** The fuel receipt sells fuel by the gallon: a fractional quantity. */
const fuelLines = (rng: Prng, m: ReceiptModel): ReceiptModel => {
  const gallons = rng.int(800, 1600) / 100
  const price = rng.int(305, 389) / 100
  const fuel = { description: "Unleaded 87", quantity: gallons, unit: price, amount: mul2(gallons, price) }
  const lines = [fuel, ...m.lines.filter((l) => !l.description.startsWith("Unleaded")).slice(0, 1)]
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * m.taxRate)
  const total = sum2([subtotal, tax])
  return { ...m, lines, subtotal, tax, total, tendered: Math.ceil(total / 10) * 10 }
}

const tillReceipt = async (rng: Prng, spec: TillSpec): Promise<{ generated: Generated; pdf: Uint8Array }> => {
  let m = makeReceipt(rng, MERCHANTS[spec.merchant], spec.payment, spec.items)
  if (spec.id === "rcp-05") m = fuelLines(rng, m)
  const { pdf, loc } = await drawTill(spec.rows(m, rng), spec.style, `Receipt ${m.merchant.name}`, m.merchant.name)
  const bytes = await pdf.save()
  return {
    pdf: bytes,
    generated: {
      id: spec.id, file: `${spec.id}-receipt.pdf`, format: "pdf", type: "receipt", notes: spec.notes, pages: 1,
      category: "receipt", sheets: null, schema_name: "receipt", schema: RECEIPT_SCHEMA, fields: fields(m),
      locations: loc.list(), bytes
    }
  }
}

/** A bakery receipt drawn as a PDF and rendered to a PNG at 3× (216 dpi): an image for OCR. */
const imageReceipt = async (rng: Prng): Promise<Generated> => {
  const m = makeReceipt(rng, MERCHANTS[5], "debit_card", 4)
  const ds: DateStyle = "dmy_dot"
  const p = (v: number) => money(v, "EUR", "european")
  const rows: Array<Row> = [
    { kind: "center", text: m.merchant.name, size: 12, bold: true, field: "merchant_name" },
    ...m.merchant.address.map((a): Row => ({ kind: "center", text: a })),
    { kind: "blank" },
    { kind: "pair", left: "Date", right: date(m.date, ds), field: "date" },
    { kind: "pair", left: "Time", right: m.time },
    { kind: "rule" },
    ...itemRows(m, p, true),
    { kind: "rule" },
    { kind: "pair", left: "TOTAL EUR", right: p(m.total), bold: true, field: "total" },
    { kind: "pair", left: "Paid: Debit card", right: p(m.total), field: "total" },
    { kind: "pair", left: `incl. VAT ${round2(m.taxRate * 100)}%`, right: p(m.tax) },
    { kind: "blank" },
    { kind: "center", text: "Thank you for your visit" }
  ]
  const { pdf, loc } = await drawTill(rows, { regular: "sans", bold: "sansBold", size: 9 }, `Receipt ${m.merchant.name}`, m.merchant.name)
  const png = await renderPng(await pdf.save(), 3)
  return {
    id: "rcp-06", file: "rcp-06-bakery-receipt.png", format: "png", type: "receipt",
    notes: "PNG image (no text layer; needs OCR) of a bakery receipt rendered at 216 dpi: 'TOTAL EUR', European amounts '12,40 €', debit card, date 14.03.2026; boxes are the drawn text's boxes",
    pages: 1, category: "receipt", sheets: null, schema_name: "receipt", schema: RECEIPT_SCHEMA, fields: fields(m),
    locations: loc.list(), bytes: png
  }
}

const txtReceipt = (rng: Prng): Generated => {
  const m = makeReceipt(rng, MERCHANTS[3], "credit_card", 3)
  const ds: DateStyle = "long_uk"
  const p = (v: number) => money(v, "GBP", "symbol")
  const t = new TextBuilder()
  t.line(`[[merchant_name|${m.merchant.name}]]`, SEMANTIC)
  t.line(m.merchant.address.join(", "))
  t.line()
  t.line(`Sale receipt, [[date|${date(m.date, ds)}]] at ${m.time}`, SEMANTIC)
  t.line()
  for (const l of m.lines) t.line(`${l.quantity} x ${l.description} ${p(l.amount)}`)
  t.line()
  t.line(`Total: [[total|${p(m.total)}]]`, SEMANTIC)
  t.line(`Includes VAT at ${round2(m.taxRate * 100)}%: ${p(m.tax)}`)
  t.line(`Paid by: Mastercard credit ****${rng.int(1000, 9999)}`)
  t.line()
  t.line("Keep this receipt for returns and exchanges.")
  return {
    id: "rcp-07", file: "rcp-07-bookshop-receipt.txt", format: "txt", type: "receipt",
    notes: "plain-text bookshop receipt: 'Sale receipt, 14 March 2026 at 10:42', 'Total:', VAT included, paid by Mastercard credit card; character ranges against the exact text",
    pages: null, category: "receipt", sheets: null, schema_name: "receipt", schema: RECEIPT_SCHEMA, fields: fields(m),
    locations: t.locations.list(), bytes: utf8(t.toString())
  }
}

const htmlReceipt = (rng: Prng): Generated => {
  const m = makeReceipt(rng, MERCHANTS[7], "mobile_payment", 3)
  const ds: DateStyle = "long_uk"
  const p = (v: number) => money(v, "GBP", "symbol")
  const e = escapeHtml
  const html = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>Your receipt from ${e(m.merchant.name)}</title></head>
<body style="font-family: Helvetica, Arial, sans-serif; max-width: 560px; margin: auto;">
<table width="100%" cellpadding="0" cellspacing="0">
  <tr><td><h1 style="font-size: 20px;">${e(m.merchant.name)}</h1><p>${m.merchant.address.map(e).join(", ")}</p></td></tr>
  <tr><td><p>Hi there, thanks for your order. Here is your receipt.</p></td></tr>
  <tr><td>
    <table width="100%">
      <tr><td>Receipt number</td><td align="right">QP-${rng.int(100000, 999999)}</td></tr>
      <tr><td>Order date</td><td align="right">${e(date(m.date, ds))}</td></tr>
      <tr><td>Payment</td><td align="right">Google Pay</td></tr>
    </table>
  </td></tr>
  <tr><td>
    <table width="100%">
${m.lines.map((l) => `      <tr><td>${e(l.description)} &times; ${l.quantity}</td><td align="right">${p(l.amount)}</td></tr>`).join("\n")}
      <tr><td>VAT (${round2(m.taxRate * 100)}%, included)</td><td align="right">${p(m.tax)}</td></tr>
      <tr><td><b>Amount charged</b></td><td align="right"><b>${p(m.total)}</b></td></tr>
    </table>
  </td></tr>
  <tr><td><p style="color: #777; font-size: 12px;">You received this e-mail because you made a purchase at ${e(m.merchant.name)}.</p></td></tr>
</table>
</body>
</html>
`
  return {
    id: "rcp-08", file: "rcp-08-print-shop-receipt.html", format: "html", type: "receipt",
    notes: "HTML e-mail receipt in nested layout tables: 'Order date', 'Payment: Google Pay', 'Amount charged', VAT included; GBP with £, dates '14 March 2026'",
    pages: null, category: "receipt", sheets: null, schema_name: "receipt", schema: RECEIPT_SCHEMA, fields: fields(m),
    locations: [], bytes: utf8(html)
  }
}

export const generateReceipts = async (rng: Prng): Promise<Array<Generated>> => {
  const out: Array<Generated> = []
  for (const spec of TILLS) out.push((await tillReceipt(rng.fork(spec.id), spec)).generated)
  out.push(await imageReceipt(rng.fork("rcp-06")), txtReceipt(rng.fork("rcp-07")), htmlReceipt(rng.fork("rcp-08")))
  return out
}
