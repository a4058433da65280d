/**
 * Retention sweeps over HTTP (`documents/retention/sweeper.ts`): `POST /_admin/docs/sweep` and the
 * background sweep on the service clock delete what has expired — an upload's bytes, the parts of
 * an expired resumable session, a job's result — while a late request still gets the answer the
 * spec gives for an expired handle, session or result (never 404). Run by every adapter beside
 * `documentsHttpSuite`, as `documentsRetentionHttpSuite(name, start)`, with the test parser. What
 * happens to the blobs themselves (ground crops included) is checked in process by
 * `retentionSweepSuite`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { RETENTION_GRACE_MS, SWEEP_INTERVAL_MS, type SweepCounts } from "../documents/retention/sweeper.js"
import type { DocketSettings } from "../kernel/config.js"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget, untilSleeping } from "./http-target.js"

const DAY = 24 * 3600 * 1000
const NONE: SweepCounts = { uploads: 0, upload_sessions: 0, job_results: 0, blobs: 0, failed: 0, workspace_sources: 0, workspace_derived: 0 }

const expectError = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
}

export const documentsRetentionHttpSuite = (name: string, start: StartTarget) =>
  describe(`retention sweeps over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    const using = (settings: Partial<DocketSettings>) => {
      beforeEach(async () => {
        target = await start({ adminToken: ADMIN_TOKEN, ...settings })
        api = docsClient(target)
      })
      afterEach(async () => {
        await target.close()
      })
    }
    const advance = (ms: number) => target.admin.clock.advance(ms)
    const sweep = () => target.admin.docs.sweep()
    const upload = async (key: string, fileName = "notes.txt", content = "Hello\n\nWorld\fPage two") => {
      const r = await api.upload(key, fileName, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { file_id: string; source_url: string }
    }
    const v1Parse = (key: string, uploadId: string, extra: Record<string, unknown> = {}) =>
      api.call("POST", "/v1/parse", { key, body: { source: { type: "upload", upload_id: uploadId }, ...extra } })

    describe("on demand (no background sweep)", () => {
      using({ sweepIntervalMs: 0 })

      it("POST /_admin/docs/sweep needs the admin token and answers the counts of what it deleted", async () => {
        const raw = await api.call("POST", "/_admin/docs/sweep", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        expect(raw.status).toBe(200)
        expect(raw.body).toEqual(NONE)
        expect((await api.call("POST", "/_admin/docs/sweep")).status).toBe(401)
        expect((await api.call("POST", "/_admin/docs/sweep", { headers: { authorization: "Bearer wrong" } })).status).toBe(401)
      })

      it("deletes an expired upload's bytes once, after the grace; the handle stays known: a job naming it is 410 / 409 upload_expired", async () => {
        const t = await api.tenant()
        const up = await upload(t.key)
        expect(await sweep()).toEqual(NONE)
        await advance(6 * DAY)
        // expired, but within the grace a job that just started may still be reading it
        expect(await sweep()).toEqual(NONE)
        await advance(RETENTION_GRACE_MS)
        expect(await sweep()).toEqual({ ...NONE, uploads: 1, blobs: 1 })
        // swept once: a second sweep (or another instance's) finds nothing
        expect(await sweep()).toEqual(NONE)
        expectError(await api.call("POST", "/parse_async", { key: t.key, body: { file: { source_url: up.source_url } } }), 410, "upload_expired")
        expectError(await v1Parse(t.key, up.file_id), 409, "upload_expired")
      })

      it("deletes a finished job's result at payload expiry; a late poll still answers 200 with result_state expired, the flat form with no result", async () => {
        const t = await api.tenant()
        const up = await upload(t.key)
        const v1 = await v1Parse(t.key, up.file_id, { wait_seconds: 10 })
        expect(v1.body, JSON.stringify(v1.body)).toMatchObject({ status: "succeeded", result_state: "available" })
        const flat = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: up.source_url } } })
        expect(flat.body.status, JSON.stringify(flat.body)).toBe("succeeded")
        await advance(7 * DAY - 1)
        // the upload (6 days + grace) goes; both results are kept until their payload_expires_at
        expect(await sweep()).toEqual({ ...NONE, uploads: 1, blobs: 1 })
        await advance(1)
        expect(await sweep()).toEqual({ ...NONE, job_results: 2 })
        expect(await sweep()).toEqual(NONE)
        const late = await api.call("GET", `/v1/jobs/${v1.body.job_id}`, { key: t.key })
        expect(late.status).toBe(200)
        expect(late.body).toMatchObject({ status: "succeeded", result_state: "expired", result: null, units: 2 })
        const flatLate = await api.call("GET", `/jobs/${flat.body.job_id}`, { key: t.key })
        expect(flatLate.status).toBe(200)
        expect(flatLate.body).toMatchObject({ status: "succeeded", result: null })
        expect((await api.call("GET", "/v1/jobs", { key: t.key })).body.total_count).toBe(2)
      })

      it("deletes the parts of an expired resumable session; the session stays: a late part is 409 upload_expired", async () => {
        const t = await api.tenant()
        const created = await api.call("POST", "/v1/uploads", { key: t.key, body: { file_name: "notes.txt", size: 10 } })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        const id = created.body.upload_id
        const part = (offset: number, bytes: string) =>
          api.call("PUT", `/v1/uploads/${id}/parts?offset=${offset}`, { key: t.key, raw: bytes, headers: { "content-type": "application/octet-stream" } })
        expect((await part(0, "Hello")).body.offset).toBe(5)
        await advance(DAY)
        expect(await sweep()).toEqual(NONE)
        await advance(RETENTION_GRACE_MS)
        expect(await sweep()).toEqual({ ...NONE, upload_sessions: 1, blobs: 1 })
        expect(await sweep()).toEqual(NONE)
        const late = await api.call("GET", `/v1/uploads/${id}`, { key: t.key })
        expect(late.status).toBe(200)
        expect(late.body).toMatchObject({ state: "expired", offset: 5 })
        expectError(await part(5, "World"), 409, "upload_expired")
        expectError(await api.call("POST", `/v1/uploads/${id}/complete`, { key: t.key }), 409, "upload_expired")
      })

      it("a completed session's upload lives its 6 days: nothing of it is swept before", async () => {
        const t = await api.tenant()
        const bytes = "Resumable\n\nupload"
        const created = await api.call("POST", "/v1/uploads", { key: t.key, body: { file_name: "notes.txt", size: bytes.length } })
        const id = created.body.upload_id
        await api.call("PUT", `/v1/uploads/${id}/parts?offset=0`, { key: t.key, raw: bytes, headers: { "content-type": "application/octet-stream" } })
        expect((await api.call("POST", `/v1/uploads/${id}/complete`, { key: t.key })).body.state).toBe("completed")
        // past the session's own 24 hours: the upload handle is what counts now
        await advance(2 * DAY)
        expect(await sweep()).toEqual(NONE)
        const job = await v1Parse(t.key, id, { wait_seconds: 10 })
        expect(job.body, JSON.stringify(job.body)).toMatchObject({ status: "succeeded", result: { document: { markdown: "Resumable\n\nupload" } } })
        await advance(4 * DAY + RETENTION_GRACE_MS)
        // the upload's blob; and the session, whose record still names the parts completion
        // deleted (deleting them again is harmless)
        expect(await sweep()).toEqual({ ...NONE, uploads: 1, upload_sessions: 1, blobs: 2 })
        expect(await sweep()).toEqual(NONE)
        expectError(await v1Parse(t.key, id), 409, "upload_expired")
      })
    })

    describe("in the background", () => {
      using({})

      it(`sweeps every ${SWEEP_INTERVAL_MS / 60_000} minutes on the service clock`, async () => {
        const t = await api.tenant()
        await untilSleeping(target, 1, SWEEP_INTERVAL_MS)
        await upload(t.key)
        await advance(6 * DAY + RETENTION_GRACE_MS)
        // the sweep woken by the move has run once it sleeps again
        await untilSleeping(target, 1, SWEEP_INTERVAL_MS)
        expect(await sweep()).toEqual(NONE)
      })
    })

    describe("turned off", () => {
      using({ sweepIntervalMs: 0 })

      it("sweepIntervalMs 0 runs no background sweep", async () => {
        const t = await api.tenant()
        await upload(t.key)
        expect(await target.pendingSleeps(SWEEP_INTERVAL_MS)).toBe(0)
        await advance(6 * DAY + RETENTION_GRACE_MS)
        expect(await sweep()).toEqual({ ...NONE, uploads: 1, blobs: 1 })
      })
    })
  })
