/**
 * The blocks of a page read by horizontal region: a block is the cells of one column of the page
 * on consecutive lines (left edges aligned, right edges, or centres in positioned text), whatever
 * else shares those lines. An invoice sets the buyer's address beside the seller's, or beside its
 * own facts ("Invoice date …", "Number …"); read by whole rows the two are one; read by column
 * each is a block of its own.
 *
 * Lines are consecutive when no gap of most of a line parts them (positioned text, even with a
 * line of the block beside them between them: blocks set at other line spacings), when they are
 * next lines of plain text, or every other line where the text puts a blank line after each
 * paragraph (DOCX). A sender line ("Name · Street · Town") stands alone: it is printed small over a
 * recipient's window, right above the recipient's block.
 */
import type { LayoutCell, LayoutRow } from "../../../documents/layout/layout.js"

export interface Region {
  /** the cells, one per line, top down */
  readonly cells: ReadonlyArray<LayoutCell>
  /** index in the rows given of each cell's row */
  readonly rows: ReadonlyArray<number>
  readonly x0: number
  readonly x1: number
}

/** a line of parts set apart by middle dots, bullets, bars or dashes: a sender line or a footer's */
export const SEPARATED = /\s[·•|–]\s.*\s[·•|–]\s/

/** the step between two next lines of plain text: 2 where a blank line follows every paragraph */
const plainStep = (rows: ReadonlyArray<LayoutRow>): number => {
  let ones = 0
  let twos = 0
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!.positioned || rows[i]!.ordinal === true || rows[i - 1]!.ordinal === true) continue
    const d = rows[i]!.top - rows[i - 1]!.top
    if (d === 1) ones++
    else if (d === 2) twos++
  }
  return twos > 0 && ones * 10 <= twos ? 2 : 1
}

/** two lines centred on one another (a letterhead or a till receipt's head set in the middle of the page or line), the shorter within the longer */
const centred = (a: LayoutCell, b: LayoutCell, tolerance: number) =>
  Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) <= tolerance && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0

/**
 * The regions of the page of the first row, up to `end` (exclusive). `starts` tells a cell that
 * opens a region of its own whatever is above it (a label over a block).
 */
export const regionsOf = (rows: ReadonlyArray<LayoutRow>, end: number, starts: (cell: LayoutCell) => boolean): Array<Region> => {
  const page = rows[0]?.page
  const step = plainStep(rows.slice(0, end))
  type Open = { cells: Array<LayoutCell>; rows: Array<number>; x0: number; x1: number; blocked: boolean }
  const out: Array<Open> = []
  let open: Array<Open> = []
  for (let ri = 0; ri < end; ri++) {
    const row = rows[ri]!
    if (row.page !== page || row.sheet !== null) break
    /** whether the row is the next line of the region: no gap of most of a line under its last one */
    const nextLine = (r: Open) => {
      const k = r.rows[r.rows.length - 1]!
      const last = rows[k]!
      // a table's row (cells by column number) and a line of text (by character) never share a block
      if ((last.ordinal === true) !== (row.ordinal === true)) return false
      return row.positioned ? row.top - (last.top + last.height) <= 0.6 * Math.max(last.height, row.height) : k === ri - 1 && row.top - last.top <= step
    }
    const tolerance = row.positioned ? 0.8 * row.height : row.ordinal === true ? 0 : 1
    const extended: Array<Open> = []
    for (const cell of row.cells) {
      const above = SEPARATED.test(cell.text) || starts(cell)
        ? undefined
        : open.find((r) => !extended.includes(r) && nextLine(r) && !SEPARATED.test(r.cells[r.cells.length - 1]!.text) &&
            (Math.abs(r.x0 - cell.x0) <= tolerance || (row.ordinal !== true && Math.abs(r.x1 - cell.x1) <= tolerance) || (row.ordinal !== true && centred(r.cells[r.cells.length - 1]!, cell, tolerance))))
      if (above !== undefined) {
        above.cells.push(cell)
        above.rows.push(ri)
        above.x1 = Math.max(above.x1, cell.x1)
        extended.push(above)
      } else {
        const region = { cells: [cell], rows: [ri], x0: cell.x0, x1: cell.x1, blocked: false }
        out.push(region)
        extended.push(region)
      }
    }
    // a block of positioned text not continued in this row stays open (the block beside it, set at
    // another line spacing, has a line between two of its lines) unless a cell of the row lies across it
    for (const r of open) {
      if (!extended.includes(r) && (!row.positioned || row.cells.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0))) r.blocked = true
    }
    open = [...extended, ...open.filter((r) => !extended.includes(r) && !r.blocked)]
  }
  return out.map(({ cells, rows: at, x0, x1 }) => ({ cells, rows: at, x0, x1 }))
}
