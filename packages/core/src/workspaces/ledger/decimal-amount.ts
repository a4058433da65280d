/**
 * Exact money arithmetic: amounts are integers of millionths (a BigInt), so sums over a whole
 * journal never drift the way doubles do. Six decimals hold every ISO 4217 minor unit and the
 * rates some ledgers carry in amounts; further digits are rounded half away from zero.
 */

export const AMOUNT_SCALE = 6
const UNIT = 10n ** BigInt(AMOUNT_SCALE)

/** Millionths of a canonical decimal string (`-1234.5`), or null when it is not one. */
export const amountOf = (decimal: string): bigint | null => {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal)
  if (m === null) return null
  const fraction = m[3] ?? ""
  let units = BigInt(m[2]) * UNIT + BigInt((fraction.slice(0, AMOUNT_SCALE) || "0").padEnd(AMOUNT_SCALE, "0"))
  if (fraction.length > AMOUNT_SCALE && Number(fraction[AMOUNT_SCALE]) >= 5) units += 1n
  return m[1] === "-" ? -units : units
}

/** The canonical decimal string of an amount (`-1234.5`, `0`). */
export const amountText = (units: bigint): string => {
  const negative = units < 0n
  const abs = negative ? -units : units
  const whole = abs / UNIT
  const fraction = (abs % UNIT).toString().padStart(AMOUNT_SCALE, "0").replace(/0+$/, "")
  const body = fraction === "" ? whole.toString() : `${whole}.${fraction}`
  return negative && abs !== 0n ? `-${body}` : body
}

export const absAmount = (units: bigint): bigint => (units < 0n ? -units : units)

/** Half a cent: the difference under which an entry (or a tie) still counts as balanced (see README, "Tolerance"). */
export const BALANCE_TOLERANCE = amountOf("0.005")!
