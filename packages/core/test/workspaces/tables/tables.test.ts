import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { inferColumnType, parseNumber, toValue } from "../../../src/workspaces/tables/column-types.js"
import { snakeIdentifier, tableNameFor, uniqueIdentifier } from "../../../src/workspaces/tables/table-name.js"
import { buildTable, hasHeaderRow } from "../../../src/workspaces/tables/table-profile.js"

const source = { file_id: "f1", path: "reports/sales.csv", component: "sales.csv", component_kind: "csv" as const, table_name: "sales" }

describe("column types", () => {
  it("reads money and thousands separators as numbers, keeping the sign", () => {
    expect(parseNumber("$1,234.50")).toEqual({ value: "1234.5", currency: "USD" })
    expect(parseNumber("(1,234.00)")).toEqual({ value: "-1234", currency: null })
    expect(parseNumber("-€12")).toEqual({ value: "-12", currency: "EUR" })
    expect(parseNumber("1 234 EUR")).toEqual({ value: "1234", currency: "EUR" })
    expect(parseNumber("1,23")).toBeNull()
    expect(parseNumber("12%")).toBeNull()
    expect(parseNumber("1 234")).toBeNull()
  })
  it("infers the narrowest type every cell fits", () => {
    expect(inferColumnType(["1", 2, null, " 3 "])).toBe("integer")
    expect(inferColumnType(["1.5", "2"])).toBe("numeric")
    expect(inferColumnType(["yes", "No", "TRUE"])).toBe("boolean")
    expect(inferColumnType(["0", "1"])).toBe("integer")
    expect(inferColumnType(["2023-01-05", new Date(Date.UTC(2023, 1, 1))])).toBe("date")
    expect(inferColumnType(["2023-01-05 10:00", "2023-01-06"])).toBe("timestamp")
    expect(inferColumnType(["2023-02-30"])).toBe("text")
    expect(inferColumnType(["05/01/2023"])).toBe("text")
    expect(inferColumnType(["$1", "€2"])).toBe("text")
    expect(inferColumnType(["$1", "2"])).toBe("integer")
    expect(inferColumnType([null, ""])).toBe("text")
    expect(inferColumnType(["12345678901234567890"])).toBe("numeric")
  })
  it("every integer and decimal round-trips through its text forms", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 99 }), (n, cents) => {
        const plain = `${n}.${String(cents).padStart(2, "0")}`
        const grouped = `${n < 0n ? "-" : ""}$${(n < 0n ? -n : n).toLocaleString("en-US")}.${String(cents).padStart(2, "0")}`
        const a = toValue(plain, "numeric")
        const b = toValue(grouped, "numeric")
        expect(a).toBe(b)
        expect(Number(a)).toBeCloseTo(Number(plain))
      })
    )
  })
})

describe("names", () => {
  it("table names come from the file and component, SQL-safe and unique", () => {
    expect(tableNameFor("reports/Sales 2023.xlsx", "Q1 Totals", new Set())).toBe("sales_2023__q1_totals")
    expect(tableNameFor("data/sales.csv", "sales.csv", new Set())).toBe("sales")
    expect(tableNameFor("data/sales.csv", "sales.csv", new Set(["sales"]))).toBe("sales_2")
    expect(tableNameFor("2023.csv", "2023.csv", new Set())).toBe("_2023")
    expect(tableNameFor("select.csv", "select.csv", new Set())).toBe("select_")
    expect(tableNameFor("données/Résumé.csv", "Résumé.csv", new Set())).toBe("resume")
    expect(tableNameFor("数据.csv", "数据.csv", new Set())).toBe("data")
  })
  it("any path and component give a valid unique identifier of at most 63 bytes", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), fc.array(fc.string(), { maxLength: 5 }), (path, component, others) => {
        const taken = new Set(others.map((o) => snakeIdentifier(o, "table")))
        const name = tableNameFor(path, component, taken)
        expect(name).toMatch(/^[a-z_][a-z0-9_]*$/)
        expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(63)
        expect(taken.has(name)).toBe(false)
      })
    )
  })
  it("suffixes fit 63 bytes", () => {
    const long = "a".repeat(63)
    expect(uniqueIdentifier(long, new Set([long]))).toBe(`${"a".repeat(61)}_2`)
  })
})

describe("tables", () => {
  it("detects a header, types and profiles the columns", () => {
    const { descriptor, rows } = buildTable(source, [
      ["Region", "Amount", "Date", "Amount"],
      ["North", "$1,200.50", "2023-01-05", "1"],
      ["South", "300", "2023-02-10", null],
      [null, null, null, null],
      ["North", "(50)", "2024-03-01", "2"]
    ])
    expect(descriptor.columns.map((c) => [c.name, c.data_type])).toEqual([
      ["region", "text"],
      ["amount", "numeric"],
      ["date", "date"],
      ["amount_2", "integer"]
    ])
    expect(descriptor.row_count).toBe(3)
    expect(descriptor.column_count).toBe(4)
    expect(rows[0]).toEqual(["North", "1200.5", "2023-01-05", "1"])
    expect(descriptor.columns[1].profile).toEqual({ distinct_count: 3, null_count: 0, min_value: "-50", max_value: "1200.5" })
    expect(descriptor.columns[0].profile).toEqual({ distinct_count: 2, null_count: 0, min_value: "North", max_value: "South" })
    expect(descriptor.columns[3].profile.null_count).toBe(1)
  })
  it("a grid of numbers has no header", () => {
    const grid = [["1", "2"], ["3", "4"]]
    expect(hasHeaderRow(grid)).toBe(false)
    expect(buildTable(source, grid).descriptor.columns.map((c) => c.name)).toEqual(["column_1", "column_2"])
    expect(buildTable(source, grid).descriptor.row_count).toBe(2)
  })
  it("a text grid whose first row repeats in the body has no header", () => {
    expect(hasHeaderRow([["a", "b"], ["a", "c"]])).toBe(false)
    expect(hasHeaderRow([["name", "city"], ["Ann", "Oslo"]])).toBe(true)
  })
})
