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

/** what leaving a cell of a row in no column costs, in characters of distance from a heading */
const SKIP_COST = 8

/**
 * The columns of a row's cells placed by position, read together: cells keep their order left to
 * right, each heading takes at most one cell, and the assignment with the least distance between
 * cells and their headings wins (a cell overlapping its heading is at distance 0; otherwise the
 * gap, in characters). A row whose numbers are shifted off their headings ("8   690.66  5,525.28"
 * under "Qty  Unit price  Amount", the price overlapping "Amount") is read as its order says, where
 * one cell at a time would give the price to the amount. Headings naming nothing of the items take
 * cells too (a running balance), which then are in no column.
 */
export const columnsOfRow = <C extends HeadedColumn>(
  columns: ReadonlyArray<C>,
  cells: ReadonlyArray<LayoutCell>,
  headings: ReadonlyArray<LayoutCell> = columns.map((c) => c.cell)
): Map<LayoutCell, C | undefined> => {
  const targets = [...new Set([...headings, ...columns.map((c) => c.cell)])].sort((a, b) => a.x0 - b.x0)
  const order = [...cells].sort((a, b) => a.x0 - b.x0)
  // a character's width: the row's widest per-character cell width, so positioned text is measured in characters too
  const unit = Math.max(1e-6, ...order.map((c) => (c.x1 - c.x0) / Math.max(1, c.text.length)))
  const distance = (c: LayoutCell, h: LayoutCell) => {
    const overlap = Math.min(c.x1, h.x1) - Math.max(c.x0, h.x0)
    return overlap > 0 ? 0 : -overlap / unit
  }
  const n = order.length
  const m = targets.length
  // cost[i][k]: the least cost of the first i cells with headings before k still free (k = headings used so far)
  const cost: Array<Array<number>> = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity))
  const from: Array<Array<readonly [number, number] | undefined>> = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(undefined))
  cost[0]![0] = 0
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= m; k++) {
      const here = cost[i]![k]!
      if (here === Infinity) continue
      if (here + SKIP_COST < cost[i + 1]![k]!) {
        cost[i + 1]![k] = here + SKIP_COST
        from[i + 1]![k] = [k, -1]
      }
      for (let h = k; h < m; h++) {
        const c = here + distance(order[i]!, targets[h]!)
        if (c < cost[i + 1]![h + 1]!) {
          cost[i + 1]![h + 1] = c
          from[i + 1]![h + 1] = [k, h]
        }
      }
    }
  }
  let k = 0
  for (let j = 1; j <= m; j++) if (cost[n]![j]! < cost[n]![k]!) k = j
  const out = new Map<LayoutCell, C | undefined>()
  for (let i = n; i > 0; i--) {
    const [prev, h] = from[i]![k]!
    out.set(order[i - 1]!, h < 0 ? undefined : columns.find((c) => c.cell === targets[h]))
    k = prev
  }
  return out
}
