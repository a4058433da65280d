/**
 * Bank statements: five PDFs (money out / money in columns, signed amounts, debit / credit
 * columns in European format, parentheses for debits, one of 70 transactions over several pages),
 * an HTML online-banking statement and a plain-text one.
 */
import { BANKS, TRANSACTION_DESCRIPTIONS } from "../lib/data.js"
import { escapeHtml, type Generated, Locations, TextBuilder, utf8 } from "../lib/doc.js"
import { type Currency, date, type DateStyle, grouped, isoOf, lastDayOfMonth, money, type MoneyStyle, sum2 } from "../lib/format.js"
import { type Box, PdfWriter } from "../lib/pdf.js"
import type { Prng } from "../lib/prng.js"
import { BANK_STATEMENT_SCHEMA } from "../lib/truth.js"

export interface Transaction { readonly date: string; readonly description: string; readonly amount: number; readonly balance: number }

export interface StatementModel {
  readonly bank: { readonly name: string; readonly address: string }
  readonly holder: string
  readonly holderAddress: ReadonlyArray<string>
  readonly account: string
  readonly currency: Currency
  readonly start: string
  readonly end: string
  readonly opening: number
  readonly closing: number
  readonly transactions: ReadonlyArray<Transaction>
}

const SEMANTIC = {
  account_holder: "the name of the account holder",
  account_number: "the account number",
  statement_period_start: "the first day of the statement period",
  statement_period_end: "the last day of the statement period",
  opening_balance: "the balance at the start of the statement period",
  closing_balance: "the balance at the end of the statement period"
} as const
type Located = keyof typeof SEMANTIC

const accountNumber = (rng: Prng, currency: Currency): string => {
  const d = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join("")
  switch (currency) {
    case "USD":
      return `${d(4)}-${d(4)}-${d(4)}`
    case "GBP":
      return `GB${d(2)} ALBN ${d(4)} ${d(4)} ${d(4)} ${d(2)}`
    case "EUR":
      return `DE${d(2)} ${d(4)} ${d(4)} ${d(4)} ${d(4)} ${d(2)}`
  }
}

export const makeStatement = (
  rng: Prng,
  options: { currency: Currency; bank: number; holder: string; holderAddress: ReadonlyArray<string>; transactions: number; account?: string }
): StatementModel => {
  const month = rng.int(1, 10)
  const last = lastDayOfMonth(2026, month)
  const opening = rng.money(1500, 9000)
  // no transaction on the period's first or last day: a literal query for a period date finds the period
  const days = Array.from({ length: options.transactions }, () => rng.int(2, last - 1)).sort((a, b) => a - b)
  const salaryAt = Math.floor(options.transactions * 0.6)
  let balance = opening
  const transactions: Array<Transaction> = days.map((day, i) => {
    const credit = i === salaryAt || rng.chance(0.12)
    let amount = credit
      ? i === salaryAt ? rng.money(2800, 5200) : rng.money(20, 900)
      : -(rng.chance(0.1) ? rng.money(600, 1400) : rng.money(4, 240))
    if (balance + amount < 50) amount = Math.abs(amount)
    const description = amount > 0
      ? i === salaryAt ? TRANSACTION_DESCRIPTIONS.credit[0] : rng.pick(TRANSACTION_DESCRIPTIONS.credit.slice(1))
      : rng.pick(TRANSACTION_DESCRIPTIONS.debit)
    balance = sum2([balance, amount])
    return { date: isoOf(2026, month, day), description, amount, balance }
  })
  const bank = BANKS[options.currency][options.bank]
  return {
    bank,
    holder: options.holder,
    holderAddress: options.holderAddress,
    account: options.account ?? accountNumber(rng, options.currency).replace("ALBN", bank.name.startsWith("Caledonian") ? "CALB" : "ALBN"),
    currency: options.currency,
    start: isoOf(2026, month, 1),
    end: isoOf(2026, month, last),
    opening,
    closing: balance,
    transactions
  }
}

export const statementFields = (m: StatementModel) => ({
  account_holder: m.holder,
  account_number: m.account,
  statement_period_start: m.start,
  statement_period_end: m.end,
  opening_balance: m.opening,
  closing_balance: m.closing,
  currency: m.currency,
  transactions: m.transactions.map((t) => ({ date: t.date, description: t.description, amount: t.amount }))
})

const sumOf = (m: StatementModel, sign: 1 | -1) => sum2(m.transactions.filter((t) => Math.sign(t.amount) === sign).map((t) => t.amount))

class PdfLocator {
  readonly locations = new Locations()
  add(field: Located, text: string, box: Box): void {
    this.locations.add(field, text, SEMANTIC[field], box)
  }
}

interface Column { readonly header: string; readonly x: number; readonly align: "left" | "right"; readonly cell: (t: Transaction) => string }

/** The transactions table, continued on new pages; the last row's balance cell is returned. */
const drawTransactions = (
  pdf: PdfWriter,
  columns: ReadonlyArray<Column>,
  rows: ReadonlyArray<Transaction>,
  top: number,
  options: { size: number; row: number; bottom: number; left: number; right: number; continueAt: () => number; balanceColumn: number | null; leadRows?: ReadonlyArray<ReadonlyArray<string>> }
): { next: number; lastBalance: Box | null; leadBoxes: Array<Array<Box>> } => {
  const header = (at: number) => {
    pdf.fill(options.left, at - options.size - 4, options.right - options.left, options.size + 9, 0.9)
    for (const c of columns) pdf.text(c.header, c.x, at, { size: options.size, font: "sansBold", align: c.align })
    return at + options.row + 2
  }
  let y = header(top)
  const leadBoxes: Array<Array<Box>> = []
  for (const lead of options.leadRows ?? []) {
    leadBoxes.push(lead.map((text, i) => pdf.text(text, columns[i].x, y, { size: options.size, font: "sansBold", align: columns[i].align })))
    y += options.row
  }
  let lastBalance: Box | null = null
  for (const t of rows) {
    if (y > options.bottom) {
      pdf.newPage()
      y = header(options.continueAt())
    }
    columns.forEach((c, i) => {
      const box = pdf.text(c.cell(t), c.x, y, { size: options.size, align: c.align })
      if (i === options.balanceColumn) lastBalance = box
    })
    y += options.row
  }
  return { next: y + 6, lastBalance, leadBoxes }
}

const LETTER = [612, 792] as const
const A4 = [595.28, 841.89] as const

interface PdfSpec {
  readonly id: string
  readonly currency: Currency
  readonly bank: number
  readonly holder: string
  readonly holderAddress: ReadonlyArray<string>
  readonly transactions: number
  readonly size: readonly [number, number]
  readonly notes: string
  readonly draw: (pdf: PdfWriter, m: StatementModel, loc: PdfLocator) => void
}

const cur = (m: StatementModel, v: number, style: MoneyStyle) => money(v, m.currency, style)
const blank = (v: number, text: string) => (v === 0 ? "" : text)

const PDFS: ReadonlyArray<PdfSpec> = [
  {
    id: "bst-01", currency: "GBP", bank: 0, holder: "Oliver Grant", holderAddress: ["Flat 2, 18 Albert Road", "Bristol BS2 0XS"], transactions: 18, size: A4,
    notes: "UK current account: 'Money out' / 'Money in' / 'Balance' columns, 'Balance brought forward' and 'carried forward' rows, period '1 March 2026 to 31 March 2026' in one run, dates '14 Mar 2026', sort code and IBAN, GBP with £ in the summary",
    draw: (pdf, m, loc) => {
      pdf.text(m.bank.name, 50, 62, { size: 16, font: "sansBold" })
      pdf.text(m.bank.address, 50, 76, { size: 8.5, grey: 0.4 })
      pdf.text("Current Account Statement", 545, 62, { size: 12, align: "right" })
      loc.add("account_holder", m.holder, pdf.text(m.holder, 50, 118, { size: 10.5, font: "sansBold" }))
      m.holderAddress.forEach((l, i) => pdf.text(l, 50, 131 + i * 12, { size: 9.5 }))
      const period = pdf.textParts([["s", date(m.start, "long_uk")], " to ", ["e", date(m.end, "long_uk")]], 545, 118, { size: 9.5, align: "right" })
      loc.add("statement_period_start", date(m.start, "long_uk"), period.s)
      loc.add("statement_period_end", date(m.end, "long_uk"), period.e)
      pdf.text("Sort code 20-71-64", 545, 132, { size: 9.5, align: "right" })
      pdf.text("IBAN", 380, 146, { size: 9.5 })
      loc.add("account_number", m.account, pdf.text(m.account, 545, 146, { size: 9.5, align: "right" }))
      pdf.fill(50, 175, 495, 66, 0.95)
      const summary: Array<[string, string, Located | null]> = [
        ["Opening balance", cur(m, m.opening, "symbol"), "opening_balance"], ["Money in", cur(m, sumOf(m, 1), "symbol"), null],
        ["Money out", cur(m, -sumOf(m, -1), "symbol"), null], ["Closing balance", cur(m, m.closing, "symbol"), "closing_balance"]
      ]
      summary.forEach(([label, value, field], i) => {
        pdf.text(label, 60 + i * 122, 195, { size: 8.5, grey: 0.4 })
        const box = pdf.text(value, 60 + i * 122, 215, { size: 11, font: "sansBold" })
        if (field !== null) loc.add(field, value, box)
      })
      const p = (v: number) => grouped(v)
      const result = drawTransactions(pdf, [
        { header: "Date", x: 50, align: "left", cell: (t) => date(t.date, "short_uk") },
        { header: "Description", x: 118, align: "left", cell: (t) => t.description },
        { header: "Money out", x: 390, align: "right", cell: (t) => blank(Math.min(t.amount, 0), p(-t.amount)) },
        { header: "Money in", x: 465, align: "right", cell: (t) => blank(Math.max(t.amount, 0), p(t.amount)) },
        { header: "Balance", x: 545, align: "right", cell: (t) => p(t.balance) }
      ], m.transactions, 275, {
        size: 8.5, row: 17, bottom: 780, left: 48, right: 547, continueAt: () => 60, balanceColumn: 4,
        leadRows: [[date(m.start, "short_uk"), "Balance brought forward", "", "", p(m.opening)]]
      })
      loc.add("opening_balance", p(m.opening), result.leadBoxes[0][4])
      loc.add("statement_period_start", date(m.start, "short_uk"), result.leadBoxes[0][0])
      if (result.lastBalance !== null) loc.add("closing_balance", p(m.closing), result.lastBalance)
      pdf.text("Balance carried forward", 118, result.next + 4, { size: 8.5, font: "sansBold" })
      loc.add("closing_balance", p(m.closing), pdf.text(p(m.closing), 545, result.next + 4, { size: 8.5, font: "sansBold", align: "right" }))
    }
  },
  {
    id: "bst-02", currency: "USD", bank: 0, holder: "Lakeshore Dental Group PC", holderAddress: ["310 N Michigan Ave", "Chicago, IL 60601"], transactions: 20, size: LETTER,
    notes: "US business checking: 'Beginning Balance' / 'Deposits and Credits' / 'Withdrawals and Debits' / 'Ending Balance' summary with labels left and values right, ONE signed 'Amount' column ('-45.12'), dates 03/14/2026 (month first; the period '03/01/2026 through 03/31/2026' disambiguates), 'Account Number:' label",
    draw: (pdf, m, loc) => {
      const ds: DateStyle = "mdy_slash"
      pdf.text(m.bank.name.toUpperCase(), 50, 60, { size: 14, font: "sansBold" })
      pdf.text(m.bank.address, 50, 73, { size: 8, grey: 0.4 })
      pdf.text("Business Checking Statement", 562, 60, { size: 11, font: "sansBold", align: "right" })
      const period = pdf.textParts(["Statement Period: ", ["s", date(m.start, ds)], " through ", ["e", date(m.end, ds)]], 562, 75, { size: 9, align: "right" })
      loc.add("statement_period_start", date(m.start, ds), period.s)
      loc.add("statement_period_end", date(m.end, ds), period.e)
      const acct = pdf.textParts(["Account Number: ", ["a", m.account]], 562, 89, { size: 9, align: "right" })
      loc.add("account_number", m.account, acct.a)
      loc.add("account_holder", m.holder.toUpperCase(), pdf.text(m.holder.toUpperCase(), 72, 130, { size: 10 }))
      m.holderAddress.forEach((l, i) => pdf.text(l.toUpperCase(), 72, 143 + i * 12, { size: 10 }))
      pdf.text("ACCOUNT SUMMARY", 50, 200, { size: 10, font: "sansBold" })
      pdf.line(50, 205, 562, 205, 0.8, 0.2)
      const summary: Array<[string, string, Located | null]> = [
        ["Beginning Balance", cur(m, m.opening, "symbol"), "opening_balance"], ["Deposits and Credits", cur(m, sumOf(m, 1), "symbol"), null],
        ["Withdrawals and Debits", cur(m, sumOf(m, -1), "symbol"), null], ["Ending Balance", cur(m, m.closing, "symbol"), "closing_balance"]
      ]
      summary.forEach(([label, value, field], i) => {
        pdf.text(label, 50, 222 + i * 15, { size: 9.5, font: field === "closing_balance" ? "sansBold" : "sans" })
        const box = pdf.text(value, 300, 222 + i * 15, { size: 9.5, font: field === "closing_balance" ? "sansBold" : "sans", align: "right" })
        if (field !== null) loc.add(field, value, box)
      })
      pdf.text("TRANSACTION DETAIL", 50, 305, { size: 10, font: "sansBold" })
      const p = (v: number) => grouped(v)
      const result = drawTransactions(pdf, [
        { header: "Date", x: 50, align: "left", cell: (t) => date(t.date, ds) },
        { header: "Description", x: 120, align: "left", cell: (t) => t.description },
        { header: "Amount", x: 470, align: "right", cell: (t) => p(t.amount) },
        { header: "Balance", x: 562, align: "right", cell: (t) => p(t.balance) }
      ], m.transactions, 328, { size: 8.5, row: 16, bottom: 740, left: 48, right: 564, continueAt: () => 60, balanceColumn: 3 })
      if (result.lastBalance !== null) loc.add("closing_balance", p(m.closing), result.lastBalance)
    }
  },
  {
    id: "bst-03", currency: "EUR", bank: 0, holder: "Atelier Rousseau SAS", holderAddress: ["8 quai Saint-Antoine", "69002 Lyon, France"], transactions: 15, size: A4,
    notes: "European statement in English: 'Booking date' and 'Value date' columns, separate Debit / Credit columns in European format '1.234,56', 'Old balance' / 'New balance' rows, IBAN, dates 14.03.2026, holder after 'Account holder:' in one run",
    draw: (pdf, m, loc) => {
      const ds: DateStyle = "dmy_dot"
      const eu = (v: number) => grouped(v, true)
      pdf.text(m.bank.name, 50, 62, { size: 15, font: "sansBold" })
      pdf.text("Account statement", 50, 82, { size: 11 })
      pdf.text(m.bank.address, 545, 62, { size: 8, align: "right", grey: 0.4 })
      const holder = pdf.textParts(["Account holder: ", ["h", m.holder]], 50, 115, { size: 9.5 })
      loc.add("account_holder", m.holder, holder.h)
      const iban = pdf.textParts(["IBAN: ", ["a", m.account]], 50, 129, { size: 9.5 })
      loc.add("account_number", m.account, iban.a)
      pdf.text("BIC: RHSKDE33XXX   Currency: EUR", 50, 143, { size: 9.5 })
      const period = pdf.textParts(["Statement period ", ["s", date(m.start, ds)], " - ", ["e", date(m.end, ds)]], 545, 115, { size: 9.5, align: "right" })
      loc.add("statement_period_start", date(m.start, ds), period.s)
      loc.add("statement_period_end", date(m.end, ds), period.e)
      pdf.text(`Statement no. ${Number(m.start.slice(5, 7))}/2026`, 545, 129, { size: 9.5, align: "right" })
      const old = pdf.textParts(["Old balance as of ", ["d", date(m.start, ds)]], 50, 180, { size: 9.5, font: "sansBold" })
      loc.add("statement_period_start", date(m.start, ds), old.d)
      loc.add("opening_balance", eu(m.opening), pdf.text(eu(m.opening), 545, 180, { size: 9.5, font: "sansBold", align: "right" }))
      const result = drawTransactions(pdf, [
        { header: "Booking date", x: 50, align: "left", cell: (t) => date(t.date, ds) },
        { header: "Value date", x: 115, align: "left", cell: (t) => date(t.date, ds) },
        { header: "Description", x: 180, align: "left", cell: (t) => t.description },
        { header: "Debit", x: 470, align: "right", cell: (t) => blank(Math.min(t.amount, 0), eu(-t.amount)) },
        { header: "Credit", x: 545, align: "right", cell: (t) => blank(Math.max(t.amount, 0), eu(t.amount)) }
      ], m.transactions, 210, { size: 8.5, row: 17, bottom: 780, left: 48, right: 547, continueAt: () => 60, balanceColumn: null })
      const nb = pdf.textParts(["New balance as of ", ["d", date(m.end, ds)]], 50, result.next + 8, { size: 9.5, font: "sansBold" })
      loc.add("statement_period_end", date(m.end, ds), nb.d)
      loc.add("closing_balance", eu(m.closing), pdf.text(eu(m.closing), 545, result.next + 8, { size: 9.5, font: "sansBold", align: "right" }))
    }
  },
  {
    id: "bst-04", currency: "USD", bank: 1, holder: "Emily Carter", holderAddress: ["2214 Woodward Ave Apt 5", "Detroit, MI 48201"], transactions: 70, size: LETTER,
    notes: "credit-union statement with 70 transactions over TWO pages (header repeated, running header), 'Withdrawals' / 'Deposits' columns, ISO dates, 'Statement Period: 2026-03-01 to 2026-03-31', 'Member Number', 'Previous Balance' / 'New Balance'",
    draw: (pdf, m, loc) => {
      const ds: DateStyle = "iso"
      const p = (v: number) => grouped(v)
      pdf.text(m.bank.name, 50, 60, { size: 14, font: "sansBold" })
      pdf.text(m.bank.address, 50, 73, { size: 8, grey: 0.4 })
      pdf.text("Member", 360, 105, { size: 9, font: "sansBold" })
      loc.add("account_holder", m.holder, pdf.text(m.holder, 460, 105, { size: 9 }))
      pdf.text("Member Number", 360, 119, { size: 9, font: "sansBold" })
      loc.add("account_number", m.account, pdf.text(m.account, 460, 119, { size: 9 }))
      pdf.text("Statement Period", 360, 133, { size: 9, font: "sansBold" })
      const period = pdf.textParts([["s", date(m.start, ds)], " to ", ["e", date(m.end, ds)]], 460, 133, { size: 9 })
      loc.add("statement_period_start", date(m.start, ds), period.s)
      loc.add("statement_period_end", date(m.end, ds), period.e)
      m.holderAddress.forEach((l, i) => pdf.text(l, 50, 105 + i * 12, { size: 9 }))
      pdf.text("SHARE DRAFT CHECKING", 50, 175, { size: 10, font: "sansBold" })
      pdf.text("Previous Balance", 50, 192, { size: 9 })
      loc.add("opening_balance", cur(m, m.opening, "symbol"), pdf.text(cur(m, m.opening, "symbol"), 250, 192, { size: 9, align: "right" }))
      const running = () => {
        const boxes = pdf.textParts([["holder", m.holder], "  -  Member Number ", ["account", m.account], "  -  continued"], 50, 45, { size: 8, grey: 0.4 })
        loc.add("account_holder", m.holder, boxes.holder)
        loc.add("account_number", m.account, boxes.account)
        return 75
      }
      const result = drawTransactions(pdf, [
        { header: "Date", x: 50, align: "left", cell: (t) => date(t.date, ds) },
        { header: "Description", x: 115, align: "left", cell: (t) => t.description },
        { header: "Withdrawals", x: 400, align: "right", cell: (t) => blank(Math.min(t.amount, 0), p(-t.amount)) },
        { header: "Deposits", x: 480, align: "right", cell: (t) => blank(Math.max(t.amount, 0), p(t.amount)) },
        { header: "Balance", x: 562, align: "right", cell: (t) => p(t.balance) }
      ], m.transactions, 220, { size: 8.5, row: 15.5, bottom: 735, left: 48, right: 564, continueAt: running, balanceColumn: 4 })
      if (result.lastBalance !== null) loc.add("closing_balance", p(m.closing), result.lastBalance)
      let y = result.next + 6
      if (y > 720) {
        pdf.newPage()
        y = running() + 10
      }
      pdf.text("New Balance", 50, y, { size: 9, font: "sansBold" })
      loc.add("closing_balance", cur(m, m.closing, "symbol"), pdf.text(cur(m, m.closing, "symbol"), 250, y, { size: 9, font: "sansBold", align: "right" }))
      const n = pdf.pageNumber
      for (let i = 1; i <= n; i++) pdf.onPage(i, () => pdf.text(`Page ${i} of ${n}`, 562, 765, { size: 8, align: "right", grey: 0.4 }))
    }
  },
  {
    id: "bst-05", currency: "EUR", bank: 1, holder: "Chloé Durand", holderAddress: ["27 rue des Martyrs", "75009 Paris"], transactions: 14, size: A4,
    notes: "statement with ONE 'Amount (EUR)' column where debits are in parentheses '(45.00)', no running balance, 'Opening balance' and 'Closing balance' under labels at the bottom, dates 14/03/2026, holder name with an accent, account number after 'Account No.'",
    draw: (pdf, m, loc) => {
      const ds: DateStyle = "dmy_slash"
      const paren = (v: number) => (v < 0 ? `(${grouped(-v)})` : grouped(v))
      pdf.text(m.bank.name, 297, 60, { size: 16, font: "serifBold", align: "center" })
      pdf.text(m.bank.address, 297, 75, { size: 8.5, font: "serif", align: "center", grey: 0.4 })
      pdf.text("STATEMENT OF ACCOUNT", 297, 105, { size: 12, font: "serifBold", align: "center" })
      pdf.text("Customer", 50, 140, { size: 9, font: "serif", grey: 0.4 })
      loc.add("account_holder", m.holder, pdf.text(m.holder, 50, 154, { size: 10.5, font: "serif" }))
      m.holderAddress.forEach((l, i) => pdf.text(l, 50, 167 + i * 12, { size: 9.5, font: "serif" }))
      pdf.text("Account No.", 330, 140, { size: 9, font: "serif", grey: 0.4 })
      loc.add("account_number", m.account, pdf.text(m.account, 330, 154, { size: 10, font: "serif" }))
      pdf.text("From", 330, 175, { size: 9, font: "serif", grey: 0.4 })
      loc.add("statement_period_start", date(m.start, ds), pdf.text(date(m.start, ds), 330, 189, { size: 10, font: "serif" }))
      pdf.text("To", 440, 175, { size: 9, font: "serif", grey: 0.4 })
      loc.add("statement_period_end", date(m.end, ds), pdf.text(date(m.end, ds), 440, 189, { size: 10, font: "serif" }))
      const result = drawTransactions(pdf, [
        { header: "Date", x: 50, align: "left", cell: (t) => date(t.date, ds) },
        { header: "Details", x: 130, align: "left", cell: (t) => t.description },
        { header: "Amount (EUR)", x: 545, align: "right", cell: (t) => paren(t.amount) }
      ], m.transactions, 235, { size: 9, row: 17, bottom: 760, left: 48, right: 547, continueAt: () => 60, balanceColumn: null })
      const y = result.next + 20
      pdf.text("Opening balance", 50, y, { size: 9, font: "serif", grey: 0.4 })
      loc.add("opening_balance", cur(m, m.opening, "code"), pdf.text(cur(m, m.opening, "code"), 50, y + 15, { size: 11, font: "serifBold" }))
      pdf.text("Closing balance", 330, y, { size: 9, font: "serif", grey: 0.4 })
      loc.add("closing_balance", cur(m, m.closing, "code"), pdf.text(cur(m, m.closing, "code"), 330, y + 15, { size: 11, font: "serifBold" }))
    }
  }
]

const pdfStatement = async (rng: Prng, spec: PdfSpec): Promise<Generated> => {
  const m = makeStatement(rng, { currency: spec.currency, bank: spec.bank, holder: spec.holder, holderAddress: spec.holderAddress, transactions: spec.transactions })
  const pdf = await PdfWriter.create({ size: spec.size, title: `Statement ${m.start} - ${m.end}`, author: m.bank.name })
  const loc = new PdfLocator()
  spec.draw(pdf, m, loc)
  return {
    id: spec.id, file: `${spec.id}-statement.pdf`, format: "pdf", type: "bank_statement", notes: spec.notes, pages: pdf.pageNumber,
    category: "bank_statement", sheets: null, schema_name: "bank_statement", schema: BANK_STATEMENT_SCHEMA, fields: statementFields(m),
    locations: loc.locations.list(), bytes: await pdf.save()
  }
}

const htmlStatement = (rng: Prng): Generated => {
  const m = makeStatement(rng, { currency: "GBP", bank: 1, holder: "Grace Whitmore", holderAddress: ["44 Marchmont Road", "Edinburgh EH9 1HX"], transactions: 12 })
  const ds: DateStyle = "short_uk"
  const p = (v: number) => money(v, "GBP", "symbol")
  const e = escapeHtml
  const html = `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${e(m.bank.name)} - Online Banking - Statement</title></head>
<body>
<header><h1>${e(m.bank.name)}</h1><nav>Accounts | Payments | Statements | Help</nav></header>
<main>
<h2>Statement for Everyday Account</h2>
<table class="account">
  <tr><th>Account name</th><td>${e(m.holder)}</td></tr>
  <tr><th>Account number</th><td>${e(m.account)}</td></tr>
  <tr><th>Statement date range</th><td>${e(date(m.start, "long_uk"))} &ndash; ${e(date(m.end, "long_uk"))}</td></tr>
  <tr><th>Starting balance</th><td>${p(m.opening)}</td></tr>
  <tr><th>Ending balance</th><td>${p(m.closing)}</td></tr>
</table>
<table class="transactions">
  <thead><tr><th>Date</th><th>Transaction</th><th>Paid out</th><th>Paid in</th><th>Balance</th></tr></thead>
  <tbody>
${m.transactions.map((t) => `    <tr><td>${e(date(t.date, ds))}</td><td>${e(t.description)}</td><td>${t.amount < 0 ? p(-t.amount) : ""}</td><td>${t.amount > 0 ? p(t.amount) : ""}</td><td>${p(t.balance)}</td></tr>`).join("\n")}
  </tbody>
</table>
</main>
<footer><p>${e(m.bank.name)} is authorised by the Prudential Regulation Authority. Calls may be recorded.</p></footer>
</body>
</html>
`
  return {
    id: "bst-06", file: "bst-06-online-statement.html", format: "html", type: "bank_statement",
    notes: "online-banking HTML page with navigation text, account facts in a th/td table ('Account name', 'Starting balance', 'Ending balance'), 'Paid out' / 'Paid in' columns, dates '14 Mar 2026'",
    pages: null, category: "bank_statement", sheets: null, schema_name: "bank_statement", schema: BANK_STATEMENT_SCHEMA,
    fields: statementFields(m), locations: [], bytes: utf8(html)
  }
}

const txtStatement = (rng: Prng): Generated => {
  const m = makeStatement(rng, { currency: "USD", bank: 0, holder: "Marcus Whitfield", holderAddress: ["19 Elm Street", "Charlotte, NC 28203"], transactions: 10 })
  const ds: DateStyle = "iso"
  const t = new TextBuilder()
  t.line(`${m.bank.name} - Account Statement`)
  t.line()
  t.line(`Account holder: [[account_holder|${m.holder}]]`, SEMANTIC)
  t.line(`Account: [[account_number|${m.account}]]`, SEMANTIC)
  t.line(`Period: [[statement_period_start|${date(m.start, ds)}]] to [[statement_period_end|${date(m.end, ds)}]]`, SEMANTIC)
  t.line(`Currency: USD`)
  t.line()
  t.line(`Opening balance: [[opening_balance|${grouped(m.opening)}]]`, SEMANTIC)
  t.line()
  t.line("Date | Description | Amount | Balance")
  m.transactions.forEach((tr, i) => {
    // the last running balance is the closing balance
    const balance = i === m.transactions.length - 1 ? `[[closing_balance|${grouped(tr.balance)}]]` : grouped(tr.balance)
    t.line(`${date(tr.date, ds)} | ${tr.description} | ${tr.amount > 0 ? "+" : ""}${grouped(tr.amount)} | ${balance}`, SEMANTIC)
  })
  t.line()
  t.line(`Closing balance: [[closing_balance|${grouped(m.closing)}]]`, SEMANTIC)
  return {
    id: "bst-07", file: "bst-07-statement.txt", format: "txt", type: "bank_statement",
    notes: "plain-text export: 'Account holder:', 'Period: 2026-03-01 to 2026-03-31', pipe-separated transaction lines with signed amounts '+1,200.00' / '-45.12', 'Currency: USD' line; character ranges against the exact text",
    pages: null, category: "bank_statement", sheets: null, schema_name: "bank_statement", schema: BANK_STATEMENT_SCHEMA,
    fields: statementFields(m), locations: t.locations.list(), bytes: utf8(t.toString())
  }
}

export const generateStatements = async (rng: Prng): Promise<Array<Generated>> => {
  const out: Array<Generated> = []
  for (const spec of PDFS) out.push(await pdfStatement(rng.fork(spec.id), spec))
  out.push(htmlStatement(rng.fork("bst-06")), txtStatement(rng.fork("bst-07")))
  return out
}
