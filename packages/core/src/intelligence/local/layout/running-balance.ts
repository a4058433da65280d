/**
 * A statement's running balance checks its transactions' amounts: the previous balance and this
 * line's amount give this line's balance. Where the columns' reading disagrees (OCR put a debit
 * under "Credits", or dropped an amount's decimal point: "1454" for 14.54), the change in balance
 * gives the amount, signed as the statement's other lines show the balance moving (a bank account's
 * balance falls with a debit, a card's or a loan's owed balance may rise with it). A balance's
 * sign: a minus sign before or after it ("99,878.08 -"); a balance with another mark ("EX") or none
 * is read with whichever sign makes the arithmetic hold, the previous balance's first.
 */
import { numberOf } from "./values.js"

/** a balance as printed: its size and, when marked, its sign */
export interface PrintedBalance {
  readonly size: number
  readonly sign: 1 | -1 | undefined
}

const BALANCE = /^\s*([-−])?\s*(\d[\d\s.,'’]*\d|\d)\s*([-−]|[A-Za-z]{1,3}\.?)?\s*$/u

/** A balance cell's text ("99,878.08 -", "100,775.12 EX", "1,204.50"), or undefined when it is none. */
export const printedBalance = (text: string): PrintedBalance | undefined => {
  const m = BALANCE.exec(text)
  if (m === null) return undefined
  const size = numberOf(m[2]!)
  if (size === null) return undefined
  const minus = m[1] !== undefined || (m[3] !== undefined && /^[-−]$/u.test(m[3]))
  return { size: Math.abs(size), sign: minus ? -1 : m[3] === undefined ? 1 : undefined }
}

const cents = (n: number) => Math.round(n * 100)

/** The change from `previous` to this balance that explains `amount` (its size, or its digits without a decimal point), or undefined. */
const change = (amount: number, previous: number, balance: PrintedBalance): { readonly by: number; readonly balance: number } | undefined => {
  const signs = balance.sign !== undefined ? [balance.sign] : previous < 0 ? [-1, 1] : [1, -1]
  for (const sign of signs) {
    const now = sign * balance.size
    const by = (cents(now) - cents(previous)) / 100
    if (by === 0) continue
    if (cents(Math.abs(by)) === cents(Math.abs(amount)) || (Number.isInteger(amount) && cents(Math.abs(by)) === Math.abs(amount))) return { by, balance: now }
  }
  return undefined
}

/**
 * The amounts set right by the running balance: `lines` are the table's transactions in order,
 * each with its signed amount and its printed balance; `opening` the balance before the first (a
 * "Balance forward" line). Lines whose balance does not follow are left as read.
 */
export const byRunningBalance = (
  lines: ReadonlyArray<{ readonly amount: number | undefined; readonly balance: PrintedBalance | undefined }>,
  opening: PrintedBalance | undefined
): Array<number | undefined> => {
  let previous = opening === undefined ? undefined : (opening.sign ?? 1) * opening.size
  const changes = lines.map((line) => {
    if (line.balance === undefined) {
      previous = undefined
      return undefined
    }
    const found = line.amount === undefined || previous === undefined ? undefined : change(line.amount, previous, line.balance)
    previous = found?.balance ?? (line.balance.sign ?? (previous !== undefined && previous < 0 ? -1 : 1)) * line.balance.size
    return found?.by
  })
  // whether the balance moves with the amounts' signs (an account) or against them (what is owed): most lines tell
  let agree = 0
  lines.forEach((line, i) => {
    const by = changes[i]
    if (by !== undefined && line.amount !== undefined && line.amount !== 0 && cents(Math.abs(by)) === cents(Math.abs(line.amount))) agree += Math.sign(by) === Math.sign(line.amount) ? 1 : -1
  })
  const orientation = agree < 0 ? -1 : 1
  return lines.map((line, i) => {
    const by = changes[i]
    return by === undefined ? line.amount : orientation * by
  })
}
