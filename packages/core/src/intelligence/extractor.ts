/**
 * The extraction port of the intelligence engine: values for a JSON schema (the spec's subset,
 * compiled by `documents/schema/compile.ts`) read from one batch of a document (spec 2,
 * "Extract"). What the extractor returns is raw: the operation shapes it by the schema (wrong
 * types become null, missing arrays `[]`) and merges the batches of a long document.
 *
 * Implementations: the local, schema-guided extractor (`local/local-extractor.ts`) and the
 * model-backed one (`@docket/intelligence-openai`).
 */
import { Context, type Effect } from "effect"
import type { CompiledExtractSchema } from "../documents/schema/extract-schema.js"
import type { Block, DocumentPage, Sheet } from "../documents/parsed-document.js"
import type { EngineFailed } from "./engine-error.js"

/** One batch of a document: a run of pages, or the sheets of a spreadsheet. */
export interface ExtractionContent {
  /** the batch as markdown (what a language model reads) */
  readonly markdown: string
  /** the batch's pages with their text and positioned text (empty for spreadsheets) */
  readonly pages: ReadonlyArray<DocumentPage>
  /** the batch's blocks (headings, paragraphs, lists, tables) */
  readonly blocks: ReadonlyArray<Block>
  /** the sheets, for a spreadsheet (empty for documents) */
  readonly sheets: ReadonlyArray<Sheet>
  /**
   * the page just before the batch, for context only (a table header the batch's first rows
   * continue); nothing is extracted from it. Null for the first batch and for spreadsheets.
   */
  readonly preceding?: DocumentPage | null | undefined
}

export interface ExtractInput {
  readonly schema: CompiledExtractSchema
  readonly content: ExtractionContent
}

export interface FieldExtractorService {
  /** pages per batch of a long document (20 when not said) */
  readonly batchPages?: number | undefined
  /** a JSON value for the schema's root object; fields not stated in the content are left out or null */
  readonly extract: (input: ExtractInput) => Effect.Effect<unknown, EngineFailed>
}

export class FieldExtractor extends Context.Tag("@docket/core/FieldExtractor")<FieldExtractor, FieldExtractorService>() {}
