/**
 * Generated journal packages for the ledger engine's tests: a journal (in one of three amount
 * layouts, with one of four header vocabularies, optionally composite account keys, several
 * currencies, European formats, partitioned across monthly files), a chart of accounts and a
 * trial balance — balanced, or broken in known ways. The generator also returns the truth of what
 * it wrote (entries, lines, the breaks it made), so tests compare the engine with the generator,
 * not with numbers typed into the test.
 */
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"
import type { RawCell } from "../../../src/workspaces/tables/workspace-table.js"
import { type LedgerSource, ledgerSource } from "../../../src/workspaces/ledger/ledger-source.js"

export type Layout = "debit_credit" | "signed" | "indicator"
export type HeaderStyle = "ads" | "english" | "german" | "fec"

export interface PackageOptions {
  readonly layout?: Layout
  readonly headers?: HeaderStyle
  readonly entries?: number
  readonly seed?: number
  readonly currencies?: ReadonlyArray<string>
  readonly composite?: boolean
  readonly european?: boolean
  /** split the journal into this many monthly files (1: one file) */
  readonly partitions?: number
  readonly creditPositive?: boolean
  readonly chart?: boolean
  /** `tie`, `off` (one account's balance off by 100), `none` */
  readonly trialBalance?: "tie" | "off" | "none"
  /** whether the trial balance has a currency column (default: when several currencies) */
  readonly trialBalanceCurrency?: boolean
  readonly breaks?: {
    readonly unbalanced?: number
    readonly duplicates?: number
    readonly gaps?: number
    readonly missingAccounts?: number
    readonly outOfPeriod?: number
  }
  /** journal file name stem */
  readonly name?: string
}

export interface PackageTruth {
  readonly entries: number
  readonly lines: number
  readonly unbalanced_entry_ids: ReadonlyArray<string>
  readonly duplicate_lines: number
  readonly missing_entry_numbers: number
  readonly lines_without_account: number
  readonly out_of_period_lines: number
  readonly accounts_in_journal: number
  readonly journal_source_ids: ReadonlyArray<string>
  readonly chart_source_id: string | null
  readonly trial_balance_source_id: string | null
  readonly trial_balance_off_account: string | null
}

export interface JournalPackage {
  readonly sources: ReadonlyArray<LedgerSource>
  readonly truth: PackageTruth
}

/** mulberry32: a small seeded generator, so every package is reproducible. */
const random = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const CHART: ReadonlyArray<{ readonly code: string; readonly name: string; readonly type: string }> = [
  { code: "1000", name: "Cash at bank", type: "Asset" },
  { code: "1200", name: "Trade receivables", type: "Asset" },
  { code: "2000", name: "Trade payables", type: "Liability" },
  { code: "3000", name: "Share capital", type: "Equity" },
  { code: "4000", name: "Revenue", type: "Revenue" },
  { code: "5000", name: "Cost of sales", type: "Expense" },
  { code: "6000", name: "Rent", type: "Expense" },
  { code: "6100", name: "Salaries", type: "Expense" }
]

/** Debit account, credit account: sales, purchases, rent, payroll, collections, payments. */
const TEMPLATES: ReadonlyArray<readonly [string, string, string]> = [
  ["1200", "4000", "Invoice"],
  ["5000", "2000", "Purchase"],
  ["6000", "1000", "Rent"],
  ["6100", "1000", "Payroll"],
  ["1000", "1200", "Collection"],
  ["2000", "1000", "Payment"]
]
const COMPANIES = ["C10", "C20"]
const COST_CENTRES = ["CC100", "CC200", "CC300"]
const USERS = ["alice", "bob", "carol"]
const JOURNALS = ["GJ", "AP", "AR"]

type Field = "entry" | "line" | "date" | "account" | "description" | "debit" | "credit" | "amount" | "dc" | "currency" | "user" | "source" | "company" | "cost_centre"

const HEADERS: Record<HeaderStyle, Record<Field, string>> = {
  ads: {
    entry: "JE_Number", line: "JE_Line_Number", date: "Effective_Date", account: "GL_Account_Number", description: "JE_Line_Description", debit: "Debit_Amount",
    credit: "Credit_Amount", amount: "Amount", dc: "Amount_Credit_Debit_Indicator", currency: "Amount_Currency", user: "Entered_By", source: "Source",
    company: "Business_Unit_Code", cost_centre: "Cost_Center"
  },
  english: {
    entry: "Entry No", line: "Line", date: "Posting Date", account: "Account", description: "Description", debit: "Debit", credit: "Credit", amount: "Amount",
    dc: "Dr/Cr", currency: "Currency", user: "User", source: "Journal", company: "Company", cost_centre: "Cost Centre"
  },
  german: {
    entry: "Belegnummer", line: "Position", date: "Buchungsdatum", account: "Konto", description: "Buchungstext", debit: "Soll", credit: "Haben", amount: "Betrag",
    dc: "Soll/Haben-Kennzeichen", currency: "Währung", user: "Benutzer", source: "Belegart", company: "Buchungskreis", cost_centre: "Kostenstelle"
  },
  fec: {
    entry: "EcritureNum", line: "NumLigne", date: "EcritureDate", account: "CompteNum", description: "EcritureLib", debit: "Debit", credit: "Credit", amount: "Montant",
    dc: "Sens", currency: "Idevise", user: "Utilisateur", source: "JournalCode", company: "Societe", cost_centre: "CentreDeCout"
  }
}

/** cents as text: `1234.56` or, European, `1.234,56` (negative with a leading minus). */
export const money = (cents: bigint, european: boolean): string => {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const whole = (abs / 100n).toString()
  const fraction = (abs % 100n).toString().padStart(2, "0")
  const grouped = european ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".") : whole
  return `${negative ? "-" : ""}${grouped}${european ? "," : "."}${fraction}`
}

const dateText = (iso: string, european: boolean) => (european ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : iso)

const table = (name: string, path: string, grid: ReadonlyArray<ReadonlyArray<RawCell>>, component = path.split("/").pop()!, fileId = `f_${name}`): LedgerSource => {
  const built = buildTable({ file_id: fileId, path, component, component_kind: "csv", table_name: name }, grid)
  return ledgerSource(built.descriptor, built.rows)
}

interface Line {
  entry: string
  line: number
  date: string
  company: string
  account: string | null
  costCentre: string
  description: string
  cents: bigint
  currency: string
  user: string
  source: string
}

export const journalPackage = (options: PackageOptions = {}): JournalPackage => {
  const o = {
    layout: "signed" as Layout, headers: "ads" as HeaderStyle, entries: 40, seed: 7, currencies: ["EUR"], composite: false, european: false, partitions: 1,
    creditPositive: false, chart: true, trialBalance: "tie" as const, name: "journal", ...options
  }
  const rnd = random(o.seed)
  const pick = <T,>(xs: ReadonlyArray<T>): T => xs[Math.floor(rnd() * xs.length)]
  const breaks = { unbalanced: 0, duplicates: 0, gaps: 0, missingAccounts: 0, outOfPeriod: 0, ...o.breaks }
  const lines: Array<Line> = []
  const unbalanced: Array<string> = []
  // numbering: a gap skips a number
  let number = 0
  const skipAt = new Set(Array.from({ length: breaks.gaps }, (_, i) => Math.floor(((i + 1) * o.entries) / (breaks.gaps + 1))))
  for (let e = 0; e < o.entries; e++) {
    number += skipAt.has(e) ? 2 : 1
    const entry = `JE-${String(number).padStart(6, "0")}`
    const month = o.partitions > 1 ? (e % o.partitions) + 1 : 1 + Math.floor(rnd() * 12)
    const date = `2024-${String(month).padStart(2, "0")}-${String(1 + Math.floor(rnd() * 28)).padStart(2, "0")}`
    const [dr, cr, what] = pick(TEMPLATES)
    const currency = pick(o.currencies)
    const company = pick(COMPANIES)
    const user = pick(USERS)
    const source = pick(JOURNALS)
    const total = BigInt(1000 + Math.floor(rnd() * 2_000_000))
    // the debit side split in one or two lines
    const split = rnd() < 0.5 ? [total] : [total / 3n, total - total / 3n]
    const entryLines: Array<Line> = [
      ...split.map((c, i) => ({ entry, line: i + 1, date, company, account: dr, costCentre: pick(COST_CENTRES), description: `${what} ${e}`, cents: c, currency, user, source })),
      { entry, line: split.length + 1, date, company, account: cr, costCentre: pick(COST_CENTRES), description: `${what} ${e}`, cents: -total, currency, user, source }
    ]
    if (unbalanced.length < breaks.unbalanced && e % 3 === 1) {
      entryLines[0].cents += 100n
      unbalanced.push(entry)
    }
    lines.push(...entryLines)
  }
  // out-of-period dates and lines without accounts on distinct lines; duplicates repeat a whole line (and so unbalance its entry)
  for (let i = 0; i < breaks.outOfPeriod; i++) lines[(i * 7 + 3) % lines.length].date = "2025-01-15"
  for (let i = 0; i < breaks.missingAccounts; i++) lines[(i * 11 + 5) % lines.length].account = null
  const duplicated: Array<Line> = []
  for (let i = 0; i < breaks.duplicates; i++) {
    const l = lines[(i * 13 + 2) % lines.length]
    duplicated.push({ ...l })
    if (!unbalanced.includes(l.entry)) unbalanced.push(l.entry)
  }
  lines.push(...duplicated)
  const h = HEADERS[o.headers]
  const indicator = o.headers === "german" ? (["S", "H"] as const) : (["D", "C"] as const)
  const multi = o.currencies.length > 1
  const columns: Array<Field> = [
    ...(o.headers === "fec" ? (["source"] as const) : []),
    "entry",
    "line",
    "date",
    ...(o.composite ? (["company"] as const) : []),
    "account",
    ...(o.composite ? (["cost_centre"] as const) : []),
    "description",
    ...(o.layout === "debit_credit" ? (["debit", "credit"] as const) : o.layout === "indicator" ? (["amount", "dc"] as const) : (["amount"] as const)),
    ...(multi ? (["currency"] as const) : []),
    "user",
    ...(o.headers === "fec" ? [] : (["source"] as const))
  ]
  const cell = (l: Line, f: Field): RawCell => {
    switch (f) {
      case "entry": return l.entry
      case "line": return String(l.line)
      case "date": return dateText(l.date, o.european)
      case "account": return l.account
      case "company": return l.company
      case "cost_centre": return l.costCentre
      case "description": return l.description
      case "debit": return l.cents >= 0n ? money(l.cents, o.european) : null
      case "credit": return l.cents < 0n ? money(-l.cents, o.european) : null
      case "amount": return o.layout === "indicator" ? money(l.cents < 0n ? -l.cents : l.cents, o.european) : money(o.creditPositive ? -l.cents : l.cents, o.european)
      case "dc": return l.cents >= 0n ? indicator[0] : indicator[1]
      case "currency": return l.currency
      case "user": return l.user
      case "source": return l.source
    }
  }
  const header = columns.map((f) => h[f])
  const sources: Array<LedgerSource> = []
  const journalIds: Array<string> = []
  if (o.partitions > 1) {
    for (let p = 1; p <= o.partitions; p++) {
      const month = String(p).padStart(2, "0")
      const part = lines.filter((l) => Number(l.date.slice(5, 7)) === p || (l.date.startsWith("2025") && p === 1))
      const name = `${o.name}_2024_${month}`
      sources.push(table(name, `gl/${name}.csv`, [header, ...part.map((l) => columns.map((f) => cell(l, f)))]))
      journalIds.push(name)
    }
  } else {
    sources.push(table(o.name, `gl/${o.name}.csv`, [header, ...lines.map((l) => columns.map((f) => cell(l, f)))]))
    journalIds.push(o.name)
  }
  if (o.chart) {
    sources.push(table("chart_of_accounts", "gl/chart_of_accounts.csv", [["Account", "Account Name", "Account Type"], ...CHART.map((a) => [a.code, a.name, a.type])]))
  }
  // the trial balance: closing balance per account identity (and currency), debit positive (credit positive when the journal is)
  let offAccount: string | null = null
  if (o.trialBalance !== "none") {
    const withCurrency = options.trialBalanceCurrency ?? multi
    const sums = new Map<string, { parts: Array<string>; cents: bigint }>()
    for (const l of lines) {
      if (l.account === null) continue
      const parts = [...(o.composite ? [l.company] : []), l.account, ...(o.composite ? [l.costCentre] : []), ...(withCurrency ? [l.currency] : [])]
      const k = parts.join("|")
      const s = sums.get(k) ?? { parts, cents: 0n }
      s.cents += l.cents
      sums.set(k, s)
    }
    const rows = [...sums.values()].sort((a, b) => a.parts.join("|").localeCompare(b.parts.join("|")))
    if (o.trialBalance === "off") {
      rows[0].cents += 10000n
      offAccount = rows[0].parts.join("|")
    }
    const tbHeader = [...(o.composite ? ["Company"] : []), "Account", ...(o.composite ? ["Cost Centre"] : []), ...(withCurrency ? ["Currency"] : []), "Closing Balance"]
    sources.push(
      table("trial_balance", "gl/trial_balance.csv", [tbHeader, ...rows.map((r) => [...r.parts, money(o.creditPositive ? -r.cents : r.cents, o.european)])])
    )
  }
  const accounts = new Set(lines.filter((l) => l.account !== null).map((l) => [...(o.composite ? [l.company] : []), l.account, ...(o.composite ? [l.costCentre] : [])].join("|")))
  return {
    sources,
    truth: {
      entries: o.entries,
      lines: lines.length,
      unbalanced_entry_ids: [...new Set(unbalanced)].sort(),
      duplicate_lines: duplicated.length,
      missing_entry_numbers: breaks.gaps,
      lines_without_account: breaks.missingAccounts,
      out_of_period_lines: breaks.outOfPeriod,
      accounts_in_journal: accounts.size,
      journal_source_ids: journalIds,
      chart_source_id: o.chart ? "chart_of_accounts" : null,
      trial_balance_source_id: o.trialBalance === "none" ? null : "trial_balance",
      trial_balance_off_account: offAccount
    }
  }
}
