/**
 * Ingestion records on PostgreSQL: one row per file (`docket_ws_file_ingestions`), the record as
 * JSON text; `put` upserts in one statement, so two writers leave one whole record.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.Ingestion.FileIngestionStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "FileIngestionStore", cause }))
  const parse = (rows: ReadonlyArray<{ readonly doc: string }>): Option.Option<Workspaces.Ingestion.FileIngestionRecord> =>
    Option.map(Option.fromNullable(rows[0]), (r) => JSON.parse(r.doc))
  return {
    put: (r) =>
      run(sql`
        INSERT INTO docket_ws_file_ingestions (tenant_id, workspace_id, file_id, version, ingested_at, doc)
        VALUES (${r.tenant_id}, ${r.workspace_id}, ${r.file_id}, ${r.version}, ${r.ingested_at}, ${JSON.stringify(r)})
        ON CONFLICT (tenant_id, workspace_id, file_id)
        DO UPDATE SET version = EXCLUDED.version, ingested_at = EXCLUDED.ingested_at, doc = EXCLUDED.doc`).pipe(Effect.asVoid),
    get: (tenantId, workspaceId, fileId) =>
      run(sql<{ readonly doc: string }>`
        SELECT doc FROM docket_ws_file_ingestions
        WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} AND file_id = ${fileId}`).pipe(Effect.map(parse)),
    delete: (tenantId, workspaceId, fileId) =>
      run(sql<{ readonly doc: string }>`
        DELETE FROM docket_ws_file_ingestions
        WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} AND file_id = ${fileId}
        RETURNING doc`).pipe(Effect.map(parse)),
    deleteWorkspace: (tenantId, workspaceId) =>
      run(sql`DELETE FROM docket_ws_file_ingestions WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} RETURNING file_id`).pipe(
        Effect.map((rows) => rows.length)
      )
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.Ingestion.FileIngestionStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.Ingestion.FileIngestionStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Ingestion.FileIngestionStore, make)
