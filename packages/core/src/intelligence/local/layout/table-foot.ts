/**
 * The foot of an item table: rows after (or between) its items that the table's columns would read
 * as an item but that break the shape its items have set. Such a row is none of the document's
 * lines; after the last item it is where the table ends:
 * - a row with no money at all (neither an amount nor a unit price) where every item above has an
 *   amount: a reference's number beside its label ("Bestelnummer  12345678"), a labelled detail
 *   drawn as two cells ("Artikelnummer:  912345"), a note with a count in it;
 * - a row restating the sum of the items above (two at least) with neither a quantity nor a unit
 *   price where the items above have one: the table's total, whatever its label ("Paid by Visa on
 *   12/10/2026  25.00").
 */

export interface ItemNumbers {
  readonly quantity?: string | undefined
  readonly unitPrice?: string | undefined
  readonly amount?: string | undefined
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v)

/** A row without money where every item above has an amount: no item (a detail or a reference's line). */
export const lacksMoney = (item: Record<string, unknown>, earlier: ReadonlyArray<Record<string, unknown>>, names: ItemNumbers): boolean => {
  const { unitPrice, amount } = names
  if (amount === undefined || earlier.length === 0 || !earlier.every((i) => num(i[amount]))) return false
  return !num(item[amount]) && (unitPrice === undefined || !num(item[unitPrice]))
}

/** A row whose amount is the sum of the items above, with no count or price where they have them: the table's total. */
export const restatesSum = (item: Record<string, unknown>, earlier: ReadonlyArray<Record<string, unknown>>, names: ItemNumbers): boolean => {
  const { quantity, unitPrice, amount } = names
  const a = amount === undefined ? undefined : item[amount]
  if (amount === undefined || !num(a) || earlier.length < 2 || !earlier.every((i) => num(i[amount]))) return false
  const counted = [quantity, unitPrice].filter((n): n is string => n !== undefined && earlier.every((i) => num(i[n])))
  if (counted.length === 0 || counted.some((n) => num(item[n]))) return false
  const sum = earlier.reduce((s, i) => s + (i[amount] as number), 0)
  return Math.abs(sum - a) <= 0.005 + Math.abs(sum) * 1e-9
}
