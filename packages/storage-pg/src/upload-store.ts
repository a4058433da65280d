/** Upload handles on PostgreSQL: one row per upload, one statement per operation. */
import { Documents, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface UploadRow {
  readonly file_id: string
  readonly tenant_id: string
  readonly file_name: string
  /** bigint: the driver returns it as a string */
  readonly size: string | number
  readonly created_at: string | number
  readonly expires_at: string | number
}

const toUpload = (r: UploadRow): Documents.UploadRecord => ({
  file_id: r.file_id,
  tenant_id: r.tenant_id,
  file_name: r.file_name,
  size: Number(r.size),
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at)
})

const COLUMNS = "file_id, tenant_id, file_name, size, created_at, expires_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Documents.UploadStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "UploadStore", cause }))
  const columns = sql.literal(COLUMNS)
  return {
    // creating an existing id replaces it, as the memory store does
    create: (u) =>
      run(sql<UploadRow>`
        INSERT INTO docket_uploads (${columns})
        VALUES (${u.file_id}, ${u.tenant_id}, ${u.file_name}, ${u.size}, ${u.created_at}, ${u.expires_at})
        ON CONFLICT (file_id) DO UPDATE SET
          tenant_id = EXCLUDED.tenant_id, file_name = EXCLUDED.file_name, size = EXCLUDED.size,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, blob_deleted = false
        RETURNING ${columns}`).pipe(Effect.map((rows) => toUpload(rows[0]))),
    get: (id) =>
      run(sql<UploadRow>`SELECT ${columns} FROM docket_uploads WHERE file_id = ${id}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toUpload))
      ),
    listExpired: (now, limit) =>
      run(sql<UploadRow>`
        SELECT ${columns} FROM docket_uploads WHERE expires_at <= ${now}::bigint AND NOT blob_deleted
        ORDER BY expires_at LIMIT ${Math.max(0, Math.floor(limit))}`).pipe(Effect.map((rows) => rows.map(toUpload))),
    markBlobDeleted: (id) => run(sql`UPDATE docket_uploads SET blob_deleted = true WHERE file_id = ${id}`).pipe(Effect.asVoid)
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Documents.UploadStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Documents.UploadStore, never, SqlClient.SqlClient> = Layer.effect(Documents.UploadStore, make)
