import { describe, expect, it } from "@effect/vitest"
import { MemoryExtractionSchemaStore } from "@docket/storage-memory"
import { Effect, Layer, Option, TestClock } from "effect"
import {
  ExtractionSchemaStore,
  platformSchemaScope,
  tenantSchemaScope
} from "../../../src/documents/schema/index.js"
import {
  appendExtractionSchemaVersion,
  createExtractionSchema,
  getExtractionSchema,
  getExtractionSchemaVersion,
  listExtractionSchemas,
  listExtractionSchemaVersions,
  resolveExtractionSchema,
  seedPlatformExtractionSchema
} from "../../../src/documents/schema/registry.js"
import { IdsLive } from "../../../src/kernel/ids.js"

const layer = Layer.mergeAll(MemoryExtractionSchemaStore.layer, IdsLive)
const schemaOf = (...fields: Array<string>) => ({
  type: "object",
  properties: Object.fromEntries(fields.map((f) => [f, { type: "string" }]))
})
const invalid = { type: "object", properties: { a: { type: "string", format: "date" }, b: { $ref: "#/x" } } }
const T = "ten_a"
const U = "ten_b"

const count = (tenantId: string) => Effect.map(listExtractionSchemas(tenantId), (l) => l.total_count)

describe("extraction-schema registry", () => {
  describe("create", () => {
    it.effect("creates version 1 owned by the tenant, with a sch_ id and the clock's time", () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.UTC(2026, 0, 2, 3, 4, 5))
        const v = yield* createExtractionSchema(T, { name: "Invoice", description: "bills", schema: schemaOf("total") })
        expect(v.schema_id).toMatch(/^sch_[0-9a-f]{24}$/)
        expect(v).toEqual({
          schema_id: v.schema_id,
          name: "Invoice",
          description: "bills",
          schema: schemaOf("total"),
          version: 1,
          owner: "tenant",
          created_at: "2026-01-02T03:04:05.000Z",
          updated_at: "2026-01-02T03:04:05.000Z"
        })
        const noDescription = yield* createExtractionSchema(T, { name: "Receipt", schema: schemaOf("x") })
        expect(noDescription.description).toBeNull()
        expect(noDescription.schema_id).not.toBe(v.schema_id)
      }).pipe(Effect.provide(layer)))

    it.effect("an invalid schema gives InvalidSchema with every problem, and nothing is written", () =>
      Effect.gen(function*() {
        const e = yield* Effect.flip(createExtractionSchema(T, { name: "Bad", schema: invalid }))
        expect(e._tag).toBe("InvalidSchema")
        expect(e._tag === "InvalidSchema" && e.problems.map((p) => p.path)).toEqual([
          "/properties/a/format",
          "/properties/b/$ref",
          "/properties/b"
        ])
        expect(yield* count(T)).toBe(0)
        const notObject = yield* Effect.flip(createExtractionSchema(T, { name: "Bad", schema: "nope" }))
        expect(notObject._tag).toBe("InvalidSchema")
        expect(yield* count(T)).toBe(0)
      }).pipe(Effect.provide(layer)))

    it.effect("name: required, not blank, at most 128 characters; description at most 2000; nothing written", () =>
      Effect.gen(function*() {
        const refused = (name: unknown, description?: unknown) =>
          Effect.flip(createExtractionSchema(T, { name: name as string, description: description as string, schema: schemaOf("a") }))
        expect(yield* refused("")).toMatchObject({ _tag: "InvalidSchemaRequest", problems: [{ path: "name", message: "must not be empty" }] })
        expect(yield* refused("   ")).toMatchObject({ problems: [{ path: "name", message: "must not be empty" }] })
        expect(yield* refused(undefined)).toMatchObject({ problems: [{ path: "name", message: "must be a string" }] })
        expect(yield* refused("x".repeat(129))).toMatchObject({
          problems: [{ path: "name", message: "must be at most 128 characters (got 129)" }]
        })
        expect(yield* refused("ok", "d".repeat(2001))).toMatchObject({
          problems: [{ path: "description", message: "must be at most 2000 characters (got 2001)" }]
        })
        expect(yield* refused("ok", 5)).toMatchObject({ problems: [{ path: "description", message: "must be a string" }] })
        expect(yield* count(T)).toBe(0)
        // the limits themselves are fine, counted in characters (an emoji is one)
        yield* createExtractionSchema(T, { name: "x".repeat(128), description: "d".repeat(2000), schema: schemaOf("a") })
        yield* createExtractionSchema(T, { name: "😀".repeat(128), schema: schemaOf("a") })
        expect(yield* count(T)).toBe(2)
      }).pipe(Effect.provide(layer)))

    it.effect("fields are checked before the schema", () =>
      Effect.gen(function*() {
        const e = yield* Effect.flip(createExtractionSchema(T, { name: "", schema: invalid }))
        expect(e._tag).toBe("InvalidSchemaRequest")
      }).pipe(Effect.provide(layer)))
  })

  describe("versions", () => {
    it.effect("appending gives previous + 1; earlier versions never change", () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(1_000)
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", description: "bills", schema: schemaOf("a") })
        yield* TestClock.setTime(2_000)
        const v2 = yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("a", "b") })
        expect(v2).toEqual({
          ...v1,
          version: 2,
          schema: schemaOf("a", "b"),
          updated_at: "1970-01-01T00:00:02.000Z"
        })
        const v3 = yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("c"), name: "Invoice v3", description: null })
        expect(v3).toMatchObject({ version: 3, name: "Invoice v3", description: null, created_at: v1.created_at })
        const v4 = yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("d"), description: "again" })
        expect(v4).toMatchObject({ version: 4, name: "Invoice v3", description: "again" })

        expect(yield* getExtractionSchemaVersion(T, v1.schema_id, 1)).toEqual(v1)
        expect(yield* getExtractionSchemaVersion(T, v1.schema_id, 2)).toEqual(v2)
        expect(yield* getExtractionSchemaVersion(T, v1.schema_id, 3)).toEqual(v3)
        expect(yield* getExtractionSchema(T, v1.schema_id)).toEqual(v4)
        // one family, its latest in the list
        const list = yield* listExtractionSchemas(T)
        expect(list.total_count).toBe(1)
        expect(list.items).toEqual([
          {
            schema_id: v1.schema_id,
            name: "Invoice v3",
            description: "again",
            version: 4,
            owner: "tenant",
            created_at: v1.created_at,
            updated_at: v4.updated_at
          }
        ])
        expect("schema" in list.items[0]).toBe(false)
      }).pipe(Effect.provide(layer)))

    it.effect("an invalid version writes nothing", () =>
      Effect.gen(function*() {
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", schema: schemaOf("a") })
        const e = yield* Effect.flip(appendExtractionSchemaVersion(T, v1.schema_id, { schema: invalid }))
        expect(e._tag).toBe("InvalidSchema")
        const e2 = yield* Effect.flip(appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("b"), name: "" }))
        expect(e2._tag).toBe("InvalidSchemaRequest")
        expect((yield* getExtractionSchema(T, v1.schema_id)).version).toBe(1)
        const next = yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("b") })
        expect(next.version).toBe(2)
      }).pipe(Effect.provide(layer)))

    it.effect("only the owning tenant appends: unknown, foreign and platform-only ids are not found (before validation)", () =>
      Effect.gen(function*() {
        const mine = yield* createExtractionSchema(T, { name: "Mine", schema: schemaOf("a") })
        yield* seedPlatformExtractionSchema({ schema_id: "sch_invoice", name: "Invoice", schema: schemaOf("total") })
        for (const [tenant, id] of [[T, "sch_missing"], [U, mine.schema_id], [T, "sch_invoice"]] as const) {
          const e = yield* Effect.flip(appendExtractionSchemaVersion(tenant, id, { schema: invalid }))
          expect(e).toMatchObject({ _tag: "SchemaNotFound", schemaId: id, version: null })
        }
        expect((yield* getExtractionSchema(T, mine.schema_id)).version).toBe(1)
        expect((yield* getExtractionSchema(T, "sch_invoice")).version).toBe(1)
      }).pipe(Effect.provide(layer)))

    it.effect("version lookups outside 1..latest are not found, with the version asked", () =>
      Effect.gen(function*() {
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", schema: schemaOf("a") })
        for (const version of [0, -1, 2, 1.5, Number.NaN]) {
          const e = yield* Effect.flip(getExtractionSchemaVersion(T, v1.schema_id, version))
          expect(e._tag).toBe("SchemaNotFound")
          expect(e._tag === "SchemaNotFound" && Object.is(e.version, version)).toBe(true)
        }
        expect(yield* Effect.flip(getExtractionSchemaVersion(U, v1.schema_id, 1))).toMatchObject({ _tag: "SchemaNotFound" })
        expect(yield* Effect.flip(getExtractionSchema(U, v1.schema_id))).toMatchObject({ _tag: "SchemaNotFound", version: null })
        expect(yield* Effect.flip(getExtractionSchema(T, "sch_nope"))).toMatchObject({ _tag: "SchemaNotFound" })
      }).pipe(Effect.provide(layer)))

    it.effect("many fibers appending at once get distinct consecutive versions", () =>
      Effect.gen(function*() {
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", schema: schemaOf("a") })
        const appended = yield* Effect.all(
          Array.from({ length: 100 }, (_, i) => appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf(`f${i}`) })),
          { concurrency: "unbounded" }
        )
        expect(appended.map((v) => v.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2))
        for (const v of appended) expect(yield* getExtractionSchemaVersion(T, v1.schema_id, v.version)).toEqual(v)
        expect((yield* getExtractionSchema(T, v1.schema_id)).version).toBe(101)
      }).pipe(Effect.provide(layer)))

    it.effect("concurrent creates get distinct ids, each at version 1", () =>
      Effect.gen(function*() {
        const created = yield* Effect.all(
          Array.from({ length: 50 }, (_, i) => createExtractionSchema(T, { name: `S${i}`, schema: schemaOf("a") })),
          { concurrency: "unbounded" }
        )
        expect(new Set(created.map((c) => c.schema_id)).size).toBe(50)
        expect(created.every((c) => c.version === 1)).toBe(true)
        expect(yield* count(T)).toBe(50)
      }).pipe(Effect.provide(layer)))

    it.effect("lists versions oldest to newest, a page at a time", () =>
      Effect.gen(function*() {
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", schema: schemaOf("a") })
        for (let i = 2; i <= 5; i++) yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf(`v${i}`) })
        const all = yield* listExtractionSchemaVersions(T, v1.schema_id)
        expect(all.items.map((v) => v.version)).toEqual([1, 2, 3, 4, 5])
        expect(all.next_cursor).toBeNull()
        const p1 = yield* listExtractionSchemaVersions(T, v1.schema_id, { limit: 2 })
        expect(p1.items.map((v) => v.version)).toEqual([1, 2])
        expect(p1.next_cursor).toBe("2")
        const p2 = yield* listExtractionSchemaVersions(T, v1.schema_id, { limit: 2, cursor: p1.next_cursor })
        expect(p2.items.map((v) => v.version)).toEqual([3, 4])
        const p3 = yield* listExtractionSchemaVersions(T, v1.schema_id, { limit: 2, cursor: p2.next_cursor })
        expect(p3.items.map((v) => v.version)).toEqual([5])
        expect(p3.next_cursor).toBeNull()
        expect(p3.items[0].schema).toEqual(schemaOf("v5"))
        // exactly a full last page: no further cursor
        const exact = yield* listExtractionSchemaVersions(T, v1.schema_id, { limit: 5 })
        expect(exact.next_cursor).toBeNull()
        for (const cursor of ["x", "0", "-1", "1.5", "01"]) {
          expect(yield* Effect.flip(listExtractionSchemaVersions(T, v1.schema_id, { cursor }))).toMatchObject({
            _tag: "InvalidSchemaRequest",
            problems: [{ path: "cursor" }]
          })
        }
        for (const limit of [0, 201, 1.5]) {
          expect(yield* Effect.flip(listExtractionSchemaVersions(T, v1.schema_id, { limit }))).toMatchObject({
            _tag: "InvalidSchemaRequest",
            problems: [{ path: "limit", message: "must be an integer from 1 to 200" }]
          })
        }
        expect((yield* listExtractionSchemaVersions(T, v1.schema_id, { limit: 200 })).items).toHaveLength(5)
        expect(yield* Effect.flip(listExtractionSchemaVersions(U, v1.schema_id))).toMatchObject({ _tag: "SchemaNotFound" })
      }).pipe(Effect.provide(layer)))
  })

  describe("tenant over platform", () => {
    it.effect("platform schemas are visible to every tenant; a tenant's family with the same id wins whole", () =>
      Effect.gen(function*() {
        const mine = yield* createExtractionSchema(T, { name: "Mine", schema: schemaOf("a") })
        // the operator publishes a platform schema under the same id, with more versions
        yield* seedPlatformExtractionSchema({ schema_id: mine.schema_id, name: "Platform", schema: schemaOf("p1") })
        yield* seedPlatformExtractionSchema({ schema_id: mine.schema_id, name: "Platform", schema: schemaOf("p2") })
        expect(yield* getExtractionSchema(T, mine.schema_id)).toEqual(mine)
        // version 2 exists only in the platform family: the tenant's family shadows it whole
        expect(yield* Effect.flip(getExtractionSchemaVersion(T, mine.schema_id, 2))).toMatchObject({
          _tag: "SchemaNotFound",
          version: 2
        })
        expect((yield* listExtractionSchemaVersions(T, mine.schema_id)).items.map((v) => [v.owner, v.version])).toEqual([
          ["tenant", 1]
        ])
        // another tenant sees the platform's
        expect(yield* getExtractionSchema(U, mine.schema_id)).toMatchObject({ owner: "platform", name: "Platform", version: 2 })
        expect((yield* getExtractionSchemaVersion(U, mine.schema_id, 1)).schema).toEqual(schemaOf("p1"))
        expect((yield* listExtractionSchemaVersions(U, mine.schema_id)).items.map((v) => v.version)).toEqual([1, 2])
        // lists: one row per id
        const listT = yield* listExtractionSchemas(T)
        expect(listT.items.map((i) => [i.schema_id, i.owner])).toEqual([[mine.schema_id, "tenant"]])
        const listU = yield* listExtractionSchemas(U)
        expect(listU.items.map((i) => [i.schema_id, i.owner, i.version])).toEqual([[mine.schema_id, "platform", 2]])
      }).pipe(Effect.provide(layer)))

    it.effect("lists the latest of each visible family by schema_id, a page at a time, with the total", () =>
      Effect.gen(function*() {
        yield* seedPlatformExtractionSchema({ schema_id: "sch_a", name: "A", schema: schemaOf("a") })
        yield* seedPlatformExtractionSchema({ schema_id: "sch_c", name: "C", schema: schemaOf("c") })
        const own = yield* Effect.all(
          Array.from({ length: 3 }, (_, i) => createExtractionSchema(T, { name: `T${i}`, schema: schemaOf("x") }))
        )
        yield* createExtractionSchema(U, { name: "theirs", schema: schemaOf("x") })
        const expected = ["sch_a", "sch_c", ...own.map((o) => o.schema_id)].sort()
        const seen: Array<string> = []
        let cursor: string | null = null
        let pages = 0
        do {
          const page: { items: ReadonlyArray<{ schema_id: string }>; next_cursor: string | null; total_count: number } =
            yield* listExtractionSchemas(T, { limit: 2, cursor })
          expect(page.total_count).toBe(5)
          seen.push(...page.items.map((i) => i.schema_id))
          cursor = page.next_cursor
          pages++
        } while (cursor !== null)
        expect(seen).toEqual(expected)
        expect(pages).toBe(3)
        expect((yield* listExtractionSchemas(T)).items).toHaveLength(5)
        expect(yield* Effect.flip(listExtractionSchemas(T, { limit: 0 }))).toMatchObject({ _tag: "InvalidSchemaRequest" })
        expect((yield* listExtractionSchemas("ten_new")).items.map((i) => i.schema_id)).toEqual(["sch_a", "sch_c"])
      }).pipe(Effect.provide(layer)))
  })

  describe("platform seeding", () => {
    it.effect("is idempotent: version 1, then nothing for the same definition, the next version on a change", () =>
      Effect.gen(function*() {
        const def = { schema_id: "sch_invoice", name: "Invoice", description: "platform invoice", schema: schemaOf("a", "b") }
        const v1 = yield* seedPlatformExtractionSchema(def)
        expect(v1).toMatchObject({ schema_id: "sch_invoice", version: 1, owner: "platform" })
        // same definition, keys in another order
        const again = yield* seedPlatformExtractionSchema({
          ...def,
          schema: { properties: { b: { type: "string" }, a: { type: "string" } }, type: "object" }
        })
        expect(again).toEqual(v1)
        const v2 = yield* seedPlatformExtractionSchema({ ...def, description: null })
        expect(v2).toMatchObject({ version: 2, description: null })
        const v3 = yield* seedPlatformExtractionSchema({ ...def, description: null, schema: schemaOf("a") })
        expect(v3.version).toBe(3)
        const stored = yield* ExtractionSchemaStore
        expect(Option.isNone(yield* stored.getLatest(tenantSchemaScope(T), "sch_invoice"))).toBe(true)
        expect(Option.getOrThrow(yield* stored.getLatest(platformSchemaScope, "sch_invoice")).version).toBe(3)
      }).pipe(Effect.provide(layer)))

    it.effect("seeding at once from several places creates one family", () =>
      Effect.gen(function*() {
        const def = { schema_id: "sch_receipt", name: "Receipt", schema: schemaOf("a") }
        const all = yield* Effect.all(Array.from({ length: 10 }, () => seedPlatformExtractionSchema(def)), {
          concurrency: "unbounded"
        })
        expect(all.every((v) => v.version === 1)).toBe(true)
        expect((yield* listExtractionSchemaVersions(T, "sch_receipt")).items).toHaveLength(1)
      }).pipe(Effect.provide(layer)))

    it.effect("refuses a bad id, bad fields or an invalid schema, and writes nothing", () =>
      Effect.gen(function*() {
        for (const schema_id of ["invoice", "sch_", "sch_a b", `sch_${"x".repeat(121)}`]) {
          expect(yield* Effect.flip(seedPlatformExtractionSchema({ schema_id, name: "x", schema: schemaOf("a") }))).toMatchObject({
            _tag: "InvalidSchemaRequest",
            problems: [{ path: "schema_id" }]
          })
        }
        expect(
          yield* Effect.flip(seedPlatformExtractionSchema({ schema_id: "sch_x", name: "x", schema: invalid }))
        ).toMatchObject({ _tag: "InvalidSchema" })
        expect(yield* count(T)).toBe(0)
      }).pipe(Effect.provide(layer)))
  })

  describe("resolving the schema of an extract", () => {
    it.effect("an inline schema is compiled; an invalid one refused", () =>
      Effect.gen(function*() {
        const r = yield* resolveExtractionSchema(T, { schema: schemaOf("a") })
        expect(r.schema_id).toBeNull()
        expect(r.schema_version).toBeNull()
        expect(r.compiled.root.properties.map((p) => p.name)).toEqual(["a"])
        expect(yield* Effect.flip(resolveExtractionSchema(T, { schema: invalid }))).toMatchObject({ _tag: "InvalidSchema" })
      }).pipe(Effect.provide(layer)))

    it.effect("a schema_id resolves to the latest visible, or the version asked for, frozen as it was", () =>
      Effect.gen(function*() {
        const v1 = yield* createExtractionSchema(T, { name: "Invoice", schema: schemaOf("a") })
        const frozen = yield* resolveExtractionSchema(T, { schema_id: v1.schema_id })
        yield* appendExtractionSchemaVersion(T, v1.schema_id, { schema: schemaOf("b") })
        expect(frozen).toMatchObject({ schema_id: v1.schema_id, schema_version: 1, schema: schemaOf("a") })
        const latest = yield* resolveExtractionSchema(T, { schema_id: v1.schema_id })
        expect(latest.schema_version).toBe(2)
        expect(latest.compiled.root.properties.map((p) => p.name)).toEqual(["b"])
        const first = yield* resolveExtractionSchema(T, { schema_id: v1.schema_id, schema_version: 1 })
        expect(first.compiled.root.properties.map((p) => p.name)).toEqual(["a"])
        expect(yield* Effect.flip(resolveExtractionSchema(T, { schema_id: v1.schema_id, schema_version: 3 }))).toMatchObject({
          _tag: "SchemaNotFound",
          version: 3
        })
        expect(yield* Effect.flip(resolveExtractionSchema(U, { schema_id: v1.schema_id }))).toMatchObject({
          _tag: "SchemaNotFound"
        })
        yield* seedPlatformExtractionSchema({ schema_id: "sch_p", name: "P", schema: schemaOf("p") })
        expect((yield* resolveExtractionSchema(U, { schema_id: "sch_p" })).schema_version).toBe(1)
      }).pipe(Effect.provide(layer)))
  })
})
