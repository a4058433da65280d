/**
 * The work of an extract job (spec 2, "Extract schema subset"): the document (parsed, or the
 * earlier parse behind `markdown_url`) read in batches by the `FieldExtractor` — runs of
 * `batchPages` pages (each batch also sees the page before it, for context), or one sheet at a
 * time — and the batches merged: scalars take the first stated value, top-level arrays are
 * concatenated (`schema/merge.ts`). A document beyond `EXTRACT_CAPACITY_PAGES` standard pages
 * fails with `extract_content_exceeds_limit` instead of being truncated. Credits: as parse (1 per
 * page, 1 per 500 cells per sheet).
 */
import { Effect, Either } from "effect"
import { extractCredits } from "../../tenancy/billing/credits.js"
import { FieldExtractor, type ExtractionContent } from "../../intelligence/extractor.js"
import { engineError } from "../../jobs/engine-job-error.js"
import type { JobError } from "../../jobs/job.js"
import type { DocumentJob } from "../document-job.js"
import { blocksMarkdown } from "../parse/block-markdown.js"
import { readJobDocument, STANDARD_PAGE_CHARS } from "../parse/read-document.js"
import type { ParsedDocument } from "../parsed-document.js"
import { compileExtractSchema } from "../schema/compile.js"
import { mergeExtractedBatches } from "../schema/merge.js"
import type { ExtractParams } from "./extract-request.js"
import type { StoredExtractResult } from "./extract-result.js"

/** "about 1,300 standard pages" */
export const EXTRACT_CAPACITY_PAGES = 1300
export const DEFAULT_BATCH_PAGES = 20

/** Standard pages of a document: its pages, or its characters in pages of 3,000, whichever is more. */
export const standardPages = (doc: ParsedDocument): number =>
  Math.max(doc.kind === "document" ? doc.page_count : 0, Math.ceil(doc.char_count / STANDARD_PAGE_CHARS))

export const extractBatches = (doc: ParsedDocument, batchPages: number): Array<ExtractionContent> => {
  if (doc.kind === "spreadsheet") {
    return doc.sheets.map((sheet) => ({ markdown: `## ${sheet.sheet_name}\n\n${sheet.markdown}`, pages: [], blocks: [], sheets: [sheet], preceding: null }))
  }
  const size = Math.max(1, batchPages)
  const batches: Array<ExtractionContent> = []
  for (let start = 0; start < doc.pages.length; start += size) {
    const pages = doc.pages.slice(start, start + size)
    const first = pages[0]!.page_number
    const last = pages[pages.length - 1]!.page_number
    const blocks = doc.blocks.filter((b) => b.page >= first && b.page <= last)
    batches.push({ markdown: blocksMarkdown(blocks), pages, blocks, sheets: [], preceding: start === 0 ? null : doc.pages[start - 1]! })
  }
  return batches
}

const tooLong = (pages: number): JobError => ({
  code: "extract_content_exceeds_limit",
  message: `the document is about ${pages} standard pages; extract reads at most about ${EXTRACT_CAPACITY_PAGES}. Split it and extract each part.`,
  retryable: false
})

export const extractWork = (job: DocumentJob) =>
  Effect.gen(function*() {
    const params = job.input.params as unknown as ExtractParams
    const compiled = compileExtractSchema(params.schema)
    if (Either.isLeft(compiled)) {
      return yield* Effect.fail<JobError>({ code: "invalid_schema", message: compiled.left[0].message, retryable: false })
    }
    const doc = yield* readJobDocument(job)
    const pages = standardPages(doc)
    if (pages > EXTRACT_CAPACITY_PAGES) return yield* Effect.fail(tooLong(pages))
    const extractor = yield* FieldExtractor
    const batches = extractBatches(doc, extractor.batchPages ?? DEFAULT_BATCH_PAGES)
    const outputs = yield* Effect.forEach(batches, (content) => extractor.extract({ schema: compiled.right, content })).pipe(
      Effect.mapError(engineError)
    )
    const result: StoredExtractResult = {
      result_type: "extract",
      file_name: job.input.file_name,
      data: mergeExtractedBatches(compiled.right, outputs),
      page_count: doc.kind === "document" ? doc.page_count : 0,
      sheet_count: doc.kind === "spreadsheet" ? doc.sheets.length : 0,
      schema_id: params.schema_id,
      schema_version: params.schema_version,
      batches: batches.length
    }
    const units = extractCredits(doc.kind === "document" ? { kind: "document", pages: doc.page_count } : { kind: "spreadsheet", cellsPerSheet: doc.sheets.map((s) => s.cells.length) })
    return { result, units }
  })
