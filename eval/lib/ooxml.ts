/**
 * Minimal DOCX and XLSX writers (after packages/formats/test/fixtures.ts, copied here so the eval
 * does not import another package's tests): zipped with fflate at a fixed time, so the bytes are
 * the same on every run.
 */
import { strToU8, zipSync, type Zippable } from "fflate"
import { escapeXml, excelSerial } from "./format.js"

/** local-time fields, so the DOS time written in the zip is the same in every time zone */
const FIXED_MTIME = new Date(2026, 0, 1, 0, 0, 0)

export const zip = (files: Record<string, string | Uint8Array>): Uint8Array => {
  const entries: Zippable = {}
  for (const [name, content] of Object.entries(files)) entries[name] = typeof content === "string" ? strToU8(content) : content
  return zipSync(entries, { mtime: FIXED_MTIME, level: 6 })
}

const rels = (items: ReadonlyArray<[id: string, type: string, target: string]>) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${
    items.map(([id, type, target]) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`).join("")
  }</Relationships>`

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>`

const coreXml = (title: string, author: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title><dc:creator>${escapeXml(author)}</dc:creator></cp:coreProperties>`

// ---------------------------------------------------------------- DOCX

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`

export interface DocxRun { readonly text: string; readonly bold?: boolean }

const run = (r: DocxRun) => `<w:r>${r.bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${escapeXml(r.text)}</w:t></w:r>`

/** A paragraph of runs (a string is one plain run). */
export const docxParagraph = (
  content: string | ReadonlyArray<DocxRun>,
  options: { style?: "Heading1" | "Heading2" | "Title"; align?: "left" | "right" | "center"; pageBreakBefore?: boolean } = {}
) => {
  const runs = typeof content === "string" ? [{ text: content }] : content
  const props = (options.style ? `<w:pStyle w:val="${options.style}"/>` : "") + (options.align ? `<w:jc w:val="${options.align}"/>` : "")
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${options.pageBreakBefore ? `<w:r><w:br w:type="page"/></w:r>` : ""}${runs.map(run).join("")}</w:p>`
}

export const docxTable = (rows: ReadonlyArray<ReadonlyArray<string>>, options: { headerBold?: boolean } = {}) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.map((row, r) =>
    `<w:tr>${row.map((cell) => `<w:tc>${docxParagraph([{ text: cell, bold: options.headerBold === true && r === 0 }])}</w:tc>`).join("")}</w:tr>`
  ).join("")}</w:tbl>`

export const docx = (body: string, meta: { title: string; author: string }): Uint8Array =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "word/document.xml"], ["rId2", "metadata/core-properties", "docProps/core.xml"]]),
    "docProps/core.xml": coreXml(meta.title, meta.author),
    "word/_rels/document.xml.rels": rels([["rId1", "styles", "styles.xml"]]),
    "word/styles.xml": `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`
  })

// ---------------------------------------------------------------- XLSX

const S = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`

/** A cell value: text, a number, a date (shown as yyyy-mm-dd), or empty. */
export type XlsxValue = string | number | { readonly date: string } | null

/** 0 → A, 25 → Z, 26 → AA */
export const columnName = (index: number): string => {
  let n = index + 1
  let name = ""
  while (n > 0) {
    const r = (n - 1) % 26
    name = String.fromCharCode(65 + r) + name
    n = Math.floor((n - 1) / 26)
  }
  return name
}

/** row and column 0-based → "B4" */
export const cellRef = (row: number, col: number): string => `${columnName(col)}${row + 1}`

const cellXml = (ref: string, value: XlsxValue): string => {
  if (value === null || value === "") return ""
  if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`
  if (typeof value === "string") return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`
  return `<c r="${ref}" s="2"><v>${excelSerial(value.date)}</v></c>`
}

export interface XlsxSheet { readonly name: string; readonly rows: ReadonlyArray<ReadonlyArray<XlsxValue>> }

export const xlsx = (sheets: ReadonlyArray<XlsxSheet>, meta: { title: string; author: string }): Uint8Array =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "xl/workbook.xml"], ["rId2", "metadata/core-properties", "docProps/core.xml"]]),
    "docProps/core.xml": coreXml(meta.title, meta.author),
    "xl/workbook.xml": `<workbook ${S}><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": rels([
      ...sheets.map((_, i): [string, string, string] => [`rId${i + 1}`, "worksheet", `worksheets/sheet${i + 1}.xml`]),
      ["rIdT", "styles", "styles.xml"]
    ]),
    "xl/styles.xml": `<styleSheet ${S}><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
    ...Object.fromEntries(sheets.map((s, i) => [
      `xl/worksheets/sheet${i + 1}.xml`,
      `<worksheet ${S}><sheetData>${s.rows.map((row, r) => {
        const cells = row.map((v, c) => cellXml(cellRef(r, c), v)).join("")
        return cells === "" ? "" : `<row r="${r + 1}">${cells}</row>`
      }).join("")}</sheetData></worksheet>`
    ]))
  })

// ---------------------------------------------------------------- CSV

const csvField = (v: string | number): string => {
  const s = String(v)
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csv = (rows: ReadonlyArray<ReadonlyArray<string | number>>): Uint8Array =>
  new TextEncoder().encode(rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n")
