/**
 * Column type inference from parsed cells. A column takes the narrowest type every non-empty cell
 * fits, in the order boolean, integer, numeric, date, timestamp, else text:
 * - boolean: true/false, yes/no (not 0/1, which are integers);
 * - integer / numeric: plain decimals, with thousands separators (`1,234`), a leading sign or an
 *   accounting negative (`(1,234.50)`), and money: a currency symbol or ISO code before or after
 *   (`$1,234.50`, `1 234 EUR`). The value keeps the number; the currency is dropped, so a column
 *   that mixes currencies (or mixes money with bare numbers of another currency) stays text — a
 *   sum is never taken across currencies. Percentages (`12%`) stay text;
 * - date: ISO `YYYY-MM-DD` (or `YYYY/MM/DD`), or a parser's Date at midnight UTC. Day-first and
 *   month-first forms are ambiguous and stay text;
 * - timestamp: ISO date-time without zone, or a parser's Date (read as UTC).
 * Integers beyond 18 digits are numeric (PostgreSQL `bigint` holds 18 digits safely).
 */
import type { ColumnType, RawCell, TableValue } from "./workspace-table.js"

const CURRENCY_SYMBOL = /^[$€£¥₹]$/u
const CURRENCY_CODE = /^(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR|SEK|NOK|DKK)$/

/** A money or plain number as `{value, currency}` (value a canonical decimal string), or null. */
export const parseNumber = (text: string): { readonly value: string; readonly currency: string | null } | null => {
  let s = text.trim()
  if (s === "") return null
  let negative = false
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true
    s = s.slice(1, -1).trim()
  }
  let currency: string | null = null
  const prefix = /^([$€£¥₹]|[A-Z]{3})\s*/u.exec(s)
  if (prefix !== null && (CURRENCY_SYMBOL.test(prefix[1]) || CURRENCY_CODE.test(prefix[1]))) {
    currency = prefix[1]
    s = s.slice(prefix[0].length)
  }
  if (s.startsWith("-") || s.startsWith("+")) {
    if (negative) return null
    negative = s.startsWith("-")
    s = s.slice(1)
  }
  if (currency === null) {
    const prefixAfterSign = /^([$€£¥₹])\s*/u.exec(s)
    if (prefixAfterSign !== null) {
      currency = prefixAfterSign[1]
      s = s.slice(prefixAfterSign[0].length)
    }
  }
  const suffix = /\s*([$€£¥₹]|[A-Z]{3})$/u.exec(s)
  if (suffix !== null && currency === null && (CURRENCY_SYMBOL.test(suffix[1]) || CURRENCY_CODE.test(suffix[1]))) {
    currency = suffix[1]
    s = s.slice(0, s.length - suffix[0].length)
  }
  // thousands separators: groups of three after the first group (comma, or a space in money)
  if (!/^(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:\.\d+)?$|^\.\d+$/.test(s)) return null
  if (s.includes(" ") && currency === null) return null
  let digits = s.replace(/[, ]/g, "")
  if (digits.startsWith(".")) digits = `0${digits}`
  let [whole, fraction = ""] = digits.split(".")
  whole = whole.replace(/^0+(?=\d)/, "")
  fraction = fraction.replace(/0+$/, "")
  const body = fraction === "" ? whole : `${whole}.${fraction}`
  const value = negative && body !== "0" ? `-${body}` : body
  return { value, currency: currency === null ? null : currencyCode(currency) }
}

const currencyCode = (c: string): string => ({ "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" } as Record<string, string>)[c] ?? c

const BOOLEAN_TRUE = new Set(["true", "yes"])
const BOOLEAN_FALSE = new Set(["false", "no"])

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** `YYYY-MM-DD` of an ISO-like date text, or null. */
export const parseDate = (text: string): string | null => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim())
  if (m === null) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  return validDate(y, mo, d) ? `${m[1]}-${pad(mo)}-${pad(d)}` : null
}

/** `YYYY-MM-DDTHH:MM:SS[.fff]` of an ISO-like date-time text without a zone (or with `Z`), or null. */
export const parseTimestamp = (text: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?Z?$/.exec(text.trim())
  if (m === null) return null
  const [y, mo, d, h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? "0")]
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(s)}${m[7] ?? ""}`
}

/** The text of a raw cell as the user sees it (null for empty). */
export const cellText = (cell: RawCell): string | null => {
  if (cell === null || cell === undefined) return null
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null
    const iso = cell.toISOString()
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, iso.endsWith(".000Z") ? 19 : 23)
  }
  if (typeof cell === "number") return Number.isFinite(cell) ? numberText(cell) : null
  if (typeof cell === "boolean") return cell ? "true" : "false"
  const trimmed = cell.trim()
  return trimmed === "" ? null : trimmed
}

const numberText = (n: number): string => {
  const s = String(n)
  if (!/e/i.test(s)) return s
  // exponent forms of doubles: render plainly (exact for what a double holds)
  return n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
}

/** What one non-empty cell could be. */
interface CellReading {
  readonly boolean: boolean | null
  readonly number: { readonly value: string; readonly currency: string | null; readonly integer: boolean } | null
  readonly date: string | null
  readonly timestamp: string | null
}

const readCell = (text: string): CellReading => {
  const lower = text.toLowerCase()
  const parsed = parseNumber(text)
  return {
    boolean: BOOLEAN_TRUE.has(lower) ? true : BOOLEAN_FALSE.has(lower) ? false : null,
    number: parsed === null ? null : { ...parsed, integer: /^-?\d{1,18}$/.test(parsed.value) },
    date: parseDate(text),
    timestamp: parseTimestamp(text) ?? (parseDate(text) === null ? null : `${parseDate(text)}T00:00:00`)
  }
}

/** The narrowest type every non-empty cell of a column fits (text when the column is empty). */
export const inferColumnType = (cells: ReadonlyArray<RawCell>): ColumnType => {
  const readings = cells.map(cellText).filter((t): t is string => t !== null).map(readCell)
  if (readings.length === 0) return "text"
  if (readings.every((r) => r.boolean !== null)) return "boolean"
  if (readings.every((r) => r.number !== null)) {
    const currencies = new Set(readings.map((r) => r.number!.currency))
    // one currency, or none: a bare number beside money of one currency is that currency's
    const mixed = [...currencies].filter((c) => c !== null).length > 1
    if (!mixed) return readings.every((r) => r.number!.integer) ? "integer" : "numeric"
    return "text"
  }
  if (readings.every((r) => r.date !== null)) return "date"
  if (readings.every((r) => r.timestamp !== null)) return "timestamp"
  return "text"
}

/** A cell as a value of `type` (the type was inferred from the column, so every non-empty cell converts). */
export const toValue = (cell: RawCell, type: ColumnType): TableValue => {
  const text = cellText(cell)
  if (text === null) return null
  const r = readCell(text)
  switch (type) {
    case "boolean":
      return r.boolean
    case "integer":
    case "numeric":
      return r.number === null ? null : r.number.value
    case "date":
      return r.date
    case "timestamp":
      return r.timestamp
    case "text":
      return text
  }
}
