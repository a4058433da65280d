/**
 * Migration 25: ledger understanding (spec 3; `Workspaces.Ledger.LedgerStore`).
 *
 * - `docket_ledger_selections`: the source selections callers confirmed, by id.
 * - `docket_ledger_reports`: the latest report per scope key, with the catalog revision it was
 *   made from in a column of its own (a run compares it without reading the report).
 *
 * Selections and reports are JSON text: they are only ever read whole (see migration 24 on text
 * against jsonb).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_ledger_selections (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      selection_id text NOT NULL,
      key_id       text NOT NULL,
      created_at   bigint NOT NULL,
      selection    text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, selection_id)
    )`
  yield* sql`
    CREATE TABLE docket_ledger_reports (
      tenant_id        text NOT NULL,
      workspace_id     text NOT NULL,
      scope_key        text NOT NULL,
      catalog_revision text NOT NULL,
      job_id           text NOT NULL,
      created_at       bigint NOT NULL,
      report           text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, scope_key)
    )`
})
