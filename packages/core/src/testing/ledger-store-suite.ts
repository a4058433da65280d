/**
 * The conformance suite of the `LedgerStore` port (`workspaces/ledger/ledger-store.ts`), run by
 * every adapter (`ledgerStoreSuite("memory", MemoryLedgerStore.layer)`). Each test works in a
 * tenant and workspace of its own. The report is a real one, made by the engine from a small
 * journal package, so a store that drops or rewrites a field fails deep equality.
 * `StorageAdmin.reset` emptying the store is checked by `storage-admin-suite.ts`.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { ledgerSource } from "../workspaces/ledger/ledger-source.js"
import { ledgerScope, ledgerScopeKey } from "../workspaces/ledger/ledger-scope.js"
import { LedgerStore, type StoredReport, type StoredSelection } from "../workspaces/ledger/ledger-store.js"
import { understandLedger } from "../workspaces/ledger/understand-ledger.js"
import { buildTable } from "../workspaces/tables/table-profile.js"
import type { RawCell } from "../workspaces/tables/workspace-table.js"

const scope = () => ({ t: unique("tenant"), w: randomUUID() })

const JOURNAL: ReadonlyArray<ReadonlyArray<RawCell>> = [
  ["Journal_ID", "JE_Line_Number", "Effective_Date", "GL_Account_Number", "Description", "Amount", "Entered_By"],
  ["JE-1", "1", "2024-01-05", "1000", "Übertrag «Kasse»", "150.25", "anna"],
  ["JE-1", "2", "2024-01-05", "4000", "Übertrag «Kasse»", "-150.25", "anna"],
  ["JE-2", "1", "2024-02-07", "5000", "Rent", "90", "ben"],
  ["JE-2", "2", "2024-02-07", "1000", "Rent", "-90", "ben"]
]

/** an engine report over a one-table package under `gl/` */
const report = () => {
  const built = buildTable({ file_id: randomUUID(), path: "gl/journal.csv", component: "journal.csv", component_kind: "csv", table_name: "journal" }, JOURNAL)
  return understandLedger({ sources: [ledgerSource(built.descriptor, built.rows)], path_prefix: "gl/" })
}

const storedReport = (scopeKey: string, revision: string, at: number): StoredReport => ({
  scope_key: scopeKey,
  catalog_revision: revision,
  job_id: randomUUID(),
  created_at: at,
  report: report()
})

const storedSelection = (): StoredSelection => ({
  selection_id: randomUUID(),
  key_id: randomUUID(),
  created_at: 1_700_000_000_123,
  selection: {
    catalog_revision: "rev:abc",
    primary_source_id: "partition:xyz",
    primary_member_ids: ["journal_2024_01", "journal_2024_02"],
    supporting_source_ids: [],
    primary_confirmed_unrecognized: false
  }
})

export const ledgerStoreSuite = <E>(name: string, layer: Layer.Layer<LedgerStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`LedgerStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: LedgerStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(LedgerStore, f)

    it("a selection is read back whole under its id; an unknown id is none", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const a = storedSelection()
          const b = { ...storedSelection(), selection: { ...storedSelection().selection, supporting_source_ids: ["chart", "tb"], primary_confirmed_unrecognized: true } }
          yield* s.putSelection(t, w, a)
          yield* s.putSelection(t, w, b)
          expect(Option.getOrThrow(yield* s.selection(t, w, a.selection_id))).toEqual(a)
          expect(Option.getOrThrow(yield* s.selection(t, w, b.selection_id))).toEqual(b)
          expect(Option.isNone(yield* s.selection(t, w, randomUUID()))).toBe(true)
        })))

    it("a report is kept per scope key and replaced whole by the next one of that scope", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const whole = ledgerScopeKey(ledgerScope(null, [], null))
          const narrow = ledgerScopeKey(ledgerScope("gl/", ["gl/b.csv", "gl/a.csv"], null))
          expect(Option.isNone(yield* s.report(t, w, whole))).toBe(true)
          const first = storedReport(whole, "rev:1", 1_000)
          const other = storedReport(narrow, "rev:1", 2_000)
          yield* s.putReport(t, w, first)
          yield* s.putReport(t, w, other)
          expect(Option.getOrThrow(yield* s.report(t, w, whole))).toEqual(first)
          expect(Option.getOrThrow(yield* s.report(t, w, narrow))).toEqual(other)
          // paths are a set: the same scope in another order
          expect(Option.getOrThrow(yield* s.report(t, w, ledgerScopeKey(ledgerScope("gl/", ["gl/a.csv", "gl/b.csv", "gl/a.csv"], null))))).toEqual(other)
          const second = storedReport(whole, "rev:2", 3_000)
          yield* s.putReport(t, w, second)
          const read = Option.getOrThrow(yield* s.report(t, w, whole))
          expect(read).toEqual(second)
          expect(read.catalog_revision).toBe("rev:2")
        })))

    it("what a caller holds is not the store's: changing it changes nothing kept", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const key = ledgerScopeKey(ledgerScope(null, [], null))
          const put = storedReport(key, "rev:1", 1_000)
          yield* s.putReport(t, w, put)
          const expected = structuredClone(put)
          ;(put as { catalog_revision: string }).catalog_revision = "changed"
          const read = Option.getOrThrow(yield* s.report(t, w, key))
          ;(read as { job_id: string }).job_id = "changed"
          expect(Option.getOrThrow(yield* s.report(t, w, key))).toEqual(expected)
        })))

    it("removeWorkspace leaves nothing; other workspaces and tenants keep theirs and never see another's", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = randomUUID()
          const otherTenant = unique("tenant")
          const key = ledgerScopeKey(ledgerScope(null, [], null))
          const sel = storedSelection()
          for (const [tt, ww] of [[t, w], [t, other], [otherTenant, w]] as const) {
            yield* s.putSelection(tt, ww, sel)
            yield* s.putReport(tt, ww, storedReport(key, `rev:${tt}${ww}`, 1_000))
          }
          expect(Option.getOrThrow(yield* s.report(otherTenant, w, key)).catalog_revision).toBe(`rev:${otherTenant}${w}`)
          yield* s.removeWorkspace(t, w)
          expect(Option.isNone(yield* s.selection(t, w, sel.selection_id))).toBe(true)
          expect(Option.isNone(yield* s.report(t, w, key))).toBe(true)
          expect(Option.isSome(yield* s.selection(t, other, sel.selection_id))).toBe(true)
          expect(Option.getOrThrow(yield* s.report(t, other, key)).catalog_revision).toBe(`rev:${t}${other}`)
          expect(Option.isSome(yield* s.report(otherTenant, w, key))).toBe(true)
          expect(Option.isNone(yield* s.report(unique("tenant"), w, key))).toBe(true)
        })))
  })
