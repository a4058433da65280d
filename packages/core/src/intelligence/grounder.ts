/**
 * The grounding port of the intelligence engine: where in a document each queried value is
 * (spec 2, "Ground"). The engine sees the document as ordered text units — a line of a page, a
 * cell of a sheet, a JSONL record, a transcript segment — and answers, per query, candidate spans
 * inside units with a confidence. The operation turns spans into the spec's match types (boxes
 * from the units' text positions, cell ranges, character offsets, record keys, time ranges).
 *
 * Implementations: the local matcher (`local/local-grounder.ts`: literal and fuzzy matching,
 * label-to-value reading for semantic queries) and the model-backed one
 * (`@docket/intelligence-openai`).
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"
import type { ExtractionContent } from "./extractor.js"

export interface GroundUnit {
  /** index of the unit in `units` */
  readonly id: number
  readonly text: string
  /** where the unit is: `page:3`, `sheet:Summary`, `record`, `segment`… (hints match on it) */
  readonly section: string
  /** a spreadsheet cell's reference (`B7`), else null */
  readonly cell: string | null
  /** units read as the value of this one when it is a label: the next unit on the right, then below */
  readonly right: number | null
  readonly below: number | null
}

export interface GroundHints {
  readonly anchorText: string | null
  /** 1-based pages to prefer */
  readonly pages: ReadonlyArray<number>
  readonly sheetName: string | null
  readonly cellHint: string | null
  readonly rangeHint: string | null
}

export interface GroundQuery {
  readonly itemId: string
  readonly query: string
  /** true: `query` describes what to find; false: `query` is the literal text */
  readonly semantic: boolean
  readonly hints: GroundHints
}

export interface GroundSpan {
  readonly unit: number
  /** offsets in the unit's text (UTF-16 code units, end exclusive) */
  readonly start: number
  readonly end: number
  /** 0 to 1 */
  readonly confidence: number
}

export interface GroundInput {
  readonly units: ReadonlyArray<GroundUnit>
  /**
   * the document as extraction reads it (its batches), when the units come from a parsed
   * document: an engine may read a described value as an extraction would, then find it in the
   * units. Absent for records and transcripts.
   */
  readonly content?: ReadonlyArray<ExtractionContent> | undefined
  readonly queries: ReadonlyArray<GroundQuery>
}

export interface GrounderService {
  /** per query (same order), candidate spans best first (at most a few) */
  readonly locate: (input: GroundInput) => Effect.Effect<ReadonlyArray<ReadonlyArray<GroundSpan>>, EngineFailed>
}

export class Grounder extends Context.Tag("@docket/core/Grounder")<Grounder, GrounderService>() {}
