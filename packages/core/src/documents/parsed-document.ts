/**
 * What parsing a file gives (spec 2, "Parse result"): the platform-neutral result every later
 * operation reads — parse (markdown, page and character counts, blocks, chunks), categorize
 * (pages, sheets), extract (text) and ground (text positions on pages, cell references).
 *
 * Geometry: boxes are in the page's own units (`unit`: PDF points, 1/72 inch; image pixels), origin
 * at the top-left corner of the page, so a box normalized to the page (spec 2, ground
 * `visual_region`) is `x / width`, `y / height`, `w / width`, `h / height`.
 */

/** Where a piece of text sits on its page, in the page's units, origin top-left. */
export interface TextItem {
  readonly text: string
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
  /** `text_layer`: from the file's own text (a PDF text run); `ocr`: an OCR word. */
  readonly source: "text_layer" | "ocr"
  /** OCR confidence from 0 to 1; null for text-layer items. */
  readonly confidence: number | null
}

export interface DocumentPage {
  /** 1-indexed */
  readonly page_number: number
  readonly text: string
  /** Page size in `unit`, null when the format has no fixed page geometry (DOCX, HTML, text…). */
  readonly width: number | null
  readonly height: number | null
  readonly unit: "pt" | "px" | null
  /** Positioned text: PDF text runs or OCR words. Empty when the format has no geometry. */
  readonly items: ReadonlyArray<TextItem>
  /** True when this page's text comes from OCR. */
  readonly ocr: boolean
}

export type Block =
  | { readonly type: "heading"; readonly page: number; readonly level: number; readonly text: string }
  | { readonly type: "paragraph"; readonly page: number; readonly text: string }
  | { readonly type: "list"; readonly page: number; readonly ordered: boolean; readonly items: ReadonlyArray<string>; readonly text: string }
  | {
      readonly type: "table"
      readonly page: number
      /** Cell texts, row by row; the first row is rendered as the markdown header. */
      readonly rows: ReadonlyArray<ReadonlyArray<string>>
      readonly text: string
    }

/** A bounded piece of the text for retrieval and batching (v1 `document.chunks`). */
export interface Chunk {
  readonly chunk_index: number
  readonly text: string
  /** 1-indexed, inclusive; for spreadsheets the ordinal of the sheet. */
  readonly page_start: number
  readonly page_end: number
  /** Offsets in `text` of the parsed document (UTF-16 code units, end exclusive). */
  readonly start_char: number
  readonly end_char: number
}

export type CellValue = string | number | boolean | null

export interface SheetCell {
  /** A1 notation, e.g. `B7` */
  readonly ref: string
  /** 1-indexed */
  readonly row: number
  readonly col: number
  /** `date` values are ISO 8601 strings; `error` values the error literal (`#DIV/0!`). */
  readonly type: "string" | "number" | "boolean" | "date" | "error"
  readonly value: CellValue
  /** The value as shown in the markdown table. */
  readonly text: string
  /** The formula without the leading `=`, when the file stores one. */
  readonly formula: string | null
}

export interface Sheet {
  readonly sheet_name: string
  /** 1-indexed extent of the non-empty cells (0 for an empty sheet). */
  readonly max_row: number
  readonly max_col: number
  /** Non-empty cells, row by row. */
  readonly cells: ReadonlyArray<SheetCell>
  /** The sheet as one markdown table (rows 1…max_row, columns A…max_col; the first row is the header). */
  readonly markdown: string
  readonly char_count: number
}

interface ParsedCommon {
  readonly file_name: string
  /** The format that was read, e.g. `pdf`, `docx`, `xlsx`, `eml`. */
  readonly format: string
  /** Whole-file markdown: the document, or every sheet under a `## sheet name` heading. */
  readonly markdown: string
  /** Plain text. */
  readonly text: string
  /** Characters of `markdown` (spec 2, `char_count`). */
  readonly char_count: number
  readonly chunks: ReadonlyArray<Chunk>
  /** Title, author, subject, e-mail headers… as the file states them. */
  readonly metadata: Readonly<Record<string, string>>
  /** What was read only in part, e.g. an attachment skipped or a page OCR could not read. */
  readonly warnings: ReadonlyArray<string>
}

export interface ParsedTextDocument extends ParsedCommon {
  readonly kind: "document"
  readonly pages: ReadonlyArray<DocumentPage>
  readonly blocks: ReadonlyArray<Block>
  readonly page_count: number
  readonly ocr_applied: boolean
}

export interface ParsedSpreadsheet extends ParsedCommon {
  readonly kind: "spreadsheet"
  /** One table per sheet, in workbook order. */
  readonly sheets: ReadonlyArray<Sheet>
}

export type ParsedDocument = ParsedTextDocument | ParsedSpreadsheet

/** `A`…`Z`, `AA`… for a 1-indexed column. */
export const columnName = (col: number): string => {
  let name = ""
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** A1 reference of a 1-indexed row and column. */
export const cellRef = (row: number, col: number): string => `${columnName(col)}${row}`

/** The 1-indexed row and column of an A1 reference (`$` allowed), or undefined. */
export const parseCellRef = (ref: string): { readonly row: number; readonly col: number } | undefined => {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim())
  if (match === null) return undefined
  let col = 0
  for (const ch of match[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64)
  const row = Number(match[2])
  return row >= 1 ? { row, col } : undefined
}
