/**
 * Journal lines read from a mapped source: the entry, the account identity, one signed amount
 * (debit positive, in millionths — `decimal-amount.ts`), the currency and the dates, each read in
 * the column's own convention. Rows that are wholly empty in the mapped fields are not lines.
 */
import type { TableValue } from "../tables/workspace-table.js"
import type { ColumnMapping } from "./column-mapping.js"
import { type ColumnReading, indicatorSign, leadingAccountCode } from "./column-reading.js"
import { amountOf } from "./decimal-amount.js"
import type { LedgerSource } from "./ledger-source.js"
import { readAmountCell, readDate } from "./value-readers.js"

export interface JournalLine {
  readonly source_id: string
  /** 0-based row in its source */
  readonly row: number
  /** the entry id, qualified by the mapping's `entry_scope` values (`AC/12`) when it has one */
  readonly entry_id: string | null
  readonly line_number: string | null
  /** `YYYY-MM-DD`, or null when the cell is empty or unreadable */
  readonly posting_date: string | null
  readonly posting_date_present: boolean
  /** one value per account identity column, null where empty */
  readonly account: ReadonlyArray<string | null>
  /** the identity as one key (`keyPart` of each column joined by `|`), null when the natural account is empty */
  readonly account_key: string | null
  /** debit positive, credit negative; null when no amount could be read */
  readonly amount: bigint | null
  readonly currency: string | null
  readonly description: string | null
  readonly user: string | null
  readonly source: string | null
}

/** A key part as compared across tables: trimmed, case-folded; an all-digit code without leading zeros (`0400` = `400`, an integer-typed column beside a text one). */
export const keyPart = (value: TableValue): string | null => {
  if (value === null) return null
  const t = String(value).trim().toLowerCase()
  if (t === "") return null
  return /^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, "") : t
}

/**
 * The identity parts of a row as compared (before `keyPart`): each account column's text, the
 * natural account reduced to its code when the mapping reads `code_with_name`.
 */
export const accountParts = (mapping: ColumnMapping, columns: ReadonlyArray<string>, values: ReadonlyArray<TableValue>): ReadonlyArray<string | null> =>
  values.map((v, i) => {
    const t = textOf(v)
    if (t === null || mapping.account_form !== "code_with_name" || columns[i] !== mapping.natural_account) return t
    return leadingAccountCode(t) ?? t
  })

/** Words that open a report's total or balance row (`Total for 1000 Cash`, `Summe`, `Solde`). */
const SUMMARY = /^(total|totals|subtotal|sub-total|sum|summe|zwischensumme|gesamt|balance|opening balance|closing balance|solde|saldo|totaux?|totale)\b/i

/**
 * A report's total row, not a posting: no entry id, no date, and a cell that opens with a total
 * word. General-ledger reports (QuickBooks, Xero, DATEV) interleave them with the lines.
 */
export const isSummaryRow = (row: ReadonlyArray<TableValue>): boolean => row.some((v) => typeof v === "string" && SUMMARY.test(v.trim()))

/** The rows of `sources` that `readJournalLines` leaves out as total rows. */
export const countSummaryRows = (sources: ReadonlyArray<LedgerSource>, readings: ReadonlyArray<ColumnReading>, mapping: ColumnMapping): number => {
  const iEntry = readings.findIndex((r) => r.name === mapping.entry_id)
  const iDate = readings.findIndex((r) => r.name === mapping.posting_date)
  let n = 0
  for (const s of sources) {
    for (const row of s.rows) {
      if ((iEntry < 0 || textOf(row[iEntry] ?? null) === null) && (iDate < 0 || textOf(row[iDate] ?? null) === null) && isSummaryRow(row)) n++
    }
  }
  return n
}

const textOf = (value: TableValue): string | null => (value === null || String(value).trim() === "" ? null : String(value).trim())

/**
 * The lines of `sources` (one source, or the members of a partitioned dataset with one layout).
 * `signFactor` turns a signed-amount column into debit-positive (-1 when the ledger writes credits positive).
 */
export const readJournalLines = (
  sources: ReadonlyArray<LedgerSource>,
  readings: ReadonlyArray<ColumnReading>,
  mapping: ColumnMapping,
  signFactor: 1 | -1
): ReadonlyArray<JournalLine> => {
  const at = (name: string | null) => (name === null ? -1 : readings.findIndex((r) => r.name === name))
  const reading = (name: string | null) => (name === null ? null : readings.find((r) => r.name === name) ?? null)
  const [iEntry, iLine, iDate, iDesc, iUser, iSource, iCurrency, iDebit, iCredit, iAmount, iIndicator] = [
    mapping.entry_id, mapping.line_number, mapping.posting_date, mapping.description, mapping.user, mapping.source, mapping.currency,
    mapping.debit, mapping.credit, mapping.amount, mapping.dc_indicator
  ].map(at)
  const iAccount = mapping.account.map(at)
  const iScope = mapping.entry_scope.map(at)
  const iNatural = mapping.natural_account === null ? -1 : mapping.account.indexOf(mapping.natural_account)
  const dateFormat = reading(mapping.posting_date)?.date?.format ?? null
  const debitFormat = reading(mapping.debit)?.number_format
  const creditFormat = reading(mapping.credit)?.number_format
  const amountFormat = reading(mapping.amount)?.number_format
  const columnCurrency = (() => {
    const embedded = [mapping.debit, mapping.credit, mapping.amount].flatMap((n) => reading(n)?.embedded_currencies ?? [])
    return new Set(embedded).size === 1 ? embedded[0] : null
  })()
  const cell = (row: ReadonlyArray<TableValue>, i: number): TableValue => (i < 0 ? null : row[i] ?? null)
  const lines: Array<JournalLine> = []
  for (const source of sources) {
    source.rows.forEach((row, r) => {
      let amount: bigint | null = null
      let currency: string | null = textOf(cell(row, iCurrency))?.toUpperCase() ?? null
      const read = (i: number, format: typeof debitFormat) => {
        if (i < 0 || format === undefined) return null
        const n = readAmountCell(cell(row, i), format)
        if (n !== null && currency === null) currency = n.currency
        return n === null ? null : amountOf(n.value)
      }
      if (mapping.amount_layout === "debit_credit_columns") {
        const d = read(iDebit, debitFormat)
        const c = read(iCredit, creditFormat)
        amount = d === null && c === null ? null : (d ?? 0n) - (c ?? 0n)
      } else if (mapping.amount_layout === "amount_with_indicator") {
        const a = read(iAmount, amountFormat)
        const sign = indicatorSign(cell(row, iIndicator))
        // the indicator gives the side; a negative amount beside an indicator is a reversal on that side
        amount = a === null || sign === null ? null : BigInt(sign) * a
      } else if (mapping.amount_layout === "signed_amount") {
        const a = read(iAmount, amountFormat)
        amount = a === null ? null : BigInt(signFactor) * a
      }
      const account = accountParts(mapping, mapping.account, iAccount.map((i) => cell(row, i)))
      const parts = account.map(keyPart)
      const id = textOf(cell(row, iEntry))
      const entry = id === null || iScope.length === 0 ? id : [...iScope.map((i) => textOf(cell(row, i)) ?? ""), id].join("/")
      const rawDate = cell(row, iDate)
      if (amount === null && entry === null && parts.every((p) => p === null)) return
      if (entry === null && textOf(rawDate) === null && isSummaryRow(row)) return
      lines.push({
        source_id: source.source_id,
        row: r,
        entry_id: entry,
        line_number: textOf(cell(row, iLine)),
        posting_date: dateFormat === null ? null : readDate(rawDate, dateFormat),
        posting_date_present: textOf(rawDate) !== null,
        account,
        // no natural account, no account (a company and cost centre alone identify nothing to post to)
        account_key: iNatural < 0 || parts[iNatural] === null ? null : parts.map((p) => p ?? "").join("|"),
        amount,
        currency: currency ?? columnCurrency,
        description: textOf(cell(row, iDesc)),
        user: textOf(cell(row, iUser)),
        source: textOf(cell(row, iSource))
      })
    })
  }
  return lines
}
