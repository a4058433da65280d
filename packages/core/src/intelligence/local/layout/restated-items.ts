/**
 * A table that restates items already read: a form printed again on a later page (a copy, a
 * reprint with its header) or a second view of the same lines ("Show details" under "Schedule").
 * Its items are not added again. What tells it from genuinely repeated lines (the same product
 * bought twice): it is a table of its own, under its own header, and it repeats a run of the
 * earlier items whole, in their order, most of them value for value; a duplicate row inside one
 * table is never compared.
 */

const folded = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toLowerCase() : v)

/** the same name, or one the other's with more words after it (a note line joined to one of them) */
const sameName = (a: unknown, b: unknown): boolean => {
  const x = folded(a)
  const y = folded(b)
  if (typeof x !== "string" || typeof y !== "string" || x === "" || y === "") return false
  return x === y || x.startsWith(`${y} `) || y.startsWith(`${x} `)
}

/** every value both items hold is the same (names as `sameName` says) */
const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>, name: string): boolean =>
  Object.keys(a).every((k) => !(k in b) || (k === name ? sameName(a[k], b[k]) : a[k] === b[k]))

/**
 * Whether the table's items (`later`) restate earlier ones (`earlier`, items of tables above it):
 * two items at least, each named as the earlier item at the same place of a run of them, and at
 * least half of them equal in every value both hold.
 */
export const restatesItems = (earlier: ReadonlyArray<Record<string, unknown>>, later: ReadonlyArray<Record<string, unknown>>, name: string | undefined): boolean => {
  if (name === undefined || later.length < 2 || earlier.length < later.length) return false
  for (let at = 0; at + later.length <= earlier.length; at++) {
    const run = earlier.slice(at, at + later.length)
    if (!later.every((item, i) => sameName(item[name], run[i]![name]))) continue
    const equal = later.filter((item, i) => sameValues(item, run[i]!, name)).length
    if (equal * 2 >= later.length) return true
  }
  return false
}
