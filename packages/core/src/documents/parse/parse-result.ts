/**
 * What a parse job keeps as its result, and the units it costs (spec 2, "Parse result", credits:
 * 1 per page for documents, 1 per 500 cells per sheet rounded up for spreadsheets). Both forms'
 * results are rendered from it (`parse-kind.ts`).
 */
import type { LinkOf } from "../../jobs/job-kind.js"
import { parseCredits } from "../../tenancy/billing/credits.js"
import type { Block, Chunk, ParsedDocument } from "../parsed-document.js"

export interface StoredSheet {
  readonly sheet_name: string
  readonly markdown: string
  readonly max_row: number
  readonly max_col: number
  readonly char_count: number
  readonly cell_count: number
}

export interface StoredParseResult {
  readonly file_name: string
  readonly format: string
  readonly kind: "document" | "spreadsheet"
  readonly page_count: number
  readonly char_count: number
  readonly markdown: string
  readonly text: string
  readonly blocks: ReadonlyArray<Block>
  readonly chunks: ReadonlyArray<Chunk>
  readonly ocr_applied: boolean
  readonly sheets: ReadonlyArray<StoredSheet>
  readonly extraction_duration_ms: number
}

export const CELLS_PER_UNIT = 500

export const storedParseResult = (parsed: ParsedDocument, durationMs: number): StoredParseResult =>
  parsed.kind === "document"
    ? {
        file_name: parsed.file_name,
        format: parsed.format,
        kind: "document",
        page_count: parsed.page_count,
        char_count: parsed.char_count,
        markdown: parsed.markdown,
        text: parsed.text,
        blocks: parsed.blocks,
        chunks: parsed.chunks,
        ocr_applied: parsed.ocr_applied,
        sheets: [],
        extraction_duration_ms: durationMs
      }
    : {
        file_name: parsed.file_name,
        format: parsed.format,
        kind: "spreadsheet",
        page_count: parsed.sheets.length,
        char_count: parsed.char_count,
        markdown: parsed.markdown,
        text: parsed.text,
        blocks: [],
        chunks: parsed.chunks,
        ocr_applied: false,
        sheets: parsed.sheets.map((s) => ({
          sheet_name: s.sheet_name,
          markdown: s.markdown,
          max_row: s.max_row,
          max_col: s.max_col,
          char_count: s.char_count,
          cell_count: s.cells.length
        })),
        extraction_duration_ms: durationMs
      }

/** The job's units: its parse credits (`../billing/credits.ts`). */
export const parseUnits = (r: StoredParseResult): number =>
  parseCredits(r.kind === "document" ? { kind: "document", pages: r.page_count } : { kind: "spreadsheet", cellsPerSheet: r.sheets.map((s) => s.cell_count) })

/** The flat result: a `file` item with its `markdown_url`, or a `table` item with one per sheet. */
export const flatParseResult = (r: StoredParseResult, link: LinkOf) => ({
  result_type: "parse",
  status: "success",
  error: null,
  item: r.kind === "document"
    ? {
        item_type: "file",
        markdown_url: link("document"),
        page_count: r.page_count,
        char_count: r.char_count,
        extraction_duration_ms: r.extraction_duration_ms
      }
    : {
        item_type: "table",
        sheets: r.sheets.map((s, i) => ({
          sheet_name: s.sheet_name,
          markdown_url: link(`sheet-${i}`),
          max_row: s.max_row,
          max_col: s.max_col,
          char_count: s.char_count
        }))
      }
})

/** `standard` when the text came from the file itself, `ocr` when OCR read some of it. */
export const v1ParseResult = (r: StoredParseResult, units: number) => ({
  result_type: "parse" as const,
  file_name: r.file_name,
  lane: r.ocr_applied ? "ocr" : "standard",
  document: { page_count: r.page_count, markdown: r.markdown, text: r.text, blocks: r.blocks, chunks: r.chunks },
  ocr_applied: r.ocr_applied,
  units
})

/** A parse job's v1 `result`. */
export type V1ParseResult = ReturnType<typeof v1ParseResult>

/** The markdown behind a link of the result: the document, or a sheet (`sheet-<n>`). */
export const parseArtifact = (result: StoredParseResult, part: string): string | undefined => {
  if (part === "document") return result.kind === "document" ? result.markdown : undefined
  const m = /^sheet-(\d+)$/.exec(part)
  return m === null ? undefined : result.sheets[Number(m[1])]?.markdown
}
