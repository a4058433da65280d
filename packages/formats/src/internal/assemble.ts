/**
 * Builds the `ParsedDocument` every reader returns from what it found: blocks (and, for paginated
 * formats, pages with positioned text) or sheets of cells. Renders the markdown, plain text,
 * character counts and chunks the same way for every format.
 */
import { Documents } from "@docket/core"
import { cellRef } from "./cells.js"
import { stripControls } from "./text.js"

/** Characters of a "standard page" for formats without pages of their own (text, HTML, e-mail). */
export const STANDARD_PAGE_CHARS = 3000
/** Upper bound of a chunk's length. */
export const CHUNK_CHARS = 2000
/** Grid positions above which a sheet's markdown drops fully empty rows and columns. */
const MAX_GRID = 1_000_000

export interface PageDraft {
  readonly page_number: number
  readonly width: number | null
  readonly height: number | null
  readonly unit: "pt" | "px" | null
  readonly items: ReadonlyArray<Documents.TextItem>
  readonly ocr: boolean
  /** Page text; when absent, the text of the page's blocks. */
  readonly text?: string | undefined
}

export interface DocumentDraft {
  readonly format: string
  readonly fileName: string
  /** Blocks with their page numbers; for `standard` pagination the page is assigned here. */
  readonly blocks: ReadonlyArray<Documents.Block>
  /**
   * `pages`: the format has pages (PDF, slides, images, Visio pages, page breaks) and blocks carry
   * their page; `standard`: pages of `STANDARD_PAGE_CHARS` characters of text.
   */
  readonly pagination: "pages" | "standard"
  readonly pages?: ReadonlyArray<PageDraft> | undefined
  /** At least this many pages (a PDF's page count even when trailing pages are empty). */
  readonly pageCount?: number | undefined
  readonly metadata?: Record<string, string> | undefined
  readonly warnings?: ReadonlyArray<string> | undefined
  readonly ocrApplied?: boolean | undefined
}

export const tableText = (rows: ReadonlyArray<ReadonlyArray<string>>): string =>
  rows.map((row) => row.join("\t")).join("\n")

export const codePoints = (text: string): number => {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0xd800 || c > 0xdbff) n++
  }
  return n
}

/** Chunks of at most `CHUNK_CHARS`, cut at block boundaries, long blocks at white space. */
const chunkSpans = (
  spans: ReadonlyArray<{ readonly start: number; readonly end: number; readonly page: number }>,
  text: string
): Array<Documents.Chunk> => {
  const chunks: Array<Documents.Chunk> = []
  let current: { start: number; end: number; pageStart: number; pageEnd: number } | undefined
  const flush = () => {
    if (current === undefined) return
    const piece = text.slice(current.start, current.end)
    if (piece.trim() !== "") {
      chunks.push({
        chunk_index: chunks.length, text: piece, page_start: current.pageStart, page_end: current.pageEnd,
        start_char: current.start, end_char: current.end
      })
    }
    current = undefined
  }
  for (const span of spans) {
    if (current !== undefined && span.end - current.start > CHUNK_CHARS) flush()
    let start = span.start
    while (span.end - start > CHUNK_CHARS) {
      flush()
      let cut = start + CHUNK_CHARS
      const space = text.lastIndexOf(" ", cut)
      const newline = text.lastIndexOf("\n", cut)
      const best = Math.max(space, newline)
      if (best > start + CHUNK_CHARS / 2) cut = best + 1
      current = { start, end: cut, pageStart: span.page, pageEnd: span.page }
      flush()
      start = cut
    }
    if (current === undefined) current = { start, end: span.end, pageStart: span.page, pageEnd: span.page }
    else {
      current.end = span.end
      current.pageEnd = Math.max(current.pageEnd, span.page)
    }
  }
  flush()
  return chunks
}

const withPage = (block: Documents.Block, page: number): Documents.Block => ({ ...block, page })

/** A block without control characters (whatever a reader let through: NUL padding, C1 noise). */
const cleanBlock = (block: Documents.Block): Documents.Block => {
  switch (block.type) {
    case "list":
      return { ...block, items: block.items.map(stripControls), text: stripControls(block.text) }
    case "table":
      return { ...block, rows: block.rows.map((row) => row.map(stripControls)), text: stripControls(block.text) }
    default:
      return { ...block, text: stripControls(block.text) }
  }
}

export const assembleDocument = (draft: DocumentDraft): Documents.ParsedTextDocument => {
  // plain text and block offsets
  const parts: Array<string> = []
  const spans: Array<{ start: number; end: number; page: number }> = []
  const blocks: Array<Documents.Block> = []
  let offset = 0
  for (const drafted of draft.blocks) {
    const original = cleanBlock(drafted)
    if (original.text.trim() === "" && original.type !== "table") continue
    const page = draft.pagination === "standard" ? 1 + Math.floor(offset / STANDARD_PAGE_CHARS) : original.page
    const block = withPage(original, page)
    if (parts.length > 0) offset += 2
    parts.push(block.text)
    spans.push({ start: offset, end: offset + block.text.length, page })
    offset += block.text.length
    blocks.push(block)
  }
  const text = parts.join("\n\n")
  const markdown = blocks.map(Documents.blockMarkdown).join("\n\n")
  const lastBlockPage = blocks.reduce((max, block) => Math.max(max, block.page), 1)
  const pageCount = Math.max(1, draft.pageCount ?? 0, draft.pages?.length ?? 0, lastBlockPage)

  const pageDrafts = new Map((draft.pages ?? []).map((page) => [page.page_number, page]))
  const pages: Array<Documents.DocumentPage> = []
  for (let n = 1; n <= pageCount; n++) {
    const page = pageDrafts.get(n)
    const blockText = blocks.filter((block) => block.page === n).map((block) => block.text).join("\n\n")
    pages.push({
      page_number: n,
      text: page?.text === undefined ? blockText : stripControls(page.text),
      width: page?.width ?? null,
      height: page?.height ?? null,
      unit: page?.unit ?? null,
      items: (page?.items ?? []).map((item) => (/[\u0000-\u001f\u007f-\u009f]/.test(item.text) ? { ...item, text: stripControls(item.text) } : item)),
      ocr: page?.ocr ?? false
    })
  }
  return {
    kind: "document",
    file_name: draft.fileName,
    format: draft.format,
    pages,
    blocks,
    markdown,
    text,
    page_count: pageCount,
    char_count: codePoints(markdown),
    ocr_applied: draft.ocrApplied ?? false,
    chunks: chunkSpans(spans, text),
    metadata: cleanMetadata(draft.metadata),
    warnings: draft.warnings ?? []
  }
}

const cleanMetadata = (metadata: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, stripControls(value)]))

export interface SheetDraft {
  readonly name: string
  readonly cells: ReadonlyArray<Documents.SheetCell>
  /** Lines about the sheet that are not cells (comments), after its table in the file's markdown and text. */
  readonly notes?: ReadonlyArray<string> | undefined
}

const sheetTable = (cells: ReadonlyArray<Documents.SheetCell>, maxRow: number, maxCol: number): Array<Array<string>> => {
  const byRow = new Map<number, Map<number, string>>()
  for (const cell of cells) {
    let row = byRow.get(cell.row)
    if (row === undefined) byRow.set(cell.row, (row = new Map()))
    row.set(cell.col, cell.text)
  }
  const sparse = maxRow * maxCol > MAX_GRID
  const rows = sparse ? [...byRow.keys()].sort((a, b) => a - b) : Array.from({ length: maxRow }, (_, i) => i + 1)
  const cols = sparse
    ? [...new Set(cells.map((cell) => cell.col))].sort((a, b) => a - b)
    : Array.from({ length: maxCol }, (_, i) => i + 1)
  return rows.map((r) => cols.map((c) => byRow.get(r)?.get(c) ?? ""))
}

export const buildSheet = (draft: SheetDraft): Documents.Sheet => {
  const cells = [...draft.cells].sort((a, b) => a.row - b.row || a.col - b.col)
  const maxRow = cells.reduce((max, cell) => Math.max(max, cell.row), 0)
  const maxCol = cells.reduce((max, cell) => Math.max(max, cell.col), 0)
  const markdown = cells.length === 0 ? "" : Documents.markdownTable(sheetTable(cells, maxRow, maxCol))
  return { sheet_name: stripControls(draft.name), max_row: maxRow, max_col: maxCol, cells, markdown, char_count: codePoints(markdown) }
}

export const assembleSpreadsheet = (input: {
  readonly format: string
  readonly fileName: string
  readonly sheets: ReadonlyArray<SheetDraft>
  readonly metadata?: Record<string, string> | undefined
  readonly warnings?: ReadonlyArray<string> | undefined
}): Documents.ParsedSpreadsheet => {
  const sheets = input.sheets.map(buildSheet)
  const notesOf = (index: number) => (input.sheets[index].notes ?? []).map(stripControls).filter((line) => line.trim() !== "")
  const markdown = sheets.map((sheet, index) => {
    const notes = notesOf(index)
    return `## ${sheet.sheet_name}\n\n${sheet.markdown}${notes.length === 0 ? "" : `\n\n${notes.map((line) => `- ${line.replace(/\s*\n\s*/g, " ")}`).join("\n")}`}`.trimEnd()
  }).join("\n\n")
  const parts: Array<string> = []
  const spans: Array<{ start: number; end: number; page: number }> = []
  let offset = 0
  sheets.forEach((sheet, index) => {
    const lines = [
      sheet.sheet_name, ...(sheet.cells.length === 0 ? [] : tableText(sheetTable(sheet.cells, sheet.max_row, sheet.max_col)).split("\n")),
      ...notesOf(index).map((line) => line.replace(/\s*\n\s*/g, " "))
    ]
    for (const line of lines) {
      if (parts.length > 0) offset += 1
      parts.push(line)
      spans.push({ start: offset, end: offset + line.length, page: index + 1 })
      offset += line.length
    }
  })
  const text = parts.join("\n")
  return {
    kind: "spreadsheet",
    file_name: input.fileName,
    format: input.format,
    sheets,
    markdown,
    text,
    char_count: codePoints(markdown),
    chunks: chunkSpans(spans, text),
    metadata: cleanMetadata(input.metadata),
    warnings: input.warnings ?? []
  }
}

/** A cell from a value, with the text shown in the markdown. */
export const makeCell = (
  row: number, col: number, type: Documents.SheetCell["type"], value: Documents.SheetCell["value"], formula: string | null = null
): Documents.SheetCell => {
  const clean = typeof value === "string" ? stripControls(value) : value
  return { ref: cellRef(row, col), row, col, type, value: clean, text: cellText(type, clean), formula }
}

const cellText = (type: Documents.SheetCell["type"], value: Documents.SheetCell["value"]): string => {
  if (value === null) return ""
  if (type === "boolean") return value ? "TRUE" : "FALSE"
  if (typeof value === "number") return String(Number(value.toPrecision(15)))
  return String(value)
}
