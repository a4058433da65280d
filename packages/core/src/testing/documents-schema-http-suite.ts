/**
 * The extraction-schema registry over HTTP (spec 2, "Extraction-schema registry"): run by every
 * adapter beside `documentsHttpSuite`, as `documentsSchemaHttpSuite(name, start)`.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { type HttpTarget, type StartTarget } from "./http-target.js"

const SCHEMA = { type: "object", properties: { total: { type: "number" } } }
const SCHEMA_2 = { type: "object", properties: { total: { type: "number" }, vendor: { type: "string" } } }

export const documentsSchemaHttpSuite = (name: string, start: StartTarget) =>
  describe(`extraction-schema registry over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    it("creates version 1 (201), appends version 2 with name and description inherited, reads latest and each version", async () => {
      const t = await api.tenant()
      const c = await api.call("POST", "/v1/extraction-schemas", { key: t.key, body: { name: "Invoice", description: "invoices", schema: SCHEMA } })
      expect(c.status, JSON.stringify(c.body)).toBe(201)
      expect(c.body).toMatchObject({ name: "Invoice", description: "invoices", schema: SCHEMA, version: 1, owner: "tenant" })
      expect(c.body.schema_id).toMatch(/^sch_/)
      const id = c.body.schema_id
      const a = await api.call("POST", `/v1/extraction-schemas/${id}/versions`, { key: t.key, body: { schema: SCHEMA_2 } })
      expect(a.status, JSON.stringify(a.body)).toBe(201)
      expect(a.body).toMatchObject({ schema_id: id, name: "Invoice", description: "invoices", schema: SCHEMA_2, version: 2 })
      const latest = await api.call("GET", `/v1/extraction-schemas/${id}`, { key: t.key })
      expect(latest.body).toMatchObject({ version: 2, schema: SCHEMA_2 })
      const v1 = await api.call("GET", `/v1/extraction-schemas/${id}/versions/1`, { key: t.key })
      expect(v1.status).toBe(200)
      expect(v1.body).toMatchObject({ version: 1, schema: SCHEMA })
      const versions = await api.call("GET", `/v1/extraction-schemas/${id}/versions?limit=1`, { key: t.key })
      expect(versions.body.items.map((v: any) => v.version)).toEqual([1])
      const next = await api.call("GET", `/v1/extraction-schemas/${id}/versions?limit=1&cursor=${versions.body.next_cursor}`, { key: t.key })
      expect(next.body.items.map((v: any) => v.version)).toEqual([2])
      expect(next.body.next_cursor).toBeNull()
      const list = await api.call("GET", "/v1/extraction-schemas", { key: t.key })
      expect(list.body.total_count).toBe(1)
      expect(list.body.items).toHaveLength(1)
      expect(list.body.items[0]).toMatchObject({ schema_id: id, version: 2 })
      expect("schema" in list.body.items[0]).toBe(false)
    })

    it("an invalid schema is 422 invalid_schema naming the problem, and nothing is written", async () => {
      const t = await api.tenant()
      const r = await api.call("POST", "/v1/extraction-schemas", {
        key: t.key,
        body: { name: "Bad", schema: { type: "object", properties: { a: { type: "string", format: "date" } } } }
      })
      expect(r.status).toBe(422)
      expect(r.body.error.code).toBe("invalid_schema")
      expect(r.body.error.detail.errors[0].field).toBe("schema/properties/a/format")
      expect(r.body.request_id).toBe(r.headers.get("x-request-id"))
      expect((await api.call("GET", "/v1/extraction-schemas", { key: t.key })).body.total_count).toBe(0)
      const ok = await api.call("POST", "/v1/extraction-schemas", { key: t.key, body: { name: "Ok", schema: SCHEMA } })
      const bad = await api.call("POST", `/v1/extraction-schemas/${ok.body.schema_id}/versions`, { key: t.key, body: { schema: { type: "string" } } })
      expect(bad.body.error.code).toBe("invalid_schema")
      expect((await api.call("GET", `/v1/extraction-schemas/${ok.body.schema_id}`, { key: t.key })).body.version).toBe(1)
    })

    it("missing name or schema, unknown fields and a bad limit are 422 invalid_request", async () => {
      const t = await api.tenant()
      const r = await api.call("POST", "/v1/extraction-schemas", { key: t.key, body: { colour: "red" } })
      expect(r.status).toBe(422)
      expect(r.body.error.code).toBe("invalid_request")
      expect(r.body.error.detail.errors.map((e: any) => e.field).sort()).toEqual(["colour", "name", "schema"])
      const long = await api.call("POST", "/v1/extraction-schemas", { key: t.key, body: { name: "x".repeat(129), schema: SCHEMA } })
      expect(long.body.error.code).toBe("invalid_request")
      expect((await api.call("GET", "/v1/extraction-schemas?limit=201", { key: t.key })).body.error.code).toBe("invalid_request")
      expect((await api.call("POST", "/v1/extraction-schemas", { key: t.key, raw: "{", headers: { "content-type": "application/json" } })).status).toBe(422)
    })

    it("schema_not_found: unknown ids, missing versions, another tenant's schema, appending to a platform schema", async () => {
      const t = await api.tenant()
      const other = await api.tenant()
      const mine = await api.call("POST", "/v1/extraction-schemas", { key: t.key, body: { name: "Mine", schema: SCHEMA } })
      const id = mine.body.schema_id
      for (const path of [`/v1/extraction-schemas/sch_nope`, `/v1/extraction-schemas/${id}/versions/2`, `/v1/extraction-schemas/${id}/versions/0`, `/v1/extraction-schemas/${id}/versions/abc`]) {
        const r = await api.call("GET", path, { key: t.key })
        expect(r.status, path).toBe(404)
        expect(r.body.error.code).toBe("schema_not_found")
      }
      expect((await api.call("GET", `/v1/extraction-schemas/${id}`, { key: other.key })).body.error.code).toBe("schema_not_found")
      expect((await api.call("POST", `/v1/extraction-schemas/${id}/versions`, { key: other.key, body: { schema: SCHEMA } })).body.error.code).toBe("schema_not_found")
      await target.admin.docs.seedPlatformSchema({ schema_id: "sch_invoice", name: "Platform invoice", schema: SCHEMA })
      const append = await api.call("POST", "/v1/extraction-schemas/sch_invoice/versions", { key: t.key, body: { schema: SCHEMA_2 } })
      expect(append.status).toBe(404)
      expect(append.body.error.code).toBe("schema_not_found")
      expect((await api.call("GET", "/v1/extraction-schemas", { key: t.key })).status).toBe(200)
    })

    it("platform schemas seeded by the control plane are visible to every tenant; seeding is idempotent", async () => {
      const t = await api.tenant()
      const seeded = await target.admin.docs.seedPlatformSchema({ schema_id: "sch_receipt", name: "Receipt", schema: SCHEMA })
      expect(seeded).toMatchObject({ schema_id: "sch_receipt", version: 1, owner: "platform" })
      expect((await target.admin.docs.seedPlatformSchema({ schema_id: "sch_receipt", name: "Receipt", schema: SCHEMA })).version).toBe(1)
      expect((await target.admin.docs.seedPlatformSchema({ schema_id: "sch_receipt", name: "Receipt", schema: SCHEMA_2 })).version).toBe(2)
      const r = await api.call("GET", "/v1/extraction-schemas/sch_receipt", { key: t.key })
      expect(r.body).toMatchObject({ owner: "platform", version: 2 })
      const list = await api.call("GET", "/v1/extraction-schemas", { key: t.key })
      expect(list.body.items.map((i: any) => [i.schema_id, i.owner])).toEqual([["sch_receipt", "platform"]])
      await expect(target.admin.docs.seedPlatformSchema({ schema_id: "bad id", name: "x", schema: SCHEMA })).rejects.toThrow(/schema_id/)
      await expect(target.admin.docs.seedPlatformSchema({ schema_id: "sch_x", name: "x", schema: { type: "string" } })).rejects.toThrow(/subset/)
    })
  })
