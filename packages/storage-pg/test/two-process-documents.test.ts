/**
 * Two real server processes on one database, for the document service: a job created on A is
 * seen, cancelled and streamed on B; credits, requests per minute and the concurrent-jobs cap
 * count across both; a job that changes on one instance wakes the sync calls and event streams
 * waiting on the other. A runs no jobs (`DOCKET_JOB_WORKERS=0`), so every job runs on B and
 * whatever A learns of a job's progress crosses instances. The servers
 * (`support/docs-server.ts`) parse with the test parser on manual clocks that start at the same
 * instant and are only ever moved together, by the same amount, so both share one time; a parse
 * with `#delay` stays running until cancelled or until the clocks pass its delay. Real time is
 * used only to wait for I/O, and to bound how long a wake-up across instances may take.
 */
import { Admin, type DocketControlPlane } from "@docket/core"
import { readJson, sseFrames, waitUntil } from "@docket/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "./support/database.js"
import { type ServerProcess, startDocsServer } from "./support/server.js"

const TOKEN = "two-process-docs-admin-token"
/** the secret of signed links, the same on both (as behind one load balancer) */
const LINK_SECRET = "two-process-docs-link-secret-0123456789"

let db: TestDatabase
let servers: Array<ServerProcess> = []
let admin: Array<DocketControlPlane> = []

beforeAll(async () => {
  db = await createTestDatabase()
  // both start at once on the fresh database: their migrations race (and must not fail)
  servers = await Promise.all(
    ["0", "4"].map((workers) =>
      startDocsServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN, DOCKET_JOB_WORKERS: workers, DOCKET_LINK_SECRET: LINK_SECRET })
    )
  )
  admin = servers.map((s) => Admin.controlPlaneClient(s.url, TOKEN))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await db?.drop()
})

const A = 0
const B = 1

const call = async (server: number, method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}) =>
  readJson(
    await fetch(`${servers[server].url}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  )

const tenant = async (input: Parameters<DocketControlPlane["docs"]["createTenant"]>[0] = {}) => {
  const created = await admin[A].docs.createTenant(input)
  return { tenantId: created.tenant_id, key: created.api_key }
}

/** `POST /upload` on `server`: the file's handle */
const uploadHandle = async (server: number, key: string, fileName: string, content: string) => {
  const form = new FormData()
  form.append("file", new Blob([content]), fileName)
  const response = await readJson(await fetch(`${servers[server].url}/upload`, { method: "POST", headers: { "x-api-key": key }, body: form }))
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as { readonly file_id: string; readonly source_url: string }
}

/** `POST /upload` on `server`; the file's id */
const upload = async (server: number, key: string, fileName: string, content: string): Promise<string> =>
  (await uploadHandle(server, key, fileName, content)).file_id

/** moves both manual clocks by `ms`, keeping them at one time */
const advanceBoth = (ms: number) => Promise.all(admin.map((a) => a.clock.advance(ms)))

/**
 * How long to wait for something across instances (LISTEN/NOTIFY: a few ms). Only a timeout of
 * waits: the clocks of both instances stand still unless a test moves them, so an answer or a
 * frame that comes at all came from the other instance's signal, not from the passing of time.
 */
const PROMPT_MS = 3_000

const v1Parse = async (server: number, key: string, uploadId: string) => {
  const r = await call(server, "POST", "/v1/parse", key, { source: { type: "upload", upload_id: uploadId } })
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  return r.body.job_id as string
}

const jobOn = async (server: number, key: string, jobId: string) => (await call(server, "GET", `/v1/jobs/${jobId}`, key)).body

/** fibers sleeping for exactly `ms` on the manual clocks of both servers */
const sleepingOnEither = async (ms: number) => {
  let n = 0
  for (const a of admin) n += ((await a.clock.now()) as { pending_sleeps?: Record<string, number> }).pending_sleeps?.[String(ms)] ?? 0
  return n
}

/** Opens `GET /v1/jobs/{id}/events` on `server` and reads it frame by frame (`null` once it ended). */
const openEvents = async (server: number, key: string, jobId: string, lastEventId?: string) => {
  const controller = new AbortController()
  const response = await fetch(`${servers[server].url}/v1/jobs/${jobId}/events`, {
    headers: { "x-api-key": key, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
    signal: controller.signal
  })
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
  return sseFrames(response, controller)
}

describe("two server processes on one PostgreSQL database: document jobs", () => {
  it("a parse job created on A is seen on B; its events stream from B; cancelled on B, it is cancelled on A", async () => {
    const t = await tenant()
    const file = await upload(A, t.key, "slow.txt", "#delay 600001\nslow text")
    const jobId = await v1Parse(A, t.key, file)
    // running on B (A runs no jobs), parked on B's manual clock
    await waitUntil(async () => (await sleepingOnEither(600_001)) >= 1, 15_000, "the job to start parsing", 20)
    expect(await jobOn(B, t.key, jobId)).toMatchObject({ job_id: jobId, status: "running" })

    const stream = await openEvents(B, t.key, jobId)
    try {
      expect(await stream.next()).toMatchObject({ id: "1", data: { sequence: 1, status: "queued", progress: null } })
      expect(await stream.next()).toMatchObject({ id: "2", data: { sequence: 2, status: "running", progress: { stage: "parsing" } } })

      const cancelled = await call(B, "POST", `/v1/jobs/${jobId}/cancel`, t.key, { reason: "cancelled on B" })
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(cancelled.body.status).toBe("cancelled")
      // the stream on B gets the terminal frame and ends
      expect(await stream.rest()).toEqual([
        { id: "3", data: expect.objectContaining({ sequence: 3, status: "cancelled", message: "cancelled on B" }) }
      ])
    } finally {
      stream.close()
    }

    expect(await jobOn(A, t.key, jobId)).toMatchObject({ job_id: jobId, status: "cancelled" })
    // A replays the log written on both instances, resuming after a sequence
    const onA = await openEvents(A, t.key, jobId, "1")
    expect((await onA.rest()).map((f) => [f.id, f.data.status])).toEqual([["2", "running"], ["3", "cancelled"]])
  })

  it("the events of a job that ran to the end through A stream from B, and resume there", async () => {
    const t = await tenant()
    const file = await upload(A, t.key, "two.txt", "one\fpage two")
    const jobId = await v1Parse(A, t.key, file)
    await waitUntil(async () => (await jobOn(A, t.key, jobId)).status === "succeeded", 15_000, "the job to succeed", 20)
    const all = await (await openEvents(B, t.key, jobId)).rest()
    expect(all.map((f) => [f.id, f.data.status])).toEqual([["1", "queued"], ["2", "running"], ["3", "succeeded"]])
    expect(all[2].data.progress).toMatchObject({ units_total: 2, units_done: 2, stage: "done" })
    const resumed = await (await openEvents(B, t.key, jobId, "2")).rest()
    expect(resumed.map((f) => f.id)).toEqual(["3"])
    expect(await (await openEvents(B, t.key, jobId, "3")).rest()).toEqual([])
  })

  it("credits used through A run out on B; both report the same usage", async () => {
    const t = await tenant({ credits: 2 })
    const file = await upload(A, t.key, "two.txt", "one\fpage two")
    const jobId = await v1Parse(A, t.key, file)
    await waitUntil(async () => (await jobOn(B, t.key, jobId)).status === "succeeded", 15_000, "the job to succeed", 20)
    const today = new Date(((await admin[B].clock.now()) as { now: number }).now).toISOString().slice(0, 10)
    // the charge is recorded just after the job shows succeeded (status, event, then usage)
    await waitUntil(
      async () => (await call(B, "GET", `/v1/usage?period_start=${today}&period_end=${today}`, t.key)).body.units_total === 2,
      15_000,
      "the charge to be recorded",
      20
    )
    const refused = await call(B, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: file } })
    expect(refused.status, JSON.stringify(refused.body)).toBe(402)
    expect(refused.body.error.code).toBe("quota_exceeded")
    for (const server of [A, B]) {
      const usage = await call(server, "GET", `/v1/usage?period_start=${today}&period_end=${today}`, t.key)
      expect(usage.status, JSON.stringify(usage.body)).toBe(200)
      expect(usage.body.units_total).toBe(2)
    }
  })

  it("requests per minute count across both: 16 concurrent requests over both, rpm 6 -> exactly 6 admitted", async () => {
    const t = await tenant({ rpm: 6 })
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call(i % 2 === 0 ? A : B, "GET", "/v1/extraction-schemas", t.key))
    )
    const counts: Record<number, number> = {}
    for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1
    expect(counts).toEqual({ 200: 6, 429: 10 })
    // both clocks stand still at the same instant: the window frees its first slot in 60 s
    for (const r of responses.filter((r) => r.status === 429)) {
      expect(r.body.error.code).toBe("rate_limited")
      expect(r.headers.get("retry-after")).toBe("60")
    }
    // and another tenant is not affected
    expect((await call(B, "GET", "/v1/extraction-schemas", (await tenant({ rpm: 6 })).key)).status).toBe(200)
  })
  it("a sync call on A whose job B runs answers 200 as soon as B finished it (flat timeout_seconds, v1 wait_seconds)", async () => {
    const t = await tenant()
    const handle = await uploadHandle(A, t.key, "two.txt", "one\fpage two")
    // A's clock never moves here: without a wake-up from B these waits would never end
    const flat = await call(A, "POST", "/parse?timeout_seconds=60", t.key, { file: { source_url: handle.source_url } })
    expect(flat.status, JSON.stringify(flat.body)).toBe(200)
    expect(flat.body).toMatchObject({ status: "succeeded", result: { item: expect.anything() } })

    const v1 = await call(A, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: handle.file_id }, wait_seconds: 60 })
    expect(v1.status, JSON.stringify(v1.body)).toBe(200)
    expect(v1.body).toMatchObject({ status: "succeeded" })
  })

  it("an event stream open on B gets the terminal frame of a job cancelled on A, without reconnecting; B's work stops", async () => {
    const t = await tenant()
    const file = await upload(A, t.key, "slow.txt", "#delay 600002\nslow text")
    const jobId = await v1Parse(A, t.key, file)
    await waitUntil(async () => (await sleepingOnEither(600_002)) >= 1, 15_000, "the job to start parsing on B", 20)
    const stream = await openEvents(B, t.key, jobId)
    try {
      expect((await stream.next())?.data.status).toBe("queued")
      expect((await stream.next())?.data.status).toBe("running")
      const cancelled = await call(A, "POST", `/v1/jobs/${jobId}/cancel`, t.key, { reason: "cancelled on A" })
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(await stream.rest()).toEqual([
        { id: "3", data: expect.objectContaining({ sequence: 3, status: "cancelled", message: "cancelled on A" }) }
      ])
    } finally {
      stream.close()
    }
    // the cancel made on A interrupted the parse running on B
    await waitUntil(async () => (await sleepingOnEither(600_002)) === 0, PROMPT_MS, "B's work to be interrupted", 20)
  })

  it("an event stream open on A gets the frames of a job that B runs to the end, without reconnecting", async () => {
    const t = await tenant()
    const file = await upload(A, t.key, "slow.txt", "#delay 1234\none\fpage two")
    const jobId = await v1Parse(A, t.key, file)
    await waitUntil(async () => (await sleepingOnEither(1_234)) >= 1, 15_000, "the job to start parsing on B", 20)
    const stream = await openEvents(A, t.key, jobId)
    try {
      expect((await stream.next())?.data.status).toBe("queued")
      expect((await stream.next())?.data.status).toBe("running")
      await advanceBoth(1_234)
      const rest = await stream.rest()
      expect(rest.map((f) => [f.id, f.data.status])).toEqual([["3", "succeeded"]])
      expect(rest[0].data.progress).toMatchObject({ units_total: 2, units_done: 2, stage: "done" })
    } finally {
      stream.close()
    }
  })

  it("the cap of concurrent sync waits counts across both: a wait held on A, a sync call on B degrades to 202 at once", async () => {
    const t = await tenant({ sync_waits: 1 })
    const file = await upload(A, t.key, "slow.txt", "#delay 600011\nslow text")
    const waiting = call(A, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: file }, wait_seconds: 61 })
    // A's wait holds the tenant's one place (it sleeps 61 s on A's clock, which nobody moves)
    await waitUntil(async () => (await sleepingOnEither(61_000)) === 1, PROMPT_MS, "A's sync wait to be parked", 20)
    const second = await call(B, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: file }, wait_seconds: 61 })
    expect(second.status, JSON.stringify(second.body)).toBe(202)
    // both jobs cancelled: A's wait answers (the v1 form's answer for a cancelled job)
    const jobs = await call(A, "GET", "/v1/jobs", t.key)
    const ids = (jobs.body.items as Array<{ job_id: string }>).map((j) => j.job_id)
    expect(ids).toHaveLength(2)
    for (const id of ids) expect((await call(A, "POST", `/v1/jobs/${id}/cancel`, t.key, {})).status).toBe(200)
    const first = await waiting
    expect(first.status, JSON.stringify(first.body)).toBe(409)
    expect(first.body.error.code).toBe("job_cancelled")
  })

  it("an object put through A's control plane is read by a job that B runs (s3:// source)", async () => {
    const t = await tenant({ buckets: ["shared-docs"] })
    const put = await fetch(`${servers[A].url}/_admin/docs/objects/shared-docs/q3/report.txt`, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: "Put through A\n\nread on B"
    })
    expect(put.status, await put.clone().text()).toBe(200)
    // A runs no jobs: B fetches the object
    const parsed = await call(A, "POST", "/parse?timeout_seconds=60", t.key, { file: { source_url: "s3://shared-docs/q3/report.txt", file_name: "report.txt" } })
    expect(parsed.status, JSON.stringify(parsed.body)).toBe(200)
    expect(parsed.body).toMatchObject({ status: "succeeded" })
    const markdown = await fetch(parsed.body.result.item.markdown_url)
    expect(await markdown.text()).toBe("Put through A\n\nread on B")
    // the link A signed opens on B too: both sign with the shared DOCKET_LINK_SECRET
    const onB = new URL(parsed.body.result.item.markdown_url)
    onB.host = new URL(servers[B].url).host
    const fromB = await fetch(onB)
    expect(fromB.status).toBe(200)
    expect(await fromB.text()).toBe("Put through A\n\nread on B")
  })

  it("the concurrent-jobs cap counts across both: 10 concurrent creates over both, cap 3 -> exactly 3 admitted", async () => {
    const t = await tenant({ concurrent_jobs: 3 })
    const file = await upload(A, t.key, "slow.txt", "#delay 600003\nslow text")
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? A : B, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: file } }))
    )
    const counts: Record<number, number> = {}
    for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1
    expect(counts).toEqual({ 202: 3, 429: 7 })
    for (const r of responses.filter((r) => r.status === 429)) expect(r.body.error.code).toBe("concurrency_limit_reached")
    // a slot frees once a job ends: cancelled through A, the three stop on B
    for (const r of responses.filter((r) => r.status === 202)) {
      expect((await call(A, "POST", `/v1/jobs/${r.body.job_id}/cancel`, t.key, {})).status).toBe(200)
    }
    expect((await call(B, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: await upload(B, t.key, "a.txt", "a") } })).status).toBe(202)
    await waitUntil(async () => (await sleepingOnEither(600_003)) === 0, PROMPT_MS, "B's work to be interrupted", 20)
  })
})
