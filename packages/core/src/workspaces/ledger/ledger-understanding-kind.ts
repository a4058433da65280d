/**
 * The `ledger_understanding` job (spec 3, "Ledger understanding"): reads the package in scope (the
 * workspace's tables the asker may see, within `path_prefix` and `paths`: `workspace-sources.ts`),
 * runs the engine with the confirmed selection (`selection_id`) or the catalog's recommendation,
 * and keeps the report as the scope's latest (`LedgerStore`). Result:
 * `{result_type: "ledger_understanding", report, republished, review}`.
 *
 * - The input freezes at acceptance the asker's key and labels (the run reads what the caller
 *   could see); a run chained after ingestion has no asker (`access_labels` null) and reads every
 *   table of the workspace.
 * - Without `force`, a package whose catalog revision is the one the scope's stored report was
 *   made from republishes that report without reading a row (`republished` true, no unit) — when
 *   the report was made by this engine (`scope.engine_version` is `LEDGER_ENGINE_VERSION`) under
 *   the workspace's current policy (`scope.policy`); otherwise, and on a forced run, the package is
 *   read and reported again.
 * - The workspace's policy applies (`ledger-policy.ts`): the row cap, the forced conventions,
 *   `package_confirmation`, the audit period and the declared relationships.
 * - `review` (`reading_id`, `scope`) is checked against the catalog the run reads
 *   (`checkReview`); the route checked it at acceptance already, so a refusal here means the
 *   package changed in between: the job fails `ledger_catalog_stale` (stale reading) or
 *   `invalid_request`. The accepted review is echoed in the result.
 * - A selection made for another catalog revision still runs: the engine reports
 *   `needs_source_selection` with the blocking reason `stale_selection`.
 * Units: 1 per report read, 0 for a republished one.
 */
import { Clock, Effect, Option, Schema } from "effect"
import { defineJobKind, type ReportProgress, shapeOf } from "../../jobs/job-kind.js"
import type { Job, JobError } from "../../jobs/job.js"
import { visibleLabelsOf } from "../files/file-access.js"
import type { Workspace } from "../workspace/workspace.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import type { LedgerReport } from "./ledger-report.js"
import { ledgerScope, ledgerScopeKey } from "./ledger-scope.js"
import { LedgerStore } from "./ledger-store.js"
import { checkReview } from "./review-check.js"
import { ledgerPolicyOf, samePolicy } from "./ledger-policy.js"
import { LEDGER_ENGINE_VERSION, readCatalog } from "./source-catalog.js"
import { understandLedger } from "./understand-ledger.js"
import { packageRevision, readLedgerSources, scopedTables } from "./workspace-sources.js"

export const LEDGER_UNDERSTANDING = "ledger_understanding" as const

export const LedgerReviewInput = Schema.Struct({
  reading_id: Schema.String,
  /** catalog entries the review covers; empty for the whole catalog */
  scope: Schema.Array(Schema.String)
})

export const LedgerRunInput = Schema.Struct({
  workspace_id: Schema.String,
  /** the key that asked; null for a run chained after ingestion */
  key_id: Schema.NullOr(Schema.String),
  /** the labels the key was granted at acceptance; null: every table (a chained run) */
  access_labels: Schema.NullOr(Schema.Array(Schema.String)),
  /** normalized, null for the whole workspace */
  path_prefix: Schema.NullOr(Schema.String),
  paths: Schema.Array(Schema.String),
  selection_id: Schema.NullOr(Schema.String),
  force: Schema.Boolean,
  review: Schema.NullOr(LedgerReviewInput),
  /** the body as sent (null for a chained run): an idempotent replay is compared on it and the key */
  request: Schema.Unknown,
  /** true when the selectors came from the policy's `package_scope` (absent in runs queued before it existed) */
  scope_from_policy: Schema.optional(Schema.Boolean)
})
export type LedgerRunInput = typeof LedgerRunInput.Type

const AcceptedReviewSchema = Schema.Struct({ reading_id: Schema.String, primary_source_id: Schema.String, source_ids: Schema.Array(Schema.String) })

export interface LedgerUnderstandingResult {
  readonly result_type: typeof LEDGER_UNDERSTANDING
  readonly report: LedgerReport
  /** true when the stored report of an unchanged package was published again */
  readonly republished: boolean
  readonly review: typeof AcceptedReviewSchema.Type | null
}

const LedgerUnderstandingResultShape = Schema.Struct({
  result_type: Schema.Literal(LEDGER_UNDERSTANDING),
  report: Schema.Struct({ report_version: Schema.Literal(1), scope: Schema.Object, assessment: Schema.Object }),
  republished: Schema.Boolean,
  review: Schema.NullOr(AcceptedReviewSchema)
})

const fail = (code: string, message: string, retryable = false) => Effect.fail<JobError>({ code, message, retryable })

const jobErrorOf = (e: unknown): JobError => {
  const tagged = e as { readonly _tag?: string; readonly code?: string; readonly retryable?: boolean }
  if (tagged._tag === undefined && typeof tagged.code === "string" && typeof tagged.retryable === "boolean") return e as JobError
  if (tagged._tag === "SqlRejected") return { code: "upstream_unavailable", message: "a table of the package could not be read in time; run again", retryable: true }
  return { code: "upstream_unavailable", message: "storage was unavailable; run again", retryable: true }
}

/** the tables the asker may see: every table for a chained run */
const visibleOf = (w: Workspace, i: LedgerRunInput) => (i.access_labels === null ? ("all" as const) : visibleLabelsOf(w, i.access_labels))

const understand = (job: Job<LedgerRunInput, LedgerUnderstandingResult>, report: ReportProgress) =>
  Effect.gen(function*() {
    const t = job.tenant_id
    const i = job.input
    const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, i.workspace_id))
    if (Option.isNone(found)) return yield* fail("workspace_not_found", `workspace ${i.workspace_id} not found`)
    const w = found.value
    const store = yield* LedgerStore
    const visible = visibleOf(w, i)
    const policy = ledgerPolicyOf(w)
    const scope = ledgerScope(i.path_prefix, i.paths, i.selection_id)
    const scopeKey = ledgerScopeKey(scope)
    const selection = i.selection_id === null ? Option.none() : yield* store.selection(t, w.workspace_id, i.selection_id)
    if (i.selection_id !== null && Option.isNone(selection)) return yield* fail("invalid_request", `selection ${i.selection_id} not found in workspace ${w.workspace_id}`)

    yield* report({ stage: "reading", items_done: 0, items_total: 0, units_done: 0 })
    const stored = i.force ? Option.none() : yield* store.report(t, w.workspace_id, scopeKey)
    // the revision from the descriptors alone: an unchanged package is republished without a row read
    const revision = packageRevision((yield* scopedTables(t, w.workspace_id, visible, scope)).tables)
    const unchanged = Option.isSome(stored) &&
      stored.value.catalog_revision === revision &&
      stored.value.report.scope.engine_version === LEDGER_ENGINE_VERSION &&
      samePolicy(stored.value.report.scope.policy, policy.report)
    if (unchanged && i.review === null) {
      return { result: { result_type: LEDGER_UNDERSTANDING, report: { ...stored.value.report, stale: false }, republished: true, review: null }, units: 0 }
    }
    const { sources } = yield* readLedgerSources(t, w.workspace_id, visible, scope, policy.max_rows)
    yield* report({ stage: "understanding", items_total: sources.length, items_done: sources.length })
    let review: LedgerUnderstandingResult["review"] = null
    if (i.review !== null) {
      const checked = checkReview(readCatalog(sources, policy.parsing).catalog, {
        reading_id: i.review.reading_id,
        scope: i.review.scope,
        primary_source_id: Option.isSome(selection) ? selection.value.selection.primary_source_id : null
      })
      if (checked._tag === "Left") {
        const r = checked.left
        return yield* fail(r.reason === "stale_reading" ? "ledger_catalog_stale" : "invalid_request", `the review was refused (${r.reason}): ${r.message}`)
      }
      review = checked.right
    }
    if (unchanged) {
      return { result: { result_type: LEDGER_UNDERSTANDING, report: { ...stored.value.report, stale: false }, republished: true, review }, units: 0 }
    }
    const made = understandLedger({
      sources,
      selection: Option.isSome(selection) ? selection.value.selection : null,
      selection_id: i.selection_id,
      path_prefix: scope.path_prefix,
      paths: scope.paths,
      scope_from_policy: i.scope_from_policy ?? false,
      period: policy.period,
      parsing: policy.parsing,
      package_confirmation: policy.package_confirmation,
      relationships: policy.relationships,
      policy: policy.report
    })
    yield* store.putReport(t, w.workspace_id, {
      scope_key: scopeKey,
      catalog_revision: made.scope.catalog_revision,
      job_id: job.job_id,
      created_at: yield* Clock.currentTimeMillis,
      report: made
    })
    return { result: { result_type: LEDGER_UNDERSTANDING, report: made, republished: false, review }, units: 1 }
  }).pipe(Effect.mapError(jobErrorOf))

export const ledgerUnderstandingKind = defineJobKind({
  kind: LEDGER_UNDERSTANDING,
  input: LedgerRunInput,
  result: shapeOf<LedgerUnderstandingResult>(LedgerUnderstandingResultShape),
  stage: "reading",
  fingerprint: (kind, input) => JSON.stringify([kind, input.workspace_id, input.key_id, input.request]),
  run: understand
})
