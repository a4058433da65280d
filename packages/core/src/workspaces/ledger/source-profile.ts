/**
 * A source profiled as each ledger role, with the evidence that scores it: header evidence (the
 * fields its columns map to, as ADS names) and content evidence (entries that balance, account
 * codes that are unique per row, balances that net to zero). Scores are sums of evidence weights,
 * capped at 1; the weights are in the README ("Roles and scores").
 */
import { type ColumnMapping, type MappingEvidence, mapColumns, mappedColumns } from "./column-mapping.js"
import { type ColumnReading, readColumns } from "./column-reading.js"
import { INFERRED_PARSING, type ParsingOptions } from "./parsing-options.js"
import { absAmount, BALANCE_TOLERANCE } from "./decimal-amount.js"
import { readJournalLines } from "./journal-lines.js"
import type { LedgerSource } from "./ledger-source.js"

export type LedgerRole = "journal_lines" | "chart_of_accounts" | "trial_balance" | "supporting"

export const LEDGER_ROLES: ReadonlyArray<LedgerRole> = ["journal_lines", "chart_of_accounts", "trial_balance", "supporting"]

export interface RoleEvidence {
  readonly role: LedgerRole
  /** `header`: from column names; `content`: from the cells */
  readonly kind: "header" | "content"
  /** stable code (`field_entry_id`, `entries_balance`, …) */
  readonly code: string
  readonly detail: string
  /** signed contribution to the role's score */
  readonly weight: number
}

export interface SourceProfile {
  readonly mapping: ColumnMapping
  readonly mapping_evidence: ReadonlyArray<MappingEvidence>
  readonly readings: ReadonlyArray<ColumnReading>
  readonly role: LedgerRole
  readonly scores: Readonly<Record<LedgerRole, number>>
  readonly evidence: ReadonlyArray<RoleEvidence>
  /** entry id, account and an amount are mapped: what a primary needs to be reviewed and tested */
  readonly key_evidence: boolean
  /** entries (by entry id and currency) that balance, of those tested; null when not testable */
  readonly balanced_share: number | null
}

/** Score at which a role counts as recognised. */
export const ROLE_THRESHOLD = 0.6

const round = (x: number) => Math.round(x * 1000) / 1000

/** Share of entries that balance and mean lines per entry, reading `source` with `mapping`. */
const entryBalance = (source: LedgerSource, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping) => {
  const lines = readJournalLines([source], readings, mapping, 1)
  const sums = new Map<string, bigint>()
  for (const l of lines) {
    if (l.entry_id === null || l.amount === null) continue
    const k = `${l.entry_id}\u0000${l.currency ?? ""}`
    sums.set(k, (sums.get(k) ?? 0n) + l.amount)
  }
  if (sums.size === 0) return null
  const balanced = [...sums.values()].filter((s) => absAmount(s) <= BALANCE_TOLERANCE).length
  return { share: balanced / sums.size, entries: sums.size, lines_per_entry: lines.length / sums.size }
}

/** When no header names the entry id: the one free column whose groups balance (content evidence). */
const entryIdByContent = (source: LedgerSource, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping): ColumnMapping | null => {
  if (mapping.entry_id !== null || mapping.amount_layout === null || mapping.account.length === 0) return null
  const used = new Set(mappedColumns(mapping))
  const candidates = readings.filter(
    (r) => !used.has(r.name) && r.date === null && r.data_type !== "numeric" && r.data_type !== "boolean" && r.distinct >= 2 && r.distinct <= r.sampled / 1.5
  )
  for (const c of candidates.slice(0, 8)) {
    const trial = { ...mapping, entry_id: c.name }
    const b = entryBalance(source, readings, trial)
    if (b !== null && b.share >= 0.95) return trial
  }
  return null
}

/**
 * The columns (journal source, then company) that entry numbers repeat across: a column qualifies
 * the entry id when some id appears with two of its values (one entry never spans two journals or
 * two companies, so a global numbering never does).
 */
const entryScope = (source: LedgerSource, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping): ReadonlyArray<string> => {
  if (mapping.entry_id === null) return []
  const iEntry = readings.findIndex((r) => r.name === mapping.entry_id)
  return [mapping.source, mapping.company].filter((c): c is string => c !== null).filter((column) => {
    const i = readings.findIndex((r) => r.name === column)
    const seen = new Map<string, string>()
    for (const row of source.rows) {
      const id = row[iEntry]
      const v = row[i]
      if (id === null || v === null) continue
      const prior = seen.get(String(id))
      if (prior === undefined) seen.set(String(id), String(v))
      else if (prior !== String(v)) return true
    }
    return false
  })
}

/** Profiles one source (or a partitioned dataset's concatenation) as every role. */
export const profileSource = (source: LedgerSource, parsing: ParsingOptions = INFERRED_PARSING): SourceProfile => {
  const readings = readColumns(source, parsing)
  const mapped = mapColumns(readings)
  let mapping = mapped.mapping
  const mappingEvidence: Array<MappingEvidence> = [...mapped.evidence]
  const byContent = entryIdByContent(source, readings, mapping)
  if (byContent !== null) {
    mapping = byContent
    const c = readings.find((r) => r.name === byContent.entry_id)!
    mappingEvidence.unshift({ field: "entry_id", column: c.name, header: c.header, ads_name: "Journal_ID / JE_Number", basis: "content" })
  }
  const scope = entryScope(source, readings, mapping)
  if (scope.length > 0) {
    mapping = { ...mapping, entry_scope: scope }
  }
  const evidence: Array<RoleEvidence> = []
  const add = (role: LedgerRole, kind: RoleEvidence["kind"], code: string, detail: string, weight: number) =>
    evidence.push({ role, kind, code, detail, weight })
  const has = (field: keyof ColumnMapping) => {
    const v = mapping[field]
    return Array.isArray(v) ? v.length > 0 : v !== null
  }
  const hasAmount = mapping.amount_layout !== null
  const hasBalance = has("closing_balance") || has("opening_balance")
  const accountReading = readings.find((r) => r.name === mapping.natural_account)
  const accountUnique = (() => {
    if (mapping.account.length === 0) return false
    // a balance list in several currencies holds an account once per currency
    const idx = [...mapping.account, ...(mapping.currency === null ? [] : [mapping.currency])].map((n) => readings.findIndex((r) => r.name === n))
    const keys = source.rows.map((row) => idx.map((i) => String(row[i] ?? "")).join("|"))
    const nonEmpty = keys.filter((k) => k.replace(/\|/g, "") !== "")
    return nonEmpty.length > 0 && new Set(nonEmpty).size === nonEmpty.length
  })()

  // journal lines
  if (has("entry_id")) add("journal_lines", "header", "field_entry_id", `entry id in ${[...mapping.entry_scope, mapping.entry_id].join(" + ")}`, 0.2)
  if (scope.length > 0) add("journal_lines", "content", "entry_id_scoped", `entry numbers repeat across ${scope.join(", ")}: entries are numbered per ${scope.join(" and ")}`, 0)
  if (has("account")) add("journal_lines", "header", "field_account", `account in ${mapping.account.join(" + ")}`, 0.15)
  if (hasAmount) add("journal_lines", "header", "field_amount", `amounts as ${mapping.amount_layout}`, 0.15)
  if (has("posting_date")) add("journal_lines", "header", "field_posting_date", `posting date in ${mapping.posting_date}`, 0.1)
  const extras = (["line_number", "description", "user", "source", "document_date", "entered_date"] as const).filter(has)
  if (extras.length > 0) add("journal_lines", "header", "field_line_details", `line details: ${extras.join(", ")}`, Math.min(0.1, 0.04 * extras.length))
  let balancedShare: number | null = null
  if (has("entry_id") && hasAmount) {
    const b = entryBalance(source, readings, mapping)
    if (b !== null) {
      balancedShare = round(b.share)
      if (b.share >= 0.9) add("journal_lines", "content", "entries_balance", `${Math.round(b.share * 100)}% of ${b.entries} entries balance`, 0.25)
      else if (b.share >= 0.5) add("journal_lines", "content", "entries_mostly_balance", `${Math.round(b.share * 100)}% of ${b.entries} entries balance`, 0.1)
      // a list of one-sided documents (an invoice register) has ids, accounts and amounts too, but its entries never balance
      else add("journal_lines", "content", "entries_do_not_balance", `only ${Math.round(b.share * 100)}% of ${b.entries} entries balance`, -0.3)
      if (b.lines_per_entry >= 1.5) add("journal_lines", "content", "multi_line_entries", `${b.lines_per_entry.toFixed(1)} lines per entry`, 0.05)
    }
  }
  if (accountUnique && !has("entry_id")) add("journal_lines", "content", "account_unique_per_row", "each account appears once (a list, not postings)", -0.3)

  // chart of accounts
  if (has("account")) add("chart_of_accounts", "header", "field_account", `account in ${mapping.account.join(" + ")}`, 0.3)
  if (has("account_name")) add("chart_of_accounts", "header", "field_account_name", `account name in ${mapping.account_name}`, 0.25)
  if (has("account_type")) add("chart_of_accounts", "header", "field_account_type", `account type in ${mapping.account_type}`, 0.1)
  if (accountUnique) add("chart_of_accounts", "content", "account_unique_per_row", "each account identity appears once", 0.25)
  if (accountReading !== undefined && accountReading.code_share >= 0.8) add("chart_of_accounts", "content", "account_codes", "account column holds codes", 0.1)
  if (hasAmount || hasBalance) add("chart_of_accounts", "header", "has_amounts", "amount columns (a balance list, not a chart)", -0.3)
  if (has("entry_id")) add("chart_of_accounts", "header", "has_entry_id", "entry ids (postings, not a chart)", -0.3)

  // trial balance
  if (has("account")) add("trial_balance", "header", "field_account", `account in ${mapping.account.join(" + ")}`, 0.25)
  if (hasBalance) add("trial_balance", "header", "field_balance", `balances in ${[mapping.opening_balance, mapping.closing_balance].filter((x) => x !== null).join(", ")}`, 0.3)
  else if (hasAmount) add("trial_balance", "header", "field_amount", `amounts as ${mapping.amount_layout}`, 0.2)
  if (accountUnique) add("trial_balance", "content", "account_unique_per_row", "each account identity (per currency) appears once", 0.25)
  if (has("entry_id")) add("trial_balance", "header", "has_entry_id", "entry ids (postings, not balances)", -0.4)
  if (!has("entry_id") && (hasBalance || hasAmount) && has("account")) {
    const net = trialBalanceNet(source, readings, mapping)
    if (net !== null && absAmount(net) <= BALANCE_TOLERANCE) add("trial_balance", "content", "balances_net_to_zero", "the balances sum to zero", 0.2)
  }

  // supporting list: any table with a key column
  const keyColumn = readings.find((r) => r.non_empty === r.sampled && r.distinct === r.non_empty && r.non_empty > 0)
  add("supporting", "content", "table", "a table of the package", 0.3)
  if (keyColumn !== undefined) add("supporting", "content", "key_column", `${keyColumn.name} is unique per row`, 0.2)

  const scores = Object.fromEntries(
    LEDGER_ROLES.map((role) => [role, round(Math.max(0, Math.min(1, evidence.filter((e) => e.role === role).reduce((s, e) => s + e.weight, 0))))])
  ) as Record<LedgerRole, number>
  const recognised = LEDGER_ROLES.filter((r) => r !== "supporting" && scores[r] >= ROLE_THRESHOLD).sort((a, b) => scores[b] - scores[a])
  return {
    mapping,
    mapping_evidence: mappingEvidence,
    readings,
    role: recognised[0] ?? "supporting",
    scores,
    evidence,
    key_evidence: has("entry_id") && has("account") && hasAmount,
    balanced_share: balancedShare
  }
}

/** The net of a balance list (closing balance, else debit − credit or the signed amount); null when nothing reads. */
export const trialBalanceNet = (source: LedgerSource, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping): bigint | null => {
  const balances = readBalances([source], readings, mapping)
  return balances.length === 0 ? null : balances.reduce((s, b) => s + b.balance, 0n)
}

export interface AccountBalance {
  readonly account_key: string | null
  readonly account: ReadonlyArray<string | null>
  /** closing balance, debit positive */
  readonly balance: bigint
  /** opening balance when the list has one (else null) */
  readonly opening: bigint | null
  readonly currency: string | null
}

/** The balances of a trial balance, debit positive: closing (and opening) columns, else debit − credit, else the signed amount. */
export const readBalances = (sources: ReadonlyArray<LedgerSource>, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping): ReadonlyArray<AccountBalance> => {
  if (mapping.closing_balance !== null) {
    const asAmount = { ...mapping, amount: mapping.closing_balance, amount_layout: "signed_amount" as const }
    const closing = readJournalLines(sources, readings, asAmount, 1)
    const opening = new Map(
      (mapping.opening_balance === null ? [] : readJournalLines(sources, readings, { ...mapping, amount: mapping.opening_balance, amount_layout: "signed_amount" }, 1)).map(
        (o) => [`${o.source_id}\u0000${o.row}`, o.amount] as const
      )
    )
    return closing
      .filter((l) => l.amount !== null)
      .map((l) => ({
        account_key: l.account_key,
        account: l.account,
        balance: l.amount!,
        opening: opening.get(`${l.source_id}\u0000${l.row}`) ?? null,
        currency: l.currency
      }))
  }
  return readJournalLines(sources, readings, mapping, 1)
    .filter((l) => l.amount !== null)
    .map((l) => ({ account_key: l.account_key, account: l.account, balance: l.amount!, opening: null, currency: l.currency }))
}
