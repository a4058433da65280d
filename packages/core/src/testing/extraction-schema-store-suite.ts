/**
 * Conformance suite of the ExtractionSchemaStore port: every adapter runs it against its storage
 * layer. Each test has tenants and schema ids of its own; the one test that lists the platform
 * scope (shared by every tenant) starts from an empty store.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { resetStorage, type StorageAdmin } from "./storage-reset.js"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import {
  platformSchemaScope,
  type SchemaScope,
  type StoredSchemaVersion,
  tenantSchemaScope
} from "../documents/schema/extraction-schema.js"
import { ExtractionSchemaStore, type NewSchemaFamily } from "../documents/schema/extraction-schema-store.js"

const schemaOf = (field: string) => ({ type: "object", properties: { [field]: { type: "string" } } })
const family = (scope: SchemaScope, over: Partial<NewSchemaFamily> = {}): NewSchemaFamily => ({
  scope,
  schemaId: unique("sch"),
  name: "Invoice",
  description: "an invoice",
  schema: schemaOf("total"),
  at: 1_000,
  ...over
})

export const extractionSchemaStoreSuite = <E>(
  name: string,
  layer: Layer.Layer<ExtractionSchemaStore | StorageAdmin, E>,
  options: SuiteOptions = {}
) =>
  storageSuite(`ExtractionSchemaStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: ExtractionSchemaStore["Type"]) => Effect.Effect<A, E2, StorageAdmin>) => Effect.flatMap(ExtractionSchemaStore, f)

    it("creates version 1 and reads it back as latest and as version 1", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(t, { at: 5_000 })
          const first = yield* s.createFamily(f)
          expect(first).toEqual({
            schema_id: f.schemaId,
            version: 1,
            owner: "tenant",
            tenant_id: (t as { tenantId: string }).tenantId,
            name: "Invoice",
            description: "an invoice",
            schema: schemaOf("total"),
            created_at: 5_000,
            updated_at: 5_000
          })
          expect(Option.getOrThrow(yield* s.getLatest(t, f.schemaId))).toEqual(first)
          expect(Option.getOrThrow(yield* s.getVersion(t, f.schemaId, 1))).toEqual(first)
          expect(Option.isNone(yield* s.getVersion(t, f.schemaId, 2))).toBe(true)
          expect(Option.isNone(yield* s.getVersion(t, f.schemaId, 0))).toBe(true)
          expect(Option.isNone(yield* s.getLatest(t, "sch_missing"))).toBe(true)
          const p = yield* s.createFamily(family(platformSchemaScope))
          expect(p.owner).toBe("platform")
          expect(p.tenant_id).toBeNull()
        })
      ))

    it("an id is taken once per scope; the platform and a tenant may share one", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(t)
          yield* s.createFamily(f)
          const again = yield* Effect.flip(s.createFamily({ ...f, name: "Other" }))
          expect(again._tag).toBe("SchemaIdTaken")
          expect(Option.getOrThrow(yield* s.getLatest(t, f.schemaId)).name).toBe("Invoice")
          const p = yield* s.createFamily({ ...f, scope: platformSchemaScope, name: "Platform invoice" })
          expect(p.version).toBe(1)
          const other = yield* s.createFamily({ ...f, scope: tenantSchemaScope(unique("ten")) })
          expect(other.version).toBe(1)
          expect(Option.getOrThrow(yield* s.getLatest(t, f.schemaId)).name).toBe("Invoice")
        })
      ))

    it("appends numbered versions; earlier versions never change; name and description carry over", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(t, { at: 1_000 })
          const v1 = yield* s.createFamily(f)
          const v2 = Option.getOrThrow(yield* s.appendVersion(t, f.schemaId, { schema: schemaOf("v2"), at: 2_000 }))
          expect(v2).toEqual({ ...v1, version: 2, schema: schemaOf("v2"), updated_at: 2_000 })
          const v3 = Option.getOrThrow(
            yield* s.appendVersion(t, f.schemaId, { schema: schemaOf("v3"), name: "Renamed", description: null, at: 3_000 })
          )
          expect(v3).toMatchObject({ version: 3, name: "Renamed", description: null, created_at: 1_000, updated_at: 3_000 })
          const v4 = Option.getOrThrow(
            yield* s.appendVersion(t, f.schemaId, { schema: schemaOf("v4"), description: "back", at: 4_000 })
          )
          expect(v4).toMatchObject({ version: 4, name: "Renamed", description: "back" })
          expect(Option.getOrThrow(yield* s.getVersion(t, f.schemaId, 1))).toEqual(v1)
          expect(Option.getOrThrow(yield* s.getVersion(t, f.schemaId, 2))).toEqual(v2)
          expect(Option.getOrThrow(yield* s.getVersion(t, f.schemaId, 3))).toEqual(v3)
          expect(Option.getOrThrow(yield* s.getLatest(t, f.schemaId))).toEqual(v4)
        })
      ))

    it("appending needs the family in that scope", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(platformSchemaScope)
          yield* s.createFamily(f)
          expect(Option.isNone(yield* s.appendVersion(t, f.schemaId, { schema: schemaOf("x"), at: 2 }))).toBe(true)
          expect(Option.isNone(yield* s.appendVersion(t, "sch_missing", { schema: schemaOf("x"), at: 2 }))).toBe(true)
          const mine = family(t)
          yield* s.createFamily(mine)
          const stranger = tenantSchemaScope(unique("ten"))
          expect(Option.isNone(yield* s.appendVersion(stranger, mine.schemaId, { schema: schemaOf("x"), at: 2 }))).toBe(true)
          expect(Option.getOrThrow(yield* s.getLatest(t, mine.schemaId)).version).toBe(1)
          expect(Option.isNone(yield* s.getLatest(stranger, mine.schemaId))).toBe(true)
        })
      ))

    it("concurrent appends get distinct consecutive versions", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(t)
          yield* s.createFamily(f)
          const appended = yield* Effect.all(
            Array.from({ length: 50 }, (_, i) => s.appendVersion(t, f.schemaId, { schema: schemaOf(`f${i}`), at: 10 + i })),
            { concurrency: "unbounded" }
          )
          const versions = appended.map((a) => Option.getOrThrow(a).version).sort((a, b) => a - b)
          expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2))
          expect(Option.getOrThrow(yield* s.getLatest(t, f.schemaId)).version).toBe(51)
          // each version holds the schema of the append that got it
          for (const a of appended) {
            const v = Option.getOrThrow(a)
            expect(Option.getOrThrow(yield* s.getVersion(t, f.schemaId, v.version)).schema).toEqual(v.schema)
          }
        })
      ))

    it("lists versions oldest to newest after a version, at most limit", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenantSchemaScope(unique("ten"))
          const f = family(t)
          yield* s.createFamily(f)
          for (let i = 2; i <= 5; i++) yield* s.appendVersion(t, f.schemaId, { schema: schemaOf(`v${i}`), at: i })
          const all = Option.getOrThrow(yield* s.listVersions(t, f.schemaId, { afterVersion: 0, limit: 10 }))
          expect(all.map((v) => v.version)).toEqual([1, 2, 3, 4, 5])
          const page = Option.getOrThrow(yield* s.listVersions(t, f.schemaId, { afterVersion: 2, limit: 2 }))
          expect(page.map((v) => v.version)).toEqual([3, 4])
          expect(Option.getOrThrow(yield* s.listVersions(t, f.schemaId, { afterVersion: 5, limit: 2 }))).toEqual([])
          expect(Option.isNone(yield* s.listVersions(t, "sch_missing", { afterVersion: 0, limit: 2 }))).toBe(true)
          expect(Option.isNone(yield* s.listVersions(platformSchemaScope, f.schemaId, { afterVersion: 0, limit: 2 }))).toBe(true)
        })
      ))

    it("lists the latest of every visible family by schema_id; the tenant's shadows the platform's", () =>
      run((s) =>
        Effect.gen(function*() {
          // the platform's families are visible to every tenant: no other test's may be listed
          yield* resetStorage
          const tenantId = unique("ten")
          const t = tenantSchemaScope(tenantId)
          const other = tenantSchemaScope(unique("ten"))
          yield* s.createFamily(family(t, { schemaId: "sch_b", name: "mine b" }))
          yield* s.appendVersion(t, "sch_b", { schema: schemaOf("b2"), at: 2 })
          yield* s.createFamily(family(t, { schemaId: "sch_d", name: "mine d" }))
          yield* s.createFamily(family(platformSchemaScope, { schemaId: "sch_a", name: "platform a" }))
          yield* s.createFamily(family(platformSchemaScope, { schemaId: "sch_b", name: "platform b" }))
          yield* s.appendVersion(platformSchemaScope, "sch_b", { schema: schemaOf("pb2"), at: 3 })
          yield* s.appendVersion(platformSchemaScope, "sch_b", { schema: schemaOf("pb3"), at: 4 })
          yield* s.createFamily(family(platformSchemaScope, { schemaId: "sch_c", name: "platform c" }))
          yield* s.createFamily(family(other, { schemaId: "sch_e", name: "theirs" }))

          const summary = (v: StoredSchemaVersion) => [v.schema_id, v.owner, v.name, v.version]
          const all = yield* s.listVisible(tenantId, { afterSchemaId: null, limit: 10 })
          expect(all.total).toBe(4)
          expect(all.items.map(summary)).toEqual([
            ["sch_a", "platform", "platform a", 1],
            ["sch_b", "tenant", "mine b", 2],
            ["sch_c", "platform", "platform c", 1],
            ["sch_d", "tenant", "mine d", 1]
          ])
          const page1 = yield* s.listVisible(tenantId, { afterSchemaId: null, limit: 2 })
          expect(page1.items.map((v) => v.schema_id)).toEqual(["sch_a", "sch_b"])
          expect(page1.total).toBe(4)
          const page2 = yield* s.listVisible(tenantId, { afterSchemaId: "sch_b", limit: 2 })
          expect(page2.items.map((v) => v.schema_id)).toEqual(["sch_c", "sch_d"])
          const page3 = yield* s.listVisible(tenantId, { afterSchemaId: "sch_d", limit: 2 })
          expect(page3.items).toEqual([])

          const stranger = yield* s.listVisible(unique("ten"), { afterSchemaId: null, limit: 10 })
          expect(stranger.items.map(summary)).toEqual([
            ["sch_a", "platform", "platform a", 1],
            ["sch_b", "platform", "platform b", 3],
            ["sch_c", "platform", "platform c", 1]
          ])
          expect(stranger.total).toBe(3)
        })
      ))
  })
