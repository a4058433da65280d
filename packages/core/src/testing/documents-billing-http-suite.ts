/**
 * Credits, usage and per-tenant limits of the document service over HTTP (spec 2, "Limits",
 * "Usage"): run by every adapter beside `documentsHttpSuite`, as
 * `documentsBillingHttpSuite(name, start)`. The target parses with `testParserLayer`.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { type HttpTarget, type JsonResponse, type StartTarget, untilSleeping } from "./http-target.js"

const DAY = 24 * 3600 * 1000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const expectFlat = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
}
const expectV1 = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(typeof r.body.error.retryable).toBe("boolean")
  expect(r.body.request_id).toBe(r.headers.get("x-request-id"))
}

export const documentsBillingHttpSuite = (name: string, start: StartTarget) =>
  describe(`document service credits, usage and limits over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    const upload = async (key: string, name: string, content: string) => {
      const r = await api.upload(key, name, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { file_id: string; source_url: string }
    }
    /** a sync flat parse that finishes (no delay) */
    const parse = async (key: string, name: string, content: string) => {
      const up = await upload(key, name, content)
      const r = await api.call("POST", "/parse", { key, body: { file: { source_url: up.source_url } } })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { job_id: string; status: string }
    }
    const parseAsync = async (key: string, name: string, content: string, idempotency_key?: string) => {
      const up = await upload(key, name, content)
      return api.call("POST", "/parse_async", { key, body: { file: { source_url: up.source_url }, ...(idempotency_key ? { idempotency_key } : {}) } })
    }
    const now = async () => (await target.admin.clock.now()).now as number
    const v1Job = (key: string, id: string) => api.call("GET", `/v1/jobs/${id}`, { key })

    describe("credits", () => {
      it("a document costs 1 per page; v1 jobs and list entries show the units", async () => {
        const t = await api.tenant()
        const job = await parse(t.key, "two.txt", "one\fpage two")
        expect(job.status).toBe("succeeded")
        expect((await v1Job(t.key, job.job_id)).body.units).toBe(2)
        const list = await api.call("GET", "/v1/jobs", { key: t.key })
        expect(list.body.items[0]).toMatchObject({ job_id: job.job_id, units: 2 })
      })
      it("a spreadsheet costs 1 per 500 non-empty cells per sheet, rounded up", async () => {
        const t = await api.tenant()
        const small = await parse(t.key, "small.csv", "a,b\n1,2\n")
        expect((await v1Job(t.key, small.job_id)).body.units).toBe(1)
        const big = await parse(t.key, "big.csv", Array.from({ length: 501 }, () => "x").join("\n") + "\n")
        expect((await v1Job(t.key, big.job_id)).body.units).toBe(2)
      })
      it("a failed job is free and records no usage", async () => {
        const t = await api.tenant()
        const up = await upload(t.key, "bad.txt", "#corrupt")
        const r = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(r.body.status).toBe("failed")
        expect((await v1Job(t.key, r.body.job_id)).body.units).toBe(0)
        const today = day(await now())
        const usage = await api.call("GET", `/v1/usage?period_start=${today}&period_end=${today}`, { key: t.key })
        expect(usage.body.units_total).toBe(0)
      })
      it("402 quota_exceeded once the included credits are used, in both envelopes; uploads, reads and replays still work; paid usage lifts it", async () => {
        const t = await api.tenant({ credits: 3 })
        const a = await upload(t.key, "a.txt", "one\ftwo")
        const aBody = { file: { source_url: a.source_url }, idempotency_key: "key-a" }
        const first = await api.call("POST", "/parse", { key: t.key, body: aBody })
        expect(first.body.status).toBe("succeeded")
        await parse(t.key, "b.txt", "one\ftwo") // 2 + 2 = 4 >= 3
        const up = await upload(t.key, "c.txt", "more")
        const flat = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } })
        expectFlat(flat, 402, "quota_exceeded")
        expect(flat.body.error.message).toMatch(/Included credits used up/)
        const v1 = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id } } })
        expectV1(v1, 402, "quota_exceeded")
        expect(v1.body.error.retryable).toBe(false)
        expect(v1.body.error.message).toMatch(/Included credit used and paid usage not enabled; not charged/)
        expect((await api.upload(t.key, "d.txt", "x")).status).toBe(200)
        expect((await api.call("GET", "/jobs", { key: t.key })).status).toBe(200)
        // a replay creates nothing, so it is answered with the existing job
        const replay = await api.call("POST", "/parse_async", { key: t.key, body: aBody })
        expect(replay.status).toBe(202)
        expect(replay.body.job_id).toBe(first.body.job_id)
        const today = day(await now())
        expect((await api.call("GET", `/v1/usage?period_start=${today}&period_end=${today}`, { key: t.key })).body.units_total).toBe(4)
        await target.admin.docs.updateTenant(t.tenantId, { paid_usage: true })
        expect((await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } })).status).toBe(202)
      })
    })

    describe("usage", () => {
      it("GET /v1/usage: buckets by day (inclusive dates, zero-filled), kind and workspace; units_total", async () => {
        const t = await api.tenant()
        const start = await now()
        await parse(t.key, "a.txt", "one\ftwo")
        await parse(t.key, "s.csv", "a,b\n1,2\n")
        await target.admin.clock.advance(DAY)
        await parse(t.key, "c.txt", "one")
        const d0 = day(start)
        const d1 = day(start + DAY)
        const byDay = await api.call("GET", `/v1/usage?period_start=${d0}&period_end=${day(start + 2 * DAY)}`, { key: t.key })
        expect(byDay.status, JSON.stringify(byDay.body)).toBe(200)
        expect(byDay.body).toMatchObject({ period_start: d0, group_by: "day", units_total: 4 })
        expect(byDay.body.buckets).toEqual([
          { key: d0, units: 3, jobs: 2, pages: 6, bytes_ingested: 0 },
          { key: d1, units: 1, jobs: 1, pages: 1, bytes_ingested: 0 },
          { key: day(start + 2 * DAY), units: 0, jobs: 0, pages: 0, bytes_ingested: 0 }
        ])
        const oneDay = await api.call("GET", `/v1/usage?period_start=${d1}&period_end=${d1}`, { key: t.key })
        expect(oneDay.body.units_total).toBe(1)
        const byKind = await api.call("GET", `/v1/usage?period_start=${d0}&period_end=${d1}&group_by=kind`, { key: t.key })
        expect(byKind.body.buckets).toEqual([{ key: "parse", units: 4, jobs: 3, pages: 7, bytes_ingested: 0 }])
        const byWs = await api.call("GET", `/v1/usage?period_start=${d0}&period_end=${d1}&group_by=workspace`, { key: t.key })
        expect(byWs.body.buckets).toEqual([{ key: null, units: 4, jobs: 3, pages: 7, bytes_ingested: 0 }])
        const ws = await api.call("GET", `/v1/usage?period_start=${d0}&period_end=${d1}&workspace_id=ws_1`, { key: t.key })
        expect(ws.body.units_total).toBe(0)
        const other = await api.tenant()
        expect((await api.call("GET", `/v1/usage?period_start=${d0}&period_end=${d1}`, { key: other.key })).body.units_total).toBe(0)
      })
      it("422 invalid_request: period_end before period_start, missing or malformed dates, unknown group_by", async () => {
        const t = await api.tenant()
        const r = await api.call("GET", "/v1/usage?period_start=2026-03-02&period_end=2026-03-01", { key: t.key })
        expectV1(r, 422, "invalid_request")
        expect(r.body.error.detail.errors).toEqual([{ field: "period_end", message: "must not be before period_start" }])
        const missing = await api.call("GET", "/v1/usage", { key: t.key })
        expectV1(missing, 422, "invalid_request")
        expect(missing.body.error.detail.errors.map((e: any) => e.field)).toEqual(["period_start", "period_end"])
        expectV1(await api.call("GET", "/v1/usage?period_start=2026-02-30&period_end=2026-03-01", { key: t.key }), 422, "invalid_request")
        expectV1(await api.call("GET", "/v1/usage?period_start=2026-03-01&period_end=2026-03-01&group_by=month", { key: t.key }), 422, "invalid_request")
        expectV1(await api.call("GET", "/v1/usage?period_start=2020-01-01&period_end=2026-03-01", { key: t.key }), 422, "invalid_request")
        expectV1(await api.call("GET", "/v1/usage/overview?window=toString", { key: t.key }), 422, "invalid_request")
      })
      it("GET /v1/usage/overview: the window ending today, the prior window, queued and active jobs, average time, zero-filled series", async () => {
        const t = await api.tenant()
        const empty = await api.call("GET", "/v1/usage/overview", { key: t.key })
        expect(empty.status).toBe(200)
        expect(empty.body).toMatchObject({ window: "7d", documents_processed: 0, avg_processing_seconds: null, avg_processing_seconds_prior: null })
        expect(empty.body.series).toHaveLength(7)
        const today = day(await now())
        expect(empty.body.period_end).toBe(today)
        expect(empty.body.series[6]).toEqual({ day: today, documents: 0 })
        // one document that takes 5 s on the service clock
        const slow = await parseAsync(t.key, "slow.txt", "#delay 5000\nslow")
        await untilSleeping(target, 1, 5000)
        const running = await api.call("GET", "/v1/usage/overview", { key: t.key })
        expect(running.body).toMatchObject({ active_jobs: 1, queued_jobs: 0 })
        await target.admin.clock.advance(5000)
        await api.call("GET", `/jobs/${slow.body.job_id}`, { key: t.key })
        // up to 10 s of real time for the worker to record the outcome (a loaded machine is slow)
        for (const until = Date.now() + 10_000; Date.now() < until && (await v1Job(t.key, slow.body.job_id)).body.status !== "succeeded";) {
          await new Promise((r) => setTimeout(r, 5))
        }
        // the usage event is recorded just after the job's outcome (README: credits are recorded once the job succeeded)
        let done = await api.call("GET", "/v1/usage/overview", { key: t.key })
        for (const until = Date.now() + 10_000; Date.now() < until && done.body.documents_processed === 0;) {
          await new Promise((r) => setTimeout(r, 5))
          done = await api.call("GET", "/v1/usage/overview", { key: t.key })
        }
        expect(done.body).toMatchObject({ documents_processed: 1, documents_processed_prior: 0, active_jobs: 0, avg_processing_seconds: 5 })
        await target.admin.clock.advance(7 * DAY)
        const later = await api.call("GET", "/v1/usage/overview?window=7d", { key: t.key })
        expect(later.body).toMatchObject({ documents_processed: 0, documents_processed_prior: 1, avg_processing_seconds: null, avg_processing_seconds_prior: 5 })
        const month = await api.call("GET", "/v1/usage/overview?window=30d", { key: t.key })
        expect(month.body.series).toHaveLength(30)
        expect(month.body.documents_processed).toBe(1)
        expect(month.body.series.reduce((n: number, s: any) => n + s.documents, 0)).toBe(1)
      })
    })

    describe("limits", () => {
      it("requests per minute: a sliding 60 s window on the service clock, 429 with Retry-After in both forms; job reads never limited", async () => {
        const t = await api.tenant({ rpm: 2 })
        const job = await parseAsync(t.key, "a.txt", "x") // the upload and the create: 2 requests
        expect(job.status).toBe(202)
        const v1 = await api.call("GET", "/v1/extraction-schemas", { key: t.key })
        expectV1(v1, 429, "rate_limited")
        expect(v1.headers.get("retry-after")).toBe("60")
        expect(v1.body.error.retryable).toBe(true)
        const flat = await api.upload(t.key, "b.txt", "x")
        expectFlat(flat, 429, "too_many_requests")
        expect(flat.headers.get("retry-after")).toBe("60")
        for (let i = 0; i < 5; i++) {
          expect((await api.call("GET", "/jobs", { key: t.key })).status).toBe(200)
          expect((await api.call("GET", `/jobs/${job.body.job_id}`, { key: t.key })).status).toBe(200)
          expect((await api.call("GET", "/v1/jobs", { key: t.key })).status).toBe(200)
          expect((await api.call("GET", `/v1/jobs/${job.body.job_id}`, { key: t.key })).status).toBe(200)
        }
        await target.admin.clock.advance(30_000)
        expect((await api.call("GET", "/v1/extraction-schemas", { key: t.key })).headers.get("retry-after")).toBe("30")
        await target.admin.clock.advance(30_000)
        expect((await api.call("GET", "/v1/extraction-schemas", { key: t.key })).status).toBe(200)
        await target.admin.clock.advance(30_000)
        // one request left the window at 60 s, the one at 60 s is still in it
        expect((await api.call("GET", "/v1/extraction-schemas", { key: t.key })).status).toBe(200)
        const third = await api.call("GET", "/v1/extraction-schemas", { key: t.key })
        expectV1(third, 429, "rate_limited")
        expect(third.headers.get("retry-after")).toBe("30")
        const other = await api.tenant({ rpm: 2 })
        expect((await api.call("GET", "/v1/extraction-schemas", { key: other.key })).status).toBe(200)
      })
      it("idempotent replays count toward requests per minute", async () => {
        const t = await api.tenant({ rpm: 3 })
        const up = await upload(t.key, "a.txt", "x")
        const body = { file: { source_url: up.source_url }, idempotency_key: "k" }
        expect((await api.call("POST", "/parse_async", { key: t.key, body })).status).toBe(202)
        expect((await api.call("POST", "/parse_async", { key: t.key, body })).status).toBe(202)
        expectFlat(await api.call("POST", "/parse_async", { key: t.key, body }), 429, "too_many_requests")
      })
      it("concurrent jobs (pending + running): 429 at the cap in both forms; replays and uploads pass; a finished job frees a slot", async () => {
        const t = await api.tenant({ concurrent_jobs: 2 })
        const a = await parseAsync(t.key, "a.txt", "#delay 5000\na", "key-a")
        const b = await parseAsync(t.key, "b.txt", "#delay 5000\nb")
        expect([a.status, b.status]).toEqual([202, 202])
        const up = await upload(t.key, "c.txt", "c")
        const flat = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } })
        expectFlat(flat, 429, "too_many_requests")
        expect(flat.headers.get("retry-after")).not.toBeNull()
        const v1 = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.file_id } } })
        expectV1(v1, 429, "concurrency_limit_reached")
        const aUpload = (await api.call("GET", `/v1/jobs/${a.body.job_id}`, { key: t.key })).body
        expect(aUpload.status === "queued" || aUpload.status === "running").toBe(true)
        const jobs = await api.call("GET", "/jobs", { key: t.key })
        expect(jobs.body.jobs).toHaveLength(2)
        await untilSleeping(target, 1, 5000)
        await target.admin.clock.advance(5000)
        for (let i = 0; i < 300; i++) {
          const r = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } })
          if (r.status === 202) return
          expect(r.status).toBe(429)
          await new Promise((resolve) => setTimeout(resolve, 2))
          if (i % 20 === 19) await target.admin.clock.advance(5000)
        }
        throw new Error("no slot was freed")
      })
      it("a replay at the concurrency cap returns the existing job", async () => {
        const t = await api.tenant({ concurrent_jobs: 1 })
        const up = await upload(t.key, "a.txt", "#delay 5000\na")
        const body = { file: { source_url: up.source_url }, idempotency_key: "same" }
        const first = await api.call("POST", "/parse_async", { key: t.key, body })
        const again = await api.call("POST", "/parse_async", { key: t.key, body })
        expect(again.status).toBe(202)
        expect(again.body.job_id).toBe(first.body.job_id)
        const v1 = await api.call("POST", "/v1/parse", {
          key: t.key,
          body: { source: { type: "upload", upload_id: up.file_id } },
          headers: { "idempotency-key": "v1-new" }
        })
        expectV1(v1, 429, "concurrency_limit_reached")
      })
      it("the concurrent sync-wait cap degrades a sync call to 202 (not an error)", async () => {
        const t = await api.tenant({ sync_waits: 1 })
        const slow = await upload(t.key, "slow.txt", "#delay 5000\nslow")
        const waiting = api.call("POST", "/parse", { key: t.key, body: { file: { source_url: slow.source_url } } })
        await untilSleeping(target, 1, 120_000)
        const second = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: slow.source_url } } })
        expect(second.status).toBe(202)
        expect(typeof second.body.job_id).toBe("string")
        // both jobs run the 5 s delay on the service clock; the first may reach it after the
        // second, so the clock moves until the waiting call has its answer
        let answered: Awaited<typeof waiting> | undefined
        void waiting.then((r) => (answered = r))
        const started = Date.now()
        while (answered === undefined) {
          if (Date.now() - started > 20_000) throw new Error("the waiting sync call never answered")
          if ((await target.pendingSleeps(5000)) > 0) await target.admin.clock.advance(5000)
          await Promise.race([waiting, new Promise((resolve) => setTimeout(resolve, 50))])
        }
        expect(answered.status).toBe(200)
      })
    })
  })
