/**
 * CSV (RFC 4180 and its common variants): the delimiter is the one of `,` `;` tab `|` that splits
 * the first lines most consistently outside quotes; quoted fields may hold delimiters, doubled
 * quotes and line breaks. One sheet named after the file. Fields that are plain decimal numbers
 * become numbers; everything else stays text (no date guessing). An unterminated quote runs to the
 * end of the file, with a warning.
 */
import type { Documents } from "@docket/core"
import { assembleSpreadsheet, makeCell } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { tooComplex } from "../internal/problem.js"
import { decodeText } from "../internal/text.js"

const DELIMITERS = [",", ";", "\t", "|"]

/** Counts of each delimiter per line outside quotes, over the first lines. */
export const detectDelimiter = (text: string): string => {
  const sample = text.slice(0, 64 * 1024)
  let best = ","
  let bestScore = -1
  for (const delimiter of DELIMITERS) {
    const counts: Array<number> = []
    let count = 0
    let quoted = false
    for (let i = 0; i < sample.length && counts.length < 20; i++) {
      const ch = sample[i]
      if (ch === '"') quoted = !quoted
      else if (!quoted && ch === delimiter) count++
      else if (!quoted && ch === "\n") { counts.push(count); count = 0 }
    }
    if (count > 0 || counts.length === 0) counts.push(count)
    const first = counts[0]
    if (first === 0) continue
    const consistent = counts.filter((c) => c === first).length
    const score = consistent * 1000 + first
    if (score > bestScore) { bestScore = score; best = delimiter }
  }
  return best
}

export const parseCsv = (text: string, delimiter: string): { rows: Array<Array<string>>; unterminated: boolean } => {
  const rows: Array<Array<string>> = []
  let row: Array<string> = []
  let field = ""
  let quoted = false
  let i = 0
  const n = text.length
  while (i < n) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue }
        quoted = false
        i++
        continue
      }
      field += ch
      i++
      continue
    }
    if (ch === '"' && field === "") { quoted = true; i++; continue }
    if (ch === delimiter) { row.push(field); field = ""; i++; continue }
    if (ch === "\r" || ch === "\n") {
      row.push(field)
      rows.push(row)
      row = []
      field = ""
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1
      continue
    }
    field += ch
    i++
  }
  if (field !== "" || row.length > 0 || quoted) { row.push(field); rows.push(row) }
  return { rows, unterminated: quoted }
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/

export const readCsv = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedSpreadsheet => {
  const text = decodeText(bytes)
  const { rows, unterminated } = parseCsv(text, detectDelimiter(text))
  const cells: Array<Documents.SheetCell> = []
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === "") return
      if (cells.length >= ctx.limits.maxCells) {
        throw tooComplex(ctx.format, "cells", `The CSV file has more than ${ctx.limits.maxCells} non-empty cells; it is not read.`)
      }
      const trimmed = value.trim()
      cells.push(NUMBER.test(trimmed) && trimmed.length <= 15 ? makeCell(r + 1, c + 1, "number", Number(trimmed)) : makeCell(r + 1, c + 1, "string", value))
    })
  })
  const base = ctx.fileName.replace(/^.*[\\/]/, "")
  const name = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base
  return assembleSpreadsheet({
    format: ctx.format, fileName: ctx.fileName, sheets: [{ name: name || "Sheet1", cells }],
    warnings: unterminated ? ["a quoted field is not closed; it runs to the end of the file"] : []
  })
}
