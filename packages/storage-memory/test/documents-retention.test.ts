import { Jobs, makeDocket, ManualClock } from "@docket/core"
import { ADMIN_TOKEN, docsClient, inProcessTarget, testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"

const DAY = 24 * 3600 * 1000

describe("retention deletes expired results from the job store", () => {
  it("a succeeded job read past payload_expires_at loses its stored result and keeps answering", async () => {
    const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: { adminToken: ADMIN_TOKEN } })
    const target = inProcessTarget(docket)
    try {
      const api = docsClient(target)
      const t = await api.tenant()
      const up = await api.upload(t.key, "a.txt", "Kept for a week")
      const job = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: up.body.file_id }, wait_seconds: 10 } })
      expect(job.body.result_state).toBe("available")
      const stored = () => docket.runtime.runPromise(Effect.flatMap(Jobs.JobStore, (s) => s.get(job.body.job_id)))
      await target.admin.clock.advance(7 * DAY)
      expect(Option.getOrThrow(await stored()).result).not.toBeNull()
      const late = await api.call("GET", `/v1/jobs/${job.body.job_id}`, { key: t.key })
      expect(late.body).toMatchObject({ status: "succeeded", result_state: "expired", result: null })
      expect(Option.getOrThrow(await stored())).toMatchObject({ status: "succeeded", result: null, units: 1 })
      const again = await api.call("GET", `/jobs/${job.body.job_id}`, { key: t.key })
      expect(again.body).toMatchObject({ status: "succeeded", result: null })
    } finally {
      await target.close()
    }
  })

  it("the state machine expires only a succeeded job with a result, and only once its payload_expires_at has passed", () => {
    const job = {
      job_id: "j", tenant_id: "t", kind: "parse", status: "succeeded", input: { source: { type: "upload", file_id: "f" }, file_name: "a.txt" },
      result: { any: 1 }, error: null, workspace_id: null, force: null, progress: null, units: 1, request_id: "r", idempotency_key: null, fingerprint: "", created_at: 0, started_at: 0,
      finished_at: 0, payload_expires_at: 100
    } satisfies Jobs.Job
    expect(Jobs.transition(job, { type: "expire", at: 99 })).toBeUndefined()
    expect(Jobs.transition(job, { type: "expire", at: 100 })).toMatchObject({ status: "succeeded", result: null })
    expect(Jobs.transition({ ...job, result: null }, { type: "expire", at: 100 })).toBeUndefined()
    expect(Jobs.transition({ ...job, status: "failed", result: null }, { type: "expire", at: 100 })).toBeUndefined()
  })
})
