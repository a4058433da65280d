/**
 * The tenant's access-label catalog on PostgreSQL. A taken name is the unique index's answer
 * (`ON CONFLICT DO NOTHING` inserts nothing: `LabelNameTaken`), so two concurrent creates of one
 * name cannot both succeed. Pages follow `seq`.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface Row {
  readonly seq: string | number
  readonly access_label_id: string
  readonly tenant_id: string
  readonly name: string
  readonly description: string
  readonly created_at: string | number
  readonly updated_at: string | number
}

const toLabel = (r: Row): Workspaces.AccessLabel => ({
  access_label_id: r.access_label_id,
  tenant_id: r.tenant_id,
  name: r.name,
  description: r.description,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at)
})

const COLUMNS = "seq, access_label_id, tenant_id, name, description, created_at, updated_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.AccessLabelStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "AccessLabelStore", cause }))
  const columns = sql.literal(COLUMNS)
  const one = (rows: ReadonlyArray<Row>) => Option.map(Option.fromNullable(rows[0]), toLabel)
  return {
    create: (l) =>
      run(sql<Row>`
        INSERT INTO docket_access_labels (access_label_id, tenant_id, name, description, created_at, updated_at)
        VALUES (${l.access_label_id}, ${l.tenant_id}, ${l.name}, ${l.description}, ${l.created_at}, ${l.updated_at})
        ON CONFLICT (tenant_id, name) DO NOTHING
        RETURNING ${columns}`).pipe(
          Effect.flatMap((rows) => rows.length === 0 ? Effect.fail(new Workspaces.LabelNameTaken({ name: l.name })) : Effect.succeed(toLabel(rows[0]!)))
        ),
    get: (tenantId, id) =>
      run(sql<Row>`SELECT ${columns} FROM docket_access_labels WHERE tenant_id = ${tenantId} AND access_label_id = ${id}`).pipe(Effect.map(one)),
    findByNames: (tenantId, names) =>
      names.length === 0
        ? Effect.succeed([])
        : run(sql<Row>`SELECT ${columns} FROM docket_access_labels WHERE tenant_id = ${tenantId} AND name IN ${sql.in(names)}`).pipe(
          Effect.map((rows) => rows.map(toLabel))
        ),
    list: (tenantId, page) =>
      run(
        Effect.all([
          sql<Row>`
            SELECT ${columns} FROM docket_access_labels
            WHERE tenant_id = ${tenantId} AND seq > ${page.after ?? 0}
            ORDER BY seq LIMIT ${Math.max(0, Math.floor(page.limit))}`,
          sql<{ readonly total: string | number }>`SELECT count(*) AS total FROM docket_access_labels WHERE tenant_id = ${tenantId}`
        ])
      ).pipe(Effect.map(([rows, count]) => ({ items: rows.map((r) => ({ ...toLabel(r), seq: Number(r.seq) })), total: Number(count[0]?.total ?? 0) }))),
    updateDescription: (tenantId, id, description, at) =>
      run(sql<Row>`
        UPDATE docket_access_labels SET description = ${description}, updated_at = ${at}
        WHERE tenant_id = ${tenantId} AND access_label_id = ${id}
        RETURNING ${columns}`).pipe(Effect.map(one)),
    remove: (tenantId, id) =>
      run(sql`DELETE FROM docket_access_labels WHERE tenant_id = ${tenantId} AND access_label_id = ${id} RETURNING seq`).pipe(
        Effect.map((rows) => rows.length > 0)
      )
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.AccessLabelStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.AccessLabelStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.AccessLabelStore, make)
