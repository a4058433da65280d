/**
 * Party labels printed side by side in one cell ("Bill To          Ship To", "Rechnungsadresse
 * Lieferadresse", "Sold By: Acme Ltd     Billing Address: Harrow Ltd"): a PDF run or a line of text
 * holding both, each label heading the column of the block under it. The cell is cut where a
 * wide gap parts its labels, each part placed at its own left edge (the run's own position, else
 * its share of the cell's width) and moved onto the left edge of the cell under it in the next
 * rows, so that each label opens the block of its column.
 */
import type { LayoutCell, LayoutRow } from "../../../documents/layout/layout.js"

/** a gap of three spaces or more, or a tab: the parts of one line set in columns */
const GAP = /\s{3,}|\t+/

interface Part { readonly text: string; readonly x0: number; readonly x1: number }

/** the parts of a cell at its wide gaps, each with its left and right edges */
const partsOf = (cell: LayoutCell): Array<Part> => {
  // runs of a PDF apart by more than a space's width of their height: parts of their own
  if (cell.items.length >= 2) {
    const out: Array<{ text: string; x0: number; x1: number }> = []
    for (const item of cell.items) {
      const last = out[out.length - 1]
      if (last !== undefined && item.x - last.x1 <= 1.5 * item.h && !GAP.test(item.text)) {
        last.text = `${last.text} ${item.text.trim()}`.trim()
        last.x1 = item.x + item.w
      } else out.push({ text: item.text.trim(), x0: item.x, x1: item.x + item.w })
    }
    if (out.length >= 2) return out.filter((p) => p.text !== "")
  }
  const text = cell.text
  const width = text.length === 0 ? 0 : (cell.x1 - cell.x0) / text.length
  const out: Array<Part> = []
  const re = /\S+(?:\s{1,2}\S+)*/g
  for (const m of text.matchAll(re)) out.push({ text: m[0], x0: cell.x0 + m.index * width, x1: cell.x0 + (m.index + m[0].length) * width })
  return out
}

/**
 * The rows with each cell of two labels or more side by side cut into one cell per label.
 * `isLabel` tells a party's label, alone or before its name ("Bill to", "Sold by: Acme Ltd").
 */
export const labelColumns = (rows: ReadonlyArray<LayoutRow>, isLabel: (text: string) => boolean): ReadonlyArray<LayoutRow> => {
  let changed = false
  const out = rows.map((row, ri) => {
    if (row.ordinal === true || !row.cells.some((c) => GAP.test(c.text.trim()) || c.items.length >= 2)) return row
    const cells = row.cells.flatMap((cell): Array<LayoutCell> => {
      const parts = partsOf(cell)
      if (parts.length < 2 || !parts.every((p) => isLabel(p.text))) return [cell]
      changed = true
      // each part's left edge onto the cell under it that starts nearest (a part's place within a run is only estimated)
      const below = rows.slice(ri + 1, ri + 3).filter((r) => r.page === row.page).flatMap((r) => r.cells)
      return parts.map((p, i) => {
        const [before, after] = [parts[i - 1], parts[i + 1]]
        const under = before === undefined ? undefined : below
          .filter((c) => c.x0 > before.x1 && (after === undefined || c.x0 < after.x0))
          .sort((a, b) => Math.abs(a.x0 - p.x0) - Math.abs(b.x0 - p.x0))[0]
        const x0 = under?.x0 ?? p.x0
        return { text: p.text, x0, x1: Math.max(x0 + 1, p.x1 + (x0 - p.x0)), items: cell.items.length >= parts.length ? cell.items.filter((it) => it.x >= p.x0 - 0.5 && it.x < p.x1) : [], ref: cell.ref }
      })
    })
    return cells.length === row.cells.length ? row : { ...row, cells }
  })
  return changed ? out : rows
}
