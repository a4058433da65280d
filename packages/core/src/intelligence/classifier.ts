/**
 * The classification port of the intelligence engine: what a document, a segment of it or a
 * sheet is, against a taxonomy (spec 2, "Categorize"), and where a multi-document file splits
 * into logical segments (categorize and split).
 *
 * Implementations: the local, deterministic classifier (`local/local-classifier.ts`) and the
 * model-backed one (`@docket/intelligence-openai`). Both see text only: the markdown of each page
 * or sheet.
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"

/** One category of a taxonomy: `key` is what results carry; `description` says what belongs. */
export interface TaxonomyCategory {
  readonly key: string
  readonly description: string | null
}

export interface ClassifyInput {
  /** the text to classify (markdown of a segment or a sheet) */
  readonly text: string
  readonly categories: ReadonlyArray<TaxonomyCategory>
  /** a sheet may belong to several categories; a document segment takes one */
  readonly multiLabel: boolean
}

export interface CategoryFit {
  readonly key: string
  /** 0 to 1 */
  readonly confidence: number
}

export interface Classification {
  /**
   * Taxonomy keys that fit, best first (one at most unless `multiLabel`); empty when none fits,
   * and then `freeform` names what the text is.
   */
  readonly categories: ReadonlyArray<CategoryFit>
  /** a label the classifier proposes when no taxonomy key fits, else null */
  readonly freeform: string | null
  /** confidence of the freeform label (0 to 1) when there is one */
  readonly freeformConfidence: number
  /** a short summary of the text (one or two sentences) */
  readonly summary: string
}

export interface SegmentInput {
  /** the text of every page, in order (page 1 first) */
  readonly pages: ReadonlyArray<string>
  readonly categories: ReadonlyArray<TaxonomyCategory>
}

export interface Segment {
  /** 1-indexed, inclusive */
  readonly page_start: number
  readonly page_end: number
  readonly classification: Classification
}

export interface DocumentClassifierService {
  readonly classify: (input: ClassifyInput) => Effect.Effect<Classification, EngineFailed>
  /**
   * Splits the pages into consecutive logical documents (together covering every page once, in
   * order) and classifies each; a single document gives one segment.
   */
  readonly segment: (input: SegmentInput) => Effect.Effect<ReadonlyArray<Segment>, EngineFailed>
}

export class DocumentClassifier extends Context.Tag("@docket/core/DocumentClassifier")<
  DocumentClassifier,
  DocumentClassifierService
>() {}
