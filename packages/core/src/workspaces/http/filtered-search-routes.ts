/**
 * `filtered-search` over HTTP (spec 3, "Search", "Filtered-search rules"): validates the body
 * (discriminated by `type`), and creates a `filtered_search` job (202; `wait_seconds`,
 * `Idempotency-Key`: a replay is the same body from the same key, rule 7).
 *
 * - `query`: 409 `workspace_deleting` and 404 `workspace_not_found` (a workspace never indexed,
 *   as the other searches) before any job.
 * - `page`: the cursor must decode and name a query this key ran in this workspace whose payload
 *   is still kept (`parentQuery`); otherwise 422 `invalid_request` before any job (rule 3).
 */
import { Effect, Option } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { invalid } from "../../api/errors.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import { decodeFilteredCursor } from "../filtered-search/filtered-search-cursor.js"
import { FilteredSearchBody } from "../filtered-search/filtered-search-input.js"
import { FILTERED_SEARCH, parentQuery } from "../filtered-search/parent-query.js"
import { WorkspaceNotIndexed } from "../search/hybrid-search.js"
import { SearchIndex } from "../search/search-index.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { activeWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { searchPathPrefix } from "./search-routes.js"
import { storeDown } from "./store-errors.js"

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const filteredSearchEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/filtered-search",
    costClass: "slow",
    tag: "search",
    summary: "Filtered search: a question turned into a structured query (count, top N, list) over the workspace's metadata catalog; pages re-run it",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(FilteredSearchBody),
    responses: [{
      status: 202,
      description: "the filtered_search job (200 when it finished within wait_seconds); its result: `{result_type, columns, rows, total_matches, next_cursor, exhaustive, " +
        "catalog_drifted, executed_at, applied_query, interpretation, clarification, coverage}`"
    }],
    errors: [[402, "quota_exceeded"], [404, "workspace_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, FILTERED_SEARCH, params.workspace_id, (i) => i.key_id === caller.key.key_id && sameJson(i.request, body))
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id).pipe(storeDown)
        const common = { workspace_id: w.workspace_id, key_id: caller.key.key_id, access_labels: caller.access_labels, request: body }
        let input
        if (body.type === "page") {
          const cursor = decodeFilteredCursor(body.cursor)
          if (Option.isNone(cursor)) return yield* invalid("cursor", "must be the next_cursor of an earlier filtered-search result")
          const parent = yield* parentQuery(t, w.workspace_id, caller.key.key_id, cursor.value.job_id).pipe(
            storeDown,
            Effect.catchIf((e): e is { readonly refusal: string } => "refusal" in e, (e) => invalid("cursor", e.refusal))
          )
          input = {
            ...common,
            mode: "page" as const,
            query: null,
            context: null,
            path_prefix: parent.query.path_prefix,
            allow_clarification: false,
            parent_job_id: parent.job_id,
            revision: cursor.value.revision,
            after: cursor.value.after
          }
        } else {
          const path_prefix = (yield* searchPathPrefix(body.path_prefix)) ?? ""
          const status = yield* Effect.flatMap(SearchIndex, (s) => s.status(t, w.workspace_id)).pipe(storeDown)
          if (!status.indexed) return yield* new WorkspaceNotIndexed({ workspaceId: w.workspace_id })
          input = {
            ...common,
            mode: "query" as const,
            query: body.query,
            context: body.context ?? null,
            path_prefix,
            allow_clarification: body.allow_clarification,
            parent_job_id: null,
            revision: null,
            after: null
          }
        }
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: FILTERED_SEARCH,
          input,
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  })
]
