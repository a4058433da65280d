/**
 * What a parsed file becomes (pure): `document.md` (the whole file's markdown), its page and
 * component ranges in it, and the tables a workspace loads from it.
 *
 * - Ranges are UTF-16 code-unit offsets in `document.md` (JavaScript string offsets, as the parse
 *   result's chunk offsets), end exclusive.
 * - A document's markdown is rebuilt block by block (the parse's own rendering, `blockMarkdown`),
 *   so every block's place is known: pages, sections (a heading up to the next heading) and
 *   tables. A spreadsheet is each sheet under `## <sheet name>`.
 * - Table candidates: every non-empty sheet (a CSV is one sheet) and every document table with a
 *   header row (`hasHeaderRow` of the tables context) and a data row, as grids of parsed cells;
 *   `file-tables.ts` names, types and loads them (`buildTable`).
 */
import { blockMarkdown } from "../../documents/parse/block-markdown.js"
import type { Block, ParsedDocument, Sheet } from "../../documents/parsed-document.js"
import { hasHeaderRow } from "../tables/table-profile.js"
import type { ComponentKind, RawCell, TableRow } from "../tables/workspace-table.js"
import type { IngestedComponent, IngestedPage } from "./file-ingestion.js"

/** A grid a workspace table is built from, and the component it belongs to. */
export interface TableCandidate {
  /** index of its component in `components` */
  readonly component_index: number
  /** the sheet name, or "table <n>" */
  readonly component: string
  readonly component_kind: ComponentKind
  readonly grid: ReadonlyArray<ReadonlyArray<RawCell>>
}

export interface DerivedFile {
  readonly markdown: string
  readonly pages: ReadonlyArray<IngestedPage>
  readonly components: ReadonlyArray<IngestedComponent>
  readonly tables: ReadonlyArray<TableCandidate>
  readonly sheet_names: ReadonlyArray<string>
  readonly page_count: number | null
}

/** rows per table kept (a sheet beyond it is loaded in part; the component says how many rows) */
export const MAX_TABLE_ROWS = 100_000
export const MAX_TABLE_COLUMNS = 500

const sheetGrid = (sheet: Sheet): Array<Array<RawCell>> => {
  const grid: Array<Array<RawCell>> = Array.from({ length: Math.min(sheet.max_row, MAX_TABLE_ROWS + 1) }, () => Array.from({ length: Math.min(sheet.max_col, MAX_TABLE_COLUMNS) }, () => null))
  for (const c of sheet.cells) {
    const row = grid[c.row - 1]
    // typed values where the parse has them (numbers, booleans, ISO dates); errors as their text
    if (row !== undefined && c.col - 1 < row.length) row[c.col - 1] = c.type === "error" ? c.text : c.value
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

/** a sheet's or table's component; `file-tables.ts` fills its table fields once the table is built */
const tableComponent = (kind: "sheet" | "table", name: string, start: number, end: number, pages: { page_start: number | null; page_end: number | null }) =>
  component({ kind, name, char_start: start, char_end: end, ...pages })

const deriveSpreadsheet = (fileName: string, sheets: ReadonlyArray<Sheet>): DerivedFile => {
  const csv = fileName.toLowerCase().endsWith(".csv")
  const parts: Array<string> = []
  const components: Array<IngestedComponent> = []
  const tables: Array<TableCandidate> = []
  let at = 0
  for (const sheet of sheets) {
    const text = `## ${sheet.sheet_name}\n\n${sheet.markdown}`
    if (parts.length > 0) at += 2
    const start = at
    at += text.length
    parts.push(text)
    const grid = sheet.cells.length > 0 ? sheetGrid(sheet) : markdownGrid(sheet.markdown)
    // index + 1: the whole-document component comes first
    if (grid.length > 0) tables.push({ component_index: components.length + 1, component: csv ? fileName : sheet.sheet_name, component_kind: csv ? "csv" : "sheet", grid })
    components.push(tableComponent("sheet", sheet.sheet_name, start, at, { page_start: null, page_end: null }))
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

const deriveDocument = (fileName: string, blocks: ReadonlyArray<Block>, pageCount: number, fallback: string): DerivedFile => {
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
  const tables: Array<TableCandidate> = []
  let n = 0
  for (const x of placed) {
    if (x.block.type !== "table") continue
    n++
    const name = `table ${n}`
    if (hasHeaderRow(x.block.rows)) tables.push({ component_index: components.length, component: name, component_kind: "document_table", grid: x.block.rows.slice(0, MAX_TABLE_ROWS + 1) })
    components.push(tableComponent("table", name, x.start, x.end, { page_start: x.block.page, page_end: x.block.page }))
  }
  return { markdown, pages, components, tables, sheet_names: [], page_count: pageCount }
}

export const deriveFile = (doc: ParsedDocument, fileName: string): DerivedFile =>
  doc.kind === "spreadsheet"
    ? deriveSpreadsheet(fileName, doc.sheets)
    : deriveDocument(fileName, doc.blocks, doc.page_count, doc.markdown)

const csvCell = (v: string) => /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v

/** RFC 4180 CSV of a built table: the column names, then the typed values as text, CRLF line ends. */
export const tableCsv = (columns: ReadonlyArray<{ readonly name: string }>, rows: ReadonlyArray<TableRow>): string =>
  [columns.map((c) => csvCell(c.name)), ...rows.map((r) => r.map((v) => csvCell(v === null ? "" : String(v))))].map((r) => r.join(",")).join("\r\n") + "\r\n"
