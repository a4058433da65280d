/**
 * The query a page request continues (spec 3 rules 2 and 3): the `query` job its cursor names.
 * It must be a succeeded filtered search of this workspace and tenant that listed rows, run by
 * the same key (another key is refused like a cursor that names nothing: 422, never the other
 * key's query), and its payload must still be kept: a job whose payload retention passed
 * (`payload_expires_at`) or that was purged gives `invalid_request`. Checked by the route before
 * the job exists and again by the job when it runs.
 */
import { Clock, Effect, Option } from "effect"
import { JobStore } from "../../jobs/job-store.js"
import type { AppliedQuery } from "./applied-query.js"
import type { FilteredSearchResult } from "./filtered-search-result.js"

export const FILTERED_SEARCH = "filtered_search"

export interface ParentQuery {
  readonly job_id: string
  readonly query: AppliedQuery
  readonly interpretation: string | null
}

/** the parent's query, or why the cursor cannot be paged (a sentence for a 422) */
export const parentQuery = (tenantId: string, workspaceId: string, keyId: string, jobId: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(JobStore, (s) => s.get(jobId))
    const now = yield* Clock.currentTimeMillis
    const refuse = (why: string) => Effect.fail({ refusal: why } as const)
    if (Option.isNone(found) || found.value.tenant_id !== tenantId || found.value.kind !== FILTERED_SEARCH) {
      return yield* refuse("the cursor names no filtered search (its query job was purged, or the cursor is not a next_cursor); run the query again")
    }
    const job = found.value
    const input = job.input as { mode?: string; key_id?: string; workspace_id?: string }
    if (input.mode !== "query" || job.workspace_id !== workspaceId || input.workspace_id !== workspaceId) {
      return yield* refuse("the cursor is not a next_cursor of a filtered search of this workspace")
    }
    if (input.key_id !== keyId) return yield* refuse("only the key that ran the query may page it; run the query with this key")
    const result = job.result as FilteredSearchResult | null
    if (now >= job.payload_expires_at || job.status !== "succeeded" || result === null) {
      return yield* refuse(`the query job ${job.job_id} has expired (its payload retention passed); run the query again`)
    }
    if (result.applied_query === null || result.applied_query.shape !== "list") return yield* refuse("only a listed query has pages")
    return { job_id: job.job_id, query: result.applied_query, interpretation: result.interpretation } satisfies ParentQuery
  })
