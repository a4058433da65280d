/**
 * What a parsed file becomes (pure): `document.md` (the whole file's markdown), its page and
 * component ranges in it, and the tables a workspace loads from it.
 *
 * - Ranges are UTF-16 code-unit offsets in `document.md` (JavaScript string offsets, as the parse
 *   result's chunk offsets), end exclusive.
 * - A document's markdown is rebuilt block by block (the parse's own rendering, `blockMarkdown`),
 *   so every block's place is known: pages, sections (a heading up to the next heading) and
 *   tables. A spreadsheet is each sheet under `## <sheet name>`.
 * - Tables: every non-empty sheet (row 1 is the header), and every document table with a header
 *   row and at least one data row. Header cells become column names (`columnNameOf`: lower-case
 *   `[a-z0-9_]`, unique, `column_<n>` when blank); rows are padded or cut to the header's width.
 * - Table names are `<file stem>[_<sheet or table n>]_<6 hex of the file id>`: stable for a file
 *   across re-ingestions, and two files of one name in different folders never collide.
 */
import { blockMarkdown } from "../../documents/parse/block-markdown.js"
import type { Block, ParsedDocument, Sheet } from "../../documents/parsed-document.js"
import type { IngestedColumn, IngestedComponent, IngestedPage } from "./file-ingestion.js"

/** A table to load: named columns and string cells (the loader profiles types). */
export interface DerivedTable {
  readonly table_name: string
  /** the sheet name, or "table <n>" */
  readonly source: string
  readonly columns: ReadonlyArray<IngestedColumn>
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

export interface DerivedFile {
  readonly markdown: string
  readonly pages: ReadonlyArray<IngestedPage>
  readonly components: ReadonlyArray<IngestedComponent>
  readonly tables: ReadonlyArray<DerivedTable>
  readonly sheet_names: ReadonlyArray<string>
  readonly page_count: number | null
}

/** rows per table kept (a sheet beyond it is loaded in part; the component says how many rows) */
export const MAX_TABLE_ROWS = 100_000
export const MAX_TABLE_COLUMNS = 500
const MAX_NAME = 63

const slug = (s: string, max: number): string =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, max).replace(/_+$/, "")

const stemOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".")
  return dot > 0 ? fileName.slice(0, dot) : fileName
}

export const tableNameOf = (fileName: string, fileId: string, part: string | null): string => {
  const suffix = `_${fileId.replace(/[^0-9a-f]/gi, "").slice(0, 6).toLowerCase()}`
  const room = MAX_NAME - suffix.length
  const stem = slug(stemOf(fileName), part === null ? room : Math.floor(room / 2)) || "file"
  const head = part === null ? stem : `${stem}_${slug(part, room - stem.length - 1) || "part"}`
  const name = /^[a-z_]/.test(head) ? head : `t_${head}`
  return `${name.slice(0, room)}${suffix}`
}

/** Unique, SQL-friendly column names from a header row. */
export const columnNamesOf = (header: ReadonlyArray<string>): Array<string> => {
  const seen = new Set<string>()
  return header.map((cell, i) => {
    let base = slug(cell, 50) || `column_${i + 1}`
    if (!/^[a-z_]/.test(base)) base = `c_${base}`
    let name = base
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`
    seen.add(name)
    return name
  })
}

const NUMBER_RE = /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/
const DATE_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?/

/** `numeric`, `date` or `text`: the narrowest type every non-empty value of the column reads as. */
export const dataTypeOf = (values: ReadonlyArray<string>): string => {
  const filled = values.map((v) => v.trim()).filter((v) => v !== "")
  if (filled.length === 0) return "text"
  if (filled.every((v) => NUMBER_RE.test(v))) return "numeric"
  if (filled.every((v) => DATE_RE.test(v))) return "date"
  return "text"
}

const tableOf = (name: string, source: string, grid: ReadonlyArray<ReadonlyArray<string>>): DerivedTable | null => {
  const header = (grid[0] ?? []).slice(0, MAX_TABLE_COLUMNS)
  if (header.length === 0 || header.every((h) => h.trim() === "")) return null
  const width = header.length
  const rows = grid.slice(1, MAX_TABLE_ROWS + 1).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""))
  const names = columnNamesOf(header)
  return { table_name: name, source, columns: names.map((n, i) => ({ name: n, data_type: dataTypeOf(rows.map((r) => r[i]!)) })), rows }
}

const sheetGrid = (sheet: Sheet): Array<Array<string>> => {
  const grid: Array<Array<string>> = Array.from({ length: Math.min(sheet.max_row, MAX_TABLE_ROWS + 1) }, () => Array.from({ length: Math.min(sheet.max_col, MAX_TABLE_COLUMNS) }, () => ""))
  for (const c of sheet.cells) {
    const row = grid[c.row - 1]
    if (row !== undefined && c.col - 1 < row.length) row[c.col - 1] = c.text
  }
  return grid
}

/** Cells of a sheet's markdown table (when the parse kept no cells, e.g. a reused parse). */
const markdownGrid = (markdown: string): Array<Array<string>> =>
  markdown.split("\n")
    .filter((l) => l.startsWith("|") && !/^\|(\s*:?-+:?\s*\|)+\s*$/.test(l))
    .map((l) => l.slice(1, l.endsWith("|") ? -1 : undefined).split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|").replace(/<br>/g, "\n")))

const component = (c: Partial<IngestedComponent> & Pick<IngestedComponent, "kind" | "name" | "char_start" | "char_end">): IngestedComponent => ({
  summary: null,
  table_name: null,
  row_count: null,
  column_count: null,
  columns: [],
  page_start: null,
  page_end: null,
  readable: true,
  queryable: false,
  ...c
})

const tableComponent = (kind: "sheet" | "table", name: string, start: number, end: number, t: DerivedTable | null, pages: { page_start: number | null; page_end: number | null }) =>
  component({
    kind,
    name,
    char_start: start,
    char_end: end,
    ...pages,
    table_name: t?.table_name ?? null,
    row_count: t?.rows.length ?? null,
    column_count: t?.columns.length ?? null,
    columns: t?.columns ?? [],
    queryable: t !== null
  })

const deriveSpreadsheet = (fileName: string, fileId: string, sheets: ReadonlyArray<Sheet>): DerivedFile => {
  const parts: Array<string> = []
  const components: Array<IngestedComponent> = []
  const tables: Array<DerivedTable> = []
  let at = 0
  const single = sheets.length === 1
  for (const sheet of sheets) {
    const text = `## ${sheet.sheet_name}\n\n${sheet.markdown}`
    if (parts.length > 0) at += 2
    const start = at
    at += text.length
    parts.push(text)
    const grid = sheet.cells.length > 0 ? sheetGrid(sheet) : markdownGrid(sheet.markdown)
    const t = grid.length === 0 ? null : tableOf(tableNameOf(fileName, fileId, single ? null : sheet.sheet_name), sheet.sheet_name, grid)
    if (t !== null) tables.push(t)
    components.push(tableComponent("sheet", sheet.sheet_name, start, at, t, { page_start: null, page_end: null }))
  }
  const markdown = parts.join("\n\n")
  return {
    markdown,
    pages: [],
    components: [component({ kind: "document", name: fileName, char_start: 0, char_end: markdown.length }), ...components],
    tables,
    sheet_names: sheets.map((s) => s.sheet_name),
    page_count: null
  }
}

const deriveDocument = (fileName: string, fileId: string, blocks: ReadonlyArray<Block>, pageCount: number, fallback: string): DerivedFile => {
  if (blocks.length === 0) {
    return {
      markdown: fallback,
      pages: Array.from({ length: pageCount }, (_, i) => ({ page: i + 1, char_start: i === 0 ? 0 : fallback.length, char_end: fallback.length })),
      components: [component({ kind: "document", name: fileName, char_start: 0, char_end: fallback.length, page_start: pageCount > 0 ? 1 : null, page_end: pageCount > 0 ? pageCount : null })],
      tables: [],
      sheet_names: [],
      page_count: pageCount
    }
  }
  const parts: Array<string> = []
  const placed: Array<{ block: Block; start: number; end: number }> = []
  let at = 0
  for (const block of blocks) {
    const text = blockMarkdown(block)
    if (parts.length > 0) at += 2
    placed.push({ block, start: at, end: at + text.length })
    at += text.length
    parts.push(text)
  }
  const markdown = parts.join("\n\n")
  // pages: from the first block of a page to the end of its last; a page without blocks is empty at the next page's start
  const pages: Array<IngestedPage> = []
  for (let p = 1; p <= pageCount; p++) {
    const on = placed.filter((x) => x.block.page === p)
    if (on.length > 0) pages.push({ page: p, char_start: on[0]!.start, char_end: on[on.length - 1]!.end })
    else {
      const next = placed.find((x) => x.block.page > p)
      const pos = next?.start ?? markdown.length
      pages.push({ page: p, char_start: pos, char_end: pos })
    }
  }
  const components: Array<IngestedComponent> = [
    component({ kind: "document", name: fileName, char_start: 0, char_end: markdown.length, page_start: 1, page_end: Math.max(pageCount, 1) })
  ]
  const headings = placed.filter((x) => x.block.type === "heading")
  headings.forEach((h, i) => {
    const next = headings[i + 1]
    const inside = placed.filter((x) => x.start >= h.start && (next === undefined || x.start < next.start))
    const last = inside[inside.length - 1]!
    components.push(component({ kind: "section", name: h.block.text.replace(/\s+/g, " ").trim().slice(0, 200), char_start: h.start, char_end: last.end, page_start: h.block.page, page_end: last.block.page }))
  })
  const tables: Array<DerivedTable> = []
  let n = 0
  for (const x of placed) {
    if (x.block.type !== "table") continue
    n++
    const name = `table ${n}`
    const t = x.block.rows.length >= 2 ? tableOf(tableNameOf(fileName, fileId, `table_${n}`), name, x.block.rows) : null
    if (t !== null) tables.push(t)
    components.push(tableComponent("table", name, x.start, x.end, t, { page_start: x.block.page, page_end: x.block.page }))
  }
  return { markdown, pages, components, tables, sheet_names: [], page_count: pageCount }
}

export const deriveFile = (doc: ParsedDocument, fileName: string, fileId: string): DerivedFile =>
  doc.kind === "spreadsheet"
    ? deriveSpreadsheet(fileName, fileId, doc.sheets)
    : deriveDocument(fileName, fileId, doc.blocks, doc.page_count, doc.markdown)

const csvCell = (v: string) => /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v

/** RFC 4180 CSV of a table: the header (the column names), then the rows, CRLF line ends. */
export const tableCsv = (t: DerivedTable): string =>
  [t.columns.map((c) => csvCell(c.name)), ...t.rows.map((r) => r.map(csvCell))].map((r) => r.join(",")).join("\r\n") + "\r\n"
