/**
 * Migration 14: what ingestion learnt of each workspace file (spec 3; `FileIngestionRecord`), one
 * row per file, the record as JSON text (its key order kept), replaced whole by each ingestion.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_ws_file_ingestions (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      file_id      text NOT NULL,
      version      integer NOT NULL,
      ingested_at  bigint NOT NULL,
      doc          text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, file_id)
    )`
})
