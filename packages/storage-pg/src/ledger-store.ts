/**
 * The ledger-understanding store on PostgreSQL (migration 25): a row per selection and a row per
 * report scope, each value as JSON text. A report is put by one upsert of the whole row, so a
 * reader sees the old report or the new one, never a mix.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface SelectionRow {
  readonly selection_id: string
  readonly key_id: string
  readonly created_at: string | number
  readonly selection: string
}

interface ReportRow {
  readonly scope_key: string
  readonly catalog_revision: string
  readonly job_id: string
  readonly created_at: string | number
  readonly report: string
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.Ledger.LedgerStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "LedgerStore", cause }))
  return {
    putSelection: (t, w, s) =>
      run(sql`
        INSERT INTO docket_ledger_selections (tenant_id, workspace_id, selection_id, key_id, created_at, selection)
        VALUES (${t}, ${w}, ${s.selection_id}, ${s.key_id}, ${s.created_at}, ${JSON.stringify(s.selection)})
        ON CONFLICT (tenant_id, workspace_id, selection_id) DO UPDATE SET
          key_id = EXCLUDED.key_id, created_at = EXCLUDED.created_at, selection = EXCLUDED.selection`).pipe(Effect.asVoid),
    selection: (t, w, id) =>
      run(sql<SelectionRow>`
        SELECT selection_id, key_id, created_at, selection FROM docket_ledger_selections
        WHERE tenant_id = ${t} AND workspace_id = ${w} AND selection_id = ${id}`).pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (r) => ({ selection_id: r.selection_id, key_id: r.key_id, created_at: Number(r.created_at), selection: JSON.parse(r.selection) })))
      ),
    putReport: (t, w, r) =>
      run(sql`
        INSERT INTO docket_ledger_reports (tenant_id, workspace_id, scope_key, catalog_revision, job_id, created_at, report)
        VALUES (${t}, ${w}, ${r.scope_key}, ${r.catalog_revision}, ${r.job_id}, ${r.created_at}, ${JSON.stringify(r.report)})
        ON CONFLICT (tenant_id, workspace_id, scope_key) DO UPDATE SET
          catalog_revision = EXCLUDED.catalog_revision, job_id = EXCLUDED.job_id, created_at = EXCLUDED.created_at, report = EXCLUDED.report`).pipe(Effect.asVoid),
    report: (t, w, scopeKey) =>
      run(sql<ReportRow>`
        SELECT scope_key, catalog_revision, job_id, created_at, report FROM docket_ledger_reports
        WHERE tenant_id = ${t} AND workspace_id = ${w} AND scope_key = ${scopeKey}`).pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (r) => ({
            scope_key: r.scope_key,
            catalog_revision: r.catalog_revision,
            job_id: r.job_id,
            created_at: Number(r.created_at),
            report: JSON.parse(r.report)
          })))
      ),
    // both tables in one transaction: a teardown that fails midway leaves the workspace whole
    removeWorkspace: (t, w) =>
      run(sql.withTransaction(Effect.all([
        sql`DELETE FROM docket_ledger_selections WHERE tenant_id = ${t} AND workspace_id = ${w}`,
        sql`DELETE FROM docket_ledger_reports WHERE tenant_id = ${t} AND workspace_id = ${w}`
      ], { discard: true })))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.Ledger.LedgerStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.Ledger.LedgerStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Ledger.LedgerStore, make)
