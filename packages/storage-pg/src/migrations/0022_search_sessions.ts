/**
 * Migration 22: deep-search sessions (spec 3, "Search"; `SearchSession`), one row per session, its
 * turns as JSON text; `active` is the run holding it (compare-and-set by `hold`). Removed with
 * their workspace (teardown), so an index leads with it.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_ws_search_sessions (
      tenant_id    text NOT NULL,
      session_id   text NOT NULL,
      workspace_id text NOT NULL,
      key_id       text NOT NULL,
      active       text,
      turns        text NOT NULL,
      created_at   bigint NOT NULL,
      updated_at   bigint NOT NULL,
      PRIMARY KEY (tenant_id, session_id)
    )`
  yield* sql`CREATE INDEX docket_ws_search_sessions_workspace ON docket_ws_search_sessions (tenant_id, workspace_id)`
})
