/**
 * `WorkspaceSql` on PostgreSQL: each workspace's tables in a schema of their own, read through a
 * role of their own (construction and reasons in core's `postgres-dialect.ts`). The catalog
 * (`docket_workspace_tables`) keeps the descriptors; `docket_workspace_sql` the schema of each
 * workspace, so that teardown and `StorageAdmin.reset` find them. Schema and role names are a
 * digest of the database, tenant and workspace: roles are cluster-wide, so two databases on one
 * server never share one. The connecting user needs CREATEROLE (and owns what it creates).
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient, type SqlError } from "@effect/sql"
import { Duration, Effect, Layer } from "effect"
import { createHash } from "node:crypto"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

const T = Workspaces.Tables

const build = (sql: SqlClient.SqlClient, tuning: GuardOptions): Effect.Effect<Workspaces.Tables.WorkspaceSqlService> =>
  Effect.gen(function*() {
    const unavailable = (cause: unknown) => new Kernel.StorageUnavailable({ store: "WorkspaceSql", cause })
    const run = guard(tuning, unavailable)
    // loading a sheet of many rows takes longer than one store operation may
    const runLoad = guard({ operationTimeout: Duration.max(tuning.operationTimeout, Duration.seconds(120)) }, unavailable)
    const database = yield* Effect.cached(
      sql<{ db: string }>`SELECT current_database() AS db`.pipe(Effect.map((rows) => rows[0].db))
    )
    const schemaOf = (tenantId: string, workspaceId: string) =>
      Effect.map(database, (db) => T.workspaceSchemaName(createHash("sha256").update(T.workspaceKey(db, tenantId, workspaceId)).digest("hex")))
    // checked once per process: while PUBLIC may call set_config, a query could take back the connection's role
    const setConfigClosed = yield* Effect.cached(
      sql<{ open: boolean }>`${sql.unsafe(T.SET_CONFIG_OPEN)}`.pipe(Effect.map((rows) => rows[0].open === false))
    )
    const lockWorkspace = (schema: string) => sql`SELECT pg_advisory_xact_lock(hashtext(${schema}))`

    const loadTable: Workspaces.Tables.WorkspaceSqlService["loadTable"] = (tenantId, workspaceId, table, rows) =>
      runLoad(
        Effect.gen(function*() {
          const schema = yield* schemaOf(tenantId, workspaceId)
          yield* sql.withTransaction(
            Effect.gen(function*() {
              yield* lockWorkspace(schema)
              yield* sql`
                INSERT INTO docket_workspace_sql (tenant_id, workspace_id, schema_name)
                VALUES (${tenantId}, ${workspaceId}, ${schema}) ON CONFLICT DO NOTHING`
              for (const s of T.ensureWorkspaceStatements(schema)) yield* sql.unsafe(s)
              for (const s of T.replaceTableStatements(schema, table)) yield* sql.unsafe(s)
              for (const batch of T.insertBatches(schema, table, rows)) yield* sql.unsafe(batch.sql, batch.params)
              yield* sql`
                INSERT INTO docket_workspace_tables (tenant_id, workspace_id, table_name, descriptor)
                VALUES (${tenantId}, ${workspaceId}, ${table.table_name}, ${JSON.stringify(table)}::jsonb)
                ON CONFLICT (tenant_id, workspace_id, table_name) DO UPDATE SET descriptor = EXCLUDED.descriptor`
            })
          )
        })
      ).pipe(Effect.asVoid)

    const dropTables: Workspaces.Tables.WorkspaceSqlService["dropTables"] = (tenantId, workspaceId, tableNames) =>
      run(
        Effect.gen(function*() {
          if (tableNames.length === 0) return
          const schema = yield* schemaOf(tenantId, workspaceId)
          yield* sql.withTransaction(
            Effect.gen(function*() {
              yield* lockWorkspace(schema)
              for (const name of tableNames) yield* sql.unsafe(`DROP TABLE IF EXISTS ${T.quoteIdent(schema)}.${T.quoteIdent(name)}`)
              yield* sql`
                DELETE FROM docket_workspace_tables
                WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} AND table_name IN ${sql.in(tableNames)}`
            })
          )
        })
      ).pipe(Effect.asVoid)

    const dropWorkspace: Workspaces.Tables.WorkspaceSqlService["dropWorkspace"] = (tenantId, workspaceId) =>
      run(
        Effect.gen(function*() {
          const schema = yield* schemaOf(tenantId, workspaceId)
          yield* sql.withTransaction(
            Effect.gen(function*() {
              yield* lockWorkspace(schema)
              yield* dropSchemaAndRole(sql, schema)
              yield* sql`DELETE FROM docket_workspace_tables WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId}`
              yield* sql`DELETE FROM docket_workspace_sql WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId}`
            })
          )
        })
      ).pipe(Effect.asVoid)

    const listTables: Workspaces.Tables.WorkspaceSqlService["listTables"] = (tenantId, workspaceId) =>
      run(
        sql<{ descriptor: Workspaces.Tables.WorkspaceTable | string }>`
          SELECT descriptor FROM docket_workspace_tables
          WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} ORDER BY table_name`
      ).pipe(Effect.map((rows) => rows.map((r) => (typeof r.descriptor === "string" ? JSON.parse(r.descriptor) : r.descriptor))))

    const query: Workspaces.Tables.WorkspaceSqlService["query"] = (tenantId, workspaceId, text, options) => {
      const body = Effect.gen(function*() {
        if (text.trim() === "") return yield* Effect.fail(new T.SqlRejected({ reason: "empty", message: "sql is empty: send one SELECT" }))
        if (!(yield* setConfigClosed.pipe(Effect.mapError(unavailable)))) {
          return yield* Effect.fail(unavailable(new Error("pg_catalog.set_config is executable by PUBLIC: run REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC as its owner")))
        }
        const schema = yield* schemaOf(tenantId, workspaceId).pipe(Effect.mapError(unavailable))
        const known = yield* sql`SELECT 1 FROM docket_workspace_sql WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId}`.pipe(
          Effect.mapError(unavailable)
        )
        if (known.length === 0) return yield* Effect.fail(new T.SqlRejected({ reason: "unknown_table", message: "this workspace has no tables yet: ingest a spreadsheet, CSV or a document with tables first" }))
        return yield* sql.withTransaction(
          Effect.gen(function*() {
            for (const s of T.queryPreludeStatements(schema, options.timeoutMs)) yield* sql.unsafe(s)
            yield* sql.unsafe(T.OPEN_QUERY, [text])
            const described = (yield* sql.unsafe("FETCH FORWARD 0 FROM docket_query").raw) as { fields: ReadonlyArray<{ name: string; dataTypeID: number }> }
            const values = yield* sql.unsafe(T.fetchStatement(options.maxRows)).values
            const fields = described.fields
            const unknownOids = [...new Set(fields.map((f) => f.dataTypeID).filter((oid) => T.TYPE_NAMES[oid] === undefined))]
            const typeNames = new Map<number, string>()
            for (const oid of unknownOids) {
              const rows = yield* sql<{ name: string }>`SELECT format_type(${oid}::oid, NULL) AS name`
              typeNames.set(oid, rows[0]?.name ?? "unknown")
            }
            const columns = fields.map((f) => ({ name: f.name, data_type: T.TYPE_NAMES[f.dataTypeID] ?? typeNames.get(f.dataTypeID) ?? "unknown" }))
            const truncated = values.length > options.maxRows
            const rows = values.slice(0, options.maxRows).map((row) => row.map((v, i) => T.toSqlValue(fields[i]?.dataTypeID ?? 25, v)))
            return { columns, rows, row_count: rows.length, truncated } satisfies Workspaces.Tables.SqlResult
          })
        ).pipe(
          Effect.mapError((error: SqlError.SqlError): Workspaces.Tables.SqlRejected | Kernel.StorageUnavailable => {
            const cause = error.cause as { code?: string; message?: string } | undefined
            return T.rejectionOf({ code: cause?.code, message: cause?.message ?? error.message }) ?? unavailable(error)
          })
        )
      })
      // the engine's own timeout cancels the statement; this bound only guards an engine that stops answering
      const bound = Duration.sum(Duration.max(tuning.operationTimeout, Duration.millis(options.timeoutMs)), Duration.seconds(2))
      return body.pipe(
        Effect.timeoutFail({ duration: bound, onTimeout: () => unavailable(new Error(`the database did not answer within ${Duration.toMillis(bound)} ms`)) })
      )
    }

    return { loadTable, dropTables, dropWorkspace, listTables, query }
  })

/** Drops a workspace's schema (its tables with it) and its role. */
export const dropSchemaAndRole = (sql: SqlClient.SqlClient, schema: string) =>
  Effect.gen(function*() {
    yield* sql.unsafe(`DROP SCHEMA IF EXISTS ${Workspaces.Tables.quoteIdent(schema)} CASCADE`)
    yield* sql.unsafe(`DO $do$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${schema}') THEN
    EXECUTE 'REVOKE ALL ON SCHEMA docket_sql FROM ${Workspaces.Tables.quoteIdent(schema)}';
    EXECUTE 'REVOKE ALL ON FUNCTION docket_sql.open_query(text) FROM ${Workspaces.Tables.quoteIdent(schema)}';
    EXECUTE 'DROP ROLE ${Workspaces.Tables.quoteIdent(schema)}';
  END IF;
END $do$`)
  })

/** The engine on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated). */
export const make: Effect.Effect<Workspaces.Tables.WorkspaceSqlService, never, SqlClient.SqlClient> = Effect.flatMap(
  Effect.zip(SqlClient.SqlClient, PgTuning),
  ([sql, tuning]) => build(sql, tuning)
)

export const layer: Layer.Layer<Workspaces.Tables.WorkspaceSql, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Tables.WorkspaceSql, make)
