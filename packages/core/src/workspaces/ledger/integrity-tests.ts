/**
 * The integrity tests an auditor runs on a journal before testing entries (the completeness and
 * accuracy checks of IDEA's and ACL's journal-entry routines, MindBridge's ledger validation):
 * every entry balances, the journal ties to the trial balance, no duplicate lines, no gaps in
 * entry numbers, every line has an account, every posting date is in the period. Each test says
 * `passed`, `failed` or `not_tested` (with the reason), with counts and at most
 * `MAX_EXAMPLES` examples that name entries and accounts — never whole rows.
 */
import { absAmount, amountText, BALANCE_TOLERANCE } from "./decimal-amount.js"
import type { JournalLine } from "./journal-lines.js"
import { keyPart } from "./journal-lines.js"
import type { AccountBalance } from "./source-profile.js"

export const MAX_EXAMPLES = 10

export type TestStatus = "passed" | "failed" | "not_tested"

export interface EntriesBalance {
  readonly status: TestStatus
  readonly entries_tested: number
  readonly entries_unbalanced: number
  readonly lines_without_entry_id: number
  readonly lines_without_amount: number
  /** per currency (`""` when the lines carry none): debits, credits and their net over the whole journal */
  readonly totals: ReadonlyArray<{ readonly currency: string; readonly debit: string; readonly credit: string; readonly net: string }>
  readonly examples: ReadonlyArray<{ readonly entry_id: string; readonly currency: string; readonly difference: string }>
}

/** Every entry (entry id and currency) sums to zero within half a cent. */
export const testEntriesBalance = (lines: ReadonlyArray<JournalLine>): EntriesBalance => {
  const sums = new Map<string, { entry: string; currency: string; sum: bigint }>()
  const totals = new Map<string, { debit: bigint; credit: bigint }>()
  let withoutId = 0
  let withoutAmount = 0
  for (const l of lines) {
    if (l.amount === null) {
      withoutAmount++
      continue
    }
    const currency = l.currency ?? ""
    const t = totals.get(currency) ?? { debit: 0n, credit: 0n }
    if (l.amount >= 0n) t.debit += l.amount
    else t.credit -= l.amount
    totals.set(currency, t)
    if (l.entry_id === null) {
      withoutId++
      continue
    }
    const k = `${l.entry_id}\u0000${currency}`
    const s = sums.get(k) ?? { entry: l.entry_id, currency, sum: 0n }
    s.sum += l.amount
    sums.set(k, s)
  }
  const unbalanced = [...sums.values()].filter((s) => absAmount(s.sum) > BALANCE_TOLERANCE)
  const tested = sums.size
  return {
    status: tested === 0 ? "not_tested" : unbalanced.length === 0 && withoutId === 0 ? "passed" : "failed",
    entries_tested: tested,
    entries_unbalanced: unbalanced.length,
    lines_without_entry_id: withoutId,
    lines_without_amount: withoutAmount,
    totals: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ currency, debit: amountText(t.debit), credit: amountText(t.credit), net: amountText(t.debit - t.credit) })),
    examples: unbalanced.slice(0, MAX_EXAMPLES).map((s) => ({ entry_id: s.entry, currency: s.currency, difference: amountText(s.sum) }))
  }
}

export interface TrialBalanceTie {
  readonly status: TestStatus
  /** why not tested: `no_trial_balance`, `no_common_account_segments`, `currency_unknown` */
  readonly reason: string | null
  readonly trial_balance_source_id: string | null
  /** `movement`: journal net vs closing − opening; `closing_balance`: journal net vs closing */
  readonly basis: "movement" | "closing_balance" | null
  /** the account segments compared (`company`, `account`, `cost_centre`) */
  readonly compared_on: ReadonlyArray<string>
  readonly accounts_compared: number
  readonly accounts_tied: number
  readonly accounts_differing: number
  readonly accounts_only_in_journal: number
  readonly accounts_only_in_trial_balance: number
  readonly total_difference: string
  readonly examples: ReadonlyArray<{ readonly account: string; readonly journal: string; readonly trial_balance: string; readonly difference: string }>
}

export const notTestedTie = (reason: string, source: string | null = null): TrialBalanceTie => ({
  status: "not_tested",
  reason,
  trial_balance_source_id: source,
  basis: null,
  compared_on: [],
  accounts_compared: 0,
  accounts_tied: 0,
  accounts_differing: 0,
  accounts_only_in_journal: 0,
  accounts_only_in_trial_balance: 0,
  total_difference: "0",
  examples: []
})

/**
 * The journal's net per account against the trial balance. `journalKey` and `balanceKey` project
 * both sides onto their common segments (and the currency when both carry one).
 */
export const testTrialBalanceTie = (
  lines: ReadonlyArray<JournalLine>,
  balances: ReadonlyArray<AccountBalance>,
  source: string,
  compared_on: ReadonlyArray<string>,
  journalKey: (l: JournalLine) => string | null,
  balanceKey: (b: AccountBalance) => string | null
): TrialBalanceTie => {
  const journal = new Map<string, bigint>()
  for (const l of lines) {
    const k = journalKey(l)
    if (k === null || l.amount === null) continue
    journal.set(k, (journal.get(k) ?? 0n) + l.amount)
  }
  const movement = balances.some((b) => b.opening !== null)
  const tb = new Map<string, bigint>()
  for (const b of balances) {
    const k = balanceKey(b)
    if (k === null) continue
    tb.set(k, (tb.get(k) ?? 0n) + (movement ? b.balance - (b.opening ?? 0n) : b.balance))
  }
  const keys = [...new Set([...journal.keys(), ...tb.keys()])].sort()
  let tied = 0
  let onlyJournal = 0
  let onlyTb = 0
  let total = 0n
  const differing: Array<TrialBalanceTie["examples"][number]> = []
  for (const k of keys) {
    const j = journal.get(k)
    const t = tb.get(k)
    // an account with no postings and a zero balance ties; one absent on a side with a balance does not
    if (j === undefined && t !== undefined && absAmount(t) > BALANCE_TOLERANCE) onlyTb++
    if (t === undefined && j !== undefined && absAmount(j) > BALANCE_TOLERANCE) onlyJournal++
    const d = (j ?? 0n) - (t ?? 0n)
    if (absAmount(d) <= BALANCE_TOLERANCE) tied++
    else {
      total += d
      differing.push({ account: k, journal: amountText(j ?? 0n), trial_balance: amountText(t ?? 0n), difference: amountText(d) })
    }
  }
  return {
    status: differing.length === 0 ? "passed" : "failed",
    reason: null,
    trial_balance_source_id: source,
    basis: movement ? "movement" : "closing_balance",
    compared_on,
    accounts_compared: keys.length,
    accounts_tied: tied,
    accounts_differing: differing.length,
    accounts_only_in_journal: onlyJournal,
    accounts_only_in_trial_balance: onlyTb,
    total_difference: amountText(total),
    examples: differing.slice(0, MAX_EXAMPLES)
  }
}

export interface Duplicates {
  readonly status: TestStatus
  /** lines identical to an earlier one in every mapped field (entry, line, date, account, amount, currency, description) */
  readonly duplicate_lines: number
  readonly duplicate_groups: number
  /** entry id + line number pairs used more than once (null when no line number column) */
  readonly repeated_line_keys: number | null
  readonly examples: ReadonlyArray<{ readonly entry_id: string | null; readonly line_number: string | null; readonly occurrences: number }>
}

export const testDuplicates = (lines: ReadonlyArray<JournalLine>, hasLineNumbers: boolean): Duplicates => {
  const groups = new Map<string, { line: JournalLine; n: number }>()
  for (const l of lines) {
    const k = JSON.stringify([l.entry_id, l.line_number, l.posting_date, l.account_key, l.amount === null ? null : l.amount.toString(), l.currency, l.description])
    const g = groups.get(k) ?? { line: l, n: 0 }
    g.n++
    groups.set(k, g)
  }
  const repeated = [...groups.values()].filter((g) => g.n > 1)
  let repeatedKeys: number | null = null
  if (hasLineNumbers) {
    const keys = new Map<string, number>()
    for (const l of lines) if (l.entry_id !== null && l.line_number !== null) keys.set(`${l.entry_id}\u0000${l.line_number}`, (keys.get(`${l.entry_id}\u0000${l.line_number}`) ?? 0) + 1)
    repeatedKeys = [...keys.values()].filter((n) => n > 1).length
  }
  const duplicateLines = repeated.reduce((s, g) => s + g.n - 1, 0)
  return {
    status: lines.length === 0 ? "not_tested" : duplicateLines === 0 && (repeatedKeys ?? 0) === 0 ? "passed" : "failed",
    duplicate_lines: duplicateLines,
    duplicate_groups: repeated.length,
    repeated_line_keys: repeatedKeys,
    examples: repeated.slice(0, MAX_EXAMPLES).map((g) => ({ entry_id: g.line.entry_id, line_number: g.line.line_number, occurrences: g.n }))
  }
}

export interface EntryNumberGaps {
  readonly status: TestStatus
  /** why not tested: `no_entry_id`, `entry_ids_not_numbered` */
  readonly reason: string | null
  /** true when numbers run per journal source: chosen when one series across journals leaves more series too sparse to test, or (as many) more gaps */
  readonly per_source: boolean
  /** numbering series: ids split into a prefix and a number (`JE-000123` → `JE-`, 123), per journal source when mapped */
  readonly series: ReadonlyArray<{ readonly series: string; readonly first: string; readonly last: string; readonly entries: number; readonly missing: number }>
  readonly missing_total: number
  /** series left out as too sparse to be one numbering (more than ten missing numbers per entry) */
  readonly sparse_series: number
  /** missing ranges, inclusive */
  readonly examples: ReadonlyArray<{ readonly series: string; readonly from: string; readonly to: string }>
}

/** Share of entry ids that must be numbered (a prefix and a number) for the test to run. */
export const NUMBERED_SHARE = 0.8
/** A series whose range would have more missing numbers than this multiple of its entries is not one series (ids from several systems). */
const SPARSE_FACTOR = 10

export const testEntryNumberGaps = (lines: ReadonlyArray<JournalLine>, bySource: boolean): EntryNumberGaps => {
  const ids = new Map<string, string | null>()
  for (const l of lines) if (l.entry_id !== null) ids.set(l.entry_id, bySource ? l.source : null)
  if (ids.size === 0) return { status: "not_tested", reason: "no_entry_id", per_source: bySource, series: [], missing_total: 0, sparse_series: 0, examples: [] }
  const series = new Map<string, { width: number; numbers: Set<bigint> }>()
  let numbered = 0
  for (const [id, journal] of ids) {
    const m = /^(.*?)(\d+)$/.exec(id)
    if (m === null) continue
    numbered++
    const key = `${journal === null ? "" : `${journal}/`}${m[1]}`
    const s = series.get(key) ?? { width: m[2].length, numbers: new Set<bigint>() }
    s.numbers.add(BigInt(m[2]))
    series.set(key, s)
  }
  if (numbered / ids.size < NUMBERED_SHARE) return { status: "not_tested", reason: "entry_ids_not_numbered", per_source: bySource, series: [], missing_total: 0, sparse_series: 0, examples: [] }
  const report: Array<EntryNumberGaps["series"][number]> = []
  const examples: Array<EntryNumberGaps["examples"][number]> = []
  let missingTotal = 0
  let sparse = 0
  const show = (prefix: string, width: number, n: bigint) => `${prefix.includes("/") ? prefix.slice(prefix.indexOf("/") + 1) : prefix}${n.toString().padStart(width, "0")}`
  for (const [key, s] of [...series.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const first = sorted[0]
    const last = sorted[sorted.length - 1]
    const missing = Number(last - first + 1n) - sorted.length
    if (missing > SPARSE_FACTOR * sorted.length) {
      sparse++
      continue
    }
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i] - sorted[i - 1] > 1n && examples.length < MAX_EXAMPLES) {
        examples.push({ series: key, from: show(key, s.width, sorted[i - 1] + 1n), to: show(key, s.width, sorted[i] - 1n) })
      }
    }
    missingTotal += missing
    report.push({ series: key, first: show(key, s.width, first), last: show(key, s.width, last), entries: sorted.length, missing })
  }
  return { status: missingTotal === 0 ? "passed" : "failed", reason: null, per_source: bySource, series: report, missing_total: missingTotal, sparse_series: sparse, examples }
}

export interface LinesWithoutAccounts {
  readonly status: TestStatus
  /** lines with no natural account (whatever other segments they have) */
  readonly lines: number
  /** lines with a natural account but some other segment empty (a blank cost centre) */
  readonly incomplete_identity_lines: number
  readonly examples: ReadonlyArray<{ readonly entry_id: string | null; readonly source_id: string; readonly row: number }>
}

export const testLinesWithoutAccounts = (lines: ReadonlyArray<JournalLine>): LinesWithoutAccounts => {
  const missing = lines.filter((l) => l.account_key === null)
  const incomplete = lines.filter((l) => l.account_key !== null && l.account.some((p) => keyPart(p) === null))
  return {
    status: lines.length === 0 ? "not_tested" : missing.length === 0 ? "passed" : "failed",
    lines: missing.length,
    incomplete_identity_lines: incomplete.length,
    examples: missing.slice(0, MAX_EXAMPLES).map((l) => ({ entry_id: l.entry_id, source_id: l.source_id, row: l.row }))
  }
}

export interface LedgerPeriod {
  readonly start: string
  readonly end: string
  /** `given` by the caller, or `inferred`: the twelve months holding most posting dates (`inferPeriod`) */
  readonly basis: "given" | "inferred"
}

export interface OutOfPeriod {
  readonly status: TestStatus
  readonly reason: string | null
  readonly period: LedgerPeriod | null
  readonly lines_before: number
  readonly lines_after: number
  readonly lines_without_date: number
  readonly lines_with_unreadable_date: number
  readonly examples: ReadonlyArray<{ readonly entry_id: string | null; readonly posting_date: string }>
}

/**
 * The twelve months (from the first of a month) holding the most posting dates, as a period; a
 * window starting in January wins a tie (a calendar year before a shifted fiscal year). Null
 * without dates. A fiscal year from April to March is found as such.
 */
export const inferPeriod = (lines: ReadonlyArray<JournalLine>): LedgerPeriod | null => {
  const months = new Map<number, number>()
  for (const l of lines) {
    if (l.posting_date === null) continue
    const m = Number(l.posting_date.slice(0, 4)) * 12 + Number(l.posting_date.slice(5, 7)) - 1
    months.set(m, (months.get(m) ?? 0) + 1)
  }
  if (months.size === 0) return null
  const keys = [...months.keys()]
  const [first, last] = [Math.min(...keys), Math.max(...keys)]
  let best = { start: first, count: -1 }
  for (let start = first - 11; start <= last; start++) {
    let count = 0
    for (let m = start; m < start + 12; m++) count += months.get(m) ?? 0
    const better = count > best.count || (count === best.count && start % 12 === 0 && best.start % 12 !== 0)
    if (better) best = { start, count }
  }
  const iso = (m: number, day: "first" | "last") => {
    const y = Math.floor(m / 12)
    const mo = (m % 12) + 1
    const d = day === "first" ? 1 : new Date(Date.UTC(y, mo, 0)).getUTCDate()
    return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`
  }
  return { start: iso(best.start, "first"), end: iso(best.start + 11, "last"), basis: "inferred" }
}

export const testOutOfPeriod = (lines: ReadonlyArray<JournalLine>, period: LedgerPeriod | null, hasDateColumn: boolean): OutOfPeriod => {
  if (!hasDateColumn || period === null) {
    return { status: "not_tested", reason: hasDateColumn ? "no_readable_dates" : "no_posting_date", period, lines_before: 0, lines_after: 0, lines_without_date: 0, lines_with_unreadable_date: 0, examples: [] }
  }
  const before = lines.filter((l) => l.posting_date !== null && l.posting_date < period.start)
  const after = lines.filter((l) => l.posting_date !== null && l.posting_date > period.end)
  const without = lines.filter((l) => !l.posting_date_present).length
  const unreadable = lines.filter((l) => l.posting_date_present && l.posting_date === null).length
  return {
    status: before.length + after.length + without + unreadable === 0 ? "passed" : "failed",
    reason: null,
    period,
    lines_before: before.length,
    lines_after: after.length,
    lines_without_date: without,
    lines_with_unreadable_date: unreadable,
    examples: [...before, ...after].slice(0, MAX_EXAMPLES).map((l) => ({ entry_id: l.entry_id, posting_date: l.posting_date! }))
  }
}

export interface LedgerIntegrity {
  readonly entries_balance: EntriesBalance
  readonly trial_balance_tie: TrialBalanceTie
  readonly duplicates: Duplicates
  readonly entry_number_gaps: EntryNumberGaps
  readonly lines_without_accounts: LinesWithoutAccounts
  readonly out_of_period: OutOfPeriod
}
