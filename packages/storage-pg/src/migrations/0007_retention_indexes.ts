/**
 * Migration 7: what the retention sweeper (`documents/retention/sweeper.ts` of core) looks up on
 * every sweep, without reading whole tables:
 *
 * - uploads: `blob_deleted`, set once retention deleted the upload's blob (the row stays, so a late
 *   use of the handle is still 410); expired uploads whose blob is not yet deleted, by expiry;
 * - upload sessions that still hold parts, by expiry;
 * - succeeded jobs that still hold a result, by their `payload_expires_at` (kept in the job's JSON
 *   document). The indexes are partial: a row leaves them once swept.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE docket_uploads ADD COLUMN blob_deleted boolean NOT NULL DEFAULT false`
  yield* sql`CREATE INDEX docket_uploads_expiry ON docket_uploads (expires_at) WHERE NOT blob_deleted`
  yield* sql`CREATE INDEX docket_upload_sessions_expiry ON docket_upload_sessions (expires_at) WHERE parts <> '[]'::jsonb`
  yield* sql`
    CREATE INDEX docket_jobs_payload_expiry ON docket_jobs (((doc::jsonb ->> 'payload_expires_at')::bigint))
    WHERE status = 'succeeded' AND (doc::jsonb -> 'result') <> 'null'::jsonb`
})
