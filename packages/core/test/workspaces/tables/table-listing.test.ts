import { describe, expect, it } from "vitest"
import { listTables, MAX_LISTED_TABLES, MAX_SHARED_COLUMNS, tableComponent } from "../../../src/workspaces/tables/table-listing.js"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"

const table = (name: string, grid: Array<Array<string | null>>, path = `data/${name}.csv`) =>
  buildTable({ file_id: `f_${name}`, path, component: `${name}.csv`, component_kind: "csv", table_name: name }, grid).descriptor

describe("include_tables", () => {
  it("lists tables by path and finds join candidates with their profiles", () => {
    const customers = table("customers", [["customer_id", "name"], ["1", "Acme"], ["2", "Globex"]])
    const orders = table("orders", [["order_id", "customer_id", "name"], ["10", "1", "x"], ["11", "1", "y"], ["12", "2", "z"]])
    const notes = table("notes", [["customer_id"], ["C-1"]])
    const listing = listTables([orders, notes, customers])
    expect(listing.tables.map((t) => t.table_name)).toEqual(["customers", "notes", "orders"])
    expect(listing.tables[0]).toEqual({ path: "data/customers.csv", component: "customers.csv", row_count: 2, column_count: 2, size_bytes: customers.size_bytes, table_name: "customers" })
    expect(listing.tables_truncated).toBe(false)
    // customer_id as numbers joins customers and orders; the text one in notes is another candidate group
    expect(listing.shared_columns.map((s) => [s.column, s.table_count])).toEqual([["customer_id", 2], ["name", 2]])
    expect(listing.shared_columns[0].occurrences).toEqual([
      { table_name: "customers", path: "data/customers.csv", component: "customers.csv", data_type: "integer", distinct_count: 2, row_count: 2, min_value: "1", max_value: "2" },
      { table_name: "orders", path: "data/orders.csv", component: "orders.csv", data_type: "integer", distinct_count: 2, row_count: 3, min_value: "1", max_value: "2" }
    ])
  })
  it("caps tables, shared columns and occurrences, and says so", () => {
    const header = Array.from({ length: 45 }, (_, i) => `c${i}`)
    const many = Array.from({ length: MAX_LISTED_TABLES + 1 }, (_, i) => table(`t${String(i).padStart(4, "0")}`, [header, header.map(() => "1")]))
    const listing = listTables(many)
    expect(listing.tables.length).toBe(MAX_LISTED_TABLES)
    expect(listing.tables_truncated).toBe(true)
    expect(listing.shared_columns.length).toBe(MAX_SHARED_COLUMNS)
    expect(listing.shared_columns_truncated).toBe(true)
    expect(listing.shared_columns[0].occurrences.length).toBe(5)
    expect(listing.shared_columns[0].occurrences_truncated).toBe(true)
  })
  it("a table is a queryable component with typed columns", () => {
    expect(tableComponent(table("a", [["x", "y"], ["1", "b"]]))).toEqual({
      kind: "sheet", name: "a.csv", table_name: "a", row_count: 1, column_count: 2,
      columns: [{ name: "x", data_type: "integer" }, { name: "y", data_type: "text" }], queryable: true
    })
  })
})
