/**
 * Spreadsheets: an invoice register, a two-sheet expense report, a bank-transactions CSV export
 * with a preamble, a bank statement laid out in a sheet, two-sheet financial statements and an
 * invoice laid out in a sheet. Truth locations are cells.
 */
import { CUSTOMERS, PEOPLE, VENDORS } from "../lib/data.js"
import { type Generated, Locations } from "../lib/doc.js"
import { addDays, isoOf, round2, sum2 } from "../lib/format.js"
import { cellRef, csv, xlsx, type XlsxSheet, type XlsxValue } from "../lib/ooxml.js"
import type { Prng } from "../lib/prng.js"
import {
  BANK_EXPORT_SCHEMA,
  BANK_STATEMENT_SCHEMA,
  EXPENSE_REPORT_SCHEMA,
  FINANCIALS_SCHEMA,
  INVOICE_REGISTER_SCHEMA,
  INVOICE_SCHEMA
} from "../lib/truth.js"
import { invoiceFields, makeInvoice } from "./invoices.js"
import { makeStatement, statementFields } from "./statements.js"

/** A sheet being filled row by row, remembering where located values went. */
class SheetBuilder {
  readonly rows: Array<Array<XlsxValue>> = []
  constructor(readonly name: string, private readonly loc: Locations) {}

  /** appends a row; returns its 0-based index */
  row(...cells: Array<XlsxValue>): number {
    this.rows.push(cells)
    return this.rows.length - 1
  }

  /** records cell (row, col) as where `field` is; `printed` is the value as displayed */
  locate(field: string, semantic: string, row: number, col: number, printed?: string): void {
    const value = this.rows[row][col]
    const text = printed ?? (value === null ? "" : typeof value === "object" ? value.date : String(value))
    this.loc.add(field, text, semantic, { sheet_name: this.name, cell_range: cellRef(row, col) })
  }

  sheet(): XlsxSheet {
    return { name: this.name, rows: this.rows }
  }
}

const META = { author: "Finance Team" }

const invoiceRegister = (rng: Prng): Generated => {
  const loc = new Locations()
  const s = new SheetBuilder("Invoices 2026", loc)
  const company = VENDORS.GBP[0].name
  s.row("Sales invoice register")
  const companyRow = s.row("Company", company)
  s.locate("company_name", "the company that issued the invoices", companyRow, 1)
  s.row("Currency", "GBP")
  s.row()
  s.row("Invoice No.", "Date", "Customer", "Net", "VAT", "Total", "Status")
  const invoices: Array<{ invoice_number: string; invoice_date: string; customer_name: string; amount: number }> = []
  const nets: Array<number> = []
  const vats: Array<number> = []
  let day = isoOf(2026, rng.int(1, 3), rng.int(1, 5))
  let seq = rng.int(2400, 2600)
  for (let i = 0; i < 15; i++) {
    day = addDays(day, rng.int(1, 6))
    seq += rng.int(1, 3)
    const net = rng.money(120, 6500)
    const vat = round2(net * 0.2)
    const total = sum2([net, vat])
    const number = `TVP-${seq}`
    const customer = rng.pick(CUSTOMERS).name
    const r = s.row(number, { date: day }, customer, net, vat, total, rng.pick(["Paid", "Paid", "Open", "Overdue"]))
    if (i === 0) {
      s.locate("invoices[0].invoice_number", "the invoice number of the first invoice listed", r, 0)
      s.locate("invoices[0].amount", "the total amount of the first invoice listed", r, 5)
    }
    nets.push(net)
    vats.push(vat)
    invoices.push({ invoice_number: number, invoice_date: day, customer_name: customer, amount: total })
  }
  const totalAmount = sum2(invoices.map((i) => i.amount))
  const totalRow = s.row("Total", null, null, sum2(nets), sum2(vats), totalAmount)
  s.locate("total_amount", "the sum of all invoice amounts", totalRow, 5)
  return {
    id: "sp-01", file: "sp-01-invoice-register.xlsx", format: "xlsx", type: "spreadsheet",
    notes: "one sheet listing 15 issued invoices (Net / VAT / Total / Status columns, dates as Excel dates) under a small preamble, with a Total row",
    pages: null, category: "invoice", sheets: [{ sheet_name: s.name, category: "invoice" }],
    schema_name: "invoice_register", schema: INVOICE_REGISTER_SCHEMA,
    fields: { company_name: company, currency: "GBP", invoices, total_amount: totalAmount },
    locations: loc.list(), bytes: xlsx([s.sheet()], { title: "Invoice register", ...META })
  }
}

const expenseReport = (rng: Prng): Generated => {
  const loc = new Locations()
  const employee = PEOPLE[2]
  const department = "Field Sales"
  const lines: Array<{ date: string; category: string; description: string; amount: number }> = []
  const catalog: ReadonlyArray<[string, string, number, number]> = [
    ["Travel", "Train Madrid - Barcelona", 60, 140], ["Lodging", "Hotel, 2 nights, Barcelona", 180, 420], ["Meals", "Client dinner, 3 guests", 90, 260],
    ["Travel", "Taxi airport to office", 25, 60], ["Meals", "Lunch during site visit", 12, 35], ["Office", "Printer paper and folders", 15, 45],
    ["Travel", "Flight Madrid - Lisbon", 110, 290], ["Lodging", "Hotel, 1 night, Lisbon", 95, 180], ["Other", "Conference registration fee", 250, 600]
  ]
  let day = isoOf(2026, rng.int(2, 9), 2)
  for (const [category, description, min, max] of rng.sample(catalog, 7)) {
    day = addDays(day, rng.int(1, 3))
    lines.push({ date: day, category, description, amount: rng.money(min, max) })
  }
  lines.sort((a, b) => a.date.localeCompare(b.date))
  const total = sum2(lines.map((l) => l.amount))
  const ex = new SheetBuilder("Expenses", loc)
  ex.row("Expense Report")
  const er = ex.row("Employee", employee)
  ex.locate("employee_name", "the name of the employee claiming expenses", er, 1)
  ex.locate("department", "the department of the employee", ex.row("Department", department), 1)
  ex.row("Currency", "EUR")
  ex.row()
  ex.row("Date", "Category", "Description", "Amount", "Receipt")
  lines.forEach((l, i) => {
    const r = ex.row({ date: l.date }, l.category, l.description, l.amount, "Yes")
    if (i === 0) ex.locate("expenses[0].description", "what the first expense line was for", r, 2)
  })
  const tr = ex.row(null, null, "Total claimed", total)
  ex.locate("total", "the total amount claimed", tr, 3)
  const su = new SheetBuilder("Summary", loc)
  su.row("Expense summary by category")
  su.row("Category", "Amount")
  const categories = [...new Set(lines.map((l) => l.category))].sort()
  for (const c of categories) su.row(c, sum2(lines.filter((l) => l.category === c).map((l) => l.amount)))
  const sr = su.row("Total", total)
  su.locate("total", "the total amount claimed", sr, 1)
  su.row()
  su.row("Approved by", "Marcus Whitfield")
  su.row("Approval date", { date: addDays(day, 5) })
  return {
    id: "sp-02", file: "sp-02-expense-report.xlsx", format: "xlsx", type: "spreadsheet",
    notes: "expense report: an 'Expenses' sheet (employee, department, 7 dated lines, 'Total claimed') and a 'Summary' sheet of totals by category with an approval",
    pages: null, category: "report", sheets: [{ sheet_name: "Expenses", category: "report" }, { sheet_name: "Summary", category: "report" }],
    schema_name: "expense_report", schema: EXPENSE_REPORT_SCHEMA,
    fields: { employee_name: employee, department, currency: "EUR", total, expenses: lines },
    locations: loc.list(), bytes: xlsx([ex.sheet(), su.sheet()], { title: "Expense report", author: employee })
  }
}

const bankExport = (rng: Prng): Generated => {
  const m = makeStatement(rng, { currency: "GBP", bank: 0, holder: "Hannah Schulz", holderAddress: [], transactions: 24 })
  const name = "sp-03-transactions-export"
  const loc = new Locations()
  const rows: Array<Array<string | number>> = [
    ["Account number", m.account],
    ["Currency", "GBP"],
    ["Exported", m.end],
    [],
    ["Date", "Description", "Amount", "Balance"],
    ...m.transactions.map((t) => [t.date, t.description, t.amount, t.balance])
  ]
  loc.add("account_number", m.account, "the account number", { sheet_name: name, cell_range: "B1" })
  // the first transaction whose description occurs once, so its literal query is unambiguous
  const k = m.transactions.findIndex((t) => m.transactions.filter((u) => u.description === t.description).length === 1)
  const ordinal = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][k] ?? `${k + 1}th`
  loc.add(`transactions[${k}].description`, m.transactions[k].description, `the description of the ${ordinal} transaction`, { sheet_name: name, cell_range: `B${6 + k}` })
  loc.add(`transactions[${k}].amount`, String(m.transactions[k].amount), `the amount of the ${ordinal} transaction`, { sheet_name: name, cell_range: `C${6 + k}` })
  const full = statementFields(m)
  return {
    id: "sp-03", file: `${name}.csv`, format: "csv", type: "spreadsheet",
    notes: "CSV export of 24 transactions with a preamble (account number, currency, export date), ISO dates, signed amounts and a running balance; the one sheet is named after the file",
    pages: null, category: "bank_statement", sheets: [{ sheet_name: name, category: "bank_statement" }],
    schema_name: "bank_export", schema: BANK_EXPORT_SCHEMA,
    fields: { account_number: full.account_number, currency: full.currency, transactions: full.transactions },
    locations: loc.list(), bytes: csv(rows)
  }
}

const statementSheet = (rng: Prng): Generated => {
  const m = makeStatement(rng, { currency: "EUR", bank: 0, holder: "Bergmann & Söhne KG", holderAddress: [], transactions: 16 })
  const loc = new Locations()
  const s = new SheetBuilder("Statement", loc)
  s.row(m.bank.name, null, "Account statement")
  s.row()
  s.locate("account_holder", "the name of the account holder", s.row("Account holder", m.holder), 1)
  s.locate("account_number", "the account number", s.row("IBAN", m.account), 1)
  const pr = s.row("Period", { date: m.start }, { date: m.end })
  s.locate("statement_period_start", "the first day of the statement period", pr, 1)
  s.locate("statement_period_end", "the last day of the statement period", pr, 2)
  s.row("Currency", "EUR")
  s.locate("opening_balance", "the balance at the start of the statement period", s.row("Opening balance", m.opening), 1)
  s.locate("closing_balance", "the balance at the end of the statement period", s.row("Closing balance", m.closing), 1)
  s.row()
  s.row("Date", "Description", "Debit", "Credit", "Balance")
  let last = 0
  for (const t of m.transactions) last = s.row({ date: t.date }, t.description, t.amount < 0 ? -t.amount : null, t.amount > 0 ? t.amount : null, t.balance)
  s.locate("closing_balance", "the balance at the end of the statement period", last, 4)
  return {
    id: "sp-04", file: "sp-04-account-statement.xlsx", format: "xlsx", type: "spreadsheet",
    notes: "bank statement laid out in one sheet: label/value header rows (period as two date cells), Debit and Credit columns as positive numbers, running balance",
    pages: null, category: "bank_statement", sheets: [{ sheet_name: "Statement", category: "bank_statement" }],
    schema_name: "bank_statement", schema: BANK_STATEMENT_SCHEMA, fields: statementFields(m),
    locations: loc.list(), bytes: xlsx([s.sheet()], { title: "Account statement", author: m.bank.name })
  }
}

const financials = (rng: Prng): Generated => {
  const loc = new Locations()
  const company = "Kestrel Digital Ltd"
  const periodEnd = "2025-12-31"
  const revenue = rng.int(1_800_000, 4_200_000)
  const cogs = Math.round(revenue * (0.35 + rng.next() * 0.1))
  const opex = Math.round(revenue * (0.3 + rng.next() * 0.1))
  const operating = revenue - cogs - opex
  const interest = rng.int(8_000, 40_000)
  const pretax = operating - interest
  const tax = Math.round(pretax * 0.25)
  const netIncome = pretax - tax
  const is = new SheetBuilder("Income Statement", loc)
  is.row(company)
  is.row("Income statement for the year ended 31 December 2025")
  is.row("All figures in GBP")
  is.row()
  is.row("", "2025", "2024")
  const prior = (v: number) => Math.round(v * (0.82 + rng.next() * 0.1))
  is.locate("revenue", "total revenue for the year", is.row("Revenue", revenue, prior(revenue)), 1)
  is.row("Cost of sales", -cogs, -prior(cogs))
  is.row("Gross profit", revenue - cogs, null)
  is.row("Operating expenses", -opex, -prior(opex))
  is.row("Operating profit", operating, null)
  is.row("Finance costs", -interest, -prior(interest))
  is.row("Profit before tax", pretax, null)
  is.row("Income tax expense", -tax, -prior(tax))
  is.locate("net_income", "net income (profit for the year)", is.row("Profit for the year", netIncome, prior(netIncome)), 1)
  const bs = new SheetBuilder("Balance Sheet", loc)
  const ppe = rng.int(300_000, 900_000)
  const receivables = rng.int(200_000, 700_000)
  const cash = rng.int(150_000, 1_100_000)
  const totalAssets = ppe + receivables + cash
  const payables = rng.int(120_000, 400_000)
  const loans = rng.int(100_000, 500_000)
  const totalLiabilities = payables + loans
  const equity = totalAssets - totalLiabilities
  bs.row(company)
  bs.row("Balance sheet as at 31 December 2025")
  bs.row("All figures in GBP")
  bs.row()
  bs.row("Non-current assets")
  bs.row("Property, plant and equipment", ppe)
  bs.row("Current assets")
  bs.row("Trade receivables", receivables)
  bs.row("Cash at bank", cash)
  bs.locate("total_assets", "total assets", bs.row("Total assets", totalAssets), 1)
  bs.row("Liabilities")
  bs.row("Trade payables", payables)
  bs.row("Bank loans", loans)
  bs.locate("total_liabilities", "total liabilities", bs.row("Total liabilities", totalLiabilities), 1)
  bs.locate("total_equity", "total equity", bs.row("Total equity", equity), 1)
  return {
    id: "sp-05", file: "sp-05-financial-statements.xlsx", format: "xlsx", type: "spreadsheet",
    notes: "two sheets: an income statement with current and prior-year columns and negative costs, and a balance sheet; period end only as text ('year ended 31 December 2025'), currency only as 'All figures in GBP'",
    pages: null, category: "financial_statement",
    sheets: [{ sheet_name: "Income Statement", category: "financial_statement" }, { sheet_name: "Balance Sheet", category: "financial_statement" }],
    schema_name: "financial_statements", schema: FINANCIALS_SCHEMA,
    fields: { company_name: company, period_end: periodEnd, currency: "GBP", revenue, net_income: netIncome, total_assets: totalAssets, total_liabilities: totalLiabilities, total_equity: equity },
    locations: loc.list(), bytes: xlsx([is.sheet(), bs.sheet()], { title: `${company} financial statements 2025`, ...META })
  }
}

const invoiceSheet = (rng: Prng): Generated => {
  const m = makeInvoice(rng, { currency: "USD", lines: 4, number: `SOS-${rng.int(7000, 7999)}`, vendor: VENDORS.USD[2] })
  const loc = new Locations()
  const s = new SheetBuilder("Invoice", loc)
  s.locate("vendor_name", "the name of the company that issued the invoice", s.row(m.vendor.name, null, null, "INVOICE"), 0)
  s.row(m.vendor.address[0])
  s.row(m.vendor.address[1])
  s.row()
  s.locate("invoice_number", "the invoice number", s.row("Invoice number", m.number), 1)
  s.locate("invoice_date", "the date the invoice was issued", s.row("Invoice date", { date: m.issued }), 1)
  s.locate("due_date", "the payment due date", s.row("Due date", { date: m.due }), 1)
  s.row()
  s.row("Bill to")
  s.locate("customer_name", "the name of the customer being billed", s.row(m.customer.name), 0)
  s.row(m.customer.address.join(", "))
  s.row()
  s.row("Description", "Quantity", "Unit price (USD)", "Amount (USD)")
  for (const l of m.lines) s.row(l.description, l.quantity, l.unit_price, l.amount)
  s.row(null, null, "Subtotal", m.subtotal)
  s.row(null, null, `Sales tax ${round2(m.taxRate * 100)}%`, m.tax)
  s.locate("total", "the invoice total amount including tax", s.row(null, null, "Total", m.total), 3)
  return {
    id: "sp-06", file: "sp-06-invoice.xlsx", format: "xlsx", type: "spreadsheet",
    notes: "an invoice laid out in a single sheet: label cells beside value cells, dates as Excel dates, line items as rows, totals in the Amount column",
    pages: null, category: "invoice", sheets: [{ sheet_name: "Invoice", category: "invoice" }],
    schema_name: "invoice", schema: INVOICE_SCHEMA, fields: invoiceFields(m),
    locations: loc.list(), bytes: xlsx([s.sheet()], { title: `Invoice ${m.number}`, author: m.vendor.name })
  }
}

export const generateSpreadsheets = (rng: Prng): Array<Generated> => [
  invoiceRegister(rng.fork("sp-01")),
  expenseReport(rng.fork("sp-02")),
  bankExport(rng.fork("sp-03")),
  statementSheet(rng.fork("sp-04")),
  financials(rng.fork("sp-05")),
  invoiceSheet(rng.fork("sp-06"))
]
