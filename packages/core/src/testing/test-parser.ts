/**
 * A small, deterministic `DocumentParser` for HTTP tests (the real one is `@docket/formats`):
 * - `.txt` (and `.md`, `.mdx`): a document; pages are separated by form feeds (`\f`), paragraphs by blank lines;
 *   in `.md` and `.mdx`, a paragraph that is one line `## Name` (1 to 6 `#`) is a heading, which
 *   ingestion makes a section;
 * - `.csv`: a spreadsheet with one sheet named after the file, cells split on `,`;
 * - a first line `#delay <ms>` makes parsing take that long on the service clock (so a manual
 *   clock decides when it ends) and is not part of the text;
 * - a first line `#corrupt` fails with `CorruptFile`; every other extension with `UnsupportedFileType`.
 */
import { Clock, Effect, Layer } from "effect"
import { DocumentParser } from "../documents/document-parser.js"
import { CorruptFile, UnsupportedFileType } from "../documents/errors.js"
import { blocksMarkdown } from "../documents/parse/block-markdown.js"
import { type Block, columnName, type ParsedDocument, type SheetCell } from "../documents/parsed-document.js"
import { fileExtension } from "../documents/supported-extensions.js"

const directive = (text: string): { readonly delayMs: number; readonly corrupt: boolean; readonly body: string } => {
  const m = /^#delay (\d+)\r?\n/.exec(text)
  if (m !== null) return { delayMs: Number(m[1]), corrupt: false, body: text.slice(m[0].length) }
  if (text.startsWith("#corrupt")) return { delayMs: 0, corrupt: true, body: "" }
  return { delayMs: 0, corrupt: false, body: text }
}

const chars = (s: string) => [...s].length

const textDocument = (fileName: string, body: string, headings: boolean): ParsedDocument => {
  const pageTexts = body.split("\f")
  const blocks: Array<Block> = []
  pageTexts.forEach((page, i) => {
    for (const para of page.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== "")) {
      const heading = headings ? /^(#{1,6}) ([^\n]+)$/.exec(para) : null
      blocks.push(heading === null ? { type: "paragraph", page: i + 1, text: para } : { type: "heading", page: i + 1, level: heading[1]!.length, text: heading[2]! })
    }
  })
  const markdown = blocksMarkdown(blocks)
  const text = blocks.map((b) => b.text).join("\n\n")
  return {
    kind: "document",
    file_name: fileName,
    format: "txt",
    markdown,
    text,
    char_count: chars(markdown),
    chunks: text === "" ? [] : [{ chunk_index: 0, text, page_start: 1, page_end: pageTexts.length, start_char: 0, end_char: text.length }],
    metadata: {},
    warnings: [],
    pages: pageTexts.map((p, i) => ({ page_number: i + 1, text: p.trim(), width: null, height: null, unit: null, items: [], ocr: false })),
    blocks,
    page_count: pageTexts.length,
    ocr_applied: false
  }
}

const csvSpreadsheet = (fileName: string, body: string): ParsedDocument => {
  const rows = body.split(/\r?\n/).filter((r) => r !== "").map((r) => r.split(","))
  const cells: Array<SheetCell> = []
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value !== "") {
        cells.push({ ref: `${columnName(c + 1)}${r + 1}`, row: r + 1, col: c + 1, type: "string", value, text: value, formula: null })
      }
    }))
  const maxCol = rows.reduce((n, r) => Math.max(n, r.length), 0)
  const line = (r: ReadonlyArray<string>) => `| ${Array.from({ length: maxCol }, (_, i) => r[i] ?? "").join(" | ")} |`
  const markdown = rows.length === 0 ? "" : [line(rows[0]), `|${" --- |".repeat(maxCol)}`, ...rows.slice(1).map(line)].join("\n")
  const sheetName = fileName.replace(/\.[^.]*$/, "")
  return {
    kind: "spreadsheet",
    file_name: fileName,
    format: "csv",
    markdown: `## ${sheetName}\n\n${markdown}`,
    text: rows.map((r) => r.join("\t")).join("\n"),
    char_count: chars(`## ${sheetName}\n\n${markdown}`),
    chunks: [],
    metadata: {},
    warnings: [],
    sheets: [{ sheet_name: sheetName, max_row: rows.length, max_col: maxCol, cells, markdown, char_count: chars(markdown) }]
  }
}

export const testParserLayer: Layer.Layer<DocumentParser> = Layer.succeed(DocumentParser, {
  parse: ({ bytes, fileName }) =>
    Effect.gen(function*() {
      const extension = fileExtension(fileName)
      if (![".txt", ".md", ".mdx", ".csv"].includes(extension)) {
        return yield* new UnsupportedFileType({
          fileName,
          extension,
          reason: "format_not_readable",
          detected: null,
          message: `the test parser reads only .txt, .md, .mdx and .csv, not ${extension}`
        })
      }
      const { delayMs, corrupt, body } = directive(new TextDecoder().decode(bytes))
      if (delayMs > 0) yield* Clock.sleep(delayMs)
      if (corrupt) return yield* new CorruptFile({ fileName, format: extension.slice(1), message: "the file is corrupt (test directive)" })
      return extension === ".csv" ? csvSpreadsheet(fileName, body) : textDocument(fileName, body, extension !== ".txt")
    })
})
