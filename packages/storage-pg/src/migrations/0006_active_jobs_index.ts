/**
 * Migration 6: an index of each tenant's active jobs (queued or running), so that the
 * concurrent-jobs count that `JobStore.insertWithin` takes on every job creation reads those jobs
 * only, whatever the tenant's history.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX docket_jobs_active ON docket_jobs (tenant_id) WHERE status IN ('queued', 'running')`
})
