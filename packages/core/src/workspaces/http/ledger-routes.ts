/**
 * Ledger understanding over HTTP (spec 3, "Ledger understanding"): the source catalog, confirmed
 * selections, runs (a `ledger_understanding` job, one per workspace at a time) and the latest
 * report of a scope.
 *
 * - Every route reads the caller's package: the workspace's tables whose files the caller may
 *   see, within `path_prefix` and `paths` (`ledger/workspace-sources.ts`) — the policy's
 *   `package_scope` when the request names neither (`ledger/ledger-policy.ts`).
 * - A selection is checked against the catalog of the scope it names (`path_prefix`, `paths` in
 *   its body; the whole workspace by default) and is for runs of that scope: a run of another
 *   scope reads another catalog, so the engine reports the selection stale.
 * - A stale `expected_catalog_revision` or review `reading_id` is 409 `ledger_catalog_stale`
 *   (with the current value); every other refusal of a selection or a review is 422
 *   `invalid_request` with the engine's `reason` and the source ids it concerns.
 * - `GET …/ledger-understanding` answers the scope's latest report only when none of the tables
 *   it read is hidden from the caller (else 404, as for a report never made: its tables are not
 *   the caller's); `stale` is true when the caller's package has another catalog revision than
 *   the report's (a table added, changed or gone).
 */
import { Clock, Effect, Option } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { storageUnavailable } from "../../api/errors.js"
import { Ids } from "../../kernel/ids.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { LedgerCatalogStale, LedgerRequestRefused, LedgerUnderstandingInProgress } from "../ledger/errors.js"
import { LedgerRunBody, LedgerScopeQuery, LedgerSelectionBody } from "../ledger/ledger-input.js"
import { ledgerPolicyOf, resolvedScopeOf } from "../ledger/ledger-policy.js"
import type { LedgerScope } from "../ledger/ledger-scope.js"
import { LedgerStore } from "../ledger/ledger-store.js"
import { LEDGER_UNDERSTANDING } from "../ledger/ledger-understanding-kind.js"
import { checkReview } from "../ledger/review-check.js"
import { readCatalog } from "../ledger/source-catalog.js"
import { checkSelection } from "../ledger/source-selection.js"
import { latestReport } from "../ledger/latest-report.js"
import { readLedgerSources } from "../ledger/workspace-sources.js"
import type { Workspace } from "../workspace/workspace.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { activeWorkspace, getWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { storeDown } from "./store-errors.js"

const TAG = "ledger understanding"
const BASE = "/v1/workspaces/:workspace_id/ledger-understanding"

/** the caller's package in scope, read whole (up to the engine's cap or the policy's) and profiled with the policy's forced conventions */
const catalogFor = (w: Workspace, caller: Caller, scope: LedgerScope) =>
  readLedgerSources(w.tenant_id, w.workspace_id, visibleLabelsOf(w, caller.access_labels), scope, ledgerPolicyOf(w).max_rows).pipe(
    Effect.map(({ sources }) => readCatalog(sources, ledgerPolicyOf(w).parsing).catalog),
    Effect.catchTag("SqlRejected", (e) => Effect.fail(storageUnavailable(`the workspace tables (${e.message})`)))
  )

export const ledgerEndpoints = [
  workspaceEndpoint({
    method: "GET",
    path: `${BASE}/sources`,
    tag: TAG,
    summary: "The source catalog of the caller's package: every sheet and CSV profiled as a ledger role, partitioned datasets, which entry is recommended as primary, eligibility and evidence",
    params: WorkspaceIdParams,
    query: LedgerScopeQuery,
    responses: [{
      status: 200,
      description: "`{revision, review_reading_id, primary_ambiguous, entries: [{source_id, kind, path, component, table_name, partition_id, member_source_ids, row_count, rows_read, role, role_scores, column_mapping, mapping_evidence, evidence, key_evidence, measured, recommended_as_primary, primary_eligible, review_eligible, primary_ineligible_reasons}], partitions, skipped: [{source_id, path, component, reason}], path_prefix, paths, scope_from_policy}`"
    }],
    errors: [[404, "workspace_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const w = yield* getWorkspace(caller.tenant.tenant_id, params.workspace_id)
        const { scope, from_policy } = yield* resolvedScopeOf(w, { path_prefix: query.path_prefix, paths: query.paths })
        const catalog = yield* catalogFor(w, caller, scope)
        return docsJson(200, { ...catalog, path_prefix: scope.path_prefix, paths: scope.paths, scope_from_policy: from_policy }, ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: `${BASE}/selections`,
    tag: TAG,
    summary: "Confirm the package's primary (journal-line) source and its supporting sources against the catalog revision the caller read: selection_id for runs of that scope",
    params: WorkspaceIdParams,
    body: jsonBodyOf(LedgerSelectionBody),
    responses: [{ status: 201, description: "`{selection_id, catalog_revision, primary_source_id, primary_member_ids, supporting_source_ids, primary_confirmed_unrecognized, path_prefix, paths}`" }],
    errors: [[404, "workspace_not_found"], [409, "ledger_catalog_stale"], [409, "workspace_deleting"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const w = yield* activeWorkspace(caller.tenant.tenant_id, params.workspace_id)
        const { scope } = yield* resolvedScopeOf(w, { path_prefix: body.path_prefix, paths: body.paths })
        const catalog = yield* catalogFor(w, caller, scope)
        const checked = checkSelection(catalog, body)
        if (checked._tag === "Left") {
          const r = checked.left
          if (r.reason === "stale_catalog_revision") return yield* new LedgerCatalogStale({ reason: r.reason, message: r.message, current: catalog.revision })
          const field = r.reason === "unrecognized_primary"
            ? "confirm_unrecognized_primary"
            : r.source_ids.includes(body.primary_source_id) ? "primary_source_id" : "supporting_source_ids"
          return yield* new LedgerRequestRefused({ field, reason: r.reason, message: r.message, source_ids: r.source_ids })
        }
        const selection_id = (yield* Ids).uuid()
        yield* Effect.flatMap(LedgerStore, (s) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => s.putSelection(w.tenant_id, w.workspace_id, { selection_id, selection: checked.right, key_id: caller.key.key_id, created_at: now })))
        return docsJson(201, { selection_id, ...checked.right, path_prefix: scope.path_prefix, paths: scope.paths }, ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: BASE,
    tag: TAG,
    summary: "Read the caller's package and report on it (selectors intersect; without force an unchanged package republishes the stored report): job ledger_understanding",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(LedgerRunBody, { emptyIsObject: true }),
    responses: [{ status: 202, description: "the ledger_understanding job (200 when it finished within wait_seconds); its result: `{result_type, report, republished, review}`" }],
    errors: [
      [402, "quota_exceeded"],
      [404, "workspace_not_found"],
      [409, "ledger_understanding_in_progress"],
      [409, "ledger_catalog_stale"],
      [409, "workspace_deleting"],
      [409, "idempotency_key_reused"],
      [422, "invalid_request"]
    ],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, LEDGER_UNDERSTANDING, params.workspace_id, (i) => i.key_id === caller.key.key_id && JSON.stringify(i.request) === JSON.stringify(body))
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id)
        const { scope, from_policy } = yield* resolvedScopeOf(w, body)
        const store = yield* LedgerStore
        const selection = scope.selection_id === null ? Option.none() : yield* store.selection(t, w.workspace_id, scope.selection_id)
        if (scope.selection_id !== null && Option.isNone(selection)) {
          return yield* new LedgerRequestRefused({ field: "selection_id", reason: "unknown_selection", message: `selection ${scope.selection_id} not found in this workspace`, source_ids: [] })
        }
        if (body.review !== undefined) {
          const catalog = yield* catalogFor(w, caller, scope)
          const checked = checkReview(catalog, {
            reading_id: body.review.reading_id,
            scope: body.review.scope,
            primary_source_id: Option.isSome(selection) ? selection.value.selection.primary_source_id : null
          })
          if (checked._tag === "Left") {
            const r = checked.left
            if (r.reason === "stale_reading") return yield* new LedgerCatalogStale({ reason: r.reason, message: r.message, current: catalog.review_reading_id })
            return yield* new LedgerRequestRefused({ field: "review", reason: r.reason, message: r.message, source_ids: r.source_ids })
          }
        }
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: LEDGER_UNDERSTANDING,
          input: {
            workspace_id: w.workspace_id,
            key_id: caller.key.key_id,
            access_labels: caller.access_labels,
            path_prefix: scope.path_prefix,
            paths: scope.paths,
            selection_id: scope.selection_id,
            force: body.force,
            review: body.review === undefined ? null : { reading_id: body.review.reading_id, scope: body.review.scope },
            request: body,
            scope_from_policy: from_policy
          },
          workspaceId: w.workspace_id,
          force: body.force,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }, { onSole: (jobId) => new LedgerUnderstandingInProgress({ workspaceId: w.workspace_id, jobId }) })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "GET",
    path: BASE,
    tag: TAG,
    summary: "The latest report of the scope (the same selectors as a run; repeat paths), stale when the caller's package changed since",
    params: WorkspaceIdParams,
    query: LedgerScopeQuery,
    responses: [{
      status: 200,
      description: "the report: `{report_version, stale, scope, blocking, tables, conventions, integrity, join_graph, open_questions, parsing, assessment, job_id}`"
    }],
    errors: [[404, "workspace_not_found"], [404, "ledger_understanding_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const w = yield* getWorkspace(caller.tenant.tenant_id, params.workspace_id)
        const { scope } = yield* resolvedScopeOf(w, query)
        return docsJson(200, yield* latestReport(w.tenant_id, w.workspace_id, visibleLabelsOf(w, caller.access_labels), scope), ctx.requestId)
      }).pipe(storeDown)
  })
]
