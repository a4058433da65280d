/**
 * Migration 9: jobs of every kind (spec 3's workspace jobs beside spec 2's document operations).
 * A job's `workspace_id` becomes a column, filled from the jobs stored so far (none of which has
 * one), so that `GET /v1/jobs?workspace_id=` lists a workspace's jobs by index. `force` and
 * `progress` live in the job's document like the rest of it.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE docket_jobs ADD COLUMN workspace_id text`
  yield* sql`UPDATE docket_jobs SET workspace_id = doc::jsonb ->> 'workspace_id' WHERE doc::jsonb ->> 'workspace_id' IS NOT NULL`
  yield* sql`
    CREATE INDEX docket_jobs_by_workspace ON docket_jobs (tenant_id, workspace_id, created_at DESC, seq DESC)
    WHERE workspace_id IS NOT NULL`
})
