/**
 * Which column holds which general-ledger field. A column is taken for a field when its header
 * names the field (`field-vocabulary.ts`) and its cells can hold it (dates read as dates, amounts
 * as numbers, indicators as D/C words…); the strongest header wins, one field per column. Where no
 * header names a field, content alone may fill the fields whose cells say what they are (a column
 * of D/C words, of ISO currency codes, the only date column).
 *
 * The account identity is an ordered list of columns: company (business unit), natural account,
 * cost centre — the segment order of the ADS `GL_Account_Number` built from segments — with only
 * the segments the source has.
 */
import { ADS_NAMES, type LedgerField } from "./field-vocabulary.js"
import type { ColumnReading } from "./column-reading.js"

export type AmountLayout = "debit_credit_columns" | "signed_amount" | "amount_with_indicator"

export interface ColumnMapping {
  readonly entry_id: string | null
  /**
   * columns that qualify the entry id, in order, when numbers repeat across them (FEC numbers
   * entries per journal code, SAP per company code): the entry is these values and the id
   */
  readonly entry_scope: ReadonlyArray<string>
  readonly line_number: string | null
  readonly posting_date: string | null
  readonly document_date: string | null
  readonly entered_date: string | null
  /** the account identity: company, account, cost centre columns in that order (empty when no account column) */
  readonly account: ReadonlyArray<string>
  /** the identity's segments, also in `account` */
  readonly company: string | null
  readonly natural_account: string | null
  /** `code`, or `code_with_name` when the account cells are `4000 - Sales` (keys then use the leading code) */
  readonly account_form: "code" | "code_with_name"
  readonly cost_centre: string | null
  readonly account_name: string | null
  readonly account_type: string | null
  readonly description: string | null
  readonly debit: string | null
  readonly credit: string | null
  readonly amount: string | null
  readonly dc_indicator: string | null
  readonly currency: string | null
  readonly user: string | null
  readonly source: string | null
  readonly fiscal_year: string | null
  readonly period: string | null
  readonly opening_balance: string | null
  readonly closing_balance: string | null
  /** how amounts are written; null when no amount field was found */
  readonly amount_layout: AmountLayout | null
}

export interface MappingEvidence {
  readonly field: LedgerField
  readonly column: string
  readonly header: string | null
  readonly ads_name: string
  /** `header` (a header word, exact or contained) or `content` (the cells alone) */
  readonly basis: "header_exact" | "header_partial" | "content"
}

/** Whether a column's cells can hold `field`. */
const cellsFit = (field: LedgerField, c: ColumnReading): boolean => {
  if (c.non_empty === 0) return false
  switch (field) {
    case "posting_date":
    case "document_date":
    case "entered_date":
      return c.date !== null
    case "debit":
    case "credit":
    case "amount":
    case "opening_balance":
    case "closing_balance":
      return c.number_share >= 0.95 && c.date === null
    case "dc_indicator":
      return c.indicator_share >= 0.95
    case "currency":
      return c.currency_share >= 0.95
    case "line_number":
    case "fiscal_year":
    case "period":
      return c.data_type === "integer" || c.number_share >= 0.95 || field === "period"
    case "entry_id":
    case "account":
    case "company":
    case "cost_centre":
      return c.data_type !== "boolean" && c.date === null && c.data_type !== "numeric"
    default:
      return true
  }
}

const FIELDS_BY_STRENGTH: ReadonlyArray<LedgerField> = [
  "entry_id", "line_number", "account", "account_name", "debit", "credit", "amount", "dc_indicator", "currency", "posting_date",
  "document_date", "entered_date", "company", "cost_centre", "description", "user", "source", "account_type", "fiscal_year", "period",
  "opening_balance", "closing_balance"
]

export interface MappedColumns {
  readonly mapping: ColumnMapping
  readonly evidence: ReadonlyArray<MappingEvidence>
}

/** The mapping of a source's columns to ledger fields. */
export const mapColumns = (columns: ReadonlyArray<ColumnReading>): MappedColumns => {
  const taken = new Map<LedgerField, ColumnReading>()
  const used = new Set<number>()
  const evidence: Array<MappingEvidence> = []
  const take = (field: LedgerField, c: ColumnReading, basis: MappingEvidence["basis"]) => {
    taken.set(field, c)
    used.add(c.index)
    evidence.push({ field, column: c.name, header: c.header, ads_name: ADS_NAMES[field], basis })
  }
  // header matches, strongest first; among equals, the field order above and then the column order
  const candidates = columns
    .flatMap((c) => c.matches.map((m) => ({ c, m })))
    .filter(({ c, m }) => cellsFit(m.field, c))
    .sort(
      (a, b) =>
        b.m.strength - a.m.strength ||
        FIELDS_BY_STRENGTH.indexOf(a.m.field) - FIELDS_BY_STRENGTH.indexOf(b.m.field) ||
        a.c.index - b.c.index
    )
  for (const { c, m } of candidates) {
    if (taken.has(m.field) || used.has(c.index)) continue
    take(m.field, c, m.strength >= 1 ? "header_exact" : "header_partial")
  }
  // content alone for the fields whose cells say what they are
  const free = columns.filter((c) => !used.has(c.index))
  if (!taken.has("dc_indicator") && (taken.has("amount") || !taken.has("debit"))) {
    const c = free.find((x) => x.indicator_share >= 0.95 && !used.has(x.index))
    if (c !== undefined) take("dc_indicator", c, "content")
  }
  if (!taken.has("currency")) {
    const c = free.find((x) => x.currency_share >= 0.95 && x.data_type === "text" && !used.has(x.index))
    if (c !== undefined) take("currency", c, "content")
  }
  if (!taken.has("posting_date")) {
    const dates = free.filter((x) => x.date !== null && x.date.parsed_share >= 0.95 && !used.has(x.index) && x.data_type !== "integer")
    if (dates.length === 1) take("posting_date", dates[0], "content")
  }
  const col = (f: LedgerField) => taken.get(f)?.name ?? null
  const debit = col("debit")
  const credit = col("credit")
  const amount = col("amount")
  const indicator = col("dc_indicator")
  const amount_layout: AmountLayout | null =
    debit !== null && credit !== null ? "debit_credit_columns" : amount !== null ? (indicator !== null ? "amount_with_indicator" : "signed_amount") : null
  const account = col("account") === null ? [] : (["company", "account", "cost_centre"] as const).map(col).filter((n): n is string => n !== null)
  return {
    mapping: {
      entry_id: col("entry_id"),
      entry_scope: [],
      line_number: col("line_number"),
      posting_date: col("posting_date"),
      document_date: col("document_date"),
      entered_date: col("entered_date"),
      account,
      company: account.length > 0 ? col("company") : null,
      natural_account: col("account"),
      account_form: (taken.get("account")?.code_with_name_share ?? 0) >= 0.9 ? "code_with_name" : "code",
      cost_centre: account.length > 0 ? col("cost_centre") : null,
      account_name: col("account_name"),
      account_type: col("account_type"),
      description: col("description"),
      debit,
      credit,
      amount,
      dc_indicator: indicator,
      currency: col("currency"),
      user: col("user"),
      source: col("source"),
      fiscal_year: col("fiscal_year"),
      period: col("period"),
      opening_balance: col("opening_balance"),
      closing_balance: col("closing_balance"),
      amount_layout
    },
    evidence: evidence.sort((a, b) => FIELDS_BY_STRENGTH.indexOf(a.field) - FIELDS_BY_STRENGTH.indexOf(b.field))
  }
}

/** The columns a mapping uses, each once. */
export const mappedColumns = (m: ColumnMapping): ReadonlyArray<string> => {
  const single = [
    m.entry_id, m.line_number, m.posting_date, m.document_date, m.entered_date, m.account_name, m.account_type, m.description, m.debit, m.credit,
    m.amount, m.dc_indicator, m.currency, m.user, m.source, m.fiscal_year, m.period, m.opening_balance, m.closing_balance
  ]
  return [...new Set([...m.entry_scope, ...m.account, ...single.filter((c): c is string => c !== null)])]
}
