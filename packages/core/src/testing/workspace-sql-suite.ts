/**
 * The conformance suite of the `WorkspaceSql` port: typed tables in, one read-only query out,
 * isolated per workspace and tenant by the engine — and the hostile queries a caller may send,
 * each refused as `SqlRejected` (never a hang, a write, or another workspace's data). Every
 * adapter runs it (`workspaceSqlSuite("memory", layer)`); each test has workspaces of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, Either, type Layer } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { type SqlQueryOptions, type SqlRejectionReason, WorkspaceSql } from "../workspaces/tables/sql-engine.js"
import { buildTable } from "../workspaces/tables/table-profile.js"
import type { RawCell } from "../workspaces/tables/workspace-table.js"

/** an in-process engine may take long to start on a busy machine (PGlite: initdb in WebAssembly), and restarts after a timeout */
const STARTUP_MS = 120_000

const OPTIONS: SqlQueryOptions = { maxRows: 100, timeoutMs: 2000 }

const SALES: ReadonlyArray<ReadonlyArray<RawCell>> = [
  ["Region", "Amount", "Sold on", "Paid"],
  ["North", "$1,200.50", "2023-01-05", "yes"],
  ["South", "300", "2023-02-10", "no"],
  ["North", "(50)", "2024-03-01", "yes"],
  ["East", "12345678901234567.25", "2024-04-02", null]
]

const salesTable = (name = "sales", grid = SALES) =>
  buildTable({ file_id: "f_sales", path: `data/${name}.csv`, component: `${name}.csv`, component_kind: "csv", table_name: name }, grid)

export const workspaceSqlSuite = <E>(name: string, layer: Layer.Layer<WorkspaceSql, E>, options: SuiteOptions = {}) =>
  storageSuite(`WorkspaceSql (${name})`, layer, options, (it) => {
    const workspace = () => ({ tenant: unique("ten"), ws: unique("ws") })
    const loaded = Effect.gen(function*() {
      const engine = yield* WorkspaceSql
      const w = workspace()
      const { descriptor, rows } = salesTable()
      yield* engine.loadTable(w.tenant, w.ws, descriptor, rows)
      return { engine, ...w }
    })
    const rejected = (sql: string, reasons: ReadonlyArray<SqlRejectionReason>, opts: SqlQueryOptions = OPTIONS) =>
      Effect.gen(function*() {
        const { engine, tenant, ws } = yield* loaded
        const result = yield* Effect.either(engine.query(tenant, ws, sql, opts))
        if (Either.isRight(result)) throw new Error(`accepted: ${sql} → ${JSON.stringify(result.right)}`)
        const error = result.left
        if (error._tag !== "SqlRejected") throw new Error(`not a rejection: ${sql} → ${String(error._tag)} ${JSON.stringify(error)}`)
        expect(reasons, `${sql} → ${error.reason}: ${error.message}`).toContain(error.reason)
        expect(error.message).not.toMatch(/docket_ws_/)
        // the workspace is intact and still answers
        const after = yield* engine.query(tenant, ws, "SELECT count(*) AS n FROM sales", OPTIONS)
        expect(after.rows).toEqual([[4]])
        return error
      })

    it("loads typed columns and answers a query with typed JSON values", () =>
      Effect.gen(function*() {
        const { engine, tenant, ws } = yield* loaded
        const r = yield* engine.query(tenant, ws, "SELECT region, amount, sold_on, paid FROM sales ORDER BY amount DESC", OPTIONS)
        expect(r.columns).toEqual([
          { name: "region", data_type: "text" },
          { name: "amount", data_type: "numeric" },
          { name: "sold_on", data_type: "date" },
          { name: "paid", data_type: "boolean" }
        ])
        expect(r.rows).toEqual([
          ["East", "12345678901234567.25", "2024-04-02", null],
          ["North", "1200.5", "2023-01-05", true],
          ["South", "300", "2023-02-10", false],
          ["North", "-50", "2024-03-01", true]
        ])
        expect(r.row_count).toBe(4)
        expect(r.truncated).toBe(false)
        const agg = yield* engine.query(tenant, ws, "SELECT region, sum(amount) AS total, count(*) AS n, 1 AS n FROM sales WHERE sold_on >= '2023-01-01' AND sold_on < '2024-01-01' GROUP BY region ORDER BY region", OPTIONS)
        expect(agg.columns.map((c) => c.name)).toEqual(["region", "total", "n", "n"])
        expect(agg.rows).toEqual([["North", "1200.5", 1, 1], ["South", "300", 1, 1]])
      }), STARTUP_MS)

    it("caps rows at maxRows and says the result was truncated", () =>
      Effect.gen(function*() {
        const { engine, tenant, ws } = yield* loaded
        const r = yield* engine.query(tenant, ws, "SELECT * FROM sales ORDER BY amount", { ...OPTIONS, maxRows: 2 })
        expect(r.row_count).toBe(2)
        expect(r.truncated).toBe(true)
        const exact = yield* engine.query(tenant, ws, "SELECT * FROM sales", { ...OPTIONS, maxRows: 4 })
        expect(exact.truncated).toBe(false)
        const huge = yield* engine.query(tenant, ws, "SELECT g FROM generate_series(1, 100000) g", { ...OPTIONS, maxRows: 3 })
        expect(huge.rows).toEqual([[1], [2], [3]])
        expect(huge.truncated).toBe(true)
        const loop = yield* engine.query(tenant, ws, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r", { ...OPTIONS, maxRows: 5 })
        expect(loop.rows.length).toBe(5)
        expect(loop.truncated).toBe(true)
      }))

    it("lists descriptors; replacing a table is atomic and keeps one; dropping removes it", () =>
      Effect.gen(function*() {
        const { engine, tenant, ws } = yield* loaded
        const other = salesTable("other", [["a"], ["x"], ["y"]])
        yield* engine.loadTable(tenant, ws, other.descriptor, other.rows)
        expect((yield* engine.listTables(tenant, ws)).map((t) => t.table_name)).toEqual(["other", "sales"])
        expect((yield* engine.listTables(tenant, ws))[1]).toEqual(salesTable().descriptor)
        const replaced = salesTable("other", [["a", "b"], ["1", "2"]])
        yield* engine.loadTable(tenant, ws, replaced.descriptor, replaced.rows)
        expect((yield* engine.query(tenant, ws, "SELECT * FROM other", OPTIONS)).rows).toEqual([[1, 2]])
        expect((yield* engine.listTables(tenant, ws)).find((t) => t.table_name === "other")?.column_count).toBe(2)
        yield* engine.dropTables(tenant, ws, ["other"])
        expect((yield* engine.listTables(tenant, ws)).map((t) => t.table_name)).toEqual(["sales"])
        const gone = yield* Effect.either(engine.query(tenant, ws, "SELECT * FROM other", OPTIONS))
        expect(Either.isLeft(gone) && gone.left._tag === "SqlRejected" && gone.left.reason).toBe("unknown_table")
        yield* engine.dropWorkspace(tenant, ws)
        expect(yield* engine.listTables(tenant, ws)).toEqual([])
        const none = yield* Effect.either(engine.query(tenant, ws, "SELECT 1", OPTIONS))
        expect(Either.isLeft(none) && none.left._tag === "SqlRejected").toBe(true)
        yield* engine.dropWorkspace(tenant, ws)
      }))

    it("loads thousands of rows in batches", () =>
      Effect.gen(function*() {
        const engine = yield* WorkspaceSql
        const w = workspace()
        const grid: Array<Array<RawCell>> = [["id", "label"]]
        for (let i = 0; i < 5000; i++) grid.push([i, `row ${i}`])
        const { descriptor, rows } = salesTable("big", grid)
        yield* engine.loadTable(w.tenant, w.ws, descriptor, rows)
        const r = yield* engine.query(w.tenant, w.ws, "SELECT count(*), sum(id), max(label) FROM big", OPTIONS)
        expect(r.rows).toEqual([[5000, "12497500", "row 999"]])
      }))

    it("another workspace's and another tenant's tables are unreachable", () =>
      Effect.gen(function*() {
        const { engine, tenant, ws } = yield* loaded
        const secret = salesTable("secret", [["code"], ["s3cr3t"]])
        const sibling = unique("ws")
        yield* engine.loadTable(tenant, sibling, secret.descriptor, secret.rows)
        yield* engine.loadTable(unique("ten"), ws, secret.descriptor, secret.rows)
        const unreachable = ["SELECT * FROM secret"]
        for (const sql of unreachable) {
          const r = yield* Effect.either(engine.query(tenant, ws, sql, OPTIONS))
          expect(Either.isLeft(r) && r.left._tag === "SqlRejected" ? r.left.reason : "accepted").toBe("unknown_table")
        }
        // the schemas the engine can list are the workspace's own and the system ones
        const schemas = yield* engine.query(tenant, ws, "SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')", OPTIONS)
        expect(schemas.rows.length).toBe(1)
        const tables = yield* engine.query(tenant, ws, "SELECT table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')", OPTIONS)
        expect(tables.rows).toEqual([["sales"]])
        // a schema-qualified name of the sibling, found through the catalog, is refused
        const named = yield* engine.query(tenant, sibling, "SELECT current_schema() AS s", OPTIONS)
        const qualified = yield* Effect.either(engine.query(tenant, ws, `SELECT * FROM "${String(named.rows[0][0])}".secret`, OPTIONS))
        expect(Either.isLeft(qualified) && qualified.left._tag === "SqlRejected" ? qualified.left.reason : "accepted").toBe("unknown_table")
        const xml = yield* Effect.either(engine.query(tenant, ws, `SELECT query_to_xml('select * from "${String(named.rows[0][0])}".secret', true, true, '')`, OPTIONS))
        expect(Either.isLeft(xml) && xml.left._tag === "SqlRejected" ? xml.left.reason : "accepted").toBe("unknown_table")
      }))

    it("refuses writes and DDL", () =>
      Effect.gen(function*() {
        for (const sql of [
          "INSERT INTO sales (region) VALUES ('x')",
          "UPDATE sales SET amount = 0",
          "DELETE FROM sales",
          "DROP TABLE sales",
          "CREATE TABLE x (a int)",
          "TRUNCATE sales",
          "ALTER TABLE sales ADD COLUMN x int",
          "WITH d AS (DELETE FROM sales RETURNING *) SELECT * FROM d",
          "SELECT * INTO copy_of_sales FROM sales",
          "COPY sales TO STDOUT",
          "COPY (SELECT 1) TO PROGRAM 'true'",
          "GRANT SELECT ON sales TO PUBLIC",
          "VACUUM sales",
          "SELECT nextval('x')"
        ]) yield* rejected(sql, ["not_read_only", "permission_denied", "syntax", "unknown_table", "invalid_value"])
      }))

    it("refuses role, setting and transaction changes", () =>
      Effect.gen(function*() {
        for (const sql of [
          "SET ROLE postgres",
          "RESET ROLE",
          "SET search_path = public",
          "SELECT set_config('role', 'postgres', true)",
          "SELECT set_config('transaction_read_only', 'off', true)",
          "BEGIN",
          "COMMIT",
          "SELECT 1; COMMIT",
          "ROLLBACK; DROP TABLE sales",
          "PREPARE p AS SELECT 1",
          "LISTEN x",
          "DISCARD ALL"
        ]) yield* rejected(sql, ["not_read_only", "permission_denied", "multiple_statements", "syntax"])
      }))

    it("refuses a second statement, whatever comments hide it", () =>
      Effect.gen(function*() {
        for (const sql of [
          "SELECT 1; SELECT 2",
          "SELECT 1; DROP TABLE sales",
          "SELECT 1 /* ; */; DELETE FROM sales",
          "SELECT 1 -- comment\n; DELETE FROM sales",
          "SELECT ';' AS s; DELETE FROM sales"
        ]) yield* rejected(sql, ["multiple_statements", "not_read_only"])
        // a comment or a semicolon inside a literal is not a second statement
        const { engine, tenant, ws } = yield* loaded
        expect((yield* engine.query(tenant, ws, "/* hi */ SELECT ';' AS s -- trailing", OPTIONS)).rows).toEqual([[";"]])
      }))

    it("refuses functions that touch the server", () =>
      Effect.gen(function*() {
        for (const sql of [
          "SELECT pg_read_file('PG_VERSION')",
          "SELECT pg_ls_dir('.')",
          "SELECT lo_import('/etc/passwd')",
          "SELECT pg_read_binary_file('PG_VERSION')",
          "SELECT dblink('dbname=postgres', 'select 1')",
          "SELECT pg_terminate_backend(pg_backend_pid())",
          "SELECT pg_reload_conf()",
          "SELECT current_setting('data_directory')"
        ]) yield* rejected(sql, ["permission_denied", "unknown_function", "not_read_only", "invalid_value"])
      }))

    it("cancels a query past its time limit", () =>
      Effect.gen(function*() {
        const short = { maxRows: 10, timeoutMs: 200 }
        yield* rejected("SELECT pg_sleep(10)", ["timeout"], short)
        yield* rejected("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r", ["timeout", "too_complex"], short)
      }), 2 * STARTUP_MS)

    it("reports syntax, unknown names and bad values as what to fix", () =>
      Effect.gen(function*() {
        expect((yield* rejected("SELEC 1", ["syntax"])).message).toMatch(/syntax/)
        yield* rejected("", ["empty"])
        yield* rejected("SELECT nope FROM sales", ["unknown_column"])
        yield* rejected("SELECT no_such_fn(1)", ["unknown_function"])
        yield* rejected("SELECT 1/0", ["invalid_value"])
        yield* rejected("SELECT * FROM missing_table", ["unknown_table"])
      }))
  })
