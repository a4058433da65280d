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
import { type LayoutCell, type LayoutRow, overlapsHorizontally } from "../../../documents/layout/layout.js"
import { isMostlyNumber } from "./values.js"

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

/**
 * A positioned cell whose words sit under different headings, a number on one side and words on
 * the other, is cut into one cell per heading: a quantity right-aligned against a left-aligned
 * description ("8" under "Qty", "Site visit" under "Item") is drawn closer than the gap that
 * separates cells, and the text layer may even hold both in one run. Where each word lies is
 * estimated from its share of the cell's characters.
 */
export const splitAtHeadings = (cells: ReadonlyArray<LayoutCell>, headings: ReadonlyArray<LayoutCell>): Array<LayoutCell> => {
  const targets = headings.map((cell) => ({ cell }))
  return cells.flatMap((cell) => {
    const words = [...cell.text.matchAll(/\S+/g)]
    if (words.length < 2 || cell.text.length === 0) return [cell]
    const perChar = (cell.x1 - cell.x0) / cell.text.length
    const groups: Array<{ heading: LayoutCell | undefined; start: number; end: number }> = []
    for (const [wi, w] of words.entries()) {
      // a minus set apart from its amount ("- 2,45 €") is placed as the amount it signs
      const at = /^[-−]$/.test(w[0]) && words[wi + 1] !== undefined ? words[wi + 1]! : w
      const x0 = cell.x0 + at.index * perChar
      const x1 = x0 + at[0].length * perChar
      const heading = columnOfCell(targets, { text: w[0], x0, x1, items: [], ref: null }, true, headings)?.cell
      const last = groups[groups.length - 1]
      if (last !== undefined && last.heading === heading) last.end = w.index + w[0].length
      else groups.push({ heading, start: w.index, end: w.index + w[0].length })
    }
    if (groups.length < 2 || groups.some((g) => g.heading === undefined)) return [cell]
    const parts = groups.map((g) => ({ ...g, text: cell.text.slice(g.start, g.end) }))
    // only a number beside words: words under two headings are a long description running over
    if (parts.some((g, i) => i > 0 && isMostlyNumber(g.text) === isMostlyNumber(parts[i - 1]!.text))) return [cell]
    return parts.map((g) => ({ text: g.text, x0: cell.x0 + g.start * perChar, x1: cell.x0 + g.end * perChar, items: cell.items, ref: cell.ref }))
  })
}

/**
 * A header row with its headings' other lines: a heading set on two lines ("Unit" over "Price",
 * "Line" over "Total") is one heading. The line right above or right below (no more than half a
 * line's gap for positioned text, the next line for plain text) joins the row when it holds only
 * words, no digit, and each of its cells lies over exactly one of the row's cells; below, it needs
 * two cells at least (one is a section's heading or a wrapped line). Below, headings set between
 * the row's (a header staggered over two lines: "Description  Qty  Unit price" over "Item no.  VAT
 * rate  Amount", or headings the text layer put a little lower) are the row's headings too, in their
 * place. Returns the joined row and how many lines it used after `row`.
 */
export const joinedHeader = (
  row: LayoutRow,
  above: LayoutRow | undefined,
  below: LayoutRow | undefined,
  isWords: (text: string) => boolean
): { readonly row: LayoutRow; readonly after: number } => {
  const tight = (upper: LayoutRow, lower: LayoutRow) =>
    upper.page === lower.page && upper.sheet === lower.sheet && upper.positioned === lower.positioned && upper.ordinal === undefined && lower.ordinal === undefined &&
    (upper.positioned ? lower.top - (upper.top + upper.height) <= 0.5 * Math.max(upper.height, lower.height) : lower.top - upper.top === 1)
  const fits = (other: LayoutRow, between = false) =>
    other.cells.length > 0 && other.cells.every((c) => !/\d/.test(c.text) && isWords(c.text) && (row.cells.filter((h) => overlapsHorizontally(h, c)).length === 1 || (between && !row.cells.some((h) => overlapsHorizontally(h, c)))))
  const join = (base: LayoutRow, other: LayoutRow, otherAbove: boolean): LayoutRow => ({
    ...base,
    cells: [...base.cells.map((h) => {
      const part = other.cells.filter((c) => overlapsHorizontally(h, c))
      if (part.length === 0) return h
      const text = (otherAbove ? [...part.map((c) => c.text), h.text] : [h.text, ...part.map((c) => c.text)]).join(" ")
      return { ...h, text, x0: Math.min(h.x0, ...part.map((c) => c.x0)), x1: Math.max(h.x1, ...part.map((c) => c.x1)) }
    }), ...other.cells.filter((c) => !base.cells.some((h) => overlapsHorizontally(h, c)))].sort((a, b) => a.x0 - b.x0)
  })
  const out = above !== undefined && tight(above, row) && fits(above) ? join(row, above, true) : row
  if (below !== undefined && below.cells.length >= 2 && tight(row, below) && fits(below, true)) return { row: join(out, below, false), after: 1 }
  return { row: out, after: 0 }
}
