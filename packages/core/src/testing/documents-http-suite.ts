/**
 * The HTTP conformance suite of the document service (spec 2). Every adapter runs it against its
 * own way of serving Docket: `documentsHttpSuite("node", start)`. The target must parse with
 * `testParserLayer` (see test-parser.ts) so that results and timings are deterministic.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, readJson, type StartTarget, untilSleeping } from "./http-target.js"

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

/**
 * Starts a fresh target (with the admin token) before each test of the enclosing `describe`,
 * hands it to `use`, and closes it after the test.
 */
export const eachTestTarget = (start: StartTarget, use: (target: HttpTarget) => void): void => {
  let current: HttpTarget | undefined
  beforeEach(async () => {
    current = await start({ adminToken: ADMIN_TOKEN })
    use(current)
  })
  afterEach(async () => {
    await current?.close()
  })
}

export const documentsHttpSuite = (name: string, start: StartTarget) =>
  describe(`document service over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })


    const handle = async (key: string, name = "report.txt", content: string | Uint8Array = "Hello\n\nWorld\fPage two") => {
      const r = await api.upload(key, name, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { file_id: string; file_name: string; expires_at: string; source_url: string }
    }
    const settle = async (key: string, jobId: string) => {
      for (let i = 0; i < 500; i++) {
        const r = await api.call("GET", `/jobs/${jobId}`, { key })
        if (r.body.status === "succeeded" || r.body.status === "failed") return r
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      throw new Error(`job ${jobId} did not settle`)
    }
    const advance = (ms: number) => target.admin.clock.advance(ms)

    describe("upload and parse (flat form)", () => {
      it("uploads a file: a uuid handle, the captured file name, expiry 6 days later", async () => {
        const t = await api.tenant()
        const now = (await target.admin.clock.now()).now
        const up = await handle(t.key, "notes.txt")
        expect(up.file_id).toMatch(/^[0-9a-f-]{36}$/)
        expect(up.file_name).toBe("notes.txt")
        expect(Date.parse(up.expires_at)).toBe(now + 6 * 24 * 3600 * 1000)
      })
      it("refuses uploads: no file part 422, unknown part 422, not multipart 400, over the cap 413", async () => {
        const t = await api.tenant()
        expectFlatError(await api.upload(t.key, "a.txt", "x", "document"), 422, "validation_error")
        const extra = new FormData()
        extra.append("file", new Blob(["x"]), "a.txt")
        extra.append("colour", "red")
        const r = await api.call("POST", "/upload", { key: t.key, raw: extra })
        expectFlatError(r, 422, "validation_error")
        expect(r.body.error.errors).toEqual([{ field: "colour", message: "unknown field" }])
        expectFlatError(await api.call("POST", "/upload", { key: t.key, body: { file: "x" } }), 400, "bad_request")
        expectFlatError(await api.upload(t.key, "big.txt", new Uint8Array(1024 * 1024 + 1)), 413, "payload_too_large")
        expect((await api.upload(t.key, "ok.txt", new Uint8Array(1024 * 1024))).status).toBe(200)
        expectFlatError(await api.upload(undefined as never, "a.txt", "x"), 401, "unauthorized")
      })
      it("POST /parse waits and answers the job with a file item whose markdown_url is signed for 1 hour", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        const r = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ action: "parse", status: "succeeded", error: null })
        expect(r.body.result).toMatchObject({ result_type: "parse", status: "success", item: { item_type: "file", page_count: 2 } })
        const url = new URL(r.body.result.item.markdown_url)
        const md = await target.fetch(url.pathname + url.search)
        expect(md.status).toBe(200)
        expect(await md.text()).toBe("Hello\n\nWorld\n\nPage two")
        const signature = url.searchParams.get("signature")!
        const tamperedUrl = url.pathname + url.search.replace(`signature=${signature}`, `signature=${signature[0] === "0" ? "1" : "0"}${signature.slice(1)}`)
        const tampered = await readJson(await target.fetch(tamperedUrl))
        expect(tampered.status).toBe(403)
        await advance(60 * 60 * 1000)
        const expired = await readJson(await target.fetch(url.pathname + url.search))
        expectFlatError(expired, 403, "forbidden")
        const again = await api.call("GET", `/jobs/${r.body.job_id}`, { key: t.key })
        const fresh = new URL(again.body.result.item.markdown_url)
        expect((await target.fetch(fresh.pathname + fresh.search)).status).toBe(200)
      })
      it("a spreadsheet gives a table item with one sheet", async () => {
        const t = await api.tenant()
        const up = await handle(t.key, "data.csv", "a,b\n1,2\n")
        const r = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(r.body.result.item).toMatchObject({ item_type: "table", sheets: [{ sheet_name: "data", max_row: 2, max_col: 2 }] })
      })
      it("a sync call past timeout_seconds is 408 and the job keeps running; the manual clock decides", async () => {
        const t = await api.tenant()
        const up = await handle(t.key, "slow.txt", "#delay 5000\nslow text")
        const pending = api.call("POST", "/parse?timeout_seconds=2", { key: t.key, body: { file: { source_url: up.source_url } } })
        await untilSleeping(target, 1, 5000)
        await untilSleeping(target, 1, 2000)
        await advance(2000)
        const r = await pending
        expectFlatError(r, 408, "timeout")
        const jobId = r.body.error.job_id
        expect((await api.call("GET", `/jobs/${jobId}`, { key: t.key })).body.status).toBe("running")
        await advance(3000)
        expect((await settle(t.key, jobId)).body.status).toBe("succeeded")
      })
      it("timeout_seconds outside 1–300 is 422", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        for (const v of ["0", "301", "abc"]) {
          const r = await api.call("POST", `/parse?timeout_seconds=${v}`, { key: t.key, body: { file: { source_url: up.source_url } } })
          expectFlatError(r, 422, "validation_error")
          expect(r.body.error.errors[0].field).toBe("timeout_seconds")
        }
      })
      it("strict bodies: unknown fields, bad source_url, unsupported extension, bad file_name are 422; s3 without file_name 422", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        const bad = async (body: unknown, field: string) => {
          const r = await api.call("POST", "/parse_async", { key: t.key, body })
          expectFlatError(r, 422, "validation_error")
          expect(r.body.error.errors.map((e: { field: string }) => e.field)).toContain(field)
        }
        await bad({ file: { source_url: up.source_url }, colour: 1 }, "colour")
        await bad({ file: { source_url: up.source_url, extra: 1 } }, "file.extra")
        await bad({}, "file")
        await bad({ file: { source_url: "ftp://x/y.pdf" } }, "file.source_url")
        await bad({ file: { source_url: up.source_url, file_name: "x.exe" } }, "file.file_name")
        await bad({ file: { source_url: up.source_url, file_name: "no-extension" } }, "file.file_name")
        await bad({ file: { source_url: "s3://bucket/key.pdf" } }, "file.file_name")
        await bad({ file: { source_url: up.source_url }, idempotency_key: "k".repeat(129) }, "idempotency_key")
        expectFlatError(await api.call("POST", "/parse_async", { key: t.key, raw: "{", headers: { "content-type": "application/json" } }), 400, "bad_request")
      })
      it("another tenant's handle and job are 404; an expired handle is 410", async () => {
        const a = await api.tenant()
        const b = await api.tenant()
        const up = await handle(a.key)
        expectFlatError(await api.call("POST", "/parse_async", { key: b.key, body: { file: { source_url: up.source_url } } }), 404, "not_found")
        const created = await api.call("POST", "/parse_async", { key: a.key, body: { file: { source_url: up.source_url } } })
        expect(created.status).toBe(202)
        expectFlatError(await api.call("GET", `/jobs/${created.body.job_id}`, { key: b.key }), 404, "not_found")
        expectFlatError(await api.call("POST", `/jobs/${created.body.job_id}/cancel`, { key: b.key }), 404, "not_found")
        await advance(6 * 24 * 3600 * 1000)
        const r = await api.call("POST", "/parse_async", { key: a.key, body: { file: { source_url: up.source_url } } })
        expect(r.status).toBe(410)
        expect(r.body.error.code).toBe("upload_expired")
      })
    })

    describe("jobs: cancel, list, idempotency", () => {
      it("flat cancel: a running job becomes failed/cancelled and its work stops; a terminal job comes back unchanged", async () => {
        const t = await api.tenant()
        const up = await handle(t.key, "slow.txt", "#delay 5000\nslow")
        const created = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } })
        await untilSleeping(target, 1, 5000)
        const cancelled = await api.call("POST", `/jobs/${created.body.job_id}/cancel`, { key: t.key })
        expect(cancelled.status).toBe(200)
        expect(cancelled.body).toMatchObject({ status: "failed", error: { code: "cancelled" }, result: null })
        expect(await target.pendingSleeps(5000)).toBe(0)
        const again = await api.call("POST", `/jobs/${created.body.job_id}/cancel`, { key: t.key })
        expect(again.body).toEqual(cancelled.body)
        const v1 = await api.call("GET", `/v1/jobs/${created.body.job_id}`, { key: t.key })
        expect(v1.body).toMatchObject({ status: "cancelled", result_state: "cancelled", error: { code: "job_cancelled" } })
        const done = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: (await handle(t.key)).source_url } } })
        const noop = await api.call("POST", `/jobs/${done.body.job_id}/cancel`, { key: t.key })
        expect(noop.body.status).toBe("succeeded")
        expect(noop.body.result.item.item_type).toBe("file")
      })
      it("v1 cancel stores the reason; cancelling a terminal job is 409 job_not_cancellable", async () => {
        const t = await api.tenant()
        const up = await handle(t.key, "slow.txt", "#delay 5000\nslow")
        const created = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id } } })
        expect(created.status).toBe(202)
        expect(created.body.status).toMatch(/queued|running/)
        const c = await api.call("POST", `/v1/jobs/${created.body.job_id}/cancel`, { key: t.key, body: { reason: "not needed" } })
        expect(c.status).toBe(200)
        expect(c.body).toMatchObject({ status: "cancelled", error: { code: "job_cancelled", message: "not needed" } })
        expectV1Error(await api.call("POST", `/v1/jobs/${created.body.job_id}/cancel`, { key: t.key }), 409, "job_not_cancellable")
        expectV1Error(await api.call("POST", "/v1/jobs/00000000-0000-4000-8000-000000000000/cancel", { key: t.key }), 404, "job_not_found")
      })
      it("v1 parse with wait_seconds: 200 with the finished job and its document", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        const r = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id }, wait_seconds: 10 } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "parse", status: "succeeded", result_state: "available", units: 2 })
        expect(r.body.result).toMatchObject({ result_type: "parse", file_name: "report.txt", lane: "standard", ocr_applied: false })
        expect(r.body.result.document.page_count).toBe(2)
        expect(r.body.result.document.markdown).toContain("Page two")
        expectV1Error(await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id }, wait_seconds: 301 } }), 422, "invalid_request")
        expectV1Error(await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id }, x: 1 } }), 422, "invalid_request")
      })
      it("v1 creates take wait_seconds in the query too: same range and message; both given must agree", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        const source = { type: "upload", upload_id: up.file_id }
        const waited = await api.call("POST", "/v1/parse?wait_seconds=10", { key: t.key, body: { source } })
        expect(waited.status, JSON.stringify(waited.body)).toBe(200)
        expect(waited.body).toMatchObject({ kind: "parse", status: "succeeded" })
        const same = await api.call("POST", "/v1/parse?wait_seconds=10", { key: t.key, body: { source, wait_seconds: 10 } })
        expect(same.status, JSON.stringify(same.body)).toBe(200)
        for (const bad of ["301", "-1", "abc", ""]) {
          const r = await api.call("POST", `/v1/parse?wait_seconds=${bad}`, { key: t.key, body: { source } })
          expectV1Error(r, 422, "invalid_request")
          expect(r.body.error.detail.errors).toEqual([{ field: "wait_seconds", message: "must be a number from 0 to 300" }])
        }
        const conflict = await api.call("POST", "/v1/parse?wait_seconds=0", { key: t.key, body: { source, wait_seconds: 10 } })
        expectV1Error(conflict, 422, "invalid_request")
        expect(conflict.body.error.detail.errors).toEqual([
          { field: "wait_seconds", message: "is 0 in the query and 10 in the body; give it once, or the same in both" }
        ])
        const classify = await api.call("POST", "/v1/classify?wait_seconds=10", { key: t.key, body: { source } })
        expect(classify.status, JSON.stringify(classify.body)).toBe(200)
        expect(classify.body).toMatchObject({ kind: "classify", status: "succeeded" })
      })
      it("GET /jobs pages newest first with next_cursor, filters by status; unknown cursor 404", async () => {
        const t = await api.tenant()
        const ids: Array<string> = []
        for (let i = 0; i < 3; i++) {
          const r = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: (await handle(t.key)).source_url } } })
          ids.push(r.body.job_id)
        }
        const first = await api.call("GET", "/jobs?limit=2", { key: t.key })
        expect(first.body.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([ids[2], ids[1]])
        expect(first.body.next_cursor).toBe(ids[1])
        const second = await api.call("GET", `/jobs?limit=2&cursor=${first.body.next_cursor}`, { key: t.key })
        expect(second.body).toMatchObject({ jobs: [{ job_id: ids[0], status: "succeeded" }], next_cursor: null })
        expect((await api.call("GET", "/jobs?status=pending", { key: t.key })).body.jobs).toEqual([])
        expectFlatError(await api.call("GET", "/jobs?cursor=00000000-0000-4000-8000-000000000000", { key: t.key }), 404, "not_found")
        const other = await api.tenant()
        expectFlatError(await api.call("GET", `/jobs?cursor=${ids[0]}`, { key: other.key }), 404, "not_found")
        expectFlatError(await api.call("GET", "/jobs?limit=201", { key: t.key }), 422, "validation_error")
        const v1 = await api.call("GET", "/v1/jobs?limit=2&status=succeeded&kind=parse", { key: t.key })
        expect(v1.body).toMatchObject({ total_count: 3, next_cursor: ids[1] })
        expect((await api.call("GET", "/v1/jobs?status=cancelled", { key: t.key })).body.total_count).toBe(0)
        expectV1Error(await api.call("GET", "/v1/jobs?status=pending", { key: t.key }), 422, "invalid_request")
      })
      it("an idempotency key returns the existing job; reused for another file it is 409", async () => {
        const t = await api.tenant()
        const up = await handle(t.key)
        const body = { file: { source_url: up.source_url }, idempotency_key: "order-1" }
        const a = await api.call("POST", "/parse_async", { key: t.key, body })
        const b = await api.call("POST", "/parse", { key: t.key, body })
        expect(b.body.job_id).toBe(a.body.job_id)
        expect((await api.call("GET", "/jobs", { key: t.key })).body.jobs).toHaveLength(1)
        const other = await handle(t.key)
        const conflict = await api.call("POST", "/parse_async", { key: t.key, body: { ...body, file: { source_url: other.source_url } } })
        expectFlatError(conflict, 409, "idempotency_key_reused")
        const headers = { "idempotency-key": "v1-key" }
        const v1a = await api.call("POST", "/v1/parse", { key: t.key, headers, body: { source: { type: "upload", upload_id: up.file_id } } })
        const v1b = await api.call("POST", "/v1/parse", { key: t.key, headers, body: { source: { type: "upload", upload_id: up.file_id } } })
        expect(v1b.body.job_id).toBe(v1a.body.job_id)
        const t2 = await api.tenant()
        const up2 = await handle(t2.key)
        const separate = await api.call("POST", "/parse_async", { key: t2.key, body: { ...body, file: { source_url: up2.source_url } } })
        expect(separate.body.job_id).not.toBe(a.body.job_id)
      })
      it("a parse failure is a failed job with its code", async () => {
        const t = await api.tenant()
        const up = await handle(t.key, "bad.txt", "#corrupt")
        const r = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(r.body).toMatchObject({ status: "failed", error: { code: "corrupt_file" }, result: null })
      })
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
          sync_waits: 4,
          buckets: []
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
        // granted labels name labels of the tenant's catalog (spec 3)
        for (const name of ["finance", "hr"]) {
          await api.call("POST", "/v1/access-labels", { key: created.body.api_key, body: { name, description: `${name} files` } })
        }
        const key = await admin("POST", `/_admin/docs/tenants/${id}/keys`, { access_labels: ["finance", "hr"] })
        expect(key.status).toBe(201)
        expect(key.body.api_key).toMatch(DOCS_KEY)
        expect(key.body.access_labels).toEqual(["finance", "hr"])
        expect((await admin("POST", `/_admin/docs/tenants/${id}/keys`, { access_labels: [""] })).status).toBe(400)
      })
      it("a second key works; a revoked key gets 401 at once, in both envelopes", async () => {
        const t = await api.tenant()
        await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: "a", description: "label a" } })
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
    })
  })
