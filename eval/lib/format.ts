/** How values are printed in the documents: dates, amounts, currencies, number words. */

export type Currency = "USD" | "EUR" | "GBP"

export const SYMBOL: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" }

/** Money in exact cents arithmetic: values are numbers with at most two decimals. */
export const round2 = (n: number): number => Math.round(n * 100 + Number.EPSILON * 100) / 100
export const sum2 = (values: ReadonlyArray<number>): number => Math.round(values.reduce((a, v) => a + Math.round(v * 100), 0)) / 100
export const mul2 = (a: number, b: number): number => round2(a * b)

/** `1234.5` → `1,234.50` (or `1.234,50` with `european`) */
export const grouped = (value: number, european = false, decimals = 2): string => {
  const negative = value < 0
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split(".")
  const thousands = european ? "." : ","
  const point = european ? "," : "."
  const body = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) + (fraction === undefined ? "" : point + fraction)
  return (negative ? "-" : "") + body
}

/**
 * - `symbol`: $1,234.56
 * - `code`: USD 1,234.56
 * - `code_suffix`: 1,234.56 USD
 * - `european`: 1.234,56 € (euro only)
 * - `plain`: 1,234.56 (the currency is stated elsewhere in the document)
 */
export type MoneyStyle = "symbol" | "code" | "code_suffix" | "european" | "plain"

export const money = (value: number, currency: Currency, style: MoneyStyle): string => {
  const negative = value < 0
  const abs = Math.abs(value)
  const sign = negative ? "-" : ""
  switch (style) {
    case "symbol":
      return `${sign}${SYMBOL[currency]}${grouped(abs)}`
    case "code":
      return `${sign}${currency} ${grouped(abs)}`
    case "code_suffix":
      return `${sign}${grouped(abs)} ${currency}`
    case "european":
      return `${sign}${grouped(abs, true)} ${SYMBOL[currency]}`
    case "plain":
      return `${sign}${grouped(abs)}`
  }
}

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

/** an amount with the given thousands separator and decimal point: 1.234,56 or 1 234.56 */
export const groupedWith = (value: number, thousands: string, point: string): string => {
  const [whole, fraction] = Math.abs(value).toFixed(2).split(".") as [string, string]
  return `${value < 0 ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands)}${point}${fraction}`
}

/** an ISO date as day, month, year with the separator: 2026-03-14 → 14.03.2026 */
export const dmy = (iso: string, sep: string): string => iso.split("-").reverse().join(sep)

/**
 * - `iso`: 2026-03-14
 * - `dmy_slash`: 14/03/2026
 * - `mdy_slash`: 03/14/2026
 * - `dmy_dot`: 14.03.2026
 * - `long_us`: March 14, 2026
 * - `long_uk`: 14 March 2026
 * - `short_us`: Mar 14, 2026
 * - `dmy_mon`: 14-Mar-2026
 * - `short_uk`: 14 Mar 2026
 */
export type DateStyle = "iso" | "dmy_slash" | "mdy_slash" | "dmy_dot" | "long_us" | "long_uk" | "short_us" | "dmy_mon" | "short_uk"

const pad = (n: number) => String(n).padStart(2, "0")

export const parseIso = (iso: string): { y: number; m: number; d: number } => {
  const [y, m, d] = iso.split("-").map(Number)
  return { y, m, d }
}

export const date = (iso: string, style: DateStyle): string => {
  const { y, m, d } = parseIso(iso)
  const month = MONTHS[m - 1]
  switch (style) {
    case "iso":
      return iso
    case "dmy_slash":
      return `${pad(d)}/${pad(m)}/${y}`
    case "mdy_slash":
      return `${pad(m)}/${pad(d)}/${y}`
    case "dmy_dot":
      return `${pad(d)}.${pad(m)}.${y}`
    case "long_us":
      return `${month} ${d}, ${y}`
    case "long_uk":
      return `${d} ${month} ${y}`
    case "short_us":
      return `${month.slice(0, 3)} ${d}, ${y}`
    case "dmy_mon":
      return `${pad(d)}-${month.slice(0, 3)}-${y}`
    case "short_uk":
      return `${d} ${month.slice(0, 3)} ${y}`
  }
}

/** ISO date arithmetic in UTC. */
export const isoOf = (y: number, m: number, d: number): string => `${y}-${pad(m)}-${pad(d)}`
export const addDays = (iso: string, days: number): string => {
  const { y, m, d } = parseIso(iso)
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return isoOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}
export const addMonths = (iso: string, months: number): string => {
  const { y, m, d } = parseIso(iso)
  const t = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()
  return isoOf(t.getUTCFullYear(), t.getUTCMonth() + 1, Math.min(d, last))
}
export const lastDayOfMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** Days since 1899-12-30 (Excel's serial date, 1900 system). */
export const excelSerial = (iso: string): number => {
  const { y, m, d } = parseIso(iso)
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000)
}

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
  "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

/** 24 → "twenty-four" (0 to 99) */
export const numberWords = (n: number): string => {
  if (n < 20) return WORDS[n]
  const t = Math.floor(n / 10)
  const u = n % 10
  return u === 0 ? TENS[t] : `${TENS[t]}-${WORDS[u]}`
}

/** A quantity as printed: integers plainly, fractions with up to two decimals. */
export const qty = (n: number): string => (Number.isInteger(n) ? String(n) : String(round2(n)))

export const escapeXml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
