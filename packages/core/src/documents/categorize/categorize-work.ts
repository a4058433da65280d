/**
 * The work of a categorize / classify job (spec 2, "Categorize"): the document (parsed, or the
 * earlier parse behind `markdown_url`) split into logical segments, each classified against the
 * caller's taxonomy or the default one (`DEFAULT_TAXONOMY`); a spreadsheet classified sheet by
 * sheet, with several categories allowed per sheet. A category no taxonomy key fits is freeform
 * (`is_freeform_category` / `has_freeform_categories`). Credits: 2 per page, 2 per sheet for
 * spreadsheets.
 */
import { Effect } from "effect"
import { categorizeCredits } from "../../tenancy/billing/credits.js"
import { type Classification, DocumentClassifier, type TaxonomyCategory } from "../../intelligence/classifier.js"
import { engineError } from "../../jobs/engine-job-error.js"
import type { DocumentJob } from "../document-job.js"
import { blocksMarkdown } from "../parse/block-markdown.js"
import { readJobDocument } from "../parse/read-document.js"
import type { ParsedDocument } from "../parsed-document.js"
import type { StoredCategorizeItem, StoredCategorizeResult } from "./categorize-result.js"
import { DEFAULT_TAXONOMY } from "./default-taxonomy.js"

export interface CategorizeParams {
  /** the caller's categories, or null for the default taxonomy */
  readonly taxonomy: ReadonlyArray<TaxonomyCategory> | null
}

const labelOf = (c: Classification) =>
  c.categories.length > 0
    ? { category: c.categories[0]!.key, freeform: false, confidence: c.categories[0]!.confidence }
    : { category: c.freeform ?? "unclassified_document", freeform: true, confidence: c.freeformConfidence }

export const categorizeDocument = (doc: ParsedDocument, categories: ReadonlyArray<TaxonomyCategory>) =>
  Effect.gen(function*() {
    const classifier = yield* DocumentClassifier
    const items: Array<StoredCategorizeItem> = []
    if (doc.kind === "document") {
      const segments = yield* classifier.segment({ pages: doc.pages.map((p) => p.text), categories })
      for (const s of segments) {
        const label = labelOf(s.classification)
        items.push({
          kind: "document_segment",
          file_name: doc.file_name,
          page_start: s.page_start,
          page_end: s.page_end,
          category: label.category,
          is_freeform_category: label.freeform,
          confidence: label.confidence,
          summary: s.classification.summary,
          markdown: blocksMarkdown(doc.blocks.filter((b) => b.page >= s.page_start && b.page <= s.page_end))
        })
      }
      return { items, pageCount: doc.page_count, sheetCount: 0 }
    }
    for (const sheet of doc.sheets) {
      const c = yield* classifier.classify({ text: `# ${sheet.sheet_name}\n\n${sheet.markdown}`, categories, multiLabel: true })
      const freeform = c.categories.length === 0
      items.push({
        kind: "sheet",
        file_name: doc.file_name,
        sheet_name: sheet.sheet_name,
        categories: freeform ? [c.freeform ?? "unclassified_sheet"] : c.categories.map((x) => x.key),
        has_freeform_categories: freeform,
        confidence: freeform ? c.freeformConfidence : c.categories[0]!.confidence,
        summary: c.summary,
        markdown: sheet.markdown
      })
    }
    return { items, pageCount: 0, sheetCount: doc.sheets.length }
  })

export const categorizeWork = (job: DocumentJob) =>
  Effect.gen(function*() {
    const params = job.input.params as unknown as CategorizeParams
    const doc = yield* readJobDocument(job)
    const { items, pageCount, sheetCount } = yield* categorizeDocument(doc, params.taxonomy ?? DEFAULT_TAXONOMY).pipe(
      Effect.mapError(engineError)
    )
    const result: StoredCategorizeResult = { result_type: "categorize", file_name: job.input.file_name, page_count: pageCount, sheet_count: sheetCount, items }
    const units = categorizeCredits(doc.kind === "document" ? { kind: "document", pages: doc.page_count } : { kind: "spreadsheet", cellsPerSheet: doc.sheets.map((s) => s.cells.length) })
    return { result, units }
  })
