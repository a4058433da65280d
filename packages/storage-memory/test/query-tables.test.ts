import { Intelligence, Workspaces } from "@docket/core"
import { MemoryWorkspaceSql } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

const layer = Layer.mergeAll(MemoryWorkspaceSql.layer, Intelligence.LocalIntelligence.LocalTableQuestionWriterLive)
const OPTIONS = { maxRows: 200, timeoutMs: 5000 }
const T = "ten_q"
const W = "ws_q"

const SALES = [
  ["Region", "Product", "Revenue", "Units", "Sale date"],
  ["North", "Widget", "$1,200.00", "12", "2023-01-15"],
  ["North", "Gadget", "$800.00", "4", "2023-06-02"],
  ["South", "Widget", "$450.50", "5", "2023-03-20"],
  ["East", "Gizmo", "$2,000.00", "10", "2024-02-11"],
  ["South", "Gadget", "$300.00", "3", "2024-05-30"],
  ["New York", "Widget", "$999.99", "9", "2023-11-01"]
]
const INVOICES = [
  ["Invoice no", "Customer", "Issued", "Amount", "Paid", "Notes"],
  ["INV-001", "Acme Corp", "2023-02-01", "1,500.00", "yes", "rush delivery"],
  ["INV-002", "Globex", "2023-05-12", "250.00", "no", "standard"],
  ["INV-003", "Acme Corp", "2024-01-20", "3,200.00", "no", "rush order, partial"],
  ["INV-004", "Initech", "2023-09-09", "75.25", "yes", null],
  ["INV-005", "Globex", "2024-03-03", "980.00", "yes", "standard"]
]

const load = Effect.gen(function*() {
  const engine = yield* Workspaces.Tables.WorkspaceSql
  for (const [name, grid] of [["sales", SALES], ["invoices", INVOICES]] as const) {
    const built = Workspaces.Tables.buildTable({ file_id: `f_${name}`, path: `finance/${name}.csv`, component: `${name}.csv`, component_kind: "csv", table_name: name }, grid)
    yield* engine.loadTable(T, W, built.descriptor, built.rows)
  }
})

const ask = (question: string, components?: ReadonlyArray<string>) => Workspaces.Tables.answerTableQuestion(T, W, question, components, OPTIONS)

describe("query-tables with the local writer", () => {
  it.layer(layer, { timeout: "180 seconds" })((it) => {
    it.effect("aggregates, groups, filters and ranks over realistic tables", () =>
      Effect.gen(function*() {
        yield* load
        const total = yield* ask("What is the total revenue?")
        expect(total.sql).toBe(`SELECT sum("revenue") AS "sum_revenue" FROM "sales"`)
        expect(total.result?.rows).toEqual([["5750.49"]])
        expect(total.answer).toBe("The sum revenue is 5750.49.")

        const byRegion = yield* ask("Total revenue by region in 2023")
        expect(byRegion.result?.rows).toEqual([["New York", "999.99"], ["North", "2000"], ["South", "450.5"]])
        expect(byRegion.interpretation).toBe("total revenue by region where sale_date in 2023")

        const north = yield* ask("average units sold in North")
        expect(north.result?.rows).toEqual([["8.0000000000000000"]])

        const newYork = yield* ask("how many sales in New York")
        expect(newYork.result?.rows).toEqual([[1]])

        const top = yield* ask("top 2 regions by revenue")
        expect(top.interpretation).toBe("top 2 region by sum of revenue")
        expect(top.result?.rows.map((r) => r[1])).toEqual(["2000", "2000"])
        expect(top.sql).toContain("LIMIT 2")

        const unpaid = yield* ask("how many invoices are not paid with amount over 200")
        expect(unpaid.result?.rows).toEqual([[4]])
        expect(unpaid.sql).toContain(`"amount" > 200`)

        const biggest = yield* ask("the 2 largest invoices by amount", ["invoices.csv"])
        expect(biggest.result?.rows.map((r) => r[0])).toEqual(["INV-003", "INV-001"])

        const acme = yield* ask("total amount for Acme Corp invoices in 2024")
        expect(acme.result?.rows).toEqual([["3200"]])

        const rush = yield* ask("list invoices containing 'rush'")
        expect(rush.result?.rows.map((r) => r[0])).toEqual(["INV-001", "INV-003"])

        const maxInv = yield* ask("maximum invoice amount issued in 2023", ["invoices"])
        expect(maxInv.result?.rows).toEqual([["1500"]])
      }))

    it.effect("a question it cannot map names the columns that exist, with no SQL", () =>
      Effect.gen(function*() {
        const r = yield* ask("why is the sky blue?", ["sales"])
        expect(r.answered).toBe(false)
        expect(r.sql).toBeNull()
        expect(r.answer).toContain("revenue (numeric)")
        const none = yield* ask("total revenue", ["no_such_sheet"])
        expect(none.answered).toBe(false)
        expect(none.answer).toContain("no_such_sheet")
      }))
  })
})
