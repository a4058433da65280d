/** Ledger understanding's refusals (spec 3, "Ledger understanding", "Errors"). */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 409 `ledger_understanding_in_progress`: a run of the workspace is queued or running (one at a time). */
export class LedgerUnderstandingInProgress extends Data.TaggedError("LedgerUnderstandingInProgress")<{ readonly workspaceId: string; readonly jobId: string }>
  implements ApiError
{
  get text() {
    return `a ledger-understanding run of workspace ${this.workspaceId} is already queued or running (job ${this.jobId}); wait for it to finish`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "ledger_understanding_in_progress", detail: { workspace_id: this.workspaceId, job_id: this.jobId } }
  }
}

/** 404 `ledger_understanding_not_found`: no report of this scope yet (or one resting on tables the caller may not see). */
export class LedgerUnderstandingNotFound extends Data.TaggedError("LedgerUnderstandingNotFound")<{ readonly workspaceId: string }> implements ApiError {
  get text() {
    return `workspace ${this.workspaceId} has no ledger-understanding report for this scope: start a run (POST /v1/workspaces/${this.workspaceId}/ledger-understanding) and wait for its job`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "ledger_understanding_not_found", detail: { workspace_id: this.workspaceId } }
  }
}

/**
 * 409 `ledger_catalog_stale`: the request names a catalog revision (a selection's
 * `expected_catalog_revision`) or a reading (a review's `reading_id`) that is no longer the
 * current one — the package or the engine's reading changed since the caller looked. The detail
 * carries the current value, so the caller can read the catalog again and decide.
 */
export class LedgerCatalogStale extends Data.TaggedError("LedgerCatalogStale")<{
  readonly reason: "stale_catalog_revision" | "stale_reading"
  readonly message: string
  readonly current: string
}> implements ApiError {
  get text() {
    return `${this.message}: read the catalog again (GET …/ledger-understanding/sources)`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return {
      status: 409,
      code: "ledger_catalog_stale",
      detail: { reason: this.reason, ...(this.reason === "stale_reading" ? { review_reading_id: this.current } : { revision: this.current }) }
    }
  }
}

/** 422 `invalid_request`: a selection or a review the catalog refuses (`reason` says which rule), or an unknown `selection_id`. */
export class LedgerRequestRefused extends Data.TaggedError("LedgerRequestRefused")<{
  readonly field: string
  readonly reason: string
  readonly message: string
  readonly source_ids: ReadonlyArray<string>
}> implements ApiError {
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: [{ field: this.field, message: this.message }] }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { reason: this.reason, source_ids: this.source_ids, errors: [{ field: this.field, message: this.message }] } }
  }
}
