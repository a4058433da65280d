import { Kernel, Workspaces } from "@docket/core"
import { workspaceSqlSuite } from "@docket/core/testing"
import { clientLayer, PgMigrations, PgStorageAdmin, PgWorkspaceSql } from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// the engine on a migrated database of its own (roles it creates are named after the database, so they never collide)
const layer = PgWorkspaceSql.layer.pipe(Layer.provide(Layer.effectDiscard(PgMigrations.run)), Layer.provide(clientLayer({ url: db.url })))

workspaceSqlSuite("postgres", layer)

describe("StorageAdmin.reset with workspace tables", () => {
  it.effect("drops every workspace schema and role with the catalog", () =>
    Effect.gen(function*() {
      const engine = yield* Workspaces.Tables.WorkspaceSql
      const admin = yield* Kernel.StorageAdmin
      const sql = yield* SqlClient.SqlClient
      const built = Workspaces.Tables.buildTable({ file_id: "f", path: "a.csv", component: "a.csv", component_kind: "csv", table_name: "a" }, [["x"], ["1"]])
      yield* engine.loadTable("ten_reset", "ws_reset", built.descriptor, built.rows)
      const schemas = () => sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'docket_ws_%'`
      const roles = () => sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ANY (SELECT schema_name FROM docket_workspace_sql)`
      expect((yield* schemas())[0].n).toBeGreaterThan(0)
      expect((yield* roles())[0].n).toBeGreaterThan(0)
      const before = (yield* sql<{ schema_name: string }>`SELECT schema_name FROM docket_workspace_sql`).map((r) => r.schema_name)
      yield* admin.reset
      expect((yield* schemas())[0].n).toBe(0)
      const left = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname IN ${sql.in(before)}`
      expect(left[0].n).toBe(0)
      expect(yield* engine.listTables("ten_reset", "ws_reset")).toEqual([])
    }).pipe(
      Effect.provide(Layer.mergeAll(PgWorkspaceSql.layer, PgStorageAdmin.layer).pipe(Layer.provideMerge(clientLayer({ url: db.url }))))
    ), 60_000)
})

describe("a database where PUBLIC may still call set_config", () => {
  it.effect("refuses every query as unavailable (fails closed) until set_config is revoked again", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const built = Workspaces.Tables.buildTable({ file_id: "f", path: "a.csv", component: "a.csv", component_kind: "csv", table_name: "a" }, [["x"], ["1"]])
      yield* sql.unsafe("GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO PUBLIC")
      const opened = yield* Effect.gen(function*() {
        const engine = yield* Workspaces.Tables.WorkspaceSql
        yield* engine.loadTable("ten_open", "ws_open", built.descriptor, built.rows)
        return yield* Effect.either(engine.query("ten_open", "ws_open", "SELECT * FROM a", { maxRows: 10, timeoutMs: 1000 }))
      }).pipe(Effect.provide(PgWorkspaceSql.layer), Effect.ensuring(sql.unsafe("REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC").pipe(Effect.orDie)))
      expect(opened._tag === "Left" && opened.left._tag).toBe("StorageUnavailable")
      const closed = yield* Effect.flatMap(Workspaces.Tables.WorkspaceSql, (engine) => engine.query("ten_open", "ws_open", "SELECT * FROM a", { maxRows: 10, timeoutMs: 1000 })).pipe(
        Effect.provide(PgWorkspaceSql.layer)
      )
      expect(closed.rows).toEqual([[1]])
    }).pipe(Effect.provide(clientLayer({ url: db.url }))), 60_000)
})
