/**
 * The control plane's model faults over the document service (`PUT /_admin/faults`): every
 * engine call of a document operation is delayed by `model_delay_ms` on the service clock and
 * fails under `model_error` as a failing model endpoint does (`upstream_unavailable`, retryable);
 * parsing asks no model and is not disturbed. Run by every adapter beside `documentsHttpSuite`,
 * as `documentsFaultsHttpSuite(name, start)`, with the test parser and the local engine.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget, untilSleeping } from "./http-target.js"
import { waitUntil } from "./processes.js"

const INVOICE = "INVOICE\n\nInvoice Number: INV-1001\nInvoice Date: 2026-03-01\nTotal Amount Due 1,694.00"
const SCHEMA = { type: "object", properties: { invoice_number: { type: "string" } } }
const INJECTED = "the classify model failed: injected fault: model_error; retry with the same idempotency key"

export const documentsFaultsHttpSuite = (name: string, start: StartTarget) =>
  describe(`model faults over the document service (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    const uploadId = async (key: string, fileName: string, content: string) => {
      const r = await api.upload(key, fileName, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.file_id as string
    }
    const v1 = (key: string, operation: string, upload_id: string, extra: Record<string, unknown> = {}) =>
      api.call("POST", `/v1/${operation}`, { key, body: { source: { type: "upload", upload_id }, ...extra } })
    const putFaults = (body: Record<string, unknown>) =>
      api.call("PUT", "/_admin/faults", { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    const expectEngineFailure = (r: JsonResponse, operation: string) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("failed")
      expect(r.body.error, JSON.stringify(r.body)).toMatchObject({
        code: "upstream_unavailable",
        retryable: true,
        message: `the ${operation} model failed: injected fault: model_error; retry with the same idempotency key`
      })
    }

    it("model_error (PUT /_admin/faults) fails v1 classify and split jobs with the engine's retryable error; parse still succeeds; clearing restores", async () => {
      const t = await api.tenant()
      const id = await uploadId(t.key, "invoice.txt", INVOICE)
      expect((await putFaults({ model_error: true })).status).toBe(200)
      const failed = await v1(t.key, "classify", id, { wait_seconds: 30 })
      expectEngineFailure(failed, "classify")
      expect(failed.body.error.message).toBe(INJECTED)
      expect(failed.body.result).toBeNull()
      expectEngineFailure(await v1(t.key, "split", id, { wait_seconds: 30 }), "classify")
      const parsed = await v1(t.key, "parse", id, { wait_seconds: 30 })
      expect(parsed.status, JSON.stringify(parsed.body)).toBe(200)
      expect(parsed.body.status, JSON.stringify(parsed.body)).toBe("succeeded")
      expect(parsed.body.result.document.text).toContain("INV-1001")
      expect((await putFaults({ model_error: false })).status).toBe(200)
      const classified = await v1(t.key, "classify", id, { wait_seconds: 30 })
      expect(classified.body.status, JSON.stringify(classified.body)).toBe("succeeded")
      expect(classified.body.result.items.map((i: any) => i.category)).toEqual(["invoice"])
    })

    it("model_error (typed control plane) fails flat categorize, extract and ground jobs as a failing model endpoint does", async () => {
      const t = await api.tenant()
      const id = await uploadId(t.key, "invoice.txt", INVOICE)
      const file = { source_url: `svc://file/${id}` }
      await target.admin.faults.set({ model_error: true })
      const runs: Array<[string, string, Record<string, unknown>]> = [
        ["/categorize", "classify", { file }],
        ["/extract", "extract", { file, schema: SCHEMA }],
        ["/ground", "ground", { file, items: [{ item_id: "total", query: "the total amount due", semantic: true }] }]
      ]
      for (const [path, operation, body] of runs) {
        const r = await api.call("POST", path, { key: t.key, body })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.status, `${path}: ${JSON.stringify(r.body)}`).toBe("failed")
        const job = await api.call("GET", `/v1/jobs/${r.body.job_id}`, { key: t.key })
        expectEngineFailure(job, operation)
      }
      await target.admin.faults.set({ model_error: false })
      for (const [path, , body] of runs) {
        const r = await api.call("POST", path, { key: t.key, body })
        expect(r.body.status, `${path}: ${JSON.stringify(r.body)}`).toBe("succeeded")
      }
    })

    it("model_delay_ms keeps a classify job running until the service clock passes the delay; clearing it restores immediate answers", async () => {
      const t = await api.tenant()
      const id = await uploadId(t.key, "invoice.txt", INVOICE)
      await target.admin.faults.set({ model_delay_ms: 7_000 })
      const created = await v1(t.key, "classify", id)
      expect(created.status, JSON.stringify(created.body)).toBe(202)
      const jobPath = `/v1/jobs/${created.body.job_id}`
      await untilSleeping(target, 1, 7_000)
      expect((await api.call("GET", jobPath, { key: t.key })).body.status).toBe("running")
      await target.admin.clock.advance(6_999)
      expect((await api.call("GET", jobPath, { key: t.key })).body.status).toBe("running")
      await target.admin.clock.advance(1)
      let job: JsonResponse | undefined
      await waitUntil(async () => {
        job = await api.call("GET", jobPath, { key: t.key })
        return job.body.status !== "running"
      }, 10_000, () => `the classify job to finish: ${JSON.stringify(job?.body)}`)
      expect(job!.body.status, JSON.stringify(job!.body)).toBe("succeeded")
      expect(job!.body.result.items.map((i: any) => i.category)).toEqual(["invoice"])
      expect(Date.parse(job!.body.finished_at) - Date.parse(job!.body.started_at)).toBeGreaterThanOrEqual(7_000)
      await target.admin.faults.set({ model_delay_ms: 0 })
      const immediate = await v1(t.key, "classify", id, { wait_seconds: 30 })
      expect(immediate.body.status, JSON.stringify(immediate.body)).toBe("succeeded")
    })
  })
