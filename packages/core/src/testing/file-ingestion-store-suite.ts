/**
 * The conformance suite of the `FileIngestionStore` port, run by every adapter
 * (`fileIngestionStoreSuite("memory", MemoryFileIngestionStore.layer)`). Each test works in a
 * tenant and workspace of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { type FileIngestionRecord, FileIngestionStore, tableNamesOf } from "../workspaces/ingestion/file-ingestion.js"

const scope = () => ({ t: unique("tenant"), w: randomUUID() })

const record = (t: string, w: string, fileId: string, over: Partial<FileIngestionRecord> = {}): FileIngestionRecord => ({
  tenant_id: t,
  workspace_id: w,
  file_id: fileId,
  version: 1,
  ingested_hash: "h1",
  ingested_at: 5_000,
  kind: "table",
  lane: "spreadsheet",
  page_count: null,
  sheet_names: ["Zeta", "Alpha"],
  duration_ms: 12,
  summary: "Two sheets of sales.",
  keywords: ["sales", "region"],
  documents: [],
  sheets: [{ name: "Zeta", rows: 3 }, { name: "Alpha", rows: 1 }],
  media: [],
  extracted_fields: { z_total: 12.5, a_date: "2024-01-02", nested: { b: 1, a: [1, 2] } },
  total_chars: 120,
  pages: [],
  components: [
    {
      kind: "sheet",
      name: "Zeta",
      summary: null,
      table_name: "sales_zeta",
      row_count: 3,
      column_count: 2,
      columns: [{ name: "region", data_type: "text" }, { name: "amount", data_type: "numeric" }],
      char_start: 0,
      char_end: 60,
      page_start: null,
      page_end: null,
      readable: true,
      queryable: true
    },
    {
      kind: "sheet",
      name: "Alpha",
      summary: "one row",
      table_name: "sales_alpha",
      row_count: 1,
      column_count: 1,
      columns: [{ name: "x", data_type: "text" }],
      char_start: 60,
      char_end: 120,
      page_start: null,
      page_end: null,
      readable: true,
      queryable: true
    }
  ],
  ...over
})

export const fileIngestionStoreSuite = <E>(name: string, layer: Layer.Layer<FileIngestionStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`FileIngestionStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: FileIngestionStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(FileIngestionStore, f)

    it("keeps a record whole (key order of its objects included) and reads it back; another tenant or workspace finds none", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = randomUUID()
          const r = record(t, w, f)
          yield* s.put(r)
          const got = yield* s.get(t, w, f)
          expect(Option.getOrThrow(got)).toEqual(r)
          expect(Object.keys(Option.getOrThrow(got).extracted_fields)).toEqual(["z_total", "a_date", "nested"])
          expect(Option.isNone(yield* s.get("other", w, f))).toBe(true)
          expect(Option.isNone(yield* s.get(t, randomUUID(), f))).toBe(true)
          expect(Option.isNone(yield* s.get(t, w, randomUUID()))).toBe(true)
          expect(tableNamesOf(r)).toEqual(["sales_zeta", "sales_alpha"])
        })
      ))

    it("a put replaces the file's record", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = randomUUID()
          yield* s.put(record(t, w, f))
          const next = record(t, w, f, { version: 2, ingested_hash: "h2", kind: "document", lane: "document", components: [], sheet_names: [] })
          yield* s.put(next)
          expect(Option.getOrThrow(yield* s.get(t, w, f))).toEqual(next)
        })
      ))

    it("a delete answers the record removed, then none", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = randomUUID()
          const r = record(t, w, f)
          yield* s.put(r)
          expect(Option.isNone(yield* s.delete("other", w, f))).toBe(true)
          expect(Option.getOrThrow(yield* s.delete(t, w, f))).toEqual(r)
          expect(Option.isNone(yield* s.get(t, w, f))).toBe(true)
          expect(Option.isNone(yield* s.delete(t, w, f))).toBe(true)
        })
      ))

    it("deleteWorkspace removes every record of the workspace and nothing else", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = randomUUID()
          const ids = [randomUUID(), randomUUID(), randomUUID()]
          for (const id of ids) yield* s.put(record(t, w, id))
          const kept = randomUUID()
          yield* s.put(record(t, other, kept))
          yield* s.put(record("another_tenant", w, kept))
          expect(yield* s.deleteWorkspace(t, w)).toBe(3)
          for (const id of ids) expect(Option.isNone(yield* s.get(t, w, id))).toBe(true)
          expect(Option.isSome(yield* s.get(t, other, kept))).toBe(true)
          expect(Option.isSome(yield* s.get("another_tenant", w, kept))).toBe(true)
          expect(yield* s.deleteWorkspace(t, w)).toBe(0)
        })
      ))

    it("concurrent puts of one file leave one whole record", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = randomUUID()
          const versions = Array.from({ length: 8 }, (_, i) => record(t, w, f, { version: i + 1, ingested_hash: `h${i + 1}` }))
          yield* Effect.forEach(versions, (r) => s.put(r), { concurrency: "unbounded", discard: true })
          const got = Option.getOrThrow(yield* s.get(t, w, f))
          expect(versions).toContainEqual(got)
        })
      ))
  })
