/**
 * Migration 16: the workspace SQL engine (`workspace-sql.ts`). The catalog of workspace tables
 * (their descriptors), the schema and role of each workspace, and the helper that opens a query
 * as a cursor. `set_config` is revoked from PUBLIC (and granted back to the migrating user): a
 * workspace role must not be able to set `role` back mid-query. Where the migrating user does not
 * own `set_config` the REVOKE only warns, and the engine then refuses to run queries until an
 * administrator runs it (see README, "Tables and SQL").
 */
import { Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_workspace_sql (
      tenant_id text NOT NULL,
      workspace_id text NOT NULL,
      schema_name text NOT NULL UNIQUE,
      PRIMARY KEY (tenant_id, workspace_id)
    )`
  yield* sql`
    CREATE TABLE docket_workspace_tables (
      tenant_id text NOT NULL,
      workspace_id text NOT NULL,
      table_name text NOT NULL,
      descriptor jsonb NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, table_name)
    )`
  for (const statement of Workspaces.Tables.SETUP_STATEMENTS) yield* sql.unsafe(statement)
})
