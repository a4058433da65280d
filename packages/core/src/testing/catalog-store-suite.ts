/**
 * The conformance suite of the `CatalogStore` port, run by every adapter
 * (`catalogStoreSuite("memory", MemoryCatalogStore.layer)`). Each test works in a tenant and
 * workspace of its own. The expected rows are written out by hand from the rules of
 * `workspaces/catalog/catalog-query.ts`, not computed by them.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { randomUUID } from "node:crypto"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import type { CatalogCell, CatalogFile } from "../workspaces/catalog/catalog-entry.js"
import { settleCells } from "../workspaces/catalog/catalog-components.js"
import type { CatalogPage, CatalogQuery } from "../workspaces/catalog/catalog-query.js"
import { CatalogStore } from "../workspaces/catalog/catalog-store.js"

const scope = () => ({ t: unique("tenant"), w: randomUUID() })

const cite = (text: string, page: number | null = 1) => ({ location: { kind: page === null ? "sheet" as const : "page_region" as const, page }, source_text: text })

interface Facts {
  readonly document_date?: string
  readonly expiry_date?: string
  readonly issuer?: string
  readonly parties?: ReadonlyArray<string>
  readonly identifiers?: ReadonlyArray<readonly [string, string]>
  readonly total?: readonly [string, string]
  readonly total_ambiguous?: string
  readonly amounts?: ReadonlyArray<readonly [string, string]>
}

/** the cells of a component stating `facts` (every other field `not_found`) */
const cellsOf = (f: Facts): ReadonlyArray<CatalogCell> => {
  const cells: Array<CatalogCell> = []
  if (f.document_date !== undefined) cells.push({ field: "document_date", status: "found", value: { kind: "date", date: f.document_date }, citation: cite(`Date: ${f.document_date}`) })
  if (f.expiry_date !== undefined) cells.push({ field: "expiry_date", status: "found", value: { kind: "date", date: f.expiry_date }, citation: cite(`Expires ${f.expiry_date}`, 2) })
  if (f.issuer !== undefined) cells.push({ field: "issuer", status: "found", value: { kind: "party", name: f.issuer }, citation: cite(`From: ${f.issuer}`) })
  for (const p of f.parties ?? []) cells.push({ field: "parties", status: "found", value: { kind: "party", name: p }, citation: cite(p) })
  for (const [scheme, value] of f.identifiers ?? []) cells.push({ field: "identifiers", status: "found", value: { kind: "identifier", scheme, value }, citation: cite(`${scheme} no. ${value}`) })
  if (f.total !== undefined) cells.push({ field: "total_amount", status: "found", value: { kind: "money", amount: f.total[0], currency: f.total[1] }, citation: cite(`Total ${f.total[0]} ${f.total[1]}`) })
  if (f.total_ambiguous !== undefined) cells.push({ field: "total_amount", status: "ambiguous", value: { kind: "text", text: f.total_ambiguous }, citation: cite(`Total ${f.total_ambiguous}`) })
  for (const [amount, currency] of f.amounts ?? []) cells.push({ field: "amounts", status: "found", value: { kind: "money", amount, currency }, citation: cite(`${amount} ${currency}`) })
  return settleCells(cells)
}

const fileOf = (path: string, facts: ReadonlyArray<Facts>, over: Partial<CatalogFile> = {}): CatalogFile => ({
  file_id: randomUUID(),
  path,
  document_type: "invoice",
  category: "accounts_payable/invoice",
  access_label: null,
  catalog_version: 1,
  components: facts.map((f) => ({ component: null, component_kind: "document", page_start: 1, page_end: 2, cells: cellsOf(f) })),
  ...over
})

const paths = (p: CatalogPage) => p.rows.map((r) => `${r.path}#${r.ordinal}`)

const q = (over: Partial<CatalogQuery> = {}): CatalogQuery => ({ visible: "all", filters: [], limit: 200, ...over })

export const catalogStoreSuite = <E>(name: string, layer: Layer.Layer<CatalogStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`CatalogStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: CatalogStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(CatalogStore, f)

    it("keeps a file's entries whole, one per component, in path order; another tenant or workspace sees none", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const b = fileOf("b/inv.pdf", [{ document_date: "2024-03-01", issuer: "Acme GmbH", total: ["1234.50", "EUR"] }])
          const a = fileOf("a/book.xlsx", [{ amounts: [["10", "USD"]] }, { document_date: "2023-01-02" }], { document_type: null, category: null })
          yield* s.replaceFile(t, w, b)
          yield* s.replaceFile(t, w, { ...a, components: a.components.map((c, i) => ({ ...c, component: `Sheet${i + 1}`, component_kind: "sheet", page_start: null, page_end: null })) })
          const page = yield* s.query(t, w, q())
          expect(paths(page)).toEqual(["a/book.xlsx#0", "a/book.xlsx#1", "b/inv.pdf#0"])
          expect(page.total).toBe(3)
          expect(page.withheld).toEqual({ count: 0, labels: [] })
          expect(page.next_cursor).toBeNull()
          expect(page.rows[2]).toEqual({ ...b.components[0], file_id: b.file_id, ordinal: 0, path: "b/inv.pdf", document_type: "invoice", category: "accounts_payable/invoice", access_label: null, catalog_version: 1 })
          expect(page.rows[0]).toMatchObject({ component: "Sheet1", component_kind: "sheet", page_start: null, document_type: null, category: null })
          expect(page.rows[2]!.cells.find((c) => c.field === "total_amount")).toEqual({
            field: "total_amount", status: "found", value: { kind: "money", amount: "1234.50", currency: "EUR" }, citation: cite("Total 1234.50 EUR")
          })
          expect((yield* s.query("other", w, q())).total).toBe(0)
          expect((yield* s.query(t, randomUUID(), q())).total).toBe(0)
        })
      ))

    it("a replace swaps the file's entries at once; a file replaced with no component has no rows but stays catalogued", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = fileOf("x.pdf", [{ issuer: "Old Ltd" }, { issuer: "Older Ltd" }])
          yield* s.replaceFile(t, w, f)
          yield* s.replaceFile(t, w, { ...f, path: "y.pdf", components: [{ component: null, component_kind: "document", page_start: 1, page_end: 1, cells: cellsOf({ issuer: "New Ltd" }) }] })
          const page = yield* s.query(t, w, q())
          expect(paths(page)).toEqual(["y.pdf#0"])
          expect(page.rows[0]!.cells.find((c) => c.field === "issuer")?.value).toEqual({ kind: "party", name: "New Ltd" })
          yield* s.replaceFile(t, w, { ...f, components: [] })
          expect((yield* s.query(t, w, q())).total).toBe(0)
          expect(yield* s.uncatalogued(t, w, [f.file_id], 1)).toEqual([])
        })
      ))

    it("text filters compare folded: parties by name (equals, contains), identifiers by value and scheme, dates by their text", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          yield* s.replaceFile(t, w, fileOf("1.pdf", [{ parties: ["Acme  GmbH", "Globex Corp"], identifiers: [["invoice", "INV-001"]], document_date: "2024-05-06" }]))
          yield* s.replaceFile(t, w, fileOf("2.pdf", [{ parties: ["Initech Ltd"], identifiers: [["order", "inv-001"]] }]))
          yield* s.replaceFile(t, w, fileOf("3.pdf", [{ issuer: "ACME GMBH" }]))
          const match = (filters: CatalogQuery["filters"]) => Effect.map(s.query(t, w, q({ filters })), paths)
          expect(yield* match([{ field: "parties", op: "equals", value: "acme gmbh" }])).toEqual(["1.pdf#0"])
          expect(yield* match([{ field: "parties", op: "equals", value: "acme" }])).toEqual([])
          expect(yield* match([{ field: "parties", op: "contains", value: "CORP" }])).toEqual(["1.pdf#0"])
          expect(yield* match([{ field: "issuer", op: "contains", value: "acme" }])).toEqual(["3.pdf#0"])
          expect(yield* match([{ field: "identifiers", op: "equals", value: "INV-001" }])).toEqual(["1.pdf#0", "2.pdf#0"])
          expect(yield* match([{ field: "identifiers", op: "equals", value: "inv-001", scheme: "Invoice" }])).toEqual(["1.pdf#0"])
          expect(yield* match([{ field: "document_date", op: "contains", value: "2024-05" }])).toEqual(["1.pdf#0"])
          // ANDed
          expect(yield* match([{ field: "parties", op: "contains", value: "acme" }, { field: "identifiers", op: "contains", value: "002" }])).toEqual([])
        })
      ))

    it("money filters stay in one currency and compare amounts as decimals; dates compare inclusively; not_found is a filter", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          yield* s.replaceFile(t, w, fileOf("a.pdf", [{ total: ["10000.00", "EUR"], document_date: "2024-01-01" }]))
          yield* s.replaceFile(t, w, fileOf("b.pdf", [{ total: ["9999.99", "EUR"], document_date: "2024-12-31" }]))
          yield* s.replaceFile(t, w, fileOf("c.pdf", [{ total: ["250000", "USD"], document_date: "2025-01-01" }]))
          yield* s.replaceFile(t, w, fileOf("d.pdf", [{ total: ["-50.5", "EUR"], amounts: [["12000", "EUR"]] }]))
          yield* s.replaceFile(t, w, fileOf("e.pdf", [{ total_ambiguous: "20,000.00" }]))
          const match = (filters: CatalogQuery["filters"]) => Effect.map(s.query(t, w, q({ filters })), paths)
          expect(yield* match([{ field: "total_amount", op: "amount_range", currency: "EUR", min: "10000" }])).toEqual(["a.pdf#0"])
          expect(yield* match([{ field: "total_amount", op: "amount_range", currency: "EUR", max: "9999.990" }])).toEqual(["b.pdf#0", "d.pdf#0"])
          expect(yield* match([{ field: "total_amount", op: "amount_range", currency: "EUR", min: "-50.50", max: "-50.5" }])).toEqual(["d.pdf#0"])
          expect(yield* match([{ field: "total_amount", op: "amount_range", currency: "USD", min: "0" }])).toEqual(["c.pdf#0"])
          expect(yield* match([{ field: "amounts", op: "amount_range", currency: "EUR", min: "11000" }])).toEqual(["d.pdf#0"])
          expect(yield* match([{ field: "document_date", op: "date_range", from: "2024-01-01", to: "2024-12-31" }])).toEqual(["a.pdf#0", "b.pdf#0"])
          expect(yield* match([{ field: "document_date", op: "status", status: "not_found" }])).toEqual(["d.pdf#0", "e.pdf#0"])
          expect(yield* match([{ field: "total_amount", op: "status", status: "ambiguous" }])).toEqual(["e.pdf#0"])
        })
      ))

    it("scopes by path prefix and document types", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          yield* s.replaceFile(t, w, fileOf("contracts/a.pdf", [{}], { document_type: "contract", category: "legal/contract" }))
          yield* s.replaceFile(t, w, fileOf("contracts2/b.pdf", [{}]))
          yield* s.replaceFile(t, w, fileOf("contracts/c.pdf", [{}], { document_type: null, category: null }))
          expect(paths(yield* s.query(t, w, q({ path_prefix: "contracts/" })))).toEqual(["contracts/a.pdf#0", "contracts/c.pdf#0"])
          expect(paths(yield* s.query(t, w, q({ document_types: ["contract", "policy"] })))).toEqual(["contracts/a.pdf#0"])
          expect(paths(yield* s.query(t, w, q({ document_types: [] })))).toHaveLength(3)
        })
      ))

    it("orders by money in one currency or by a date, rows without a value last either way, ties by path; pages by cursor", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          yield* s.replaceFile(t, w, fileOf("e.pdf", [{ total: ["100", "EUR"], expiry_date: "2025-06-30" }]))
          yield* s.replaceFile(t, w, fileOf("a.pdf", [{ total: ["99.5", "EUR"], expiry_date: "2025-01-15" }]))
          yield* s.replaceFile(t, w, fileOf("c.pdf", [{ total: ["100.00", "EUR"] }]))
          yield* s.replaceFile(t, w, fileOf("b.pdf", [{ total: ["5000", "USD"], expiry_date: "2024-12-31" }]))
          yield* s.replaceFile(t, w, fileOf("d.pdf", [{ total: ["1000", "EUR"] }, {}]))
          const desc = q({ sort: { field: "total_amount", direction: "desc", currency: "EUR" } })
          const all = yield* s.query(t, w, desc)
          expect(paths(all)).toEqual(["d.pdf#0", "c.pdf#0", "e.pdf#0", "a.pdf#0", "b.pdf#0", "d.pdf#1"])
          const ascending = q({ sort: { field: "total_amount", direction: "asc", currency: "EUR" } })
          const asc = yield* s.query(t, w, ascending)
          expect(paths(asc)).toEqual(["a.pdf#0", "c.pdf#0", "e.pdf#0", "d.pdf#0", "b.pdf#0", "d.pdf#1"])
          const byDate = yield* s.query(t, w, q({ sort: { field: "expiry_date", direction: "asc" } }))
          expect(paths(byDate)).toEqual(["b.pdf#0", "a.pdf#0", "e.pdf#0", "c.pdf#0", "d.pdf#0", "d.pdf#1"])
          // top 2 with the pre-cutoff total
          const top = yield* s.query(t, w, { ...desc, limit: 2 })
          expect(paths(top)).toEqual(["d.pdf#0", "c.pdf#0"])
          expect(top.total).toBe(6)
          // a count has no rows
          const counted = yield* s.query(t, w, { ...desc, limit: 0 })
          expect(counted).toMatchObject({ rows: [], total: 6, next_cursor: null })
          // paging in twos through each order gives the whole order, across the null tail too
          for (const query of [desc, ascending, q({ sort: { field: "expiry_date", direction: "desc" } }), q()]) {
            const whole = paths(yield* s.query(t, w, query))
            const seen: Array<string> = []
            let after = undefined as CatalogQuery["after"]
            for (let i = 0; i < 10; i++) {
              const page = yield* s.query(t, w, { ...query, limit: 2, after })
              expect(page.total).toBe(6)
              seen.push(...paths(page))
              if (page.next_cursor === null) break
              after = page.next_cursor
            }
            expect(seen).toEqual(whole)
          }
        })
      ))

    it("decides access in the query: hidden entries are no rows, only counted in withheld with their labels", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          yield* s.replaceFile(t, w, fileOf("open.pdf", [{ issuer: "Acme Inc" }]))
          yield* s.replaceFile(t, w, fileOf("hr.pdf", [{ issuer: "Acme Inc" }, { issuer: "Acme Inc" }], { access_label: "hr" }))
          yield* s.replaceFile(t, w, fileOf("board.pdf", [{ issuer: "Acme Inc" }], { access_label: "board" }))
          yield* s.replaceFile(t, w, fileOf("board2.pdf", [{ issuer: "Other Inc" }], { access_label: "board" }))
          const filters: CatalogQuery["filters"] = [{ field: "issuer", op: "equals", value: "acme inc" }]
          const none = yield* s.query(t, w, q({ visible: [], filters }))
          expect(paths(none)).toEqual(["open.pdf#0"])
          expect(none.total).toBe(1)
          expect(none.withheld).toEqual({ count: 3, labels: ["board", "hr"] })
          const hr = yield* s.query(t, w, q({ visible: ["hr"], filters, limit: 1 }))
          expect(paths(hr)).toEqual(["hr.pdf#0"])
          expect(hr.total).toBe(3)
          expect(hr.withheld).toEqual({ count: 1, labels: ["board"] })
          const page2 = yield* s.query(t, w, q({ visible: ["hr"], filters, limit: 1, after: hr.next_cursor! }))
          expect(paths(page2)).toEqual(["hr.pdf#1"])
          expect(page2.withheld).toEqual(hr.withheld)
          expect((yield* s.query(t, w, q({ filters }))).withheld).toEqual({ count: 0, labels: [] })
        })
      ))

    it("coverage counts visible files by catalog version and the hidden ones; uncatalogued names the files not at the version; every write moves the revision", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          expect(yield* s.coverage(t, w, "all", 2)).toEqual({ current: 0, outdated: 0, withheld: { count: 0, labels: [] }, revision: 0 })
          const old = fileOf("old.pdf", [{}], { catalog_version: 1 })
          const cur = fileOf("cur.pdf", [{}, {}], { catalog_version: 2 })
          const hid = fileOf("hid.pdf", [{}], { catalog_version: 2, access_label: "secret" })
          for (const f of [old, cur, hid]) yield* s.replaceFile(t, w, f)
          const c1 = yield* s.coverage(t, w, [], 2)
          expect(c1).toMatchObject({ current: 1, outdated: 1, withheld: { count: 1, labels: ["secret"] } })
          expect(c1.revision).toBeGreaterThan(0)
          expect(yield* s.coverage(t, w, ["secret"], 2)).toMatchObject({ current: 2, outdated: 1, withheld: { count: 0, labels: [] } })
          const never = randomUUID()
          expect(yield* s.uncatalogued(t, w, [cur.file_id, never, old.file_id, hid.file_id], 2)).toEqual([never, old.file_id])
          expect(yield* s.uncatalogued(t, w, [], 2)).toEqual([])
          expect(yield* s.uncatalogued("other", w, [cur.file_id], 2)).toEqual([cur.file_id])
          yield* s.removeFile(t, w, cur.file_id)
          const c2 = yield* s.coverage(t, w, [], 2)
          expect(c2).toMatchObject({ current: 0, outdated: 1 })
          expect(c2.revision).toBeGreaterThan(c1.revision)
          expect(yield* s.uncatalogued(t, w, [cur.file_id], 2)).toEqual([cur.file_id])
          expect(paths(yield* s.query(t, w, q({ visible: [] })))).toEqual(["old.pdf#0"])
          // removing a file never catalogued changes nothing
          yield* s.removeFile(t, w, randomUUID())
          expect((yield* s.coverage(t, w, [], 2)).revision).toBe(c2.revision)
        })
      ))

    it("removeWorkspace leaves nothing of the workspace and nothing else is touched", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = randomUUID()
          yield* s.replaceFile(t, w, fileOf("a.pdf", [{ issuer: "A Ltd" }]))
          yield* s.replaceFile(t, w, fileOf("b.pdf", [{}]))
          const kept = fileOf("k.pdf", [{}])
          yield* s.replaceFile(t, other, kept)
          yield* s.replaceFile("another_tenant", w, kept)
          yield* s.removeWorkspace(t, w)
          expect((yield* s.query(t, w, q())).total).toBe(0)
          expect(yield* s.coverage(t, w, "all", 1)).toEqual({ current: 0, outdated: 0, withheld: { count: 0, labels: [] }, revision: 0 })
          expect((yield* s.query(t, other, q())).total).toBe(1)
          expect((yield* s.query("another_tenant", w, q())).total).toBe(1)
          yield* s.removeWorkspace(t, w)
        })
      ))

    it("concurrent replaces of one file leave one whole set of entries", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const id = randomUUID()
          const versions = Array.from({ length: 6 }, (_, i) =>
            fileOf(`v${i}.pdf`, Array.from({ length: i + 1 }, () => ({ issuer: `Maker ${i} Ltd` })), { file_id: id }))
          yield* Effect.forEach(versions, (f) => s.replaceFile(t, w, f), { concurrency: "unbounded", discard: true })
          const page = yield* s.query(t, w, q())
          const winner = versions.find((v) => v.path === page.rows[0]?.path)!
          expect(page.rows).toHaveLength(winner.components.length)
          expect(new Set(page.rows.map((r) => r.path)).size).toBe(1)
          expect(page.rows.map((r) => r.ordinal)).toEqual(winner.components.map((_, i) => i))
          expect((yield* s.coverage(t, w, "all", 1)).current).toBe(1)
        })
      ))
  })
