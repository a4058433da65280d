/**
 * Reading amounts and dates the way a journal writes them. The workspace table keeps day-first
 * dates and comma-decimal numbers as text (they are ambiguous in general); a ledger column is one
 * convention throughout, so the engine detects the convention from the whole column and reads
 * every cell with it.
 */
import type { ColumnType, TableValue } from "../tables/workspace-table.js"

export type DecimalSeparator = "." | ","
export type NegativeStyle = "minus" | "parentheses" | "trailing_minus" | "none"

export interface NumberFormat {
  readonly decimal_separator: DecimalSeparator
  /** null when no value was written with a thousands separator */
  readonly thousands_separator: "," | "." | " " | "'" | null
  readonly negative_style: NegativeStyle
}

export interface ReadNumber {
  /** canonical decimal string */
  readonly value: string
  /** ISO code when the cell carried a symbol or code */
  readonly currency: string | null
}

const SYMBOLS: Record<string, string> = { "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "CHF": "CHF", "Fr.": "CHF", "kr": "SEK" }
const ISO = /^[A-Z]{3}$/

const text = (v: TableValue): string | null => (v === null ? null : typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : String(v))

/** Digits with optional thousands groups and a fraction, per decimal separator (built once: this runs on every cell). */
const NUMBER_PATTERNS: Readonly<Record<DecimalSeparator, RegExp>> = {
  ".": /^(\d{1,3}(?:[, ']\d{3})+|\d+)(?:\.(\d+))?$|^\.(\d+)$/,
  ",": /^(\d{1,3}(?:[. ']\d{3})+|\d+)(?:,(\d+))?$|^,(\d+)$/
}

/** A number written with `decimal` as its decimal separator, or null. */
export const readNumber = (raw: string, decimal: DecimalSeparator): ReadNumber | null => {
  let s = raw.trim().replace(/\u00a0|\u202f/g, " ")
  if (s === "") return null
  let negative = false
  let currency: string | null = null
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true
    s = s.slice(1, -1).trim()
  }
  const takeCurrency = () => {
    const pre = /^([$€£¥₹]|[A-Z]{3}|Fr\.)\s*/u.exec(s)
    if (pre !== null && (pre[1] in SYMBOLS || ISO.test(pre[1]))) {
      currency = SYMBOLS[pre[1]] ?? pre[1]
      s = s.slice(pre[0].length)
    }
    const post = /\s*([$€£¥₹]|[A-Z]{3}|kr)$/u.exec(s)
    if (post !== null && (post[1] in SYMBOLS || ISO.test(post[1]))) {
      currency = SYMBOLS[post[1]] ?? post[1]
      s = s.slice(0, s.length - post[0].length)
    }
  }
  takeCurrency()
  if (/^[-+]/.test(s)) {
    if (s[0] === "-") negative = !negative
    s = s.slice(1).trim()
    if (currency === null) takeCurrency()
  } else if (/[-]$/.test(s)) {
    // trailing minus (SAP exports: `1.234,56-`)
    negative = !negative
    s = s.slice(0, -1).trim()
  }
  const m = NUMBER_PATTERNS[decimal].exec(s)
  if (m === null) return null
  const whole = (m[1] ?? "0").replace(/[^\d]/g, "").replace(/^0+(?=\d)/, "")
  const fraction = (m[2] ?? m[3] ?? "").replace(/0+$/, "")
  const body = fraction === "" ? whole : `${whole}.${fraction}`
  return { value: negative && /[1-9]/.test(body) ? `-${body}` : body, currency }
}

/** The number format of a column's texts (decimal separator by vote, unless `forced`; see README, "Numbers"). */
export const detectNumberFormat = (values: ReadonlyArray<TableValue>, type: ColumnType, forced: DecimalSeparator | null = null): NumberFormat => {
  const texts = values.map(text).filter((t): t is string => t !== null)
  if (type === "integer" || type === "numeric") {
    return { decimal_separator: ".", thousands_separator: null, negative_style: texts.some((t) => t.startsWith("-")) ? "minus" : "none" }
  }
  let comma = 0
  let point = 0
  for (const t of texts) {
    if (/,\d{1,2}(?:\D*)$/.test(t) || /\.\d{3},/.test(t)) comma++
    else if (/\.\d{1,2}(?:\D*)$/.test(t) || /,\d{3}\./.test(t) || /\.\d{4,}(?:\D*)$/.test(t)) point++
  }
  const decimal: DecimalSeparator = forced ?? (comma > point ? "," : ".")
  const grouping = decimal === "." ? /\d[, ']\d{3}(?:\D|$)/ : /\d[. ']\d{3}(?:\D|$)/
  const grouped = texts.find((t) => grouping.test(t) && readNumber(t, decimal) !== null)
  const separator = grouped === undefined ? null : (grouping.exec(grouped)![0][1] as "," | "." | " " | "'")
  const negative: NegativeStyle = texts.some((t) => /^\(.*\)$/.test(t))
    ? "parentheses"
    : texts.some((t) => /\d-$/.test(t))
      ? "trailing_minus"
      : texts.some((t) => /^[^\d]*-/.test(t))
        ? "minus"
        : "none"
  return { decimal_separator: decimal, thousands_separator: separator, negative_style: negative }
}

/** A cell as a number in `format` (typed numeric cells are already canonical). */
export const readAmountCell = (value: TableValue, format: NumberFormat): ReadNumber | null => {
  const t = text(value)
  return t === null ? null : readNumber(t, format.decimal_separator)
}

/** The date forms a ledger column may use (spelled as the report shows them). */
export const DATE_FORMAT_NAMES = ["YYYY-MM-DD", "YYYY/MM/DD", "YYYYMMDD", "DD.MM.YYYY", "DD/MM/YYYY", "DD-MM-YYYY", "MM/DD/YYYY", "MM-DD-YYYY", "MM.DD.YYYY"] as const
export type DateFormat = (typeof DATE_FORMAT_NAMES)[number]

const DATE_FORMATS: ReadonlyArray<{ readonly format: DateFormat; readonly pattern: RegExp; readonly order: "ymd" | "dmy" | "mdy" }> = [
  { format: "YYYY-MM-DD", pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/, order: "ymd" },
  { format: "YYYY/MM/DD", pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: "ymd" },
  { format: "YYYYMMDD", pattern: /^(\d{4})(\d{2})(\d{2})$/, order: "ymd" },
  { format: "DD.MM.YYYY", pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: "dmy" },
  { format: "DD/MM/YYYY", pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: "dmy" },
  { format: "DD-MM-YYYY", pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: "dmy" },
  { format: "MM/DD/YYYY", pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: "mdy" },
  { format: "MM-DD-YYYY", pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: "mdy" },
  { format: "MM.DD.YYYY", pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: "mdy" }
]

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d))
  return y >= 1900 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** `YYYY-MM-DD` of a cell in `format`, or null. */
export const readDate = (value: TableValue, format: DateFormat): string | null => {
  const t = text(value)
  if (t === null) return null
  const spec = DATE_FORMATS.find((f) => f.format === format)!
  const m = spec.pattern.exec(t)
  if (m === null) return null
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const [y, mo, d] = spec.order === "ymd" ? [a, b, c] : spec.order === "dmy" ? [c, b, a] : [c, a, b]
  return validDate(y, mo, d) ? `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}` : null
}

export interface DateFormatReading {
  readonly format: DateFormat
  /** share of the non-empty cells the format reads */
  readonly parsed_share: number
  /** true when a day-first and a month-first reading both read every cell (no day above 12) */
  readonly ambiguous: boolean
}

/**
 * The format that reads most of a column's non-empty cells (at least `minShare`), or null.
 * Between day-first and month-first readings that both fit, day-first wins unless `preferMonthFirst`
 * (the column's neighbours use a point decimal) and the separator is not a dot; the choice is then
 * flagged `ambiguous`.
 */
export const detectDateFormat = (values: ReadonlyArray<TableValue>, preferMonthFirst = false, minShare = 0.9): DateFormatReading | null => {
  const texts = values.map(text).filter((t): t is string => t !== null)
  if (texts.length === 0) return null
  // a column of plain 8-digit integers is read as dates only when every one is a valid YYYYMMDD
  const scored = DATE_FORMATS.map((f) => ({ format: f.format, share: texts.filter((t) => readDate(t, f.format) !== null).length / texts.length }))
    .filter((s) => s.share >= minShare && (s.format !== "YYYYMMDD" || s.share === 1))
    .sort((a, b) => b.share - a.share)
  if (scored.length === 0) return null
  const best = scored[0]
  const rivals = scored.filter((s) => s.share === best.share)
  const dayFirst = rivals.find((s) => s.format.startsWith("DD"))
  const monthFirst = rivals.find((s) => s.format.startsWith("MM"))
  if (dayFirst !== undefined && monthFirst !== undefined) {
    // dotted dates are day-first wherever they are written (German, Nordic, Swiss…)
    const chosen = preferMonthFirst && !dayFirst.format.includes(".") ? monthFirst : dayFirst
    return { format: chosen.format, parsed_share: chosen.share, ambiguous: true }
  }
  return { format: best.format, parsed_share: best.share, ambiguous: false }
}
