import { makeDocket, ManualClock } from "@docket/core"
import { ADMIN_TOKEN, docsClient, type HttpTarget, inProcessTarget, testParserLayer, untilSleeping } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Layer } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

// A job queue that holds one job and one worker: the queue is full while a job runs.
describe("document service: a full job queue (in process, memory storage)", () => {
  let target: HttpTarget
  beforeEach(() => {
    target = inProcessTarget(makeDocket({
      storage: Layer.merge(MemoryStorage.layer, MemoryStorage.MemoryJobQueue.layerWith(1)),
      clock: new ManualClock(),
      parser: testParserLayer,
      settings: { adminToken: ADMIN_TOKEN, jobWorkers: 1 }
    }))
  })
  afterEach(() => target.close())

  it("answers 503 when the job cannot be queued; a retry with the same idempotency key then succeeds", async () => {
    const api = docsClient(target)
    const t = await api.tenant()
    const upload = async (name: string, content: string) => (await api.upload(t.key, name, content)).body.source_url as string
    const slow = await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: await upload("slow.txt", "#delay 5000\nslow") } } })
    expect(slow.status).toBe(202)
    await untilSleeping(target, 1, 5000)
    const body = { file: { source_url: await upload("next.txt", "Next") }, idempotency_key: "retry-me" }
    const full = await api.call("POST", "/parse_async", { key: t.key, body })
    expect(full.status, JSON.stringify(full.body)).toBe(503)
    expect(full.body.error.code).toBe("service_unavailable")
    expect(full.body.error.message).toContain("same idempotency key")
    const v1 = await api.call("POST", "/v1/parse", {
      key: t.key,
      headers: { "idempotency-key": "v1-retry" },
      body: { source: { type: "upload", upload_id: body.file.source_url.slice("svc://file/".length) } }
    })
    expect(v1.status).toBe(503)
    expect(v1.body.error).toMatchObject({ code: "upstream_unavailable", retryable: true })
    await target.admin.clock.advance(5000)
    for (let i = 0; i < 500 && (await api.call("GET", `/jobs/${slow.body.job_id}`, { key: t.key })).body.status !== "succeeded"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const retried = await api.call("POST", "/parse", { key: t.key, body })
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    expect(retried.body).toMatchObject({ status: "succeeded", result: { item: { item_type: "file" } } })
    // the refused create stored its job once: the retry is that job, not a second one
    const jobs = (await api.call("GET", "/jobs", { key: t.key })).body.jobs
    expect(jobs.map((j: { job_id: string }) => j.job_id)).toContain(retried.body.job_id)
    expect(jobs).toHaveLength(3)
  })
})
