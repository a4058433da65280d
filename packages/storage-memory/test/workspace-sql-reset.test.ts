import { Kernel, Workspaces } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"

const T = Workspaces.Tables

describe("memory storage: StorageAdmin.reset covers the SQL engine", () => {
  it.layer(MemoryStorage.layer, { timeout: "120 seconds" })((it) => {
    it.effect("a table loaded before a reset is gone after it, and the engine takes new tables", () =>
      Effect.gen(function*() {
        const engine = yield* T.WorkspaceSql
        const built = T.buildTable({ file_id: "f", path: "a.csv", component: "a.csv", component_kind: "csv", table_name: "a" }, [["x"], ["1"], ["2"]])
        yield* engine.loadTable("t", "w", built.descriptor, built.rows)
        expect((yield* engine.query("t", "w", "SELECT count(*) FROM a", { maxRows: 10, timeoutMs: 20_000 })).rows).toEqual([[2]])
        yield* (yield* Kernel.StorageAdmin).reset
        expect(yield* engine.listTables("t", "w")).toEqual([])
        const refused = yield* Effect.flip(engine.query("t", "w", "SELECT count(*) FROM a", { maxRows: 10, timeoutMs: 20_000 }))
        expect(refused._tag).toBe("SqlRejected")
        yield* engine.loadTable("t", "w2", { ...built.descriptor, table_name: "b" }, built.rows)
        expect((yield* engine.query("t", "w2", "SELECT count(*) FROM b", { maxRows: 10, timeoutMs: 20_000 })).rows).toEqual([[2]])
        // the old workspace's schema did not survive in the new engine either
        const schemas = yield* engine.query("t", "w2", "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'docket_ws_%'", { maxRows: 10, timeoutMs: 20_000 })
        expect(schemas.rows).toEqual([[1]])
      }))
  })
})
