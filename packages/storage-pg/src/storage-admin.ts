/**
 * `StorageAdmin` on PostgreSQL: a reset truncates every table of the stores in one statement, so
 * no instance sharing the database ever sees some stores emptied and others not. The migrations'
 * own table stays.
 */
import { Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"
import { dropSchemaAndRole } from "./workspace-sql.js"

/** every table the stores keep, in no particular order (TRUNCATE takes them together) */
export const TABLES = [
  "docket_accounts",
  "docket_api_keys",
  "docket_limiter_accounts",
  "docket_limiter_admissions",
  "docket_limiter_tokens",
  "docket_limiter_pools",
  "docket_docs_tenants",
  "docket_docs_keys",
  "docket_jobs",
  "docket_job_queue",
  "docket_uploads",
  "docket_blobs",
  "docket_blob_chunks",
  "docket_schema_families",
  "docket_schema_versions",
  "docket_job_event_logs",
  "docket_job_events",
  "docket_usage_events",
  "docket_usage_totals",
  "docket_request_rates",
  "docket_upload_sessions",
  "docket_sync_waits",
  "docket_access_labels",
  "docket_workspaces",
  "docket_domains",
  "docket_domain_versions",
  "docket_ws_files",
  "docket_ws_file_versions",
  "docket_ws_file_outputs",
  "docket_ws_output_members",
  "docket_ws_file_ingestions",
  "docket_ws_catalog_files",
  "docket_ws_catalog_entries",
  "docket_ws_catalog_values",
  "docket_ws_catalog_revisions",
  "docket_workspace_sql",
  "docket_workspace_tables",
  "docket_search_workspaces",
  "docket_search_files",
  "docket_search_chunks",
  "docket_ws_search_sessions",
  "docket_kg_file_graphs",
  "docket_kg_snapshots",
  "docket_ledger_selections",
  "docket_ledger_reports"
] as const

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Kernel.StorageAdminService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "StorageAdmin", cause }))
  return {
    // workspace schemas and roles go with the catalog that names them, in the same transaction
    reset: run(
      sql.withTransaction(
        Effect.gen(function*() {
          const schemas = yield* sql<{ schema_name: string }>`SELECT schema_name FROM docket_workspace_sql FOR UPDATE`
          for (const { schema_name } of schemas) yield* dropSchemaAndRole(sql, schema_name)
          yield* sql.unsafe(`TRUNCATE ${TABLES.join(", ")}`)
        })
      )
    ).pipe(Effect.asVoid)
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Kernel.StorageAdminService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Kernel.StorageAdmin, never, SqlClient.SqlClient> = Layer.effect(Kernel.StorageAdmin, make)
