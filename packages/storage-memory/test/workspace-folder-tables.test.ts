/**
 * `folder-metadata` with `include_tables`: the workspace tables of the matched (visible) files, with
 * the join candidates they share — tables loaded through the `WorkspaceSql` port (PGlite on memory
 * storage), the tool called over HTTP in process.
 */
import { makeDocket, ManualClock, Workspaces } from "@docket/core"
import { testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"

describe("folder-metadata include_tables (memory storage)", () => {
  it("lists the tables of the matched files only, hidden files' tables never, with shared columns", async () => {
    const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: {} })
    try {
      const call = async (method: string, path: string, key: string, body?: unknown, raw?: FormData) => {
        const r = await docket.fetch(new Request(`http://docket.test${path}`, {
          method,
          headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: raw ?? (body === undefined ? undefined : JSON.stringify(body))
        }))
        return { status: r.status, body: await r.json() as any }
      }
      const tenant = await docket.admin.docs.createTenant({})
      const owner = tenant.api_key as string
      for (const name of ["open", "secret"]) await call("POST", "/v1/access-labels", owner, { name, description: name })
      const ws = (await call("POST", "/v1/workspaces", owner, { name: "t", access: { labels: [{ name: "open" }, { name: "secret" }], default_label: "open" } })).body.workspace_id
      const reader = (await docket.admin.docs.createKey(tenant.tenant_id, { access_labels: ["open"] })).api_key as string
      const upload = async (path: string, label: string) => {
        const f = new FormData()
        f.append("file", new Blob([path]), "x.csv")
        f.append("metadata", JSON.stringify({ path, access_label: label }))
        const r = await call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, owner, undefined, f)
        expect(r.status).toBe(200)
        return r.body.result.file.file_id as string
      }
      const a = await upload("sales/a.csv", "open")
      const b = await upload("sales/b.csv", "open")
      const c = await upload("hr/c.csv", "secret")
      const column = (name: string, min: string, max: string): Workspaces.Tables.TableColumn => ({
        name, data_type: "integer", header: name, profile: { distinct_count: 2, null_count: 0, min_value: min, max_value: max }
      })
      const table = (file_id: string, path: string, table_name: string, columns: ReadonlyArray<Workspaces.Tables.TableColumn>): Workspaces.Tables.WorkspaceTable => ({
        table_name, file_id, path, component: "x.csv", component_kind: "csv", columns, row_count: 2, column_count: columns.length, size_bytes: 8
      })
      await docket.runtime.runPromise(Effect.gen(function*() {
        const sql = yield* Workspaces.Tables.WorkspaceSql
        yield* sql.loadTable(tenant.tenant_id, ws, table(a, "sales/a.csv", "sales_a", [column("customer_id", "1", "2")]), [["1"], ["2"]])
        yield* sql.loadTable(tenant.tenant_id, ws, table(b, "sales/b.csv", "sales_b", [column("customer_id", "2", "3"), column("qty", "5", "6")]), [["2", "5"], ["3", "6"]])
        yield* sql.loadTable(tenant.tenant_id, ws, table(c, "hr/c.csv", "hr_c", [column("customer_id", "7", "8")]), [["7"], ["8"]])
      }))
      const r = await call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, reader, { include_tables: true })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.overall_files).toBe(2)
      expect(r.body.file_entries.map((e: any) => e.path)).toEqual(["sales/a.csv", "sales/b.csv"])
      expect(r.body.tables.map((t: any) => t.table_name)).toEqual(["sales_a", "sales_b"])
      expect(r.body.tables[0]).toEqual({ path: "sales/a.csv", component: "x.csv", row_count: 2, column_count: 1, size_bytes: 8, table_name: "sales_a" })
      expect(r.body.shared_columns).toHaveLength(1)
      expect(r.body.shared_columns[0]).toMatchObject({ column: "customer_id", table_count: 2 })
      expect(r.body.shared_columns[0].occurrences.map((o: any) => o.table_name)).toEqual(["sales_a", "sales_b"])
      expect(r.body).toMatchObject({ tables_truncated: false, shared_columns_truncated: false, coverage: { restricted_candidates: 1, labels_required: ["secret"] } })
      const narrowed = await call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, owner, { include_tables: true, name_contains: "b.csv" })
      expect(narrowed.body.tables).toEqual([])
      const all = await call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, (await docket.admin.docs.createKey(tenant.tenant_id, { access_labels: ["open", "secret"] })).api_key as string, { include_tables: true, name_contains: "c.csv" })
      expect(all.body.tables.map((t: any) => t.table_name)).toEqual(["hr_c"])
    } finally {
      await docket.dispose()
    }
  })
})
