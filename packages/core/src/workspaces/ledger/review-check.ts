/**
 * Checking a structure review against the catalog reading it reviews (spec: review `reading_id`,
 * `scope`). A review is refused when its reading is stale (the catalog was read again since — the
 * package or the engine changed), when a source in its scope was not measured (no rows read), and
 * when its primary has no key evidence (entry id, account and amount mapped): a reviewer would be
 * confirming a structure the engine never saw.
 */
import { Data, Either } from "effect"
import type { SourceCatalog } from "./source-catalog.js"

export interface ReviewRequest {
  readonly reading_id: string
  /** the catalog entries the review covers; empty for the whole catalog */
  readonly scope: ReadonlyArray<string>
  /** the primary the review confirms; null for the catalog's recommendation */
  readonly primary_source_id: string | null
}

export type ReviewRefusal = "stale_reading" | "unknown_source" | "unmeasured_source" | "primary_without_key_evidence" | "no_primary"

export class LedgerReviewRefused extends Data.TaggedError("LedgerReviewRefused")<{
  readonly reason: ReviewRefusal
  readonly message: string
  readonly source_ids: ReadonlyArray<string>
}> {}

export interface AcceptedReview {
  readonly reading_id: string
  readonly primary_source_id: string
  readonly source_ids: ReadonlyArray<string>
}

export const checkReview = (catalog: SourceCatalog, request: ReviewRequest): Either.Either<AcceptedReview, LedgerReviewRefused> => {
  const refuse = (reason: ReviewRefusal, message: string, ids: ReadonlyArray<string>) => Either.left(new LedgerReviewRefused({ reason, message, source_ids: ids }))
  if (request.reading_id !== catalog.review_reading_id) {
    return refuse("stale_reading", `the reading under review is ${request.reading_id}; the current one is ${catalog.review_reading_id}`, [])
  }
  const byId = new Map(catalog.entries.map((e) => [e.source_id, e]))
  const scope = request.scope.length === 0 ? catalog.entries.map((e) => e.source_id) : request.scope
  // a skipped source (no rows, a document's table) is known but was never measured
  const skipped = new Set(catalog.skipped.map((s) => s.source_id))
  const named = [...scope, ...(request.primary_source_id === null ? [] : [request.primary_source_id])]
  const unknown = named.filter((id) => !byId.has(id) && !skipped.has(id))
  if (unknown.length > 0) return refuse("unknown_source", `not in the catalog: ${unknown.join(", ")}`, unknown)
  const unmeasured = named.filter((id) => skipped.has(id) || !byId.get(id)!.measured)
  if (unmeasured.length > 0) return refuse("unmeasured_source", `no rows were read from ${unmeasured.join(", ")}`, unmeasured)
  const primaryId = request.primary_source_id ?? catalog.entries.find((e) => e.recommended_as_primary)?.source_id ?? null
  if (primaryId === null) return refuse("no_primary", "no primary is named and none is recommended", [])
  const primary = byId.get(primaryId)!
  if (!primary.key_evidence) {
    return refuse("primary_without_key_evidence", `${primaryId} has no entry id, account and amount columns to review`, [primaryId])
  }
  return Either.right({ reading_id: request.reading_id, primary_source_id: primaryId, source_ids: scope })
}
