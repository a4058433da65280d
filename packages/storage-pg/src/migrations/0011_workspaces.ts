/**
 * Migration 11: workspaces (spec 3). The configuration blocks (access, retention, knowledge
 * graph, ledger understanding) are one JSON document; `seq` orders a tenant's workspaces for
 * keyset paging.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_workspaces (
      seq            bigserial PRIMARY KEY,
      workspace_id   text NOT NULL UNIQUE,
      tenant_id      text NOT NULL,
      name           text NOT NULL,
      status         text NOT NULL,
      config_version integer NOT NULL,
      config         jsonb NOT NULL,
      created_at     bigint NOT NULL,
      updated_at     bigint NOT NULL
    )`
  yield* sql`CREATE INDEX docket_workspaces_by_tenant ON docket_workspaces (tenant_id, seq)`
})
