/**
 * The HTTP conformance suite of the decision service's document routes (spec 1, "Document
 * routes" and "Limits"; their shapes in the core README). The target must parse with
 * `testParserLayer` and read `http://127.0.0.1` sources, as the document service's suites' targets.
 */
import { createHash } from "node:crypto"
import { createServer, type Server } from "node:http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ADMIN_TOKEN, client, type HttpTarget, type JsonResponse, readJson, type SseFrame, sseFrames, type StartTarget, untilSleeping } from "./http-target.js"

const REQUEST_ID = /^req_[a-f0-9]{32}$/
const MAX_BODY = 1_000_000

const expectRequestId = (r: JsonResponse) => {
  expect(r.body.request_id).toMatch(REQUEST_ID)
  expect(r.headers.get("x-request-id")).toBe(r.body.request_id)
  expect(r.headers.get("x-sdk-request-id")).toBe(r.body.request_id)
}

const expectError = (r: JsonResponse, status: number, type: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.type).toBe(type)
  expect(typeof r.body.error.message).toBe("string")
  expectRequestId(r)
}

const QUESTIONS = {
  paid: { type: "noul", instructions: "Has the invoice been paid?", criteria: { true: "paid in full, settled" } },
  topic: { type: "choice", criteria: { billing: "invoice, payment", shipping: "parcel, delivery" } }
}
const INVOICE = "Invoice INV-7 for 120.50 EUR.\n\nThe invoice has been paid in full on 3 March."

export const decisionDocumentsHttpSuite = (name: string, start: StartTarget) =>
  describe(`decision service: document routes over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof client>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = client(target)
    })
    afterEach(async () => {
      await target.close()
    })
    const advance = (ms: number) => target.admin.clock.advance(ms)
    const bearer = (key: string | undefined): Record<string, string> => (key === undefined ? {} : { authorization: `Bearer ${key}` })

    /** `POST /v1/documents/jobs` as multipart: a file part and the text parts given */
    const create = async (
      key: string | undefined,
      options: { fileName?: string; content?: string | Uint8Array; questions?: unknown; questionsText?: string; fields?: Record<string, string> } = {}
    ) => {
      const form = new FormData()
      form.append("file", new Blob([(options.content ?? INVOICE) as BlobPart]), options.fileName ?? "invoice.txt")
      form.append("questions", options.questionsText ?? JSON.stringify(options.questions ?? QUESTIONS))
      for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v)
      return readJson(await target.fetch("/v1/documents/jobs", { method: "POST", headers: bearer(key), body: form }))
    }
    const get = async (key: string | undefined, path: string, headers: Record<string, string> = {}) =>
      readJson(await target.fetch(path, { headers: { ...bearer(key), ...headers } }))
    const download = (key: string | undefined, path: string, headers: Record<string, string> = {}) =>
      target.fetch(path, { headers: { ...bearer(key), ...headers } })
    const openEvents = async (key: string, jobId: string, headers: Record<string, string> = {}) => {
      const controller = new AbortController()
      const response = await target.fetch(`/v1/documents/jobs/${jobId}/events`, { headers: { ...bearer(key), ...headers }, signal: controller.signal })
      if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        return { response, json: await readJson(response), rest: async (): Promise<Array<SseFrame>> => [] }
      }
      const { rest } = sseFrames(response, controller)
      return { response, json: undefined, rest }
    }
    const finished = async (key: string, options: Parameters<typeof create>[1] = {}) => {
      const r = await create(key, { ...options, fields: { wait_seconds: "30", ...options.fields } })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r
    }

    describe("create", () => {
      it("parses the file, answers the questions over its text and bills the input tokens; files and job agree", async () => {
        const { account, key } = await api.account({ credit: 100_000 })
        const r = await finished(key)
        expectRequestId(r)
        expect(r.headers.get("location")).toBe(`/v1/documents/jobs/${r.body.job_id}`)
        expect(r.body).toMatchObject({ kind: "document_questions", status: "succeeded", result_state: "available", error: null })
        const result = r.body.result
        expect(Object.keys(result.answers)).toEqual(["paid", "topic"])
        expect(result.answers.paid.type).toBe("noul")
        expect(result.answers.paid.noul).toBeGreaterThanOrEqual(0)
        expect(result.answers.paid.noul).toBeLessThanOrEqual(1)
        expect(result.answers.topic.choice).toBe("billing")
        expect(result.model).toBe("dm-v1.5")
        expect(result.document).toMatchObject({ file_name: "invoice.txt", page_count: 1 })
        expect(result.files.markdown).toMatch(new RegExp(`/v1/documents/jobs/${r.body.job_id}/files/document\\.md$`))
        const tokens = result.usage.input_tokens
        expect(tokens).toBeGreaterThan(0)
        expect(r.body.units).toBe(tokens)
        expect((await target.admin.decision.getAccount(account.account_id)).credit).toBe(100_000 - tokens)
        // the same evaluation through POST /v1/systemone, its state the parsed markdown, costs the same
        const markdown = await (await download(key, `/v1/documents/jobs/${r.body.job_id}/files/document.md`)).text()
        expect(markdown).toContain("paid in full")
        const direct = await api.evaluate(key, { state: markdown, questions: QUESTIONS })
        expect(direct.status).toBe(200)
        expect(direct.body.usage.input_tokens).toBe(tokens)
        expect(direct.body.answers).toEqual(result.answers)
      })
      it("takes a JSON body whose source is a URL (the document service's v1 form), with the model asked for", async () => {
        const server = await serveFile(INVOICE)
        try {
          const { key } = await api.account()
          const r = await api.call("POST", "/v1/documents/jobs", {
            headers: bearer(key),
            body: { source: { type: "url", url: `${server.url}/invoice.txt`, file_name: "invoice.txt" }, questions: QUESTIONS, model: "dm-v1.0", wait_seconds: 30 }
          })
          expect(r.status, JSON.stringify(r.body)).toBe(200)
          expect(r.body.result.model).toBe("dm-v1.0")
          expect(r.body.result.answers.topic.choice).toBe("billing")
        } finally {
          await server.close()
        }
      })
      it("refuses a body over 1,000,000 bytes with the spec's 422, in either form; exactly 1,000,000 passes", async () => {
        const { key } = await api.account()
        const big = await create(key, { content: "a".repeat(MAX_BODY) })
        expectError(big, 422, "invalid_request_error")
        expect(big.body.error.issues).toEqual([{ path: "", message: `request body must be at most ${MAX_BODY} bytes` }])
        const json = (size: number) => {
          const base = { source: { type: "url", url: "http://127.0.0.1:9/a.txt", file_name: "a.txt" }, questions: QUESTIONS, pad: "" }
          const room = size - new TextEncoder().encode(JSON.stringify(base)).byteLength
          return JSON.stringify({ ...base, pad: "x".repeat(room) })
        }
        const over = await api.call("POST", "/v1/documents/jobs", { raw: json(MAX_BODY + 1), headers: { ...bearer(key), "content-type": "application/json" } })
        expectError(over, 422, "invalid_request_error")
        expect(over.body.error.message).toBe(`request body must be at most ${MAX_BODY} bytes`)
        const exact = await api.call("POST", "/v1/documents/jobs", { raw: json(MAX_BODY), headers: { ...bearer(key), "content-type": "application/json" } })
        expect(exact.status, JSON.stringify(exact.body).slice(0, 300)).toBe(202)
      })
      it("collects every problem of the body in one 422, with paths as the evaluate request's", async () => {
        const { key } = await api.account()
        const r = await api.call("POST", "/v1/documents/jobs", {
          headers: bearer(key),
          body: { source: { type: "url", url: "ftp://x/a.txt", file_name: "a.exe" }, questions: { q: { type: "noul" } }, model: "gpt-4", wait_seconds: -1 }
        })
        expectError(r, 422, "invalid_request_error")
        expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["source.url", "source.file_name", "questions.q", "model", "wait_seconds"])
        expect(r.body.error.message).toBe(`source.url: ${r.body.error.issues[0].message}`)
        const missing = await create(key, { questionsText: "not json" })
        expect(missing.body.error.issues[0]).toEqual({ path: "questions", message: "must be a JSON object mapping question ids to questions" })
        const noFile = await api.call("POST", "/v1/documents/jobs", { headers: bearer(key), body: { questions: QUESTIONS } })
        expect(noFile.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["source"])
        const notJson = await api.call("POST", "/v1/documents/jobs", { raw: "{", headers: { ...bearer(key), "content-type": "application/json" } })
        expect(notJson.body.error.issues).toEqual([{ path: "", message: "body must be valid JSON" }])
      })
      it("waits at most 60 s, whatever wait_seconds asks: then 202 with the job still running", async () => {
        const { key } = await api.account()
        const pending = create(key, { content: "#delay 1000000\nslow", fields: { wait_seconds: "600" } })
        // the job runs (its parse sleeps) and the create waits
        await untilSleeping(target, 1, 1_000_000)
        await untilSleeping(target, 1, 60_000)
        await advance(60_000)
        const r = await pending
        expect(r.status, JSON.stringify(r.body)).toBe(202)
        expect(r.body.status).toBe("running")
        expectRequestId(r)
        const bad = await create(key, { fields: { wait_seconds: "soon" } })
        expect(bad.body.error.issues[0].path).toBe("wait_seconds")
      })
      it("a job whose file cannot be parsed fails with the parser's error and bills nothing", async () => {
        const { account, key } = await api.account({ credit: 5_000 })
        const r = await finished(key, { content: "#corrupt" })
        expect(r.body).toMatchObject({ status: "failed", result: null, error: { code: "corrupt_file" } })
        expect((await target.admin.decision.getAccount(account.account_id)).credit).toBe(5_000)
      })
    })

    describe("auth and credit", () => {
      it("every route answers 401 in spec 1's envelope without a valid key", async () => {
        const { key } = await api.account()
        const job = await finished(key)
        const id = job.body.job_id
        for (const header of [undefined, "svc_sk_" + "A".repeat(43), `Basic ${key}`]) {
          const auth = header === undefined ? undefined : header.startsWith("Basic") ? header : `Bearer ${header}`
          const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth }
          const responses = [
            readJson(await target.fetch("/v1/documents/jobs", { method: "POST", headers, body: "{}" })),
            readJson(await target.fetch("/v1/documents/jobs", { headers })),
            readJson(await target.fetch(`/v1/documents/jobs/${id}`, { headers })),
            readJson(await target.fetch(`/v1/documents/jobs/${id}`, { method: "DELETE", headers })),
            readJson(await target.fetch(`/v1/documents/jobs/${id}/events`, { headers })),
            readJson(await target.fetch(`/v1/documents/jobs/${id}/files/document.md`, { headers })),
            readJson(await target.fetch("/v1/documents/echo", { method: "POST", headers, body: "{}" }))
          ]
          for (const r of await Promise.all(responses)) {
            expectError(r, 401, "authentication_error")
            expect(r.body.error.message).toContain("svc_sk_")
          }
        }
        expect((await get(key, `/v1/documents/jobs/${id}`)).status).toBe(200)
      })
      it("a create without credit is 402 insufficient_credit, with an unpaid invoice 402 payment_required; reads still work", async () => {
        const { account, key } = await api.account()
        const job = await finished(key)
        await target.admin.decision.updateAccount(account.account_id, { credit: 0 })
        expectError(await create(key), 402, "insufficient_credit")
        const read = await get(key, `/v1/documents/jobs/${job.body.job_id}`)
        expect(read.status).toBe(200)
        expect(read.body.status).toBe("succeeded")
        expect((await get(key, "/v1/documents/jobs")).body.total_count).toBe(1)
        expect((await download(key, `/v1/documents/jobs/${job.body.job_id}/files/answers.json`)).status).toBe(200)
        await target.admin.decision.updateAccount(account.account_id, { credit: 10, unpaid_invoice: true })
        expectError(await create(key), 402, "payment_required")
        expect((await get(key, `/v1/documents/jobs/${job.body.job_id}`)).status).toBe(200)
      })
    })

    describe("RPM", () => {
      it("every request past the key check counts except downloads; over it 429 rate_limited with retry headers; separate from evaluation; the window slides", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 5 } })
        const job = await finished(key) // 1
        const id = job.body.job_id
        expect((await get(key, `/v1/documents/jobs/${id}`)).status).toBe(200) // 2
        const events = await openEvents(key, id) // 3
        expect(events.response.status).toBe(200)
        await events.rest()
        await advance(10_000)
        expect((await api.call("PUT", "/v1/documents/echo", { headers: bearer(key) })).status).toBe(200) // 4
        expect((await get(key, "/v1/documents/jobs")).status).toBe(200) // 5
        for (let i = 0; i < 3; i++) {
          expect((await download(key, `/v1/documents/jobs/${id}/files/document.md`)).status).toBe(200)
        }
        // 401s do not count
        expectError(await get("svc_sk_" + "B".repeat(43), "/v1/documents/jobs"), 401, "authentication_error")
        const refused = await api.call("DELETE", `/v1/documents/jobs/${id}`, { headers: bearer(key) })
        expectError(refused, 429, "rate_limit_error")
        expect(refused.body.error.code).toBe("rate_limited")
        expect(refused.body.error.message).toBe("Requests per minute exceeded for this account.")
        // the oldest admission (at the create) leaves the window 60 s after it: 50 s from now
        expect(refused.headers.get("retry-after-ms")).toBe("50000")
        expect(refused.headers.get("retry-after")).toBe("50")
        // a refused request is not recorded; evaluation has its own counter
        expectError(await create(key), 429, "rate_limit_error")
        expect((await api.evaluate(key, { state: "x", questions: QUESTIONS })).status).toBe(200)
        await advance(50_000)
        expect((await api.call("DELETE", `/v1/documents/jobs/${id}`, { headers: bearer(key) })).status).toBe(200)
      })
      it("an unlimited account is not counted; custom RPM changes apply (within the key cache's 5 s)", async () => {
        const { account, key } = await api.account({ custom_limits: { unlimited: true, rpm: 2 } })
        for (let i = 0; i < 5; i++) expect((await get(key, "/v1/documents/jobs")).status).toBe(200)
        await target.admin.decision.updateAccount(account.account_id, { custom_limits: { unlimited: false, rpm: 1 } })
        await advance(5_000)
        expect((await get(key, "/v1/documents/jobs")).status).toBe(200)
        expectError(await get(key, "/v1/documents/jobs"), 429, "rate_limit_error")
      })
      it("evaluation's counter does not spend the document routes'", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 2 } })
        expect((await api.evaluate(key, { state: "x", questions: QUESTIONS })).status).toBe(200)
        expect((await api.evaluate(key, { state: "x", questions: QUESTIONS })).status).toBe(200)
        expect((await api.evaluate(key, { state: "x", questions: QUESTIONS })).status).toBe(429)
        expect((await get(key, "/v1/documents/jobs")).status).toBe(200)
        expect((await get(key, "/v1/documents/jobs")).status).toBe(200)
        expectError(await get(key, "/v1/documents/jobs"), 429, "rate_limit_error")
      })
    })

    describe("jobs", () => {
      it("lists the account's jobs newest first, by cursor; bad queries and cursors are 422", async () => {
        const { key } = await api.account()
        const other = await api.account()
        const ids: Array<string> = []
        for (let i = 0; i < 3; i++) {
          ids.push((await finished(key)).body.job_id)
          await advance(1000)
        }
        await finished(other.key)
        const first = await get(key, "/v1/documents/jobs?limit=2")
        expect(first.status).toBe(200)
        expectRequestId(first)
        expect(first.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([ids[2], ids[1]])
        expect(first.body).toMatchObject({ has_more: true, next_cursor: ids[1], total_count: 3 })
        expect(first.body.data[0]).toMatchObject({ kind: "document_questions", status: "succeeded" })
        const second = await get(key, `/v1/documents/jobs?limit=2&cursor=${first.body.next_cursor}`)
        expect(second.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([ids[0]])
        expect(second.body).toMatchObject({ has_more: false, next_cursor: null })
        expect((await get(key, "/v1/documents/jobs?status=failed")).body.total_count).toBe(0)
        const bad = await get(key, "/v1/documents/jobs?limit=0&status=done")
        expectError(bad, 422, "invalid_request_error")
        expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["limit", "status"])
        expectError(await get(other.key, `/v1/documents/jobs?cursor=${ids[0]}`), 422, "invalid_request_error")
      })
      it("reads a job of the account only; delete removes it (a running one is cancelled, nothing billed)", async () => {
        const { account, key } = await api.account({ credit: 50_000 })
        const other = await api.account()
        const done = await finished(key)
        const id = done.body.job_id
        expectError(await get(other.key, `/v1/documents/jobs/${id}`), 404, "not_found")
        expectError(await get(key, "/v1/documents/jobs/00000000-0000-4000-8000-000000000000"), 404, "not_found")
        expectError(await api.call("DELETE", `/v1/documents/jobs/${id}`, { headers: bearer(other.key) }), 404, "not_found")
        const deleted = await api.call("DELETE", `/v1/documents/jobs/${id}`, { headers: bearer(key) })
        expect(deleted.status).toBe(200)
        expect(deleted.body).toMatchObject({ job_id: id, deleted: true })
        expectRequestId(deleted)
        expectError(await get(key, `/v1/documents/jobs/${id}`), 404, "not_found")
        expectError(await api.call("DELETE", `/v1/documents/jobs/${id}`, { headers: bearer(key) }), 404, "not_found")
        expect((await download(key, `/v1/documents/jobs/${id}/files/document.md`)).status).toBe(404)
        const credit = (await target.admin.decision.getAccount(account.account_id)).credit
        const slow = await create(key, { content: "#delay 5000\nslow" })
        expect(slow.status).toBe(202)
        await untilSleeping(target, 1, 5000)
        expect((await api.call("DELETE", `/v1/documents/jobs/${slow.body.job_id}`, { headers: bearer(key) })).status).toBe(200)
        await advance(5000)
        expect((await get(key, "/v1/documents/jobs")).body.total_count).toBe(0)
        expect((await target.admin.decision.getAccount(account.account_id)).credit).toBe(credit)
      })
      it("streams the job's events as SSE; Last-Event-ID resumes without loss or duplicates; a bad one is 422", async () => {
        const { key } = await api.account()
        const slow = await create(key, { content: "#delay 5000\nslow text" })
        await untilSleeping(target, 1, 5000)
        const pending = openEvents(key, slow.body.job_id)
        const live = await pending
        expect(live.response.status).toBe(200)
        expect(live.response.headers.get("x-sdk-request-id")).toMatch(REQUEST_ID)
        const frames = live.rest()
        await advance(5000)
        const all = await frames
        expect(all.map((f) => f.id)).toEqual(["1", "2", "3"])
        expect(all.map((f) => f.data.status)).toEqual(["queued", "running", "succeeded"])
        const resumed = await openEvents(key, slow.body.job_id, { "last-event-id": "1" })
        expect((await resumed.rest()).map((f) => f.data.sequence)).toEqual([2, 3])
        const atEnd = await openEvents(key, slow.body.job_id, { "last-event-id": "3" })
        expect(await atEnd.rest()).toEqual([])
        const bad = await openEvents(key, slow.body.job_id, { "last-event-id": "abc" })
        expectError(bad.json!, 422, "invalid_request_error")
        expect(bad.json!.body.error.issues[0].path).toBe("Last-Event-ID")
      })
    })

    describe("files", () => {
      it("document.md and answers.json, whole or one byte range; 416 outside; 404 before success or for another name", async () => {
        const { key } = await api.account()
        const job = await finished(key)
        const path = `/v1/documents/jobs/${job.body.job_id}/files/document.md`
        const whole = await download(key, path)
        expect(whole.status).toBe(200)
        expect(whole.headers.get("content-type")).toMatch(/^text\/markdown/)
        expect(whole.headers.get("accept-ranges")).toBe("bytes")
        expect(whole.headers.get("x-request-id")).toMatch(REQUEST_ID)
        const bytes = new Uint8Array(await whole.arrayBuffer())
        expect(whole.headers.get("content-length")).toBe(String(bytes.byteLength))
        const etag = whole.headers.get("etag")!
        const part = await download(key, path, { range: "bytes=2-9" })
        expect(part.status).toBe(206)
        expect(part.headers.get("content-range")).toBe(`bytes 2-9/${bytes.byteLength}`)
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(2, 10))
        const tail = await download(key, path, { range: "bytes=-5", "if-range": etag })
        expect(tail.status).toBe(206)
        expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 5))
        const stale = await download(key, path, { range: "bytes=0-1", "if-range": "\"other\"" })
        expect(stale.status).toBe(200)
        await stale.arrayBuffer()
        const outside = await readJson(await download(key, path, { range: `bytes=${bytes.byteLength}-` }))
        expectError(outside, 416, "invalid_request_error")
        expect(outside.headers.get("content-range")).toBe(`bytes */${bytes.byteLength}`)
        const answers = await download(key, `/v1/documents/jobs/${job.body.job_id}/files/answers.json`)
        expect(answers.headers.get("content-type")).toMatch(/^application\/json/)
        expect(await answers.json()).toEqual({ answers: job.body.result.answers, model: job.body.result.model, usage: job.body.result.usage })
        expectError(await readJson(await download(key, `/v1/documents/jobs/${job.body.job_id}/files/other.txt`)), 404, "not_found")
        const slow = await create(key, { content: "#delay 5000\nslow" })
        expectError(await readJson(await download(key, `/v1/documents/jobs/${slow.body.job_id}/files/document.md`)), 404, "not_found")
      })
    })

    describe("echo", () => {
      it("answers what the server received, the key redacted, with the body's size, hash and fields", async () => {
        const { key } = await api.account()
        const body = JSON.stringify({ source: { type: "url" }, questions: QUESTIONS })
        const r = await readJson(await target.fetch("/v1/documents/echo?a=1&a=2&b=x", {
          method: "POST",
          headers: { ...bearer(key), "content-type": "application/json", "x-api-key": "secret-docs-key", "x-client": "sdk/1.2" },
          body
        }))
        expect(r.status).toBe(200)
        expectRequestId(r)
        expect(r.body).toMatchObject({ method: "POST", path: "/v1/documents/echo", query: { a: ["1", "2"], b: ["x"] } })
        expect(r.body.headers.authorization).toBe(`Bearer ${key.slice(0, 11)}… [redacted]`)
        expect(r.body.headers["x-api-key"]).toBe("[redacted]")
        expect(r.body.headers["x-client"]).toBe("sdk/1.2")
        expect(JSON.stringify(r.body)).not.toContain(key)
        expect(JSON.stringify(r.body)).not.toContain("secret-docs-key")
        expect(r.body.body).toEqual({
          bytes: Buffer.byteLength(body),
          sha256: createHash("sha256").update(body).digest("hex"),
          content_type: "application/json",
          parsed: { format: "json", value: JSON.parse(body) }
        })
        const form = new FormData()
        form.append("questions", "{\"q\":1}")
        form.append("file", new Blob(["hello"]), "a.txt")
        const multipart = await readJson(await target.fetch("/v1/documents/echo", { method: "PUT", headers: bearer(key), body: form }))
        expect(multipart.body.method).toBe("PUT")
        expect(multipart.body.body.parsed.parts).toEqual([
          expect.objectContaining({ name: "questions", filename: null, bytes: 7, value: "{\"q\":1}" }),
          expect.objectContaining({ name: "file", filename: "a.txt", bytes: 5, sha256: createHash("sha256").update("hello").digest("hex") })
        ])
        const tooBig = await api.call("POST", "/v1/documents/echo", { raw: "x".repeat(MAX_BODY + 1), headers: bearer(key) })
        expectError(tooBig, 422, "invalid_request_error")
      })
    })
  })

/** A file served over HTTP on 127.0.0.1 (a `source.url` the target may read). */
const serveFile = async (content: string): Promise<{ readonly url: string; readonly close: () => Promise<void> }> => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" })
    res.end(content)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
