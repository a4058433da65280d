/**
 * The HTTP conformance suite of the document service (spec 2). Every adapter runs it against its
 * own way of serving Docket: `documentsHttpSuite("node", start)`. The target must parse with
 * `testParserLayer` (see test-parser.ts) so that results and timings are deterministic.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, readJson, type StartTarget } from "./http-target.js"

const GENERATED_REQUEST_ID = /^req_[a-f0-9]{32}$/
const DOCS_KEY = /^dk_[A-Za-z0-9_-]{43}$/

const expectFlatError = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
  expect(Object.keys(r.body)).toEqual(["error"])
}

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(typeof r.body.error.retryable).toBe("boolean")
  expect("detail" in r.body.error).toBe(true)
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
  expect(r.body.request_id).toBe(r.headers.get("x-request-id"))
}

export const docsClient = (target: HttpTarget) => {
  const call = async (
    method: string,
    path: string,
    options: { key?: string | undefined; body?: unknown; raw?: BodyInit; headers?: Record<string, string> } = {}
  ) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key !== undefined) headers["x-api-key"] = options.key
    let body: BodyInit | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers["content-type"] ??= "application/json"
    }
    return readJson(await target.fetch(path, { method, headers, body }))
  }
  const tenant = async (input: Parameters<HttpTarget["admin"]["docs"]["createTenant"]>[0] = {}) => {
    const created = await target.admin.docs.createTenant(input)
    return { tenantId: created.tenant_id, key: created.api_key, keyId: created.key_id }
  }
  /** `POST /upload` of one file part */
  const upload = async (key: string, fileName: string, content: string | Uint8Array, field = "file") => {
    const form = new FormData()
    form.append(field, new Blob([content as BlobPart]), fileName)
    return call("POST", "/upload", { key, raw: form })
  }
  return { call, tenant, upload }
}

export const documentsHttpSuite = (name: string, start: StartTarget) =>
  describe(`document service over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = docsClient(target)
    })
    afterEach(async () => {
      await target.close()
    })

    describe("control plane: tenants and keys", () => {
      it("creates a tenant with the spec's flat-form defaults and a working key", async () => {
        const created = await target.admin.docs.createTenant()
        expect(Object.keys(created).sort()).toEqual(["api_key", "key_id", "tenant_id"])
        expect(created.api_key).toMatch(DOCS_KEY)
        const tenant = await target.admin.docs.getTenant(created.tenant_id)
        expect(tenant).toEqual({
          tenant_id: created.tenant_id,
          credits: 50_000,
          paid_usage: false,
          rpm: 60,
          concurrent_jobs: 10,
          sync_waits: 4
        })
        expect((await api.call("GET", "/jobs", { key: created.api_key })).status).toBe(200)
      })
      it("over HTTP: 201 on create, PATCH changes only what is sent, unknown tenant 404, bad input 400", async () => {
        const admin = (method: string, path: string, body?: unknown) =>
          api.call(method, path, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        const created = await admin("POST", "/_admin/docs/tenants", { credits: 10, sync_waits: 1 })
        expect(created.status).toBe(201)
        const id = created.body.tenant_id
        const patched = await admin("PATCH", `/_admin/docs/tenants/${id}`, { rpm: 5 })
        expect(patched.status).toBe(200)
        expect(patched.body).toMatchObject({ credits: 10, sync_waits: 1, rpm: 5, concurrent_jobs: 10 })
        expect((await admin("GET", `/_admin/docs/tenants/${id}`)).body).toEqual(patched.body)
        expect((await admin("GET", "/_admin/docs/tenants/tnt_nope")).status).toBe(404)
        expect((await admin("PATCH", "/_admin/docs/tenants/tnt_nope", {})).status).toBe(404)
        expect((await admin("POST", "/_admin/docs/tenants", { credits: -1 })).status).toBe(400)
        expect((await admin("POST", "/_admin/docs/tenants", { colour: "red" })).status).toBe(400)
        expect((await admin("POST", "/_admin/docs/tenants/tnt_nope/keys", {})).status).toBe(404)
        expect((await admin("POST", "/_admin/docs/keys/dkey_nope/revoke")).status).toBe(404)
        const key = await admin("POST", `/_admin/docs/tenants/${id}/keys`, { access_labels: ["finance", "hr"] })
        expect(key.status).toBe(201)
        expect(key.body.api_key).toMatch(DOCS_KEY)
        expect(key.body.access_labels).toEqual(["finance", "hr"])
        expect((await admin("POST", `/_admin/docs/tenants/${id}/keys`, { access_labels: [""] })).status).toBe(400)
      })
      it("a second key works; a revoked key gets 401 at once, in both envelopes", async () => {
        const t = await api.tenant()
        const second = await target.admin.docs.createKey(t.tenantId, { access_labels: ["a"] })
        expect((await api.call("GET", "/jobs", { key: second.api_key })).status).toBe(200)
        const revoked = await target.admin.docs.revokeKey(second.key_id)
        expect(revoked.status).toBe("revoked")
        expectFlatError(await api.call("GET", "/jobs", { key: second.api_key }), 401, "unauthorized")
        expectV1Error(await api.call("GET", "/v1/jobs", { key: second.api_key }), 401, "unauthorized")
        expect((await api.call("GET", "/jobs", { key: t.key })).status).toBe(200)
      })
    })

    describe("authentication and envelopes", () => {
      it("401 unauthorized without a key, with a malformed key, an unknown key or a decision key", async () => {
        for (const key of [undefined, "", "nope", "dk_" + "A".repeat(43), "svc_sk_" + "A".repeat(43)]) {
          const flat = await api.call("GET", "/jobs", { key })
          expectFlatError(flat, 401, "unauthorized")
          expect(flat.body.error.message).toContain("X-API-Key")
          const v1 = await api.call("GET", "/v1/jobs", { key })
          expectV1Error(v1, 401, "unauthorized")
          expect(v1.body.error.retryable).toBe(false)
          expect(v1.body.error.detail).toBeNull()
        }
      })
      it("every response carries a generated X-Request-Id, or the caller's valid one", async () => {
        const t = await api.tenant()
        const plain = await api.call("GET", "/jobs", { key: t.key })
        expect(plain.headers.get("x-request-id")).toMatch(GENERATED_REQUEST_ID)
        const mine = "client-Req_42"
        for (const path of ["/jobs", "/v1/jobs", "/jobs/00000000-0000-4000-8000-000000000000"]) {
          const r = await api.call("GET", path, { key: t.key, headers: { "x-request-id": mine } })
          expect(r.headers.get("x-request-id")).toBe(mine)
        }
        const failed = await api.call("GET", "/jobs", { headers: { "x-request-id": mine } })
        expect(failed.body.error.request_id).toBe(mine)
        const maxLength = "a".repeat(128)
        expect((await api.call("GET", "/jobs", { key: t.key, headers: { "x-request-id": maxLength } })).headers.get("x-request-id")).toBe(maxLength)
        for (const bad of ["a".repeat(129), "has space", "semi;colon", "ünïcode", "a.b"]) {
          const r = await api.call("GET", "/jobs", { key: t.key, headers: { "x-request-id": bad } })
          expect(r.status).toBe(200)
          expect(r.headers.get("x-request-id")).toMatch(GENERATED_REQUEST_ID)
        }
      })
      it("categorize, extract, ground and split answer 501 not_implemented in their form's envelope, after auth", async () => {
        const t = await api.tenant()
        for (const path of ["/categorize", "/categorize_async", "/extract", "/extract_async", "/ground", "/ground_async"]) {
          expectFlatError(await api.call("POST", path, { key: t.key, body: {} }), 501, "not_implemented")
          expectFlatError(await api.call("POST", path, { body: {} }), 401, "unauthorized")
        }
        for (const path of ["/v1/classify", "/v1/extract", "/v1/ground", "/v1/split", "/v1/document-operations/categorize"]) {
          expectV1Error(await api.call("POST", path, { key: t.key, body: {} }), 501, "not_implemented")
          expectV1Error(await api.call("POST", path, { body: {} }), 401, "unauthorized")
        }
      })
    })
  })
