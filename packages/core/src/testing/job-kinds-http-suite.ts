/**
 * The HTTP suite of a job kind registered from outside `jobs/` (`echo-kind.ts`, `test_echo`):
 * created with a workspace and `force`, waited on (`wait_seconds`), streamed with the progress its
 * work reports, cancelled, listed and read in both forms, billed and expired through its own
 * hooks — by the same job routes that serve the document operations. Every storage adapter runs it.
 */
import { describe, expect, it } from "vitest"
import type { DocketOptions } from "../docket.js"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { makeEchoContext, TEST_ECHO } from "./echo-kind.js"
import { type HttpTarget, sseFrames, type StartTarget, untilPending, untilSleeping } from "./http-target.js"

const DAY = 24 * 3600 * 1000

/** Starts a target whose Docket has these extra kinds and routes. */
export type StartWithKinds = (extension: Pick<DocketOptions, "jobKinds" | "routes">) => StartTarget

export const jobKindsHttpSuite = (name: string, start: StartWithKinds) =>
  describe(`a job kind registered from outside jobs/ (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    let echo: ReturnType<typeof makeEchoContext>
    eachTestTarget(async (settings) => {
      echo = makeEchoContext()
      return start(echo.options)(settings)
    }, (t) => {
      target = t
      api = docsClient(t)
    })
    const createV1 = (key: string, workspace: string, body: Record<string, unknown>, query = "", headers: Record<string, string> = {}) =>
      api.call("POST", `/v1/workspaces/${workspace}/echo${query}`, { key, body, headers })

    it("create with wait_seconds: 200 with the finished job in the v1 form, its workspace_id, force, result and units", async () => {
      const t = await api.tenant()
      const r = await createV1(t.key, "ws_1", { text: "hello", steps: 2, force: true }, "?wait_seconds=5")
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({
        kind: TEST_ECHO,
        status: "succeeded",
        workspace_id: "ws_1",
        force: true,
        result: { result_type: TEST_ECHO, echo: "hello", steps: 2, units: 2 },
        result_state: "available",
        error: null,
        progress: null,
        units: 2
      })
      // the flat form of the same job: its own flat result, `action` its kind
      const flat = await api.call("GET", `/jobs/${r.body.job_id}`, { key: t.key })
      expect(flat.body).toMatchObject({ action: TEST_ECHO, status: "succeeded", result: { result_type: TEST_ECHO, echo: "hello" } })
      // a replay with the same key returns the job; the same key asking for something else is refused
      const key = { "idempotency-key": "echo-key-1" }
      const first = await createV1(t.key, "ws_1", { text: "again" }, "?wait_seconds=5", key)
      const replay = await createV1(t.key, "ws_1", { text: "again" }, "", key)
      expect(replay.body.job_id).toBe(first.body.job_id)
      const reused = await createV1(t.key, "ws_1", { text: "other" }, "", key)
      expect(reused.status).toBe(409)
      expect(reused.body.error.code).toBe("idempotency_key_reused")
    })

    it("streams queued, running with the progress the work reports, and succeeded; the v1 job shows the progress while it runs", async () => {
      const t = await api.tenant()
      const created = await createV1(t.key, "ws_1", { text: "slow", step_ms: 1000, steps: 2 })
      expect(created.status).toBe(202)
      expect(created.body).toMatchObject({ status: "queued", workspace_id: "ws_1", force: false, progress: null })
      await untilSleeping(target, 1, 1000)
      const running = await api.call("GET", `/v1/jobs/${created.body.job_id}`, { key: t.key })
      expect(running.body.progress).toEqual({ units_total: null, units_done: 0, items_total: 1, items_done: 0, stage: "echoing" })
      const controller = new AbortController()
      const response = await target.fetch(`/v1/jobs/${created.body.job_id}/events`, { headers: { "x-api-key": t.key }, signal: controller.signal })
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
      const frames = sseFrames(response, controller)
      expect((await frames.next())?.data).toMatchObject({ sequence: 1, status: "queued", progress: null })
      expect((await frames.next())?.data).toMatchObject({ sequence: 2, status: "running", progress: { units_done: 0, stage: "echoing" } })
      await target.admin.clock.advance(1000)
      expect((await frames.next())?.data).toMatchObject({
        sequence: 3,
        status: "running",
        progress: { units_total: 2, units_done: 1, items_total: 2, items_done: 1, stage: "echoing" }
      })
      await untilSleeping(target, 1, 1000)
      const halfway = await api.call("GET", `/v1/jobs/${created.body.job_id}`, { key: t.key })
      expect(halfway.body).toMatchObject({ status: "running", progress: { units_total: 2, units_done: 1, items_total: 2, items_done: 1, stage: "echoing" } })
      await target.admin.clock.advance(1000)
      expect((await frames.next())?.data).toMatchObject({ sequence: 4, status: "running", progress: { units_done: 2, items_done: 2 } })
      expect((await frames.next())?.data).toMatchObject({
        sequence: 5,
        status: "succeeded",
        progress: { units_total: 2, units_done: 2, items_total: 2, items_done: 2, stage: "done" }
      })
      expect(await frames.next()).toBeNull()
    })

    it("cancel interrupts the work; both forms show the cancelled job", async () => {
      const t = await api.tenant()
      const created = await createV1(t.key, "ws_1", { text: "long", step_ms: 5000, steps: 1 })
      await untilSleeping(target, 1, 5000)
      const cancelled = await api.call("POST", `/v1/jobs/${created.body.job_id}/cancel`, { key: t.key, body: { reason: "enough" } })
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(cancelled.body).toMatchObject({ kind: TEST_ECHO, status: "cancelled", workspace_id: "ws_1", result_state: "cancelled", error: { code: "job_cancelled", message: "enough" } })
      await untilPending(target, 5000, (n) => n === 0, "the work to be interrupted")
      const flat = await api.call("GET", `/jobs/${created.body.job_id}`, { key: t.key })
      expect(flat.body).toMatchObject({ action: TEST_ECHO, status: "failed", error: { code: "cancelled", message: "enough" } })
      const again = await api.call("POST", `/v1/jobs/${created.body.job_id}/cancel`, { key: t.key })
      expect(again.status).toBe(409)
    })

    it("lists in both forms; the v1 list filters by workspace and by the registered kind", async () => {
      const t = await api.tenant()
      const a = await createV1(t.key, "ws_a", { text: "a" }, "?wait_seconds=5")
      const b = await createV1(t.key, "ws_b", { text: "b" }, "?wait_seconds=5")
      const flatCreated = await api.call("POST", "/test_echo_async", { key: t.key, body: { text: "flat" } })
      expect(flatCreated.status).toBe(202)
      const inA = await api.call("GET", "/v1/jobs?workspace_id=ws_a", { key: t.key })
      expect(inA.body).toMatchObject({ total_count: 1, items: [{ job_id: a.body.job_id, kind: TEST_ECHO, workspace_id: "ws_a" }] })
      const ofKind = await api.call("GET", `/v1/jobs?kind=${TEST_ECHO}`, { key: t.key })
      expect(ofKind.status).toBe(200)
      expect(ofKind.body.total_count).toBe(3)
      expect((await api.call("GET", "/v1/jobs?kind=parse", { key: t.key })).body.total_count).toBe(0)
      expect((await api.call("GET", "/v1/jobs?kind=not_a_kind", { key: t.key })).status).toBe(422)
      const all = await api.call("GET", "/v1/jobs", { key: t.key })
      expect(all.body.items.map((j: { job_id: string }) => j.job_id)).toEqual([flatCreated.body.job_id, b.body.job_id, a.body.job_id])
      expect(all.body.items[2]).toMatchObject({ workspace_id: "ws_a", units: 1 })
      const flat = await api.call("GET", "/jobs", { key: t.key })
      expect(flat.body.jobs.map((j: { job_id: string; action: string }) => [j.job_id, j.action])).toEqual([
        [flatCreated.body.job_id, TEST_ECHO],
        [b.body.job_id, TEST_ECHO],
        [a.body.job_id, TEST_ECHO]
      ])
    })

    it("records usage through the kind's hook, by workspace; its retention hook runs when the payload expires", async () => {
      const t = await api.tenant()
      const done = await createV1(t.key, "ws_1", { text: "four", steps: 3 }, "?wait_seconds=5")
      expect(done.status).toBe(200)
      const day = new Date((await target.admin.clock.now()).now).toISOString().slice(0, 10)
      const usage = await api.call("GET", `/v1/usage?period_start=${day}&period_end=${day}&group_by=workspace`, { key: t.key })
      expect(usage.body.buckets).toEqual([{ key: "ws_1", units: 3, jobs: 1, pages: 3, bytes_ingested: 4 }])
      expect(echo.expired).toEqual([])
      await target.admin.clock.advance(7 * DAY)
      const late = await api.call("GET", `/v1/jobs/${done.body.job_id}`, { key: t.key })
      expect(late.body).toMatchObject({ status: "succeeded", result: null, result_state: "expired" })
      // by the read, or by the background sweep the advance set off (whichever came first; both may run it)
      expect(new Set(echo.expired)).toEqual(new Set([done.body.job_id]))
    })
  })
