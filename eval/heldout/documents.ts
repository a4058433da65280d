/**
 * The held-out documents: eight categories, four documents each, every one generated from a
 * model whose values are the truth. Written without reading the local engine's extraction rules
 * and without the first set's templates: other label words, layouts the first set does not have
 * (stacked labels in three columns, clause text in two newspaper columns, earnings and deductions
 * side by side, running balances, scans), and new categories with their own schemas.
 */
import { type Currency, type DateStyle, addDays, addMonths, date, isoOf, lastDayOfMonth, money, type MoneyStyle, mul2, round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { BANK_STATEMENT_SCHEMA, type Category, CONTRACT_SCHEMA, type DocType, INVOICE_SCHEMA, type JsonSchema, RECEIPT_SCHEMA } from "../lib/truth.js"
import type { Block, PdfStyle } from "./layout.js"
import { INSURANCE_POLICY_SCHEMA, PAYSLIP_SCHEMA, PURCHASE_ORDER_SCHEMA } from "./schemas.js"

export type Target = "pdf" | "pdf2col" | "png" | "docx" | "html" | "txt" | "xlsx"

export interface Model {
  readonly id: string
  readonly type: DocType
  readonly category: Category
  readonly schema_name: string
  readonly schema: JsonSchema
  readonly title: string
  readonly author: string
  readonly notes: string
  readonly target: Target
  readonly font: PdfStyle["font"]
  readonly blocks: ReadonlyArray<Block>
  readonly fields: Readonly<Record<string, unknown>>
}

// ---------------------------------------------------------------- names (fresh for this set)

const COMPANIES = [
  "Halvorsen Marine Supply AS", "Quillfeather Stationers Ltd", "Brightwater Utilities Co.", "Okonkwo & Daughters Trading",
  "Vantablue Robotics GmbH", "Marrow Lane Bakery", "Tidewell Logistics Inc.", "Pemberton Civil Works LLP",
  "Saffron Circuit Labs", "Ironbark Timber Pty Ltd", "Kestrel Analytics BV", "Glenmoor Dairy Cooperative",
  "Northgate Print House", "Cobalt Reef Shipping SA", "Lindqvist Acoustics AB", "Orchard Hill Medical Group"
]
const PEOPLE = ["Amara Lindgren", "Tomasz Wierzbicki", "Priya Raghunathan", "Jonah Abernathy", "Mei-Ling Castellanos",
  "Oluwaseun Adeyemi", "Freya Mortensen", "Dmitri Halloran", "Ines Albuquerque", "Callum Whitcombe"]
const INSURERS = ["Stalwart Mutual Assurance plc", "Meridian Shield Insurance Company", "Harbourline General Insurance Ltd", "Everpine Casualty Corp."]
const GOODS: ReadonlyArray<readonly [string, number, number]> = [
  ["Stainless hex bolts M10 (box of 50)", 14, 40], ["Nitrile gloves, size L (case)", 22, 60], ["Hydraulic hose 3/8 in, per metre", 6, 15],
  ["LED panel 600x600 4000K", 28, 75], ["Pallet wrap film 500 mm", 11, 25], ["Thermal labels 100x150 (roll)", 8, 19],
  ["Safety boots S3, pair", 55, 120], ["Cordless drill 18V kit", 120, 260], ["Copper pipe 15 mm x 3 m", 9, 21],
  ["Printer toner cartridge, black", 48, 110], ["Ergonomic task chair", 180, 420], ["Laminated floor panel, m2", 17, 33]
]
const SERVICES: ReadonlyArray<readonly [string, number, number]> = [
  ["Network audit, on site", 450, 1200], ["Monthly hosting, standard tier", 40, 180], ["Translation, per 1,000 words", 60, 140],
  ["Forklift inspection", 150, 380], ["Graphic design hours", 55, 110], ["Data migration workshop", 600, 1500]
]

const pick2 = <A>(rng: Prng, items: ReadonlyArray<A>): [A, A] => {
  const [a, b] = rng.sample(items, 2)
  return [a, b]
}

/** an issue date on day 13 to 28, so numeric dates are never ambiguous */
const dayOf = (rng: Prng, year = 2026): string => isoOf(year, rng.int(1, 12), rng.int(13, 28))

const CURRENCIES: ReadonlyArray<Currency> = ["USD", "EUR", "GBP"]
const mark = (field: string, text: string) => `[[${field}|${text}]]`

// ---------------------------------------------------------------- invoices (the first set's schema, new layouts and words)

const invoice = (rng: Prng, i: number, target: Target): Model => {
  const [vendor, customer] = pick2(rng, COMPANIES)
  const cur = CURRENCIES[i % 3]
  const style: MoneyStyle = cur === "EUR" && i % 2 === 0 ? "european" : (["code", "symbol", "code_suffix"] as const)[i % 3]
  const dstyle: DateStyle = (["long_uk", "dmy_mon", "short_us", "dmy_dot"] as const)[i % 4]
  const issued = dayOf(rng)
  const due = addDays(issued, [14, 30, 45, 21][i % 4])
  const number = [`BL-${rng.int(10000, 99999)}`, `${rng.int(2024, 2026)}/${rng.int(100, 999)}/${rng.int(10, 99)}`, `INV${rng.int(100000, 999999)}`, `F-${rng.int(1000, 9999)}-C`][i % 4]
  const lines = rng.sample([...GOODS, ...SERVICES], rng.int(3, 7)).map(([description, lo, hi]) => {
    const quantity = rng.int(1, 12)
    const unit = rng.money(lo, hi)
    return { description, quantity, unit_price: unit, amount: mul2(quantity, unit) }
  })
  const subtotal = sum2(lines.map((l) => l.amount))
  const rate = [0.2, 0.19, 0.08, 0.21][i % 4]
  const tax = round2(subtotal * rate)
  const total = round2(subtotal + tax)
  const m = (v: number) => money(v, cur, style)
  const labels = [["Bill No.", "Dated", "Payment due by"], ["Document number", "Issue date", "Pay before"], ["Our reference", "Date of issue", "Settlement date"], ["Tax invoice no.", "Invoice dated", "Due"]][i % 4]
  const blocks: Array<Block> = [
    { kind: "title", text: ["TAX INVOICE", "Invoice", "Statement of charges / Invoice", "INVOICE"][i % 4] },
    { kind: "labels", style: "stacked", columns: 3, pairs: [
      { label: "Supplier", value: mark("vendor_name", vendor) }, { label: "Customer", value: mark("customer_name", customer) }, { label: labels[0], value: mark("invoice_number", number) },
      { label: labels[1], value: mark("invoice_date", date(issued, dstyle)) }, { label: labels[2], value: mark("due_date", date(due, dstyle)) }, { label: "Currency", value: cur }
    ] },
    { kind: "table", header: ["Item", "Qty", "Unit price", "Line total"], rows: lines.map((l, k) => [mark(`line_items.${k}.description`, l.description), String(l.quantity), m(l.unit_price), m(l.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [
      { label: "Net amount", value: m(subtotal) }, { label: `VAT ${Math.round(rate * 100)}%`, value: mark("tax", m(tax)) }, { label: ["Amount payable", "Invoice total", "To pay", "Gross total"][i % 4], value: mark("total", m(total)) }
    ] },
    { kind: "text", text: `Please transfer ${mark("total", m(total))} quoting ${mark("invoice_number", number)}. ${mark("vendor_name", vendor)} thanks you for your business.` }
  ]
  return {
    id: `hinv-${i + 1}`, type: "invoice", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title: `Invoice ${number}`, author: vendor,
    notes: `labels stacked above values in three columns (${labels.join(", ")}); ${style} amounts; ${dstyle} dates`, target, font: i % 2 === 0 ? "sans" : "serif", blocks,
    fields: { invoice_number: number, invoice_date: issued, due_date: due, vendor_name: vendor, customer_name: customer, currency: cur, subtotal, tax, total, line_items: lines }
  }
}

// ---------------------------------------------------------------- receipts

const receipt = (rng: Prng, i: number, target: Target): Model => {
  const merchant = ["Marrow Lane Bakery", "Glenmoor Dairy Cooperative", "Quillfeather Stationers Ltd", "Corner Spoke Cycles"][i % 4]
  const cur = CURRENCIES[(i + 1) % 3]
  const day = dayOf(rng)
  const items = rng.sample(GOODS, rng.int(2, 5)).map(([d, lo]) => ({ d, amount: rng.money(lo / 4, lo) }))
  const total = sum2(items.map((x) => x.amount))
  const method = (["debit_card", "cash", "mobile_payment", "credit_card"] as const)[i % 4]
  const methodText = { debit_card: "DEBIT MASTERCARD ****4417", cash: "CASH TENDERED", mobile_payment: "APPLE PAY", credit_card: "VISA CREDIT ****0932" }[method]
  const m = (v: number) => money(v, cur, "symbol")
  const blocks: Array<Block> = [
    { kind: "title", text: mark("merchant_name", merchant) },
    { kind: "text", text: `Till 3 Receipt ${rng.int(1000, 9999)} ${date(day, "dmy_slash")} ${rng.int(10, 19)}:${rng.int(10, 59)}`.replace(date(day, "dmy_slash"), mark("date", date(day, "dmy_slash"))) },
    { kind: "table", header: ["Article", "Price"], rows: items.map((x) => [x.d, m(x.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: "BALANCE TO PAY", value: mark("total", m(total)) }, { label: "Tendered", value: methodText }] },
    { kind: "text", text: "Thank you for shopping local. Keep this slip for returns within 28 days." }
  ]
  return {
    id: `hrcp-${i + 1}`, type: "receipt", category: "receipt", schema_name: "receipt", schema: RECEIPT_SCHEMA, title: "Receipt", author: merchant,
    notes: `till slip; total labelled BALANCE TO PAY; paid by ${methodText}`, target, font: "sans", blocks,
    fields: { merchant_name: merchant, date: day, total, currency: cur, payment_method: method }
  }
}

// ---------------------------------------------------------------- purchase orders

const purchaseOrder = (rng: Prng, i: number, target: Target): Model => {
  const [buyer, supplier] = pick2(rng, COMPANIES)
  const cur = CURRENCIES[(i + 2) % 3]
  const day = dayOf(rng)
  const po = [`PO-${rng.int(20000, 89999)}`, `4500${rng.int(100000, 999999)}`, `ORD/${rng.int(100, 999)}-${rng.int(10, 99)}`, `P${rng.int(1000, 9999)}`][i % 4]
  const lines = rng.sample(GOODS, rng.int(4, 9)).map(([description, lo, hi]) => {
    const quantity = rng.int(2, 60)
    const unit_price = rng.money(lo, hi)
    return { description, quantity, unit_price, amount: mul2(quantity, unit_price) }
  })
  const total = sum2(lines.map((l) => l.amount))
  const plain = target === "xlsx"
  const m = (v: number) => (plain ? v.toFixed(2) : money(v, cur, i % 2 === 0 ? "code" : "symbol"))
  const blocks: Array<Block> = [
    { kind: "title", text: "PURCHASE ORDER" },
    { kind: "labels", style: i % 2 === 0 ? "inline" : "stacked", columns: i % 2 === 0 ? 2 : 3, pairs: [
      { label: "PO number", value: mark("po_number", po) }, { label: "Order date", value: mark("order_date", date(day, plain ? "iso" : "long_us")) },
      { label: "Ordered by", value: mark("buyer_name", buyer) }, { label: "Vendor", value: mark("supplier_name", supplier) },
      { label: "Currency", value: cur }, { label: "Deliver to", value: "Goods-in dock 4" }
    ] },
    { kind: "table", header: ["Description", "Qty ordered", "Unit cost", "Extended"], rows: lines.map((l, k) => [mark(`line_items.${k}.description`, l.description), String(l.quantity), m(l.unit_price), m(l.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: "Order total", value: mark("total", m(total)) }] },
    { kind: "text", text: "Quote the PO number on every delivery note and invoice. Partial deliveries need written approval." }
  ]
  return {
    id: `hpo-${i + 1}`, type: "purchase_order", category: "purchase_order", schema_name: "purchase_order", schema: PURCHASE_ORDER_SCHEMA, title: `Purchase order ${po}`, author: buyer,
    notes: `${i % 2 === 0 ? "inline labels in two columns" : "stacked labels in three columns"}; ${lines.length} lines`, target, font: "sans", blocks,
    fields: { po_number: po, order_date: day, buyer_name: buyer, supplier_name: supplier, currency: cur, total, line_items: lines }
  }
}

// ---------------------------------------------------------------- bank statements with running balances

const statement = (rng: Prng, i: number, target: Target): Model => {
  const holder = rng.pick(PEOPLE)
  const cur = CURRENCIES[i % 3]
  const y = 2026
  const mo = rng.int(1, 11)
  const start = isoOf(y, mo, 1)
  const end = isoOf(y, mo, lastDayOfMonth(y, mo))
  const account = [`GB${rng.int(10, 99)} NWBK ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(10, 99)}`, `${rng.int(100, 999)}-${rng.int(100000, 999999)}-${rng.int(10, 99)}`, `DE${rng.int(10, 99)} 5001 0517 ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} 00`, `00${rng.int(10000000, 99999999)}`][i % 4]
  const opening = rng.money(300, 5000)
  let balance = opening
  const payees = ["Card payment TESCO STORES", "Salary ACME PAYROLL", "Direct debit Brightwater Utilities", "Transfer to savings", "ATM withdrawal", "Standing order rent", "Refund Northgate Print House", "Card payment SHELL 0471"]
  const txs = Array.from({ length: rng.int(8, 16) }, () => {
    const description = rng.pick(payees)
    const inflow = description.startsWith("Salary") || description.startsWith("Refund")
    const amount = inflow ? rng.money(40, 2800) : -rng.money(5, 400)
    // not on the first or last day, whose dates print as the period's
    return { day: rng.int(2, lastDayOfMonth(y, mo) - 1), description, amount }
  }).sort((a, b) => a.day - b.day).map((t) => {
    balance = round2(balance + t.amount)
    return { date: isoOf(y, mo, t.day), description: t.description, amount: t.amount, balance }
  })
  const closing = balance
  const ds: DateStyle = i % 2 === 0 ? "dmy_slash" : "short_uk"
  const plain = (v: number) => money(Math.abs(v), cur, "plain")
  // an overdrawn balance keeps its minus sign
  const signed = (v: number) => money(v, cur, "plain")
  const blocks: Array<Block> = [
    { kind: "title", text: ["Current Account Statement", "Account statement", "Statement of account", "Your statement"][i % 4] },
    { kind: "labels", style: "stacked", columns: 2, pairs: [
      { label: "Account name", value: mark("account_holder", holder) }, { label: "Account", value: mark("account_number", account) },
      { label: "From", value: mark("statement_period_start", date(start, ds)) }, { label: "To", value: mark("statement_period_end", date(end, ds)) }
    ] },
    { kind: "labels", style: "inline", columns: 2, pairs: [
      { label: "Brought forward", value: mark("opening_balance", money(opening, cur, "code")) }, { label: "Carried forward", value: mark("closing_balance", money(closing, cur, "code")) }
    ] },
    { kind: "table", header: ["Date", "Details", "Paid out", "Paid in", "Balance"], rows: txs.map((t) => [date(t.date, ds), t.description, t.amount < 0 ? plain(t.amount) : "", t.amount > 0 ? plain(t.amount) : "", signed(t.balance)]) },
    { kind: "text", text: "Please check this statement and tell us about any entry you do not recognise within 30 days." }
  ]
  return {
    id: `hstm-${i + 1}`, type: "bank_statement", category: "bank_statement", schema_name: "bank_statement", schema: BANK_STATEMENT_SCHEMA, title: "Statement", author: "Bank",
    notes: `paid out / paid in / running balance columns; balances labelled brought / carried forward; ${ds} dates`, target, font: i % 2 === 0 ? "serif" : "sans", blocks,
    fields: {
      account_holder: holder, account_number: account, statement_period_start: start, statement_period_end: end, opening_balance: opening, closing_balance: closing, currency: cur,
      transactions: txs.map((t) => ({ date: t.date, description: t.description, amount: t.amount }))
    }
  }
}

// ---------------------------------------------------------------- employment contracts (clauses, no labels)

/** the jurisdiction as the truth names it, and the article printed before it */
const LAWS: ReadonlyArray<readonly [string, string]> = [["", "Scotland"], ["the ", "State of Illinois"], ["", "Ireland"], ["the ", "Province of Ontario"]]

const employment = (rng: Prng, i: number, target: Target): Model => {
  const employer = rng.pick(COMPANIES)
  const employee = rng.pick(PEOPLE)
  const start = dayOf(rng)
  const months = [12, 24, 18, 36][i % 4]
  const law = LAWS[i % 4]
  const salary = rng.int(38, 95) * 1000
  const cur = CURRENCIES[i % 3]
  const termText = months % 12 === 0 ? `${["", "one", "two", "three"][months / 12]} (${months / 12}) year${months === 12 ? "" : "s"}` : `${months} months`
  const blocks: Array<Block> = [
    { kind: "title", text: "CONTRACT OF EMPLOYMENT" },
    { kind: "text", text: `This contract is made between ${mark("parties.0", employer)} (the "Employer") and ${mark("parties.1", employee)} (the "Employee").` },
    { kind: "clauses", items: [
      { number: "1.", heading: "Commencement", text: `The Employee's employment under this contract begins on ${mark("effective_date", date(start, i % 2 === 0 ? "long_uk" : "long_us"))} and no earlier employment counts towards continuous service.` },
      { number: "2.", heading: "Duration", text: `The employment is for a fixed term of ${termText} from the commencement date, unless ended earlier under clause 9.` },
      { number: "3.", heading: "Job title and duties", text: "The Employee is employed as Senior Analyst and shall perform such duties as the Employer reasonably assigns." },
      { number: "4.", heading: "Remuneration", text: `The Employee shall be paid a gross annual salary of ${money(salary, cur, "symbol")}, payable monthly in arrears by bank transfer.` },
      { number: "5.", heading: "Hours of work", text: "Normal hours are 37.5 per week, Monday to Friday. Reasonable additional hours may be required without extra pay." },
      { number: "6.", heading: "Holidays", text: "The Employee is entitled to 25 working days of paid holiday in each holiday year in addition to public holidays." },
      { number: "7.", heading: "Sickness", text: "The Employee shall notify the Employer of any absence by 10 am on the first day and provide medical certificates after seven days." },
      { number: "8.", heading: "Confidentiality", text: "The Employee shall not disclose confidential information of the Employer during or after the employment." },
      { number: "9.", heading: "Termination", text: "Either party may end this contract by giving one month's written notice to the other." },
      { number: "10.", heading: "Governing law", text: `This contract and any dispute arising from it are governed by the laws of ${law[0]}${mark("governing_law", law[1])}.` }
    ] },
    { kind: "text", text: `Signed for ${mark("parties.0", employer)} ........ Signed by ${mark("parties.1", employee)} ........` }
  ]
  return {
    id: `hemp-${i + 1}`, type: "contract", category: "contract", schema_name: "contract", schema: CONTRACT_SCHEMA, title: "Contract of employment", author: employer,
    notes: `numbered clauses without labels; term as "${termText}"; governing law in clause 10`, target, font: "serif", blocks,
    fields: { parties: [employer, employee], effective_date: start, term_months: months, governing_law: law[1], contract_type: "employment" }
  }
}

// ---------------------------------------------------------------- payslips (earnings and deductions)

const payslip = (rng: Prng, i: number, target: Target): Model => {
  const employer = rng.pick(COMPANIES)
  const employee = rng.pick(PEOPLE)
  const cur = CURRENCIES[(i + 2) % 3]
  const y = 2026
  const mo = rng.int(1, 12)
  const start = isoOf(y, mo, 1)
  const end = isoOf(y, mo, lastDayOfMonth(y, mo))
  const paid = isoOf(y, mo, rng.int(24, 28))
  const earnings = [
    { description: "Basic salary", amount: rng.money(2400, 5200) },
    { description: "Overtime 1.5x", amount: rng.money(80, 600) },
    ...(rng.chance(0.6) ? [{ description: "Shift allowance", amount: rng.money(50, 300) }] : []),
    ...(rng.chance(0.5) ? [{ description: "Performance bonus", amount: rng.money(100, 900) }] : [])
  ]
  const gross = sum2(earnings.map((e) => e.amount))
  const deductions = [
    { description: "Income tax", amount: round2(gross * 0.19) },
    { description: cur === "GBP" ? "National Insurance" : "Social security", amount: round2(gross * 0.08) },
    { description: "Pension contribution", amount: round2(gross * 0.05) },
    ...(rng.chance(0.5) ? [{ description: "Union dues", amount: rng.money(10, 30) }] : [])
  ]
  const net = round2(gross - sum2(deductions.map((d) => d.amount)))
  const plain = target === "xlsx"
  const m = (v: number) => (plain ? v.toFixed(2) : money(v, cur, "plain"))
  const ds: DateStyle = plain ? "iso" : i % 2 === 0 ? "dmy_dot" : "long_uk"
  const sideBySide = i % 2 === 1
  const rows: Array<Array<string>> = []
  let table: Block
  if (sideBySide) {
    // earnings and deductions side by side in one table, as many payroll systems print them
    for (let k = 0; k < Math.max(earnings.length, deductions.length); k++) {
      const e = earnings[k]
      const d = deductions[k]
      rows.push([e ? mark(`earnings.${k}.description`, e.description) : "", e ? m(e.amount) : "", d ? mark(`deductions.${k}.description`, d.description) : "", d ? m(d.amount) : ""])
    }
    table = { kind: "table", header: ["Earnings", "Amount", "Deductions", "Amount"], rows }
  } else {
    for (const [k, e] of earnings.entries()) rows.push([mark(`earnings.${k}.description`, e.description), m(e.amount), ""])
    for (const [k, d] of deductions.entries()) rows.push([mark(`deductions.${k}.description`, d.description), "", m(d.amount)])
    table = { kind: "table", header: ["Pay element", "Payments", "Deductions"], rows }
  }
  const blocks: Array<Block> = [
    { kind: "title", text: ["PAYSLIP", "Pay advice", "Salary statement", "Earnings statement"][i % 4] },
    { kind: "labels", style: i % 2 === 0 ? "inline" : "stacked", columns: 2, pairs: [
      { label: "Employer", value: mark("employer_name", employer) }, { label: "Employee", value: mark("employee_name", employee) },
      { label: "Pay period", value: `${mark("period_start", date(start, ds))} - ${mark("period_end", date(end, ds))}` }, { label: "Payment date", value: mark("pay_date", date(paid, ds)) },
      { label: "Currency", value: cur }, { label: "Tax code", value: "1257L" }
    ] },
    table,
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: "Total gross pay", value: mark("gross_pay", m(gross)) }, { label: "Net pay", value: mark("net_pay", m(net)) }] }
  ]
  return {
    id: `hpay-${i + 1}`, type: "payslip", category: "payslip", schema_name: "payslip", schema: PAYSLIP_SCHEMA, title: "Payslip", author: employer,
    notes: sideBySide ? "earnings and deductions side by side in one table" : "one table with payments and deductions columns", target, font: "sans", blocks,
    fields: { employee_name: employee, employer_name: employer, pay_date: paid, period_start: start, period_end: end, currency: cur, gross_pay: gross, net_pay: net, earnings, deductions }
  }
}

// ---------------------------------------------------------------- utility bills (the invoice schema)

const utilityBill = (rng: Prng, i: number, target: Target): Model => {
  const vendor = ["Brightwater Utilities Co.", "Northfield Energy Ltd", "Clearstream Water Services", "Voltaris Power SE"][i % 4]
  const customer = rng.pick(PEOPLE)
  const cur = CURRENCIES[(i + 1) % 3]
  const issued = dayOf(rng)
  const due = addDays(issued, 21)
  const number = `${rng.int(100, 999)}-${rng.int(100000, 999999)}`
  const kwh = rng.int(180, 900)
  const unit = rng.int(18, 34) / 100
  const days = 30
  const standing = rng.int(30, 60) / 100
  const lines = [
    { description: "Energy used", quantity: kwh, unit_price: unit, amount: mul2(kwh, unit) },
    { description: "Standing charge (days)", quantity: days, unit_price: standing, amount: mul2(days, standing) },
    { description: "Meter rental", quantity: 1, unit_price: 2.5, amount: 2.5 }
  ]
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * 0.05)
  const total = round2(subtotal + tax)
  const m = (v: number) => money(v, cur, "symbol")
  const blocks: Array<Block> = [
    { kind: "title", text: mark("vendor_name", vendor) },
    { kind: "labels", style: "inline", columns: 2, pairs: [
      { label: "Customer", value: mark("customer_name", customer) }, { label: "Bill number", value: mark("invoice_number", number) },
      { label: "Bill date", value: mark("invoice_date", date(issued, "short_uk")) }, { label: "Direct debit on", value: mark("due_date", date(due, "short_uk")) }
    ] },
    { kind: "text", text: `Meter readings: previous 0${rng.int(10000, 49999)} (actual), present 0${rng.int(50000, 99999)} (estimated). Your supply is electricity on the Fixed Saver tariff; prices are in ${cur}.` },
    { kind: "table", header: ["Charge", "Units", "Rate", "Cost"], rows: lines.map((l, k) => [mark(`line_items.${k}.description`, l.description), String(l.quantity), m(l.unit_price), m(l.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: "Charges before VAT", value: mark("subtotal", m(subtotal)) }, { label: "VAT at 5%", value: mark("tax", m(tax)) }, { label: "Total amount due", value: mark("total", m(total)) }] }
  ]
  return {
    id: `hutl-${i + 1}`, type: "utility_bill", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title: "Your energy bill", author: vendor,
    notes: "utility bill: meter readings in prose, consumption and standing-charge lines, rates below one unit", target, font: "sans", blocks,
    fields: { invoice_number: number, invoice_date: issued, due_date: due, vendor_name: vendor, customer_name: customer, currency: cur, subtotal, tax, total, line_items: lines }
  }
}

// ---------------------------------------------------------------- insurance policies (clauses and a schedule)

const policy = (rng: Prng, i: number, target: Target): Model => {
  const insurer = INSURERS[i % 4]
  const holder = rng.pick([...PEOPLE, ...COMPANIES])
  const cur = CURRENCIES[i % 3]
  const start = dayOf(rng)
  const endDate = addDays(addMonths(start, 12), -1)
  const number = [`PL-${rng.int(1000000, 9999999)}`, `HH/${rng.int(10000, 99999)}/26`, `MTR${rng.int(100000, 999999)}`, `CGL-${rng.int(1000, 9999)}-${rng.int(100, 999)}`][i % 4]
  const covers = rng.sample([["Buildings", 250000, 500], ["Contents", 60000, 250], ["Public liability", 2000000, 1000], ["Accidental damage", 15000, 100],
    ["Legal expenses", 50000, 0], ["Business interruption", 120000, 2500], ["Personal possessions", 8000, 150]] as const, rng.int(3, 6))
    .map(([coverage, limit, deductible]) => ({ coverage, limit: limit as number, deductible: deductible as number }))
  const premium = rng.money(240, 3800)
  const m = (v: number) => money(v, cur, "symbol")
  const ds: DateStyle = (["long_uk", "long_us", "dmy_slash", "iso"] as const)[i % 4]
  const blocks: Array<Block> = [
    { kind: "title", text: "Policy Schedule" },
    { kind: "text", text: `This schedule forms part of policy ${mark("policy_number", number)} issued by ${mark("insurer_name", insurer)} to ${mark("policyholder_name", holder)} (the "Insured"). The period of insurance runs from ${mark("effective_date", date(start, ds))} to ${mark("expiry_date", date(endDate, ds))}, both days inclusive.` },
    { kind: "table", header: ["Section", "Sum insured / limit", "Excess"], rows: covers.map((c, k) => [mark(`coverages.${k}.coverage`, c.coverage), m(c.limit), m(c.deductible)]) },
    { kind: "text", text: `The total premium payable for the period of insurance is ${mark("annual_premium", m(premium))}, including insurance premium tax.` },
    { kind: "clauses", items: [
      { number: "1.", heading: "Definitions", text: "Words in bold have the meanings given in the glossary. Home means the private dwelling at the address shown." },
      { number: "2.", heading: "Cover", text: "We will pay for loss or damage occurring during the period of insurance up to the limit shown for each section, less the excess." },
      { number: "3.", heading: "Exclusions", text: "We will not pay for wear and tear, gradual deterioration, or loss arising from a deliberate act of the Insured." },
      { number: "4.", heading: "Claims", text: "Tell us as soon as possible after any incident that may lead to a claim, and in any case within 30 days." },
      { number: "5.", heading: "Cancellation", text: "You may cancel within 14 days of receiving this schedule and receive a full refund if no claim has been made." },
      { number: "6.", heading: "Complaints", text: "If you are unhappy with our service, contact our customer relations team before referring the matter to the ombudsman." }
    ] }
  ]
  return {
    id: `hpol-${i + 1}`, type: "insurance_policy", category: "insurance_document", schema_name: "insurance_policy", schema: INSURANCE_POLICY_SCHEMA, title: "Policy schedule", author: insurer,
    notes: `parties, dates and premium in prose; coverage schedule table with limit and excess; ${ds} dates; conditions as numbered clauses`, target, font: i % 2 === 0 ? "serif" : "sans", blocks,
    fields: { policy_number: number, insurer_name: insurer, policyholder_name: holder, effective_date: start, expiry_date: endDate, currency: cur, annual_premium: premium, coverages: covers }
  }
}

/** Every model, in a fixed order, with its target format. Even positions are the dev half, odd ones the test half. */
export const models = (rng: Prng): Array<Model> => {
  const kinds: ReadonlyArray<readonly [(r: Prng, i: number, t: Target) => Model, ReadonlyArray<Target>]> = [
    [invoice, ["pdf", "html", "pdf2col", "txt"]],
    [receipt, ["pdf", "png", "txt", "html"]],
    [purchaseOrder, ["pdf", "xlsx", "docx", "txt"]],
    [statement, ["pdf", "html", "pdf", "txt"]],
    [employment, ["pdf2col", "docx", "pdf", "txt"]],
    [payslip, ["pdf", "pdf", "xlsx", "html"]],
    [utilityBill, ["pdf", "png", "docx", "txt"]],
    [policy, ["pdf2col", "docx", "html", "pdf"]]
  ]
  return kinds.flatMap(([make, targets], k) => targets.map((target, i) => make(rng.fork(`${k}-${i}`), i, target)))
}
