/**
 * Spreadsheet reading: a sheet's markdown table (`| a | b |` rows under a header row) as rows of
 * cells, each cell with its range in document.md, so a row's facts point at their cells. The
 * columns are named by the header row, folded to lower snake case (`registration_number`).
 */
import type { Line } from "./layout-reading.js"

export interface Cell {
  readonly text: string
  readonly start: number
  readonly end: number
}

export interface SheetTable {
  readonly columns: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<Cell>>
}

const SEPARATOR = /^\|(\s*:?-+:?\s*\|)+\s*$/

const cellsOf = (l: Line): Array<Cell> => {
  const out: Array<Cell> = []
  const re = /(?<!\\)\|/g
  const bars = [...l.text.matchAll(re)].map((m) => m.index)
  for (let i = 0; i + 1 < bars.length; i++) {
    const raw = l.text.slice(bars[i]! + 1, bars[i + 1]!)
    const lead = raw.length - raw.trimStart().length
    const text = raw.trim()
    const start = l.start + bars[i]! + 1 + lead
    out.push({ text, start, end: start + text.length })
  }
  return out
}

export const columnName = (header: string): string =>
  header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "_").replace(/^_+|_+$/g, "") || "column"

/** The tables of the lines given (a sheet's), header row first. */
export const tablesIn = (lines: ReadonlyArray<Line>): Array<SheetTable> => {
  const tables: Array<SheetTable> = []
  let i = 0
  while (i < lines.length) {
    if (!lines[i]!.text.trimStart().startsWith("|")) {
      i++
      continue
    }
    const block: Array<Line> = []
    while (i < lines.length && lines[i]!.text.trimStart().startsWith("|")) block.push(lines[i++]!)
    const body = block.filter((l) => !SEPARATOR.test(l.text.trim()))
    if (body.length < 2) continue
    const header = cellsOf(body[0]!)
    tables.push({ columns: header.map((c) => columnName(c.text)), rows: body.slice(1).map(cellsOf) })
  }
  return tables
}
