/**
 * The HTTP conformance suite of the document service's v1 job extras (spec 2): the event stream
 * (`GET /v1/jobs/{job_id}/events`), retention (`result_state`, `payload_expires_at`), and the
 * v1 resumable uploads, and sources by URL. Every adapter runs it like `documentsHttpSuite`; the
 * target parses with `testParserLayer` on a manual clock and reads `http://127.0.0.1` sources
 * (`platformHttpFetcherLayer({ allowHttpLoopback: true })`).
 */
import { type AddressInfo } from "node:net"
import { createServer, type Server } from "node:http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, readJson, type SseFrame, sseFrames, type StartTarget, untilPending, untilSleeping } from "./http-target.js"

const DAY = 24 * 3600 * 1000

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(typeof r.body.error.retryable).toBe("boolean")
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
  expect(r.body.request_id).toBe(r.headers.get("x-request-id"))
}

/** Opens an SSE stream and reads it frame by frame (`null` once it has ended). */
const openEvents = async (target: HttpTarget, path: string, key: string, headers: Record<string, string> = {}) => {
  const controller = new AbortController()
  const response = await target.fetch(path, { headers: { "x-api-key": key, ...headers }, signal: controller.signal })
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return { response, json: await readJson(response), next: async (): Promise<SseFrame | null> => null, close: () => undefined }
  }
  const { next, close } = sseFrames(response, controller)
  return { response, json: undefined, next, close }
}

export const documentsJobsSuite = (name: string, start: StartTarget) =>
  describe(`document service: job events, retention (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })
    const advance = (ms: number) => target.admin.clock.advance(ms)
    const upload = async (key: string, name = "report.txt", content = "Hello\n\nWorld\fPage two") => {
      const r = await api.upload(key, name, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { file_id: string; source_url: string }
    }
    const v1Parse = (key: string, uploadId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      api.call("POST", "/v1/parse", { key, headers, body: { source: { type: "upload", upload_id: uploadId }, ...extra } })

    describe("GET /v1/jobs/{job_id}/events", () => {
      it("streams queued, running and the terminal status with monotonic ids, then ends", async () => {
        const t = await api.tenant()
        const up = await upload(t.key, "slow.txt", "#delay 5000\nslow text")
        const created = await v1Parse(t.key, up.file_id)
        expect(created.status).toBe(202)
        await untilSleeping(target, 1, 5000)
        const s = await openEvents(target, `/v1/jobs/${created.body.job_id}/events`, t.key)
        expect(s.response.status).toBe(200)
        expect(s.response.headers.get("content-type")).toMatch(/^text\/event-stream/)
        expect(s.response.headers.get("x-request-id")).toMatch(/^req_/)
        const queued = await s.next()
        expect(queued).toEqual({ id: "1", data: { sequence: 1, at: created.body.created_at, status: "queued", progress: null } })
        const running = await s.next()
        expect(running!.id).toBe("2")
        expect(running!.data).toMatchObject({ sequence: 2, status: "running", progress: { units_done: 0, stage: "parsing" } })
        await advance(5000)
        const done = await s.next()
        expect(done!.id).toBe("3")
        expect(done!.data).toMatchObject({ sequence: 3, status: "succeeded" })
        expect(Date.parse(done!.data.at)).toBe(Date.parse(created.body.created_at) + 5000)
        expect(await s.next()).toBeNull()
      })
      it("Last-Event-ID resumes after that sequence without loss or duplicates; a bad one is 422", async () => {
        const t = await api.tenant()
        const up = await upload(t.key)
        const job = await v1Parse(t.key, up.file_id, { wait_seconds: 10 })
        expect(job.body.status).toBe("succeeded")
        const path = `/v1/jobs/${job.body.job_id}/events`
        const all = await openEvents(target, path, t.key)
        const ids: Array<string> = []
        for (let f = await all.next(); f !== null; f = await all.next()) ids.push(f.id)
        expect(ids).toEqual(["1", "2", "3"])
        const resumed = await openEvents(target, path, t.key, { "last-event-id": "1" })
        expect((await resumed.next())!.data).toMatchObject({ sequence: 2, status: "running" })
        expect((await resumed.next())!.data).toMatchObject({ sequence: 3, status: "succeeded" })
        expect(await resumed.next()).toBeNull()
        const atEnd = await openEvents(target, path, t.key, { "last-event-id": "3" })
        expect(atEnd.response.status).toBe(200)
        expect(await atEnd.next()).toBeNull()
        const bad = await openEvents(target, path, t.key, { "last-event-id": "abc" })
        expectV1Error(bad.json!, 422, "invalid_request")
        expect(bad.json!.body.error.detail.errors[0].field).toBe("Last-Event-ID")
      })
      it("a failed or cancelled job's last frame carries its message", async () => {
        const t = await api.tenant()
        const up = await upload(t.key, "slow.txt", "#delay 5000\nslow")
        const created = await v1Parse(t.key, up.file_id)
        await untilSleeping(target, 1, 5000)
        await api.call("POST", `/v1/jobs/${created.body.job_id}/cancel`, { key: t.key, body: { reason: "no longer needed" } })
        const s = await openEvents(target, `/v1/jobs/${created.body.job_id}/events`, t.key, { "last-event-id": "2" })
        expect((await s.next())!.data).toMatchObject({ sequence: 3, status: "cancelled", message: "no longer needed" })
        expect(await s.next()).toBeNull()
      })
      it("ends after 300 s on the service clock while the job keeps running", async () => {
        const t = await api.tenant()
        const up = await upload(t.key, "slow.txt", "#delay 1000000\nvery slow")
        const created = await v1Parse(t.key, up.file_id)
        await untilSleeping(target, 1, 1_000_000)
        const s = await openEvents(target, `/v1/jobs/${created.body.job_id}/events`, t.key)
        expect((await s.next())!.data.status).toBe("queued")
        expect((await s.next())!.data.status).toBe("running")
        await untilSleeping(target, 1, 300_000)
        await advance(299_999)
        await advance(1)
        expect(await s.next()).toBeNull()
        expect((await api.call("GET", `/v1/jobs/${created.body.job_id}`, { key: t.key })).body.status).toBe("running")
      })
      it("a client that goes away ends the stream", async () => {
        const t = await api.tenant()
        const up = await upload(t.key, "slow.txt", "#delay 1000000\nvery slow")
        const created = await v1Parse(t.key, up.file_id)
        await untilSleeping(target, 1, 1_000_000)
        const s = await openEvents(target, `/v1/jobs/${created.body.job_id}/events`, t.key, { "last-event-id": "1" })
        expect((await s.next())!.data.status).toBe("running")
        await untilSleeping(target, 1, 300_000)
        s.close()
        await untilPending(target, 300_000, (n) => n === 0, "the stream's wait to end once the client has gone")
      })
      it("another tenant's job, an unknown job and a missing key are refused", async () => {
        const a = await api.tenant()
        const b = await api.tenant()
        const up = await upload(a.key)
        const job = await v1Parse(a.key, up.file_id)
        const other = await openEvents(target, `/v1/jobs/${job.body.job_id}/events`, b.key)
        expectV1Error(other.json!, 404, "job_not_found")
        const unknown = await openEvents(target, "/v1/jobs/00000000-0000-4000-8000-000000000000/events", a.key)
        expectV1Error(unknown.json!, 404, "job_not_found")
        expectV1Error(await api.call("GET", `/v1/jobs/${job.body.job_id}/events`), 401, "unauthorized")
      })
    })

    describe("retention", () => {
      it("a result is available until payload_expires_at (7 days), then expired: a late poll returns the job, never 404", async () => {
        const t = await api.tenant()
        const up = await upload(t.key)
        const headers = { "idempotency-key": "keep-1" }
        const job = await v1Parse(t.key, up.file_id, { wait_seconds: 10 }, headers)
        expect(job.body).toMatchObject({ status: "succeeded", result_state: "available" })
        expect(Date.parse(job.body.payload_expires_at)).toBe(Date.parse(job.body.created_at) + 7 * DAY)
        const flat = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(flat.body.result.item.item_type).toBe("file")
        await advance(7 * DAY - 1)
        expect((await api.call("GET", `/v1/jobs/${job.body.job_id}`, { key: t.key })).body.result_state).toBe("available")
        await advance(1)
        const late = await api.call("GET", `/v1/jobs/${job.body.job_id}`, { key: t.key })
        expect(late.status).toBe(200)
        expect(late.body).toMatchObject({ status: "succeeded", result_state: "expired", result: null, units: 2 })
        // the handle (6 days) has expired before the payload (7 days): a create naming it is 409 upload_expired
        const expiredHandle = await v1Parse(t.key, up.file_id, {}, headers)
        expectV1Error(expiredHandle, 409, "upload_expired")
        expect(expiredHandle.body.error.message).toContain("upload the file again")
        await advance(60 * DAY)
        const later = await api.call("GET", `/v1/jobs/${job.body.job_id}`, { key: t.key })
        expect(later.status).toBe(200)
        expect(later.body.result_state).toBe("expired")
        const flatLate = await api.call("GET", `/jobs/${flat.body.job_id}`, { key: t.key })
        expect(flatLate.status).toBe(200)
        expect(flatLate.body).toMatchObject({ status: "succeeded", result: null })
        expect((await api.call("GET", "/v1/jobs", { key: t.key })).body.total_count).toBe(2)
      })
      it("a markdown link signed just before retention ends answers 410 result_expired once the payload is gone", async () => {
        const t = await api.tenant()
        const up = await upload(t.key)
        const flat = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        await advance(7 * DAY - 30 * 60 * 1000)
        const fresh = await api.call("GET", `/jobs/${flat.body.job_id}`, { key: t.key })
        const link = new URL(fresh.body.result.item.markdown_url)
        expect((await target.fetch(link.pathname + link.search)).status).toBe(200)
        await advance(30 * 60 * 1000)
        const gone = await readJson(await target.fetch(link.pathname + link.search))
        expect(gone.status).toBe(410)
        expect(gone.body.error.code).toBe("result_expired")
      })
      it("result_state: null while running, not_retained for failed, cancelled for cancelled; a cancelled replay is 409 job_cancelled", async () => {
        const t = await api.tenant()
        const slow = await upload(t.key, "slow.txt", "#delay 5000\nslow")
        const headers = { "idempotency-key": "cancel-me" }
        const running = await v1Parse(t.key, slow.file_id, {}, headers)
        await untilSleeping(target, 1, 5000)
        expect((await api.call("GET", `/v1/jobs/${running.body.job_id}`, { key: t.key })).body).toMatchObject({ status: "running", result_state: null, result: null })
        const cancelled = await api.call("POST", `/v1/jobs/${running.body.job_id}/cancel`, { key: t.key })
        expect(cancelled.body).toMatchObject({ result_state: "cancelled", result: null, error: { code: "job_cancelled" } })
        expectV1Error(await v1Parse(t.key, slow.file_id, {}, headers), 409, "job_cancelled")
        const bad = await upload(t.key, "bad.txt", "#corrupt")
        const failed = await v1Parse(t.key, bad.file_id, { wait_seconds: 5 })
        expect(failed.body).toMatchObject({ status: "failed", result_state: "not_retained", result: null, error: { code: "corrupt_file" } })
      })
    })

    describe("v1 resumable uploads", () => {
      const createSession = (key: string, body: unknown) => api.call("POST", "/v1/uploads", { key, body })
      const putPart = (key: string, id: string, offset: number | string, bytes: string | Uint8Array) =>
        api.call("PUT", `/v1/uploads/${id}/parts?offset=${offset}`, { key, raw: bytes as BodyInit, headers: { "content-type": "application/octet-stream" } })

      it("create, send parts at their offsets, query, complete; the upload is a v1 parse source", async () => {
        const t = await api.tenant()
        const text = "Resumable\n\nupload\fsecond page"
        const bytes = new TextEncoder().encode(text)
        const now = (await target.admin.clock.now()).now
        const created = await createSession(t.key, { file_name: "notes.txt", size: bytes.byteLength })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        expect(created.body).toMatchObject({ file_name: "notes.txt", size: bytes.byteLength, offset: 0, state: "open", completed_at: null, source: null })
        expect(Date.parse(created.body.expires_at)).toBe(now + DAY)
        const id = created.body.upload_id
        const first = await putPart(t.key, id, 0, bytes.subarray(0, 10))
        expect(first.status, JSON.stringify(first.body)).toBe(200)
        expect(first.body.offset).toBe(10)
        const wrong = await putPart(t.key, id, 0, bytes.subarray(0, 10))
        expectV1Error(wrong, 409, "upload_offset_mismatch")
        expect(wrong.body.error.detail).toEqual({ expected_offset: 10, offset: 0 })
        expect(wrong.body.error.message).toContain("offset 10")
        expectV1Error(await putPart(t.key, id, 25, "x"), 409, "upload_offset_mismatch")
        expectV1Error(await putPart(t.key, id, "abc", "x"), 422, "invalid_request")
        expect((await api.call("GET", `/v1/uploads/${id}`, { key: t.key })).body).toMatchObject({ offset: 10, state: "open" })
        const early = await api.call("POST", `/v1/uploads/${id}/complete`, { key: t.key })
        expectV1Error(early, 422, "invalid_request")
        expect(early.body.error.message).toContain("received 10 of")
        expectV1Error(await putPart(t.key, id, 10, new Uint8Array(bytes.byteLength)), 422, "invalid_request")
        expect((await putPart(t.key, id, 10, bytes.subarray(10))).body.offset).toBe(bytes.byteLength)
        const done = await api.call("POST", `/v1/uploads/${id}/complete`, { key: t.key })
        expect(done.status, JSON.stringify(done.body)).toBe(200)
        expect(done.body).toMatchObject({ state: "completed", offset: bytes.byteLength, source: { type: "upload", upload_id: id } })
        expect(Date.parse(done.body.expires_at)).toBe(now + 6 * DAY)
        const job = await v1Parse(t.key, id, { wait_seconds: 10 })
        expect(job.body, JSON.stringify(job.body)).toMatchObject({ status: "succeeded", result: { file_name: "notes.txt" } })
        expect(job.body.result.document.markdown).toBe("Resumable\n\nupload\n\nsecond page")
        // a completed session takes nothing more
        expectV1Error(await putPart(t.key, id, bytes.byteLength, "x"), 409, "upload_expired")
        expectV1Error(await api.call("POST", `/v1/uploads/${id}/complete`, { key: t.key }), 409, "upload_expired")
        expectV1Error(await api.call("DELETE", `/v1/uploads/${id}`, { key: t.key }), 409, "upload_expired")
      })
      it("refuses: too large 413, unsupported extension 422, bad fields 422, another tenant's or unknown session 404, no key 401", async () => {
        const a = await api.tenant()
        const b = await api.tenant()
        expectV1Error(await createSession(a.key, { file_name: "big.txt", size: 1024 * 1024 + 1 }), 413, "file_too_large")
        expectV1Error(await createSession(a.key, { file_name: "tool.exe", size: 10 }), 422, "unsupported_file_type")
        const bad = await createSession(a.key, { file_name: "", size: 0, colour: "red" })
        expectV1Error(bad, 422, "invalid_request")
        expect(bad.body.error.detail.errors.map((e: { field: string }) => e.field).sort()).toEqual(["colour", "file_name", "size"])
        const s = await createSession(a.key, { file_name: "a.txt", size: 3 })
        expectV1Error(await api.call("GET", `/v1/uploads/${s.body.upload_id}`, { key: b.key }), 404, "session_not_found")
        expectV1Error(await putPart(b.key, s.body.upload_id, 0, "abc"), 404, "session_not_found")
        expectV1Error(await api.call("GET", "/v1/uploads/00000000-0000-4000-8000-000000000000", { key: a.key }), 404, "session_not_found")
        expectV1Error(await api.call("POST", "/v1/uploads", { body: { file_name: "a.txt", size: 3 } }), 401, "unauthorized")
        expectV1Error(await putPart(a.key, s.body.upload_id, 0, ""), 422, "invalid_request")
        // an upload id that is a session but not completed is no source yet
        expectV1Error(await v1Parse(a.key, s.body.upload_id), 404, "file_not_found")
      })
      it("a staged upload in one multipart request is a completed session at once", async () => {
        const t = await api.tenant()
        const staged = async (name: string, content: string | Uint8Array) => {
          const form = new FormData()
          form.append("file", new Blob([content as BlobPart]), name)
          return api.call("POST", "/v1/uploads", { key: t.key, raw: form })
        }
        const r = await staged("memo.txt", "Staged\n\nin one go")
        expect(r.status, JSON.stringify(r.body)).toBe(201)
        expect(r.body).toMatchObject({ file_name: "memo.txt", size: 17, offset: 17, state: "completed", source: { type: "upload", upload_id: r.body.upload_id } })
        expect((await api.call("GET", `/v1/uploads/${r.body.upload_id}`, { key: t.key })).body.state).toBe("completed")
        const job = await v1Parse(t.key, r.body.upload_id, { wait_seconds: 10 })
        expect(job.body.result.document.markdown).toBe("Staged\n\nin one go")
        const pdf = await staged("scan.pdf", "not a pdf at all")
        expectV1Error(pdf, 422, "unsupported_file_type")
        expect(pdf.body.error.message).toContain("does not match")
        expectV1Error(await staged("tool.exe", "MZ"), 422, "unsupported_file_type")
        expectV1Error(await staged("big.txt", new Uint8Array(1024 * 1024 + 1)), 413, "file_too_large")
        const noFile = new FormData()
        noFile.append("document", new Blob(["x"]), "a.txt")
        expectV1Error(await api.call("POST", "/v1/uploads", { key: t.key, raw: noFile }), 422, "invalid_request")
      })
      it("a completed file whose signature contradicts its extension is 422 unsupported_file_type and the session is aborted", async () => {
        const t = await api.tenant()
        const s = await createSession(t.key, { file_name: "scan.pdf", size: 11 })
        await putPart(t.key, s.body.upload_id, 0, "plain text!")
        const r = await api.call("POST", `/v1/uploads/${s.body.upload_id}/complete`, { key: t.key })
        expectV1Error(r, 422, "unsupported_file_type")
        expect(r.body.error.message).toContain(".pdf")
        expect((await api.call("GET", `/v1/uploads/${s.body.upload_id}`, { key: t.key })).body.state).toBe("aborted")
      })
      it("an open session expires after 24 h on the service clock; an aborted one takes nothing more", async () => {
        const t = await api.tenant()
        const s = await createSession(t.key, { file_name: "a.txt", size: 6 })
        await putPart(t.key, s.body.upload_id, 0, "abc")
        await advance(DAY)
        const late = await putPart(t.key, s.body.upload_id, 3, "def")
        expectV1Error(late, 409, "upload_expired")
        expect(late.body.error.message).toContain("expired")
        expect((await api.call("GET", `/v1/uploads/${s.body.upload_id}`, { key: t.key })).body).toMatchObject({ state: "expired", offset: 3 })
        const other = await createSession(t.key, { file_name: "b.txt", size: 6 })
        const aborted = await api.call("DELETE", `/v1/uploads/${other.body.upload_id}`, { key: t.key })
        expect(aborted.status).toBe(200)
        expect(aborted.body.state).toBe("aborted")
        const refused = await putPart(t.key, other.body.upload_id, 0, "abc")
        expectV1Error(refused, 409, "upload_expired")
        expect(refused.body.error.message).toContain("aborted")
      })
    })

    describe("sources by URL", () => {
      let server: Server | undefined
      let base = ""
      const hits: Array<string> = []
      beforeEach(async () => {
        hits.length = 0
        server = createServer((req, res) => {
          hits.push(req.url ?? "")
          if (req.url === "/report.txt") return void res.end("Fetched\n\nfrom a URL")
          if (req.url === "/huge.txt") return void res.end(Buffer.alloc(1024 * 1024 + 1, 0x61))
          if (req.url === "/silent.txt") return // never answers
          res.statusCode = 404
          res.end("no")
        })
        await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve))
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      })
      afterEach(async () => {
        server?.closeAllConnections()
        await new Promise((resolve) => server?.close(resolve))
      })
      const adminCall = (method: string, path: string, options: { body?: unknown; raw?: BodyInit } = {}) =>
        api.call(method, path, { ...options, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      const urlParse = (key: string, url: string, fileName: string | null = "report.txt", wait = 10) =>
        api.call("POST", "/v1/parse", { key, body: { source: { type: "url", url, ...(fileName === null ? {} : { file_name: fileName }) }, wait_seconds: wait } })

      it("an http(s) URL is fetched when the job runs, in both forms", async () => {
        const t = await api.tenant()
        const v1 = await urlParse(t.key, `${base}/report.txt`)
        expect(v1.status, JSON.stringify(v1.body)).toBe(200)
        expect(v1.body).toMatchObject({ status: "succeeded", result: { file_name: "report.txt" } })
        expect(v1.body.result.document.markdown).toBe("Fetched\n\nfrom a URL")
        const flat = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: `${base}/report.txt`, file_name: "copy.txt" } } })
        expect(flat.body, JSON.stringify(flat.body)).toMatchObject({ status: "succeeded", result: { item: { item_type: "file", page_count: 1 } } })
        expect(hits).toEqual(["/report.txt", "/report.txt"])
      })
      it("a download that fails is the job error download_failed: 404, over the size cap, no answer within 30 s", async () => {
        const t = await api.tenant()
        const missing = await urlParse(t.key, `${base}/missing.txt`)
        expect(missing.body).toMatchObject({ status: "failed", error: { code: "download_failed" } })
        expect(missing.body.error.message).toContain("404")
        const huge = await urlParse(t.key, `${base}/huge.txt`)
        expect(huge.body).toMatchObject({ status: "failed", error: { code: "download_failed" } })
        expect(huge.body.error.message).toContain("larger than")
        const silent = await urlParse(t.key, `${base}/silent.txt`, "report.txt", 0)
        expect(silent.status).toBe(202)
        await untilSleeping(target, 1, 30_000)
        await advance(30_000)
        let job: JsonResponse | undefined
        for (let i = 0; i < 500; i++) {
          job = await api.call("GET", `/v1/jobs/${silent.body.job_id}`, { key: t.key })
          if (job.body.status === "failed") break
          await new Promise((resolve) => setTimeout(resolve, 2))
        }
        expect(job!.body.error).toMatchObject({ code: "download_failed", retryable: true })
        expect(job!.body.error.message).toContain("30 s")
      })
      it("refuses other schemes and hosts 422, a missing file_name 422, an unsupported extension 422", async () => {
        const t = await api.tenant()
        for (const url of ["ftp://example.com/a.txt", "http://example.com/a.txt", "file:///etc/passwd", "https://user:pw@example.com/a.txt", "s3://x"]) {
          const r = await urlParse(t.key, url)
          expectV1Error(r, 422, "invalid_request")
          expect(r.body.error.detail.errors[0].field).toBe("source.url")
          const flat = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: url, file_name: "a.txt" } } })
          expect(flat.status, url).toBe(422)
          expect(flat.body.error.errors[0].field).toBe("file.source_url")
        }
        const noName = await urlParse(t.key, "https://example.com/a.txt", null)
        expectV1Error(noName, 422, "invalid_request")
        expect(noName.body.error.detail.errors[0].field).toBe("source.file_name")
        expectV1Error(await urlParse(t.key, "https://example.com/a.exe", "a.exe"), 422, "unsupported_file_type")
        const flatNoName = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: "https://example.com/a.txt" } } })
        expect(flatNoName.body.error.errors[0].field).toBe("file.file_name")
      })
      it("s3:// reads the tenant's buckets from the object store; another bucket is 403; a missing object is download_failed", async () => {
        const t = await api.tenant()
        expect((await adminCall("PATCH", `/_admin/docs/tenants/${t.tenantId}`, { body: { buckets: ["acme-docs"] } })).body.buckets).toEqual(["acme-docs"])
        expect((await adminCall("PATCH", `/_admin/docs/tenants/${t.tenantId}`, { body: { buckets: ["Not_A_Bucket"] } })).status).toBe(400)
        const put = await adminCall("PUT", "/_admin/docs/objects/acme-docs/in/q3%20report.txt", { raw: "Stored\n\nin a bucket" })
        expect(put.status, JSON.stringify(put.body)).toBe(200)
        expect(put.body).toEqual({ bucket: "acme-docs", key: "in/q3 report.txt", size: 19, url: "s3://acme-docs/in/q3 report.txt" })
        expect((await adminCall("PUT", "/_admin/docs/objects/UPPER/x.txt", { raw: "x" })).status).toBe(400)
        const ok = await urlParse(t.key, "s3://acme-docs/in/q3 report.txt")
        expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ status: "succeeded" })
        expect(ok.body.result.document.markdown).toBe("Stored\n\nin a bucket")
        expectV1Error(await urlParse(t.key, "s3://other-bucket/in/report.txt"), 403, "access_denied")
        const flat = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: "s3://other-bucket/a.txt", file_name: "a.txt" } } })
        expect(flat.status).toBe(403)
        expect(flat.body.error.code).toBe("forbidden")
        const gone = await urlParse(t.key, "s3://acme-docs/in/nothing.txt", "nothing.txt")
        expect(gone.body).toMatchObject({ status: "failed", error: { code: "download_failed" } })
        const other = await api.tenant()
        expectV1Error(await urlParse(other.key, "s3://acme-docs/in/q3 report.txt"), 403, "access_denied")
        // a reset empties the object store too
        await target.admin.reset()
        const fresh = await api.tenant({ buckets: ["acme-docs"] })
        const after = await urlParse(fresh.key, "s3://acme-docs/in/q3 report.txt")
        expect(after.body).toMatchObject({ status: "failed", error: { code: "download_failed", message: expect.stringContaining("no such object") } })
      })
    })

    describe("sync waits", () => {
      it("at the tenant's cap of concurrent sync waits a sync call degrades to 202 with job_id (flat) or the job (v1)", async () => {
        const t = await api.tenant({ sync_waits: 1 })
        const slow = await upload(t.key, "slow.txt", "#delay 5000\nslow")
        const waiting = api.call("POST", "/parse", { key: t.key, body: { file: { source_url: slow.source_url } } })
        await untilSleeping(target, 1, 5000)
        await untilSleeping(target, 1, 120_000)
        const other = await upload(t.key, "other.txt", "#delay 5000\nother")
        const degraded = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: other.source_url } } })
        expect(degraded.status, JSON.stringify(degraded.body)).toBe(202)
        expect(Object.keys(degraded.body)).toEqual(["job_id"])
        const v1 = await v1Parse(t.key, other.file_id, { wait_seconds: 30 })
        expect(v1.status).toBe(202)
        expect(v1.body.status).toMatch(/queued|running/)
        await advance(5000)
        const first = await waiting
        expect(first.status).toBe(200)
        expect(first.body.status).toBe("succeeded")
        // the slot is free again: the next sync call waits
        const fast = await upload(t.key, "fast.txt", "fast")
        const waited = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: fast.source_url } } })
        expect(waited.status).toBe(200)
        expect(waited.body.status).toBe("succeeded")
      })
    })
  })
