/**
 * Money as the catalog keeps it: an amount as a plain decimal string (`-1234.50`: an optional
 * minus, digits, an optional fraction; no thousands separators, no exponent) and an ISO 4217
 * code. Amounts are compared as decimals (exactly: PostgreSQL's `numeric` and `compareDecimals`
 * agree), never as floats, never across currencies.
 */

const DECIMAL = /^-?\d+(?:\.\d+)?$/

export const isDecimal = (s: string): boolean => DECIMAL.test(s)

export const isCurrencyCode = (s: string): boolean => /^[A-Z]{3}$/.test(s)

/** the digits of a non-negative decimal, without leading integer zeros and trailing fraction zeros */
const parts = (s: string): { readonly int: string; readonly frac: string } => {
  const [int = "0", frac = ""] = s.split(".")
  return { int: int.replace(/^0+(?=\d)/, ""), frac: frac.replace(/0+$/, "") }
}

const compareMagnitudes = (a: string, b: string): number => {
  const x = parts(a)
  const y = parts(b)
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1
  if (x.int !== y.int) return x.int < y.int ? -1 : 1
  const n = Math.max(x.frac.length, y.frac.length)
  const fx = x.frac.padEnd(n, "0")
  const fy = y.frac.padEnd(n, "0")
  return fx === fy ? 0 : fx < fy ? -1 : 1
}

const isZero = (s: string) => /^-?0*(?:\.0*)?$/.test(s)

/** -1, 0 or 1 as `a` is below, equal to or above `b` (two `isDecimal` strings; `-0` equals `0`). */
export const compareDecimals = (a: string, b: string): number => {
  const negA = a.startsWith("-") && !isZero(a)
  const negB = b.startsWith("-") && !isZero(b)
  if (negA !== negB) return negA ? -1 : 1
  const m = compareMagnitudes(a.replace(/^-/, ""), b.replace(/^-/, ""))
  return negA ? -m : m
}
