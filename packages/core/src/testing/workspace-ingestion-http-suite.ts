/**
 * Ingestion and reconciliation (spec 3) over HTTP, with the deterministic test parser (`.txt`
 * documents, `.csv` spreadsheets, `#corrupt`, anything else unsupported). Files are uploaded
 * through `POST /v1/workspaces/{id}/files`, replaced through `PUT`, deleted through `DELETE`;
 * what they became is read through the spec's routes (file detail, metadata, outputs' bytes at
 * `artifacts/content`, the file tools, jobs and their events, usage); the clock moves and sweeps
 * run through the control plane. Run by each adapter as `workspaceIngestionHttpSuite(name,
 * start)`, `start` giving a target on a manual clock with the test parser that serves
 * `workspaceTestRoutes` (`workspace-test-routes.ts`): the few set-ups no route can
 * make (bytes vanishing from storage, a drifted hash, a workspace held `deleting`) and the few
 * facts no route shows (the stored record once its file is gone, blobs, the engine's tables) go
 * through those, so the suite runs the same in process, over node:http and against a Bun process.
 */
import { randomUUID } from "node:crypto"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, sseFrames, type StartTarget } from "./http-target.js"
import { workspaceProbe } from "./workspace-test-routes.js"

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code, JSON.stringify(r.body)).toBe(code)
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
}

export const workspaceIngestionHttpSuite = (name: string, start: StartTarget) =>
  describe(`workspace ingestion and reconciliation over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    let probe: ReturnType<typeof workspaceProbe>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN, sweepIntervalMs: 0 })
      api = docsClient(target)
      probe = workspaceProbe(target)
    })
    afterEach(async () => {
      await target?.close()
    })

    const keys = new Map<string, string>()
    const setup = async (body: Record<string, unknown> = {}) => {
      const t = await api.tenant()
      keys.set(t.tenantId, t.key)
      const ws = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: `w-${randomUUID()}`, ...body } })
      expect(ws.status, JSON.stringify(ws.body)).toBe(201)
      return { ...t, ws: ws.body.workspace_id as string }
    }
    const keyOf = (tenantId: string) => keys.get(tenantId)!

    /** uploads through the route and answers the file as its `file_upload` job left it */
    const upload = async (tenantId: string, ws: string, path: string, content: string) => {
      const form = new FormData()
      form.append("file", new Blob([content]), path.split("/").pop()!)
      form.append("metadata", JSON.stringify({ path }))
      const r = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key: keyOf(tenantId), raw: form })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body.result.file
    }

    /** new bytes for the file through `PUT …/files/{id}` (job file_replace) */
    const newVersion = async (tenantId: string, ws: string, fileId: string, fileName: string, content: string) => {
      const form = new FormData()
      form.append("file", new Blob([content]), fileName)
      const r = await api.call("PUT", `/v1/workspaces/${ws}/files/${fileId}?wait_seconds=30`, { key: keyOf(tenantId), raw: form })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body.result.file
    }

    /** `GET …/files/{id}` */
    const file = async (tenantId: string, ws: string, id: string) => {
      const r = await api.call("GET", `/v1/workspaces/${ws}/files/${id}`, { key: keyOf(tenantId) })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body
    }
    /** `GET …/files/{id}/metadata` */
    const metadata = async (tenantId: string, ws: string, id: string) => {
      const r = await api.call("GET", `/v1/workspaces/${ws}/files/${id}/metadata`, { key: keyOf(tenantId) })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body
    }
    /** `GET …/artifacts/content?path=` as text */
    const content = async (tenantId: string, ws: string, path: string) => {
      const r = await target.fetch(`/v1/workspaces/${ws}/artifacts/content?path=${encodeURIComponent(path)}`, { headers: { "x-api-key": keyOf(tenantId) } })
      return { status: r.status, text: await r.text() }
    }
    const tool = (tenantId: string, ws: string, name: string, body: unknown) => api.call("POST", `/v1/workspaces/${ws}/tools/${name}`, { key: keyOf(tenantId), body })
    /** every frame of a finished job's event stream */
    const events = async (key: string, jobId: string) => {
      const r = await target.fetch(`/v1/jobs/${jobId}/events`, { headers: { "x-api-key": key } })
      if (!(r.headers.get("content-type") ?? "").startsWith("text/event-stream")) throw new Error(`no event stream: ${r.status} ${await r.text()}`)
      return (await sseFrames(r).rest()).map((f) => f.data)
    }
    /** the usage period of the target's current day (its clock moves on from test to test when the target is shared) */
    const today = async () => new Date((await target.admin.clock.now()).now).toISOString().slice(0, 10)

    const settle = async (key: string, jobId: string) => {
      for (let i = 0; i < 2000; i++) {
        const j = await api.call("GET", `/v1/jobs/${jobId}`, { key })
        if (["succeeded", "failed", "cancelled"].includes(j.body.status)) return j
        await new Promise((r) => setTimeout(r, 5))
      }
      throw new Error(`job ${jobId} never settled`)
    }

    /** settles a job whose parse waits on the clock: the clock moves on a second at a time (well inside the job's lease) until it is done */
    const settleAdvancing = async (key: string, jobId: string) => {
      for (let i = 0; i < 4000; i++) {
        const j = await api.call("GET", `/v1/jobs/${jobId}`, { key })
        if (["succeeded", "failed", "cancelled"].includes(j.body.status)) return j
        await target.admin.clock.advance(1000)
        await new Promise((r) => setTimeout(r, 5))
      }
      throw new Error(`job ${jobId} never settled`)
    }

    const ingest = async (key: string, ws: string, body: unknown, headers: Record<string, string> = {}) => {
      const r = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { key, body, headers })
      expect([200, 202], JSON.stringify(r.body)).toContain(r.status)
      return settle(key, r.body.job_id)
    }

    it("ingests each file independently: documents, CSVs, a damaged and an unsupported file; the job succeeds with per-file outcomes", async () => {
      const t = await setup()
      const doc = await upload(t.tenantId, t.ws, "reports/memo.txt", "Quarterly memo\n\nRevenue grew in the north region.\fPage two talks about costs and the budget.")
      const csv = await upload(t.tenantId, t.ws, "data/sales.csv", "region,amount,date\nnorth,120.5,2024-01-02\nsouth,80,2024-02-03\n")
      const bad = await upload(t.tenantId, t.ws, "broken.txt", "#corrupt\nnothing")
      const odd = await upload(t.tenantId, t.ws, "archive.zip", "PK..")
      const j = await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [doc.file_id, csv.file_id, bad.file_id, odd.file_id] } })
      expect(j.body.status, JSON.stringify(j.body)).toBe("succeeded")
      const r = j.body.result
      expect(r, JSON.stringify(r.outcomes)).toMatchObject({ result_type: "ingestion", files_ingested: 2, files_skipped: 0, files_failed: 2, kg_build_job_id: null, ledger_understanding_job_id: null })
      expect(r.bytes_ingested).toBeUndefined()
      const byPath = Object.fromEntries(r.outcomes.map((o: any) => [o.path, o]))
      expect(byPath["reports/memo.txt"]).toMatchObject({ file_id: doc.file_id, status: "ingested", lane: "text", units: 2, error: null })
      expect(byPath["data/sales.csv"]).toMatchObject({ status: "ingested", lane: "spreadsheet", units: 1, error: null })
      expect(byPath["broken.txt"]).toMatchObject({ status: "failed", error: { code: "corrupt_file", retryable: false } })
      expect(byPath["archive.zip"]).toMatchObject({ status: "failed", error: { code: "unsupported_file_type", retryable: false } })
      for (const o of r.outcomes.filter((x: any) => x.status === "failed")) {
        expect(Object.keys(o.error).sort()).toEqual(["code", "detail", "message", "request_id", "retryable"])
        expect(typeof o.error.request_id).toBe("string")
      }
      expect(r.units_total).toBe(3)
      // the job's progress as it last reported it, and as its terminal event carries it
      const frames = await events(t.key, j.body.job_id)
      const running = frames.filter((f) => f.status === "running" && f.progress !== null)
      expect(running.at(-1)!.progress, JSON.stringify(frames)).toMatchObject({ items_total: 4, items_done: 4, units_done: 3 })
      expect(frames.at(-1)).toMatchObject({ status: "succeeded", progress: { items_total: 4, items_done: 4, units_done: 3 } })

      const d = await file(t.tenantId, t.ws, doc.file_id)
      expect(d).toMatchObject({ ingestion_status: "ingested", ingested_hash: doc.observed_hash, version: 1 })
      expect(d.ingested_at).not.toBeNull()
      expect(d.category).toMatch(/^[a-z0-9_]+\/[a-z0-9_]+$/)
      const dm = await metadata(t.tenantId, t.ws, doc.file_id)
      expect(dm).toMatchObject({ lane: "text", page_count: 2, last_error: null, representations: { organized_files: true, search_index: true } })
      // the units a file cost are on the file as stored (no route shows them but the job's outcome)
      const stored = await probe.state(t.tenantId, t.ws, doc.file_id)
      expect(stored.file).toMatchObject({ lane: "text", units: 2, page_count: 2 })
      // the catalog: one row for the document, one per sheet, stamped with the category this ingestion decided
      expect(stored.catalog.map((e: any) => [e.component, e.component_kind, e.page_start, e.page_end, e.category])).toEqual([[null, "document", 1, 2, d.category]])
      expect(stored.catalog[0].cells.map((c: any) => c.status)).toContain("not_found")
      expect((await probe.state(t.tenantId, t.ws, csv.file_id)).catalog.map((e: any) => [e.component_kind, e.page_start])).toEqual([["sheet", null]])
      expect((await probe.state(t.tenantId, t.ws, bad.file_id)).catalog).toEqual([])
      expect(await file(t.tenantId, t.ws, bad.file_id)).toMatchObject({ ingestion_status: "failed" })
      expect(await metadata(t.tenantId, t.ws, bad.file_id)).toMatchObject({ file: { ingestion_status: "failed" }, last_error: { code: "corrupt_file" } })
      expect((await file(t.tenantId, t.ws, odd.file_id)).ingestion_status).toBe("failed")

      // the record: what the metadata route shows of it, and (its kind and components) as stored
      const rec = (await probe.state(t.tenantId, t.ws, doc.file_id)).record
      expect(rec).toMatchObject({ version: 1, kind: "document", lane: "text", page_count: 2, ingested_hash: doc.observed_hash })
      expect(rec.pages).toHaveLength(2)
      expect(rec.pages[0].char_start).toBe(0)
      expect(rec.pages[1].char_end).toBe(rec.total_chars)
      expect(dm.keywords.length).toBeGreaterThan(0)
      expect(dm.keywords).toEqual(rec.keywords)
      expect(Object.keys(dm.extracted_fields)).toEqual(["title", "document_date", "reference_number", "total_amount", "currency", "parties"])
      // the derived outputs, their bytes, and the pages read-file finds in them
      expect(dm.outputs.map((o: any) => o.path)).toEqual(["_derived/reports/memo.txt/document.md"])
      const md = await content(t.tenantId, t.ws, "_derived/reports/memo.txt/document.md")
      expect(md.status).toBe(200)
      const markdown = md.text
      expect(markdown.length).toBe(rec.total_chars)
      expect(markdown.slice(rec.pages[1].char_start, rec.pages[1].char_end)).toBe("Page two talks about costs and the budget.")
      const whole = await tool(t.tenantId, t.ws, "read-file", { path: "reports/memo.txt" })
      expect(whole.status, JSON.stringify(whole.body)).toBe(200)
      expect(whole.body).toMatchObject({ version: 1, text: markdown, total_chars: markdown.length })
      const page2 = await tool(t.tenantId, t.ws, "read-file", { path: "reports/memo.txt", pages: [2] })
      expect(page2.body.text).toBe("Page two talks about costs and the budget.")
      expect(page2.body.segments[0]).toMatchObject({ page: 2, char_start: rec.pages[1].char_start, char_end: rec.pages[1].char_end })

      const csvRec = (await probe.state(t.tenantId, t.ws, csv.file_id)).record
      expect(csvRec.kind).toBe("table")
      const sheet = csvRec.components.find((c: any) => c.kind === "sheet")
      expect(sheet).toMatchObject({ queryable: true, row_count: 2, column_count: 3 })
      expect(sheet.columns.map((c: any) => c.name)).toEqual(["region", "amount", "date"])
      const csvMeta = await metadata(t.tenantId, t.ws, csv.file_id)
      expect(csvMeta.sheet_names).toEqual(csvRec.sheet_names)
      expect(csvMeta.sheet_names.length).toBeGreaterThan(0)
      expect(csvMeta.outputs.map((o: any) => o.path).sort()).toEqual(["_derived/data/sales.csv/document.md", `_derived/data/sales.csv/tables/${sheet.table_name}.csv`])
      const q = await tool(t.tenantId, t.ws, "run-sql", { sql: `SELECT sum(amount) AS total FROM ${sheet.table_name}` })
      expect(q.status, JSON.stringify(q.body)).toBe(200)
      expect(Number(q.body.rows[0][0])).toBe(200.5)
    })

    it("unchanged files are skipped unless reingest_unchanged; a new version makes the file stale and stale_only ingests only it", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "a.txt", "alpha text about invoices")
      const b = await upload(t.tenantId, t.ws, "b.txt", "beta text about contracts")
      const first = await ingest(t.key, t.ws, { selection: { type: "path_prefix", path_prefix: "/" } })
      expect(first.body.result.files_ingested).toBe(2)
      const again = await ingest(t.key, t.ws, { selection: { type: "path_prefix", path_prefix: "" } })
      expect(again.body.result).toMatchObject({ files_ingested: 0, files_skipped: 2, units_total: 0 })
      expect(again.body.result.outcomes.map((o: any) => o.status)).toEqual(["skipped_unchanged", "skipped_unchanged"])
      const forced = await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [a.file_id] }, reingest_unchanged: true })
      expect(forced.body.result).toMatchObject({ files_ingested: 1, files_skipped: 0 })

      const changed = await newVersion(t.tenantId, t.ws, b.file_id, "b.txt", "beta text, second version")
      expect(changed).toMatchObject({ ingestion_status: "stale", version: 2 })
      expect(changed.observed_hash).not.toBe(b.observed_hash)
      const stale = await ingest(t.key, t.ws, { selection: { type: "path_prefix", path_prefix: "", stale_only: true } })
      expect(stale.body.result.outcomes).toEqual([expect.objectContaining({ file_id: b.file_id, status: "ingested" })])
      const now = await file(t.tenantId, t.ws, b.file_id)
      expect(now).toMatchObject({ ingestion_status: "ingested", ingested_hash: changed.observed_hash, version: 2 })
    })

    it("a job ingests several files at once: a slow file does not hold the next back; outcomes keep the selection's order", async () => {
      const t = await setup()
      const slow = await upload(t.tenantId, t.ws, "a/slow.txt", "#delay 60000\nslow text")
      const fast = await upload(t.tenantId, t.ws, "b/fast.txt", "fast text")
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix", path_prefix: "/" } } })
      expect(r.status, JSON.stringify(r.body)).toBe(202)
      // the clock stands still: the slow file's parse cannot end, yet the file after it is ingested
      for (let i = 0; i < 2000 && (await file(t.tenantId, t.ws, fast.file_id)).ingestion_status !== "ingested"; i++) await new Promise((x) => setTimeout(x, 5))
      expect((await file(t.tenantId, t.ws, fast.file_id)).ingestion_status).toBe("ingested")
      expect((await file(t.tenantId, t.ws, slow.file_id)).ingestion_status).toBe("ingesting")
      const j = await settleAdvancing(t.key, r.body.job_id)
      expect(j.body.result.outcomes.map((o: any) => [o.path, o.status])).toEqual([["a/slow.txt", "ingested"], ["b/fast.txt", "ingested"]])
    })

    it("files of one job that would name the same table get one name each", async () => {
      const t = await setup()
      const names = ["q1", "q2", "q3"]
      const files = []
      for (const n of names) files.push(await upload(t.tenantId, t.ws, `${n}/sales.csv`, `region,amount\n${n},1\n`))
      const j = await ingest(t.key, t.ws, { selection: { type: "path_prefix", path_prefix: "/" } })
      expect(j.body.result.files_ingested, JSON.stringify(j.body.result)).toBe(names.length)
      const tables = []
      for (const f of files) {
        const sheet = (await probe.state(t.tenantId, t.ws, f.file_id)).record.components.find((c: any) => c.kind === "sheet")
        tables.push(sheet.table_name)
        const q = await tool(t.tenantId, t.ws, "run-sql", { sql: `SELECT region FROM ${sheet.table_name}` })
        expect(q.status, JSON.stringify(q.body)).toBe(200)
        expect(q.body.rows, sheet.table_name).toEqual([[f.path.split("/")[0]]])
      }
      expect(new Set(tables).size).toBe(names.length)
    })

    it("files move queued on acceptance (before the job runs)", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "q.txt", "#delay 60000\nwaiting for the clock")
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: [a.file_id] } } })
      expect(r.status).toBe(202)
      expect(r.body.kind).toBe("ingestion")
      expect(["queued", "ingesting"]).toContain((await file(t.tenantId, t.ws, a.file_id)).ingestion_status)
      for (let i = 0; i < 2000 && (await file(t.tenantId, t.ws, a.file_id)).ingestion_status !== "ingesting"; i++) await new Promise((x) => setTimeout(x, 5))
      expect((await file(t.tenantId, t.ws, a.file_id)).ingestion_status).toBe("ingesting")
      const j = await settleAdvancing(t.key, r.body.job_id)
      expect(j.body.result.outcomes[0].status).toBe("ingested")
    })

    it("a cancelled ingestion leaves no file ingesting: the interrupted files are failed (cancelled, retryable) and ingest again", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "slow.txt", "#delay 60000\nslow")
      const b = await upload(t.tenantId, t.ws, "slower.txt", "#delay 90000\nslower")
      const both = { selection: { type: "file_ids", file_ids: [a.file_id, b.file_id] } }
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: both })
      const status = async (id: string) => (await file(t.tenantId, t.ws, id)).ingestion_status
      for (let i = 0; i < 2000 && ((await status(a.file_id)) !== "ingesting" || (await status(b.file_id)) !== "ingesting"); i++) await new Promise((x) => setTimeout(x, 5))
      const c = await api.call("POST", `/v1/jobs/${r.body.job_id}/cancel`, { key: t.key })
      expect([200, 202], JSON.stringify(c.body)).toContain(c.status)
      for (let i = 0; i < 2000 && ((await status(a.file_id)) === "ingesting" || (await status(b.file_id)) === "ingesting"); i++) await new Promise((x) => setTimeout(x, 5))
      for (const f of [a, b]) {
        expect(await metadata(t.tenantId, t.ws, f.file_id)).toMatchObject({ file: { ingestion_status: "failed" }, last_error: { code: "cancelled", retryable: true } })
      }
      const again = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: both })
      expect((await settleAdvancing(t.key, again.body.job_id)).body.result.outcomes.map((o: any) => o.status)).toEqual(["ingested", "ingested"])
    })

    it("refusals: 422 for unknown ids (named), an empty or oversized selection, a bad prefix, a missing selection; 404; 409 workspace_deleting", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "a.txt", "x")
      const ghost = randomUUID()
      const unknown = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: [a.file_id, ghost] } } })
      expectV1Error(unknown, 422, "invalid_request")
      expect(JSON.stringify(unknown.body.error.detail)).toContain(ghost)
      expect(JSON.stringify(unknown.body.error.detail)).not.toContain(a.file_id)
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: [] } } }), 422, "invalid_request")
      const many = Array.from({ length: 1001 }, () => randomUUID())
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: many } } }), 422, "invalid_request")
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: {} }), 422, "invalid_request")
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "everything" } } }), 422, "invalid_request")
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix", path_prefix: "../up" } } }), 422, "invalid_request")
      expectV1Error(await api.call("POST", `/v1/workspaces/${randomUUID()}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix" } } }), 404, "workspace_not_found")
      expectV1Error(await api.call("POST", `/v1/workspaces/${randomUUID()}/reconciliations`, { key: t.key, body: {} }), 404, "workspace_not_found")
      // another tenant's workspace is not found
      const other = await api.tenant()
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: other.key, body: { selection: { type: "path_prefix" } } }), 404, "workspace_not_found")
      // a delete's job may finish at once: the workspace is held `deleting` through the test route
      await probe.markDeleting(t.tenantId, t.ws)
      expect((await api.call("GET", `/v1/workspaces/${t.ws}`, { key: t.key })).body.status).toBe("deleting")
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix" } } }), 409, "workspace_deleting")
      expectV1Error(await api.call("POST", `/v1/workspaces/${t.ws}/reconciliations`, { key: t.key, body: {} }), 409, "workspace_deleting")
    })

    it("an Idempotency-Key replay answers the same job; another request with the key is 409", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "a.txt", "alpha")
      const body = { selection: { type: "file_ids", file_ids: [a.file_id] } }
      const one = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body, headers: { "idempotency-key": "k1" } })
      await settle(t.key, one.body.job_id)
      const two = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body, headers: { "idempotency-key": "k1" } })
      expect(two.body.job_id).toBe(one.body.job_id)
      const other = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { ...body, reingest_unchanged: true }, headers: { "idempotency-key": "k1" } })
      expectV1Error(other, 409, "idempotency_key_reused")
    })

    it("reconciliation detects discovered files, marks drifted ones stale, removes orphans; auto_ingest chains an ingestion", async () => {
      const t = await setup()
      const fresh = await upload(t.tenantId, t.ws, "docs/new.txt", "never ingested")
      const done = await upload(t.tenantId, t.ws, "docs/done.txt", "ingested once")
      const gone = await upload(t.tenantId, t.ws, "docs/gone.txt", "its bytes will vanish")
      const outside = await upload(t.tenantId, t.ws, "other/x.txt", "outside the prefix")
      await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [done.file_id, gone.file_id] } })
      expect((await probe.state(t.tenantId, t.ws, gone.file_id)).record).not.toBeNull()
      // drift: the observed hash no longer matches what was ingested
      await probe.setIngestedHash(t.tenantId, t.ws, done.file_id, "0".repeat(64))
      await probe.loseBytes(t.tenantId, t.ws, gone.file_id)
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/reconciliations`, { key: t.key, body: { path_prefix: "docs" } })
      expect(r.status).toBe(202)
      const j = await settle(t.key, r.body.job_id)
      expect(j.body.result).toEqual({ result_type: "reconciliation", files_scanned: 3, discovered: 1, marked_stale: 1, orphans_removed: 1, ingestion_job_id: null })
      expect((await file(t.tenantId, t.ws, done.file_id)).ingestion_status).toBe("stale")
      expectV1Error(await api.call("GET", `/v1/workspaces/${t.ws}/files/${gone.file_id}`, { key: t.key }), 404, "file_not_found")
      // its ingestion record went with it (no route shows a record without its file)
      expect(await probe.state(t.tenantId, t.ws, gone.file_id)).toMatchObject({ file: null, record: null })
      expect((await file(t.tenantId, t.ws, outside.file_id)).ingestion_status).toBe("discovered")

      const auto = await api.call("POST", `/v1/workspaces/${t.ws}/reconciliations`, { key: t.key, body: { path_prefix: "docs/", auto_ingest: true } })
      const aj = await settle(t.key, auto.body.job_id)
      expect(aj.body.result).toMatchObject({ files_scanned: 2, discovered: 1, marked_stale: 0, orphans_removed: 0 })
      expect(aj.body.result.ingestion_job_id).toMatch(/^[0-9a-f-]{36}$/)
      const chained = await settle(t.key, aj.body.result.ingestion_job_id)
      expect(chained.body.kind).toBe("ingestion")
      expect(chained.body.result.outcomes.map((o: any) => [o.path, o.status]).sort()).toEqual([["docs/done.txt", "ingested"], ["docs/new.txt", "ingested"]])
      expect((await file(t.tenantId, t.ws, fresh.file_id)).ingestion_status).toBe("ingested")
    })

    const DAY = 86_400_000

    it("retention on the service clock: derived TTL expires the representations, source TTL deletes the file, job TTL expires the job's payload", async () => {
      const t = await setup({ retention_policy: { derived_ttl_days: 1, source_ttl_days: 3, job_ttl_days: 2 } })
      const a = await upload(t.tenantId, t.ws, "s.csv", "k,v\na,1\nb,2\n")
      const j = await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [a.file_id] } })
      expect(j.body.result.files_ingested).toBe(1)
      const [table] = await probe.tables(t.tenantId, t.ws)
      expect(table).toBeDefined()
      const before = await probe.state(t.tenantId, t.ws, a.file_id)
      expect(before.outputs).toHaveLength(2)
      const outputKeys = before.outputs.map((o: any) => o.blob_key as string)
      expect(await probe.blobsExist(outputKeys)).toEqual([true, true])
      const derivedPaths = (await metadata(t.tenantId, t.ws, a.file_id)).outputs.map((o: any) => o.path as string)
      expect(derivedPaths).toHaveLength(2)
      for (const p of derivedPaths) expect((await content(t.tenantId, t.ws, p)).status).toBe(200)

      await target.admin.clock.advance(DAY - 1)
      expect((await target.admin.docs.sweep()).workspace_derived).toBe(0)
      expect((await file(t.tenantId, t.ws, a.file_id)).ingestion_status).toBe("ingested")
      await target.admin.clock.advance(1)
      const first = await target.admin.docs.sweep()
      expect(first).toMatchObject({ workspace_derived: 1, workspace_sources: 0 })
      expect((await file(t.tenantId, t.ws, a.file_id)).ingestion_status).toBe("expired")
      const expired = await metadata(t.tenantId, t.ws, a.file_id)
      expect(expired).toMatchObject({ outputs: [], sheet_names: [], keywords: [], representations: { organized_files: false, search_index: false } })
      for (const p of derivedPaths) expect((await content(t.tenantId, t.ws, p)).status).toBe(404)
      expect((await probe.state(t.tenantId, t.ws, a.file_id)).record).toBeNull()
      expect(await probe.tables(t.tenantId, t.ws)).toEqual([])
      expect(await probe.blobsExist(outputKeys)).toEqual([false, false])
      // the bytes stay: re-ingesting brings it back
      expect((await content(t.tenantId, t.ws, "s.csv")).status).toBe(200)
      expect((await target.admin.docs.sweep()).workspace_derived).toBe(0)

      await target.admin.clock.advance(DAY)
      await target.admin.docs.sweep()
      const late = await api.call("GET", `/v1/jobs/${j.body.job_id}`, { key: t.key })
      expect(late.body.result_state).toBe("expired")

      await target.admin.clock.advance(DAY)
      expect((await target.admin.docs.sweep()).workspace_sources).toBe(1)
      expectV1Error(await api.call("GET", `/v1/workspaces/${t.ws}/files/${a.file_id}`, { key: t.key }), 404, "file_not_found")
      expect((await probe.state(t.tenantId, t.ws, a.file_id)).file).toBeNull()
      expect(await probe.blobsExist([before.file.blob_key])).toEqual([false])
    })

    it("file_delete takes the file's ingestion record, tables and catalog rows; a workspace's deletion tears them down", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "one.csv", "k,v\na,1\n")
      const b = await upload(t.tenantId, t.ws, "two.csv", "k,v\nb,2\n")
      await ingest(t.key, t.ws, { selection: { type: "path_prefix" } })
      expect((await probe.tables(t.tenantId, t.ws)).length).toBe(2)
      expect((await probe.state(t.tenantId, t.ws, a.file_id)).record).not.toBeNull()
      const del = await api.call("DELETE", `/v1/workspaces/${t.ws}/files/${a.file_id}`, { key: t.key })
      expect([200, 202], JSON.stringify(del.body)).toContain(del.status)
      expect(del.body.kind).toBe("file_delete")
      expect((await settle(t.key, del.body.job_id)).body.status).toBe("succeeded")
      expect(await probe.state(t.tenantId, t.ws, a.file_id)).toMatchObject({ file: null, record: null, catalog: [] })
      expect((await probe.state(t.tenantId, t.ws, b.file_id)).catalog).toHaveLength(1)
      const left = await probe.tables(t.tenantId, t.ws)
      expect(left).toHaveLength(1)
      expect((await probe.state(t.tenantId, t.ws, b.file_id)).record.components.some((c: any) => c.table_name === left[0])).toBe(true)

      const name = (await api.call("GET", `/v1/workspaces/${t.ws}`, { key: t.key })).body.name
      const gone = await api.call("DELETE", `/v1/workspaces/${t.ws}`, { key: t.key, body: { confirm_name: name } })
      expect([200, 202]).toContain(gone.status)
      const dj = await settle(t.key, gone.body.job_id)
      expect(dj.body.status, JSON.stringify(dj.body)).toBe("succeeded")
      expect(dj.body.result.steps).toContain("ingestion_records")
      expect(dj.body.result.steps).toContain("catalog")
      expect(await probe.state(t.tenantId, t.ws, b.file_id)).toMatchObject({ record: null, catalog: [] })
      expect(await probe.tables(t.tenantId, t.ws)).toEqual([])
    })

    it("ingestion units are charged as credits: once the included credits are used, 402 quota_exceeded, and the refused selection is not left queued", async () => {
      const t0 = await api.tenant({ credits: 2 })
      keys.set(t0.tenantId, t0.key)
      const ws = (await api.call("POST", "/v1/workspaces", { key: t0.key, body: { name: "credits" } })).body.workspace_id as string
      const a = await upload(t0.tenantId, ws, "a.txt", "one\fpage two\fpage three")
      const j = await ingest(t0.key, ws, { selection: { type: "file_ids", file_ids: [a.file_id] } })
      expect(j.body.units).toBe(3)
      const b = await upload(t0.tenantId, ws, "b.txt", "more")
      const day = await today()
      // the usage event is recorded just after the job's outcome
      for (let i = 0; i < 400 && !JSON.stringify((await api.call("GET", `/v1/usage?group_by=workspace&period_start=${day}&period_end=${day}`, { key: t0.key })).body).includes(ws); i++) {
        await new Promise((x) => setTimeout(x, 5))
      }
      const refused = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { key: t0.key, body: { selection: { type: "file_ids", file_ids: [b.file_id] } } })
      expectV1Error(refused, 402, "quota_exceeded")
      expect((await file(t0.tenantId, ws, b.file_id)).ingestion_status).toBe("discovered")
    })

    it("usage records bytes_ingested per workspace (GET /v1/usage?group_by=workspace)", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "a.txt", "some words here")
      await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [a.file_id] } })
      const day = await today()
      const usage = () => api.call("GET", `/v1/usage?group_by=workspace&period_start=${day}&period_end=${day}`, { key: t.key })
      // the usage event is recorded just after the job's outcome (the upload's, with no bytes ingested, may be there before it)
      const ingested = `"bytes_ingested":${a.size_bytes}`
      let u = await usage()
      for (let i = 0; i < 1000 && !JSON.stringify(u.body).includes(ingested); i++) {
        await new Promise((x) => setTimeout(x, 5))
        u = await usage()
      }
      expect(u.status, JSON.stringify(u.body)).toBe(200)
      expect(JSON.stringify(u.body)).toContain(t.ws)
      expect(JSON.stringify(u.body)).toContain(ingested)
    })
  })
