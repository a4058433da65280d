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

/** the pieces of a text at its wide gaps, placed by their share of its width from `x0` to `x1` */
const piecesOf = (text: string, x0: number, x1: number): Array<Part> => {
  const width = text.length === 0 ? 0 : (x1 - x0) / text.length
  return [...text.matchAll(/\S+(?:\s{1,2}\S+)*/g)].map((m) => ({ text: m[0], x0: x0 + m.index * width, x1: x0 + (m.index + m[0].length) * width }))
}

/**
 * The parts of a cell at its wide gaps, each with its left and right edges: a PDF's runs apart by
 * more than a space's width of their height, and a run cut where it holds a wide gap of its own
 * (the cell's text has its spaces collapsed, the run's are kept)
 */
const partsOf = (cell: LayoutCell): Array<Part> => {
  if (cell.items.length === 0) return piecesOf(cell.text, cell.x0, cell.x1)
  const out: Array<{ text: string; x0: number; x1: number }> = []
  for (const item of cell.items) {
    piecesOf(item.text, item.x, item.x + item.w).forEach((piece, i) => {
      const last = out[out.length - 1]
      if (i === 0 && last !== undefined && piece.x0 - last.x1 <= 1.5 * item.h) {
        last.text = `${last.text} ${piece.text}`
        last.x1 = piece.x1
      } else out.push({ ...piece })
    })
  }
  return out
}

/**
 * The rows with each cell of two labels or more side by side cut into one cell per label.
 * `isLabel` tells a party's label, alone or before its name ("Bill to", "Sold by: Acme Ltd").
 */
export const labelColumns = (rows: ReadonlyArray<LayoutRow>, isLabel: (text: string) => boolean): ReadonlyArray<LayoutRow> => {
  let changed = false
  const out = rows.map((row, ri) => {
    if (row.ordinal === true || !row.cells.some((c) => GAP.test(c.text.trim()) || c.items.length >= 2 || c.items.some((it) => GAP.test(it.text.trim())))) return row
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
        return { text: p.text, x0, x1: Math.max(x0 + 1, p.x1 + (x0 - p.x0)), items: cell.items.filter((it) => it.x >= p.x0 - 0.5 && it.x < p.x1), ref: cell.ref }
      })
    })
    return cells.length === row.cells.length ? row : { ...row, cells }
  })
  return changed ? out : rows
}
