/**
 * Which column of a table a cell belongs to. A cell overlapping a heading is that heading's (the
 * most overlap wins). A cell placed by position (positioned text, a fixed-width line's character
 * columns) that overlaps none — a number right-aligned under a left-aligned heading, a value shifted
 * off its column — is the column whose span holds its middle, a span running from its heading's
 * left edge to the next heading's. Every heading of the header row bounds the spans, also those
 * naming nothing the items have ("Balance" beside "Withdrawals | Deposits"): a cell in such a
 * heading's span is in no column, not in the neighbouring one. Cells placed by column number
 * (sheets, tab- or pipe-separated rows) only match by overlap: there, no overlap means a column
 * without a heading.
 */
import type { LayoutCell } from "../../../documents/layout/layout.js"

export interface HeadedColumn {
  readonly cell: LayoutCell
}

export const columnOfCell = <C extends HeadedColumn>(
  columns: ReadonlyArray<C>,
  cell: LayoutCell,
  byPosition = true,
  /** all the header row's cells, the unmatched ones included (default: the columns' own headings) */
  headings: ReadonlyArray<LayoutCell> = columns.map((c) => c.cell)
): C | undefined => {
  let best: C | undefined
  let bestOverlap = -Infinity
  for (const c of columns) {
    const overlap = Math.min(c.cell.x1, cell.x1) - Math.max(c.cell.x0, cell.x0)
    if (overlap > bestOverlap) {
      bestOverlap = overlap
      best = c
    }
  }
  // cells placed by position that only touch (a character column's end is its neighbour's start) do not overlap
  if (bestOverlap > (byPosition ? 0 : -0.05)) return best
  if (!byPosition || columns.length === 0) return undefined
  const middle = (cell.x0 + cell.x1) / 2
  const starts = [...new Set([...headings, ...columns.map((c) => c.cell)].map((h) => h.x0))].sort((a, b) => a - b)
  if (middle < starts[0]!) return undefined
  let start = starts[0]!
  for (const s of starts) if (s <= middle) start = s
  return columns.find((c) => c.cell.x0 === start)
}
