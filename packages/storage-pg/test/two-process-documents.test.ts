/**
 * Two real server processes on one database, for the document service: a job created on A is
 * seen, cancelled and streamed on B; credits and requests per minute count across both. The
 * servers (`support/docs-server.ts`) parse with the test parser on manual clocks that start at the
 * same instant and are never moved here, so both share one time; a parse with `#delay` stays
 * running until cancelled. Real time is used only to wait for I/O.
 */
import { type DocketControlPlane, controlPlaneClient } from "@docket/core"
import { readJson, waitUntil } from "@docket/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "./support/database.js"
import { type ServerProcess, startDocsServer } from "./support/server.js"

const TOKEN = "two-process-docs-admin-token"

let db: TestDatabase
let servers: Array<ServerProcess> = []
let admin: Array<DocketControlPlane> = []

beforeAll(async () => {
  db = await createTestDatabase()
  // both start at once on the fresh database: their migrations race (and must not fail)
  servers = await Promise.all([0, 1].map(() => startDocsServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN })))
  admin = servers.map((s) => controlPlaneClient(s.url, TOKEN))
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

/** `POST /upload` on `server`; the file's id */
const upload = async (server: number, key: string, fileName: string, content: string): Promise<string> => {
  const form = new FormData()
  form.append("file", new Blob([content]), fileName)
  const response = await readJson(await fetch(`${servers[server].url}/upload`, { method: "POST", headers: { "x-api-key": key }, body: form }))
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.file_id as string
}

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

interface Frame {
  readonly id: string
  readonly data: any
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
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  const next = async (): Promise<Frame | null> => {
    for (;;) {
      const end = buffer.indexOf("\n\n")
      if (end >= 0) {
        const lines = buffer.slice(0, end).split("\n")
        buffer = buffer.slice(end + 2)
        const id = lines.find((l) => l.startsWith("id: "))?.slice(4) ?? ""
        return { id, data: JSON.parse(lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n")) }
      }
      const chunk = await reader.read()
      if (chunk.done) return null
      buffer += decoder.decode(chunk.value, { stream: true })
    }
  }
  const rest = async () => {
    const frames: Array<Frame> = []
    for (let f = await next(); f !== null; f = await next()) frames.push(f)
    return frames
  }
  const close = () => {
    reader.cancel().catch(() => undefined)
    controller.abort()
  }
  return { next, rest, close }
}

describe("two server processes on one PostgreSQL database: document jobs", () => {
  it("a parse job created on A is seen on B; its events stream from B; cancelled on B, it is cancelled on A", async () => {
    const t = await tenant()
    const file = await upload(A, t.key, "slow.txt", "#delay 600001\nslow text")
    const jobId = await v1Parse(A, t.key, file)
    // running on whichever instance claimed it, parked on that instance's manual clock
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
    const refused = await call(B, "POST", "/v1/parse", t.key, { source: { type: "upload", upload_id: file } })
    expect(refused.status, JSON.stringify(refused.body)).toBe(402)
    expect(refused.body.error.code).toBe("quota_exceeded")
    const today = new Date(((await admin[B].clock.now()) as { now: number }).now).toISOString().slice(0, 10)
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
})
