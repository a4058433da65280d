/**
 * The extraction-schema registry on PostgreSQL. Every version is a row; a family's row in
 * `docket_schema_families` holds its latest version number.
 *
 * - `createFamily`: the family row is inserted `ON CONFLICT DO NOTHING` (a taken id inserts
 *   nothing: `SchemaIdTaken`) with version 1, in one transaction.
 * - `appendVersion`: `latest = latest + 1` on the family row takes its row lock and the next number
 *   in one statement; the previous version is then read by a statement of its own (a fresh
 *   snapshot under READ COMMITTED, so it sees what the previous holder of the lock committed) and
 *   the new one inserted. Concurrent appends take turns and get distinct, consecutive versions.
 * - Ids are `COLLATE "C"`: `listVisible` orders and pages them by code unit, as in memory.
 * - The schema is kept as its JSON text, so it reads back with its keys in their order.
 */
import { Documents, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface VersionRow {
  readonly schema_id: string
  readonly version: number
  readonly owner: "tenant" | "platform"
  readonly tenant_id: string | null
  readonly name: string
  readonly description: string | null
  readonly schema: string
  readonly created_at: string | number
  readonly updated_at: string | number
}

const toVersion = (r: VersionRow): Documents.StoredSchemaVersion => ({
  schema_id: r.schema_id,
  version: r.version,
  owner: r.owner,
  tenant_id: r.tenant_id,
  name: r.name,
  description: r.description,
  schema: JSON.parse(r.schema) as unknown,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at)
})

const COLUMNS = "schema_id, version, owner, tenant_id, name, description, schema, created_at, updated_at"
const PLATFORM = "p"
const scopeKey = (scope: Documents.SchemaScope): string => (scope.owner === "platform" ? PLATFORM : `t:${scope.tenantId}`)
/** page limits as the memory store reads them */
const limitOf = (limit: number) => Math.max(0, Math.floor(limit))

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Documents.ExtractionSchemaStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "ExtractionSchemaStore", cause }))
  const columns = sql.literal(COLUMNS)
  const one = (rows: ReadonlyArray<VersionRow>) => Option.map(Option.fromNullable(rows[0]), toVersion)
  const familyExists = (scope: string, schemaId: string) =>
    Effect.map(sql`SELECT 1 FROM docket_schema_families WHERE scope = ${scope} AND schema_id = ${schemaId}`, (rows) => rows.length > 0)

  return {
    createFamily: (f) => {
      const scope = scopeKey(f.scope)
      return run(
        sql.withTransaction(
          Effect.gen(function*() {
            const added = yield* sql`
              INSERT INTO docket_schema_families (scope, schema_id, latest) VALUES (${scope}, ${f.schemaId}, 1)
              ON CONFLICT DO NOTHING RETURNING 1`
            if (added.length === 0) return Option.none()
            const rows = yield* sql<VersionRow>`
              INSERT INTO docket_schema_versions (scope, ${columns})
              VALUES (${scope}, ${f.schemaId}, 1, ${f.scope.owner}, ${f.scope.owner === "tenant" ? f.scope.tenantId : null},
                      ${f.name}, ${f.description}, ${JSON.stringify(f.schema)}, ${f.at}, ${f.at})
              RETURNING ${columns}`
            return Option.some(toVersion(rows[0]))
          })
        )
      ).pipe(
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new Documents.SchemaIdTaken({ schemaId: f.schemaId })),
          onSome: Effect.succeed
        }))
      )
    },
    appendVersion: (s, schemaId, draft) => {
      const scope = scopeKey(s)
      return run(
        sql.withTransaction(
          Effect.gen(function*() {
            const next = yield* sql<{ readonly latest: number }>`
              UPDATE docket_schema_families SET latest = latest + 1
              WHERE scope = ${scope} AND schema_id = ${schemaId} RETURNING latest`
            if (next.length === 0) return Option.none()
            const version = next[0].latest
            const rows = yield* sql<VersionRow>`
              INSERT INTO docket_schema_versions (scope, ${columns})
              SELECT scope, schema_id, ${version}, owner, tenant_id,
                     coalesce(${draft.name ?? null}::text, name),
                     CASE WHEN ${draft.description !== undefined}::boolean THEN ${draft.description ?? null}::text ELSE description END,
                     ${JSON.stringify(draft.schema)}, created_at, ${draft.at}
              FROM docket_schema_versions
              WHERE scope = ${scope} AND schema_id = ${schemaId} AND version = ${version - 1}
              RETURNING ${columns}`
            return one(rows)
          })
        )
      )
    },
    getLatest: (s, schemaId) =>
      run(sql<VersionRow>`
        SELECT ${sql.literal(COLUMNS.split(", ").map((c) => `v.${c}`).join(", "))}
        FROM docket_schema_families f JOIN docket_schema_versions v
          ON v.scope = f.scope AND v.schema_id = f.schema_id AND v.version = f.latest
        WHERE f.scope = ${scopeKey(s)} AND f.schema_id = ${schemaId}`).pipe(Effect.map(one)),
    getVersion: (s, schemaId, version) =>
      Number.isSafeInteger(version) && version >= 1 && version <= 2_147_483_647
        ? run(sql<VersionRow>`
            SELECT ${columns} FROM docket_schema_versions
            WHERE scope = ${scopeKey(s)} AND schema_id = ${schemaId} AND version = ${version}`).pipe(Effect.map(one))
        : Effect.succeed(Option.none()),
    listVersions: (s, schemaId, page) => {
      const scope = scopeKey(s)
      return run(
        Effect.gen(function*() {
          if (!(yield* familyExists(scope, schemaId))) return Option.none()
          const rows = yield* sql<VersionRow>`
            SELECT ${columns} FROM docket_schema_versions
            WHERE scope = ${scope} AND schema_id = ${schemaId} AND version > ${Math.max(0, Math.floor(page.afterVersion))}
            ORDER BY version LIMIT ${limitOf(page.limit)}`
          return Option.some(rows.map(toVersion))
        })
      )
    },
    listVisible: (tenantId, page) => {
      const own = scopeKey({ owner: "tenant", tenantId })
      const visible = sql`
        (f.scope = ${own} OR (f.scope = ${PLATFORM} AND NOT EXISTS (
          SELECT 1 FROM docket_schema_families o WHERE o.scope = ${own} AND o.schema_id = f.schema_id)))`
      return run(
        Effect.gen(function*() {
          const total = yield* sql<{ readonly n: string | number }>`SELECT count(*) AS n FROM docket_schema_families f WHERE ${visible}`
          const after = page.afterSchemaId === null ? sql`` : sql`AND f.schema_id > ${page.afterSchemaId}`
          const rows = yield* sql<VersionRow>`
            SELECT ${sql.literal(COLUMNS.split(", ").map((c) => `v.${c}`).join(", "))}
            FROM docket_schema_families f JOIN docket_schema_versions v
              ON v.scope = f.scope AND v.schema_id = f.schema_id AND v.version = f.latest
            WHERE ${visible} ${after}
            ORDER BY f.schema_id LIMIT ${limitOf(page.limit)}`
          return { items: rows.map(toVersion), total: Number(total[0].n) }
        })
      )
    }
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Documents.ExtractionSchemaStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Documents.ExtractionSchemaStore, never, SqlClient.SqlClient> = Layer.effect(Documents.ExtractionSchemaStore, make)
