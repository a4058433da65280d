/**
 * XLSX and XLSM (SpreadsheetML): one table per worksheet in workbook order (chart sheets have no
 * cells and are skipped), read with a streaming XML parser. Cells keep their A1 reference, their
 * type (shared/inline strings, numbers, booleans, errors, dates by their number format) and their
 * formula; values are the cached results Excel stored (formulas are not recalculated). Number
 * formats other than dates are not applied: numbers come out as numbers. Cell comments (threaded
 * ones with their replies, and notes) follow the sheet's table in the file's markdown and text, one
 * line each with the cell, author and time, and so do the charts drawn on it (title, kind, cached
 * data row by row). Chart sheets have no cells and are skipped. Macros are ignored.
 */
import type { Documents } from "@docket/core"
import { assembleSpreadsheet, makeCell, type SheetDraft } from "../internal/assemble.js"
import { excelDateToIso, isDateFormat, refColumn, refRow } from "../internal/cells.js"
import type { ReaderContext } from "../internal/context.js"
import { tooComplex } from "../internal/problem.js"
import { attr, nsAttr, descendants, saxXml, textOf } from "../internal/xml.js"
import type { ZipArchive } from "../internal/zip.js"
import { chartBlocks, chartParts, coreProperties, mainPart, openPackage, readString, readXml, relatedPart, relationships } from "./ooxml.js"

/** A sheet's comments as lines: threaded comments (and replies) first, then notes not mirroring them. */
const sheetComments = (zip: ZipArchive, sheetPart: string, persons: Map<string, string>): Array<string> => {
  const lines: Array<string> = []
  const threadedRefs = new Set<string>()
  const sheetRels = [...relationships(zip, sheetPart).values()].filter((r) => !r.external)
  for (const rel of sheetRels.filter((r) => r.type.endsWith("/threadedComment"))) {
    const root = readXml(zip, rel.target)
    for (const c of root === undefined ? [] : descendants(root, "threadedComment")) {
      const ref = attr(c, "ref") ?? ""
      threadedRefs.add(ref)
      const by = [persons.get(attr(c, "personId") ?? "") ?? "", attr(c, "dT") ?? ""].filter((t) => t !== "").join(", ")
      const text = descendants(c, "text").map(textOf).join(" ").trim()
      if (text !== "") lines.push(`${ref} ${attr(c, "parentId") === undefined ? "comment" : "reply"}${by === "" ? "" : ` (${by})`}: ${text}`)
    }
  }
  for (const rel of sheetRels.filter((r) => r.type.endsWith("/comments"))) {
    const root = readXml(zip, rel.target)
    if (root === undefined) continue
    const authors = descendants(root, "author").map((a) => textOf(a).trim())
    for (const c of descendants(root, "comment")) {
      const ref = attr(c, "ref") ?? ""
      if (threadedRefs.has(ref)) continue
      const text = descendants(c, "t").map(textOf).join("").trim()
      const author = authors[Number(attr(c, "authorId") ?? -1)] ?? ""
      if (text !== "") lines.push(`${ref} comment${author === "" || author.startsWith("tc=") ? "" : ` (${author})`}: ${text}`)
    }
  }
  return lines
}

/** The charts drawn on a sheet (its drawing's chart parts) as lines: title and kind, then the cached data row by row. */
const sheetCharts = (zip: ZipArchive, sheetPart: string): Array<string> => {
  const lines: Array<string> = []
  for (const rel of relationships(zip, sheetPart).values()) {
    if (rel.external || !rel.type.endsWith("/drawing")) continue
    const drawing = readXml(zip, rel.target)
    if (drawing === undefined) continue
    for (const chart of chartParts(zip, rel.target, drawing)) {
      for (const block of chartBlocks(zip, chart, 1)) {
        if (block.type === "table") lines.push(...block.rows.map((row) => row.join(" | ")))
        else lines.push(`Chart: ${block.text.replace(/\n/g, " — ")}`)
      }
    }
  }
  return lines
}

export const readXlsx = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedSpreadsheet => {
  const zip = openPackage(bytes, ctx)
  const workbookPart = mainPart(zip, "xl/workbook.xml", ctx)
  const workbook = readXml(zip, workbookPart)!
  const rels = relationships(zip, workbookPart)
  const date1904 = ["1", "true"].includes(attr(descendants(workbook, "workbookPr")[0] ?? workbook, "date1904") ?? "")

  // shared strings: the text of each <si>, without phonetic runs
  const shared: Array<string> = []
  const sstXml = readString(zip, relatedPart(zip, workbookPart, "/sharedStrings") ?? "xl/sharedStrings.xml")
  if (sstXml !== undefined) {
    let current = ""
    let inT = false
    let inPhonetic = 0
    saxXml(sstXml, {
      open: (name) => {
        if (name === "si") current = ""
        else if (name === "t") inT = true
        else if (name === "rPh") inPhonetic++
      },
      text: (text) => { if (inT && inPhonetic === 0) current += text },
      close: (name) => {
        if (name === "si") shared.push(current)
        else if (name === "t") inT = false
        else if (name === "rPh") inPhonetic--
      }
    })
  }

  // which cell styles show dates
  const dateStyles: Array<boolean> = []
  const styles = readXml(zip, relatedPart(zip, workbookPart, "/styles") ?? "xl/styles.xml")
  if (styles !== undefined) {
    const codes = new Map<number, string>()
    for (const fmt of descendants(styles, "numFmt")) codes.set(Number(attr(fmt, "numFmtId")), attr(fmt, "formatCode") ?? "")
    const cellXfs = descendants(styles, "cellXfs")[0]
    if (cellXfs !== undefined) {
      for (const xf of descendants(cellXfs, "xf")) {
        const id = Number(attr(xf, "numFmtId") ?? 0)
        dateStyles.push(isDateFormat(id, codes.get(id)))
      }
    }
  }

  const persons = new Map<string, string>()
  const personsRoot = readXml(zip, relatedPart(zip, workbookPart, "/person") ?? "")
  for (const person of personsRoot === undefined ? [] : descendants(personsRoot, "person")) persons.set(attr(person, "id") ?? "", attr(person, "displayName") ?? "")

  let cellCount = 0
  const sheets: Array<SheetDraft> = []
  for (const sheet of descendants(workbook, "sheet")) {
    const rel = rels.get(nsAttr(sheet, "id") ?? "")
    if (rel === undefined || !rel.type.endsWith("/worksheet")) continue
    const xml = readString(zip, rel.target)
    if (xml === undefined) continue
    const cells: Array<Documents.SheetCell> = []
    let row = 0
    let col = 0
    let cell: { ref: string | undefined; t: string; s: number; v: string; f: string; inV: boolean; inF: boolean; inIs: number; isText: string } | undefined
    saxXml(xml, {
      open: (name, a) => {
        if (name === "row") {
          row = a.r !== undefined ? Number(a.r) : row + 1
          col = 0
        } else if (name === "c") {
          cell = { ref: a.r, t: a.t ?? "n", s: Number(a.s ?? 0), v: "", f: "", inV: false, inF: false, inIs: 0, isText: "" }
        } else if (cell !== undefined) {
          if (name === "v") cell.inV = true
          else if (name === "f") cell.inF = true
          else if (name === "is") cell.inIs++
        }
      },
      text: (text) => {
        if (cell === undefined) return
        if (cell.inV) cell.v += text
        else if (cell.inF) cell.f += text
        else if (cell.inIs > 0) cell.isText += text
      },
      close: (name) => {
        if (cell === undefined) return
        if (name === "v") cell.inV = false
        else if (name === "f") cell.inF = false
        else if (name === "is") cell.inIs--
        else if (name === "c") {
          const c = cell
          cell = undefined
          const r = c.ref !== undefined && refRow(c.ref) > 0 ? refRow(c.ref) : Math.max(row, 1)
          col = c.ref !== undefined && refColumn(c.ref) > 0 ? refColumn(c.ref) : col + 1
          const formula = c.f === "" ? null : c.f
          let made: Documents.SheetCell | undefined
          switch (c.t) {
            case "s":
              if (c.v !== "") made = makeCell(r, col, "string", shared[Number(c.v)] ?? "", formula)
              break
            case "str":
              made = makeCell(r, col, "string", c.v, formula)
              break
            case "inlineStr":
              made = makeCell(r, col, "string", c.isText, formula)
              break
            case "b":
              if (c.v !== "") made = makeCell(r, col, "boolean", c.v.trim() === "1" || c.v.trim() === "true", formula)
              break
            case "e":
              made = makeCell(r, col, "error", c.v, formula)
              break
            case "d":
              if (c.v !== "") made = makeCell(r, col, "date", c.v, formula)
              break
            default: {
              if (c.v.trim() === "") break
              const n = Number(c.v)
              if (Number.isNaN(n)) made = makeCell(r, col, "string", c.v, formula)
              else if (dateStyles[c.s]) made = makeCell(r, col, "date", excelDateToIso(n, date1904), formula)
              else made = makeCell(r, col, "number", n, formula)
            }
          }
          if (made !== undefined && !(made.type === "string" && made.value === "")) {
            if (++cellCount > ctx.limits.maxCells) {
              throw tooComplex(ctx.format, "cells", `The workbook has more than ${ctx.limits.maxCells} non-empty cells; it is not read.`)
            }
            cells.push(made)
          }
        }
      }
    })
    sheets.push({ name: attr(sheet, "name") ?? `Sheet${sheets.length + 1}`, cells, notes: [...sheetComments(zip, rel.target, persons), ...sheetCharts(zip, rel.target)] })
  }
  return assembleSpreadsheet({ format: ctx.format, fileName: ctx.fileName, sheets, metadata: coreProperties(zip) })
}
