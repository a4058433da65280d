/**
 * What one column of a source looks like to the ledger engine: the fields its header may name, and
 * what its cells can be read as (amounts in the column's number format, dates in its date format,
 * debit/credit indicators, currency codes, account-like codes). Computed once per column.
 */
import type { ColumnType, TableValue } from "../tables/workspace-table.js"
import { type HeaderMatch, headerMatches } from "./field-vocabulary.js"
import type { LedgerSource } from "./ledger-source.js"
import { INFERRED_PARSING, type ParsingOptions } from "./parsing-options.js"
import { type DateFormatReading, detectDateFormat, detectNumberFormat, type NumberFormat, readAmountCell, readDate } from "./value-readers.js"

/** Indicator words read as debit or credit (ADS: D/C; German Soll/Haben S/H; French débit/crédit; Spanish debe/haber; Dutch debet/credit). */
const DEBIT_WORDS = new Set(["d", "dr", "debit", "debet", "s", "soll", "debe", "dare", "deb", "+", "1", "db"])
const CREDIT_WORDS = new Set(["c", "cr", "credit", "h", "haben", "haber", "avere", "cred", "-", "-1", "k", "kr"])

/** +1 for a debit indicator, -1 for a credit one, null otherwise. */
export const indicatorSign = (value: TableValue): 1 | -1 | null => {
  if (value === null) return null
  const t = String(value).trim().toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
  return DEBIT_WORDS.has(t) ? 1 : CREDIT_WORDS.has(t) ? -1 : null
}

const ISO_CURRENCY = /^[A-Z]{3}$/

/** The code of an account written as code and name (`4000 - Sales` → `4000`, `1200 · Debtors` → `1200`), or null. */
export const leadingAccountCode = (text: string): string | null => {
  const m = /^([A-Z]{0,3}[-.]?\d[\d.\-]*)\s*(?:[-–—·:|]\s*|\s+)\p{L}/iu.exec(text.trim())
  return m === null ? null : m[1].replace(/[-.]$/, "")
}

/** Column detection looks at an evenly spaced sample of at most this many cells (the readers then read every cell). */
export const DETECTION_SAMPLE = 20_000

export interface ColumnReading {
  readonly index: number
  readonly name: string
  readonly header: string | null
  readonly data_type: ColumnType
  readonly matches: ReadonlyArray<HeaderMatch>
  /** cells looked at (the sample), the non-empty ones among them, and their distinct values */
  readonly sampled: number
  readonly non_empty: number
  readonly distinct: number
  readonly number_format: NumberFormat
  /** share of non-empty cells read as numbers */
  readonly number_share: number
  /** currencies carried by the amounts themselves (`€1.234,56`) */
  readonly embedded_currencies: ReadonlyArray<string>
  readonly date: DateFormatReading | null
  /** share of non-empty cells that are debit/credit indicators (and at least one of each) */
  readonly indicator_share: number
  /** share of non-empty cells that are ISO 4217-like codes */
  readonly currency_share: number
  /** share of non-empty cells that look like account codes (digits, optionally with separators and a short prefix) */
  readonly code_share: number
  /** share of non-empty cells that are a code followed by a name (`4000 - Sales`, `1000 Cash`: QuickBooks, Xero exports) */
  readonly code_with_name_share: number
}

/** The sampled rows: all of them up to `DETECTION_SAMPLE`, else every k-th (so late months are seen too). */
const sampleRows = (source: LedgerSource) => {
  const rows = source.rows
  if (rows.length <= DETECTION_SAMPLE) return rows
  const step = rows.length / DETECTION_SAMPLE
  return Array.from({ length: DETECTION_SAMPLE }, (_, i) => rows[Math.floor(i * step)])
}

const present = (v: TableValue): v is string | boolean => v !== null && !(typeof v === "string" && v.trim() === "")

/** A column read in the forced date format alone: a date column when the format reads at least 90% of its cells (all of them for `YYYYMMDD`). */
const forcedDate = (cells: ReadonlyArray<TableValue>, format: NonNullable<ParsingOptions["date_format"]>): DateFormatReading | null => {
  if (cells.length === 0) return null
  const share = cells.filter((c) => readDate(c, format) !== null).length / cells.length
  return share >= 0.9 && (format !== "YYYYMMDD" || share === 1) ? { format, parsed_share: share, ambiguous: false } : null
}

/**
 * How each column of `source` reads. `preferMonthFirst` breaks day/month ties (see
 * `detectDateFormat`); `parsing` forces the date format or the decimal separator instead.
 */
export const readColumns = (source: LedgerSource, parsing: ParsingOptions = INFERRED_PARSING): ReadonlyArray<ColumnReading> => {
  const rows = sampleRows(source)
  const cellsOf = (index: number): ReadonlyArray<TableValue> => rows.map((r) => r[index] ?? null)
  const readings = source.columns.map((column, index) => {
    const cells = cellsOf(index).filter(present)
    const n = cells.length
    const format = detectNumberFormat(cells, column.data_type, parsing.decimal_separator)
    const numbers = column.data_type === "boolean" ? [] : cells.map((c) => readAmountCell(c, format)).filter((r) => r !== null)
    const signs = cells.map(indicatorSign)
    const hasBoth = signs.includes(1) && signs.includes(-1)
    return {
      index,
      name: column.name,
      header: column.header,
      data_type: column.data_type,
      matches: headerMatches(column.header ?? column.name),
      sampled: rows.length,
      non_empty: n,
      distinct: new Set(cells.map(String)).size,
      number_format: format,
      number_share: n === 0 ? 0 : numbers.length / n,
      embedded_currencies: [...new Set(numbers.map((r) => r!.currency).filter((c): c is string => c !== null))].sort(),
      date: null as DateFormatReading | null,
      indicator_share: n === 0 || !hasBoth ? 0 : signs.filter((s) => s !== null).length / n,
      currency_share: n === 0 ? 0 : cells.filter((c) => typeof c === "string" && ISO_CURRENCY.test(c.trim())).length / n,
      code_share: n === 0 ? 0 : cells.filter((c) => /^[A-Z]{0,3}[-.]?\d[\d.\-/ ]{1,15}$/i.test(String(c).trim())).length / n,
      code_with_name_share: n === 0 ? 0 : cells.filter((c) => leadingAccountCode(String(c)) !== null).length / n
    }
  })
  // a day-first/month-first tie follows the source's numbers: a point decimal suggests month-first (US exports)
  // a numeric-typed column was read with a point decimal by the workspace; a text one says so by its cells
  const amountish = readings.filter(
    (r) =>
      r.data_type === "numeric" ||
      (r.data_type === "text" && r.number_share >= 0.9 && cellsOf(r.index).some((c) => c !== null && /[.,]\d{1,2}\D*$/.test(String(c))))
  )
  const preferMonthFirst = amountish.length > 0 && amountish.every((r) => r.data_type === "numeric" || r.number_format.decimal_separator === ".")
  return readings.map((r) => {
    const cells = cellsOf(r.index).filter(present)
    const date =
      r.data_type === "date" || r.data_type === "timestamp"
        ? { format: "YYYY-MM-DD" as const, parsed_share: 1, ambiguous: false }
        : r.data_type === "text" || r.data_type === "integer"
          ? parsing.date_format !== null ? forcedDate(cells, parsing.date_format) : detectDateFormat(cells, preferMonthFirst)
          : null
    return { ...r, date }
  })
}
