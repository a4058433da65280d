/**
 * Ingestion and reconciliation (spec 3) over HTTP, with the deterministic test parser (`.txt`
 * documents, `.csv` spreadsheets, `#corrupt`, anything else unsupported). Files are uploaded
 * through `POST /v1/workspaces/{id}/files`. Run by each adapter as
 * `workspaceIngestionHttpSuite(name, start, serve?)`, `start` giving a fresh Docket on a manual
 * clock with `sweepIntervalMs: 0` (the tests sweep), `serve` the target its requests go through
 * (in process by default; a listener of an adapter); the tests read the instance's stores.
 */
import { Clock, Effect, Option, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { Docket, DocketServices } from "../docket.js"
import { JobStore } from "../jobs/job-store.js"
import { createJob } from "../jobs/create-job.js"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { WorkspaceFileStore } from "../workspaces/files/file-store.js"
import { mediaTypeOf } from "../workspaces/files/media-type.js"
import { stagedBlobKey } from "../workspaces/files/file-kinds.js"
import { FileIngestionStore } from "../workspaces/ingestion/file-ingestion.js"
import { WorkspaceSql } from "../workspaces/tables/sql-engine.js"
import { WorkspaceStore } from "../workspaces/workspace/workspace-store.js"
import { docsClient } from "./documents-http-suite.js"
import { type HttpTarget, inProcessTarget, type JsonResponse } from "./http-target.js"

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code, JSON.stringify(r.body)).toBe(code)
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
}

/** What an upload leaves, placed through the instance's stores: the bytes in a blob, the file `discovered` at version 1. */
export const placeWorkspaceFile = (docket: Docket, tenantId: string, ws: string, path: string, content: string | Uint8Array) =>
  docket.runtime.runPromise(Effect.gen(function*() {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content
    const key = stagedBlobKey(ws, randomUUID())
    yield* (yield* BlobStore).put(key, Stream.make(bytes), bytes.byteLength)
    const now = yield* Clock.currentTimeMillis
    return yield* (yield* WorkspaceFileStore).create({
      tenant_id: tenantId,
      workspace_id: ws,
      file_id: randomUUID(),
      path,
      file_type: mediaTypeOf(path, undefined),
      size_bytes: bytes.byteLength,
      observed_hash: createHash("sha256").update(bytes).digest("hex"),
      blob_key: key,
      labels: {},
      graph_inclusion: "auto",
      access_label: null,
      ingestion_status: "discovered",
      at: now
    })
  }))

export const workspaceIngestionHttpSuite = (
  name: string,
  start: () => Promise<Docket>,
  serve: (docket: Docket) => Promise<HttpTarget> = async (docket) => inProcessTarget(docket)
) =>
  describe(`workspace ingestion and reconciliation over HTTP (${name})`, () => {
    let docket: Docket
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    beforeEach(async () => {
      docket = await start()
      target = await serve(docket)
      api = docsClient(target)
    })
    afterEach(async () => {
      await target.close()
      await docket.dispose()
    })
    const run = <A, E>(effect: Effect.Effect<A, E, DocketServices>) => docket.runtime.runPromise(effect)

    const setup = async (body: Record<string, unknown> = {}) => {
      const t = await api.tenant()
      keys.set(t.tenantId, t.key)
      const ws = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: `w-${randomUUID()}`, ...body } })
      expect(ws.status, JSON.stringify(ws.body)).toBe(201)
      return { ...t, ws: ws.body.workspace_id as string }
    }

    const keys = new Map<string, string>()
    /** uploads through the route and answers the file as stored (after its `file_upload` job finished) */
    const upload = async (tenantId: string, ws: string, path: string, content: string) => {
      const form = new FormData()
      form.append("file", new Blob([content]), path.split("/").pop()!)
      form.append("metadata", JSON.stringify({ path }))
      const r = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key: keys.get(tenantId)!, raw: form })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      const stored = await run(Effect.flatMap(WorkspaceFileStore, (store) => store.get(tenantId, ws, r.body.result.file.file_id as string)))
      return Option.getOrThrow(stored)
    }

    const newVersion = (tenantId: string, ws: string, fileId: string, content: string) =>
      run(Effect.gen(function*() {
        const bytes = new TextEncoder().encode(content)
        const key = stagedBlobKey(ws, randomUUID())
        yield* (yield* BlobStore).put(key, Stream.make(bytes), bytes.byteLength)
        return yield* (yield* WorkspaceFileStore).addVersion(tenantId, ws, fileId, {
          file_type: "text/plain",
          size_bytes: bytes.byteLength,
          observed_hash: createHash("sha256").update(bytes).digest("hex"),
          blob_key: key,
          at: docket.clock!.unsafeCurrentTimeMillis()
        })
      }))

    const file = (tenantId: string, ws: string, id: string) =>
      run(Effect.map(Effect.flatMap(WorkspaceFileStore, (s) => s.get(tenantId, ws, id)), Option.getOrThrow))

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
        await docket.clock!.advance(1000)
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
      const stored = await run(Effect.map(Effect.flatMap(JobStore, (s) => s.get(j.body.job_id)), Option.getOrThrow))
      expect(stored.progress).toMatchObject({ items_total: 4, items_done: 4, units_done: 3 })

      const d = await file(t.tenantId, t.ws, doc.file_id)
      expect(d).toMatchObject({ ingestion_status: "ingested", ingested_hash: doc.observed_hash, lane: "text", units: 2, page_count: 2 })
      expect(d.ingested_at).not.toBeNull()
      expect(d.category).toMatch(/^[a-z0-9_]+\/[a-z0-9_]+$/)
      expect((await file(t.tenantId, t.ws, bad.file_id))).toMatchObject({ ingestion_status: "failed", ingestion_error: { code: "corrupt_file" } })
      expect((await file(t.tenantId, t.ws, odd.file_id)).ingestion_status).toBe("failed")

      // the record, the derived outputs and the table
      const rec = await run(Effect.map(Effect.flatMap(FileIngestionStore, (s) => s.get(t.tenantId, t.ws, doc.file_id)), Option.getOrThrow))
      expect(rec).toMatchObject({ version: 1, kind: "document", lane: "text", page_count: 2, ingested_hash: doc.observed_hash })
      expect(rec.pages).toHaveLength(2)
      expect(rec.pages[0]!.char_start).toBe(0)
      expect(rec.pages[1]!.char_end).toBe(rec.total_chars)
      expect(rec.keywords.length).toBeGreaterThan(0)
      expect(Object.keys(rec.extracted_fields)).toEqual(["title", "document_date", "reference_number", "total_amount", "currency", "parties"])
      const outs = await run(Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(t.tenantId, t.ws, doc.file_id)))
      expect(outs.map((o) => o.path)).toEqual(["_derived/reports/memo.txt/document.md"])
      const md = await run(Effect.flatMap(BlobStore, (b) => b.get(outs[0]!.blob_key!)))
      const markdown = new TextDecoder().decode(Option.getOrThrow(md))
      expect(markdown.length).toBe(rec.total_chars)
      expect(markdown.slice(rec.pages[1]!.char_start, rec.pages[1]!.char_end)).toBe("Page two talks about costs and the budget.")

      const csvRec = await run(Effect.map(Effect.flatMap(FileIngestionStore, (s) => s.get(t.tenantId, t.ws, csv.file_id)), Option.getOrThrow))
      expect(csvRec.kind).toBe("table")
      const sheet = csvRec.components.find((c) => c.kind === "sheet")!
      expect(sheet).toMatchObject({ queryable: true, row_count: 2, column_count: 3 })
      expect(sheet.columns.map((c) => c.name)).toEqual(["region", "amount", "date"])
      const csvOuts = await run(Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(t.tenantId, t.ws, csv.file_id)))
      expect(csvOuts.map((o) => o.path).sort()).toEqual(["_derived/data/sales.csv/document.md", `_derived/data/sales.csv/tables/${sheet.table_name}.csv`])
      const q = await run(Effect.flatMap(WorkspaceSql, (s) => s.query(t.tenantId, t.ws, `SELECT sum(amount) AS total FROM ${sheet.table_name}`, { maxRows: 10, timeoutMs: 5000 })))
      expect(Number(q.rows[0]![0])).toBe(200.5)
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

      const changed = await newVersion(t.tenantId, t.ws, b.file_id, "beta text, second version")
      expect(changed.ingestion_status).toBe("stale")
      const stale = await ingest(t.key, t.ws, { selection: { type: "path_prefix", path_prefix: "", stale_only: true } })
      expect(stale.body.result.outcomes).toEqual([expect.objectContaining({ file_id: b.file_id, status: "ingested" })])
      const now = await file(t.tenantId, t.ws, b.file_id)
      expect(now).toMatchObject({ ingestion_status: "ingested", ingested_hash: changed.observed_hash, version: 2 })
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

    it("a cancelled ingestion leaves no file ingesting: the interrupted file is failed (cancelled, retryable) and ingests again", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "slow.txt", "#delay 60000\nslow")
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: [a.file_id] } } })
      for (let i = 0; i < 2000 && (await file(t.tenantId, t.ws, a.file_id)).ingestion_status !== "ingesting"; i++) await new Promise((x) => setTimeout(x, 5))
      const c = await api.call("POST", `/v1/jobs/${r.body.job_id}/cancel`, { key: t.key })
      expect([200, 202], JSON.stringify(c.body)).toContain(c.status)
      for (let i = 0; i < 2000 && (await file(t.tenantId, t.ws, a.file_id)).ingestion_status === "ingesting"; i++) await new Promise((x) => setTimeout(x, 5))
      expect(await file(t.tenantId, t.ws, a.file_id)).toMatchObject({ ingestion_status: "failed", ingestion_error: { code: "cancelled", retryable: true } })
      const again = await api.call("POST", `/v1/workspaces/${t.ws}/ingestions`, { key: t.key, body: { selection: { type: "file_ids", file_ids: [a.file_id] } } })
      expect((await settleAdvancing(t.key, again.body.job_id)).body.result.outcomes[0].status).toBe("ingested")
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
      // a delete's job may finish at once: the workspace is held `deleting` through the store
      await run(Effect.flatMap(WorkspaceStore, (s) => s.markDeleting(t.tenantId, t.ws, docket.clock!.unsafeCurrentTimeMillis())))
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
      // drift: the observed hash no longer matches what was ingested
      await run(Effect.flatMap(WorkspaceFileStore, (s) => s.update(t.tenantId, t.ws, done.file_id, { ingested_hash: "0".repeat(64) }, 0)))
      await run(Effect.flatMap(BlobStore, (b) => b.delete(gone.blob_key)))
      const r = await api.call("POST", `/v1/workspaces/${t.ws}/reconciliations`, { key: t.key, body: { path_prefix: "docs" } })
      expect(r.status).toBe(202)
      const j = await settle(t.key, r.body.job_id)
      expect(j.body.result).toEqual({ result_type: "reconciliation", files_scanned: 3, discovered: 1, marked_stale: 1, orphans_removed: 1, ingestion_job_id: null })
      expect((await file(t.tenantId, t.ws, done.file_id)).ingestion_status).toBe("stale")
      expect(await run(Effect.map(Effect.flatMap(WorkspaceFileStore, (s) => s.get(t.tenantId, t.ws, gone.file_id)), Option.isNone))).toBe(true)
      expect(await run(Effect.map(Effect.flatMap(FileIngestionStore, (s) => s.get(t.tenantId, t.ws, gone.file_id)), Option.isNone))).toBe(true)
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
    const record = (tenantId: string, ws: string, id: string) =>
      run(Effect.flatMap(FileIngestionStore, (s) => s.get(tenantId, ws, id)))
    const tables = (tenantId: string, ws: string) =>
      run(Effect.map(Effect.flatMap(WorkspaceSql, (s) => s.listTables(tenantId, ws)), (ts) => ts.map((x) => x.table_name)))

    it("retention on the service clock: derived TTL expires the representations, source TTL deletes the file, job TTL expires the job's payload", async () => {
      const t = await setup({ retention_policy: { derived_ttl_days: 1, source_ttl_days: 3, job_ttl_days: 2 } })
      const a = await upload(t.tenantId, t.ws, "s.csv", "k,v\na,1\nb,2\n")
      const j = await ingest(t.key, t.ws, { selection: { type: "file_ids", file_ids: [a.file_id] } })
      expect(j.body.result.files_ingested).toBe(1)
      const [table] = await tables(t.tenantId, t.ws)
      expect(table).toBeDefined()
      const outs = await run(Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(t.tenantId, t.ws, a.file_id)))
      expect(outs).toHaveLength(2)

      await docket.clock!.advance(DAY - 1)
      expect((await docket.admin.docs.sweep()).workspace_derived).toBe(0)
      expect((await file(t.tenantId, t.ws, a.file_id)).ingestion_status).toBe("ingested")
      await docket.clock!.advance(1)
      const first = await docket.admin.docs.sweep()
      expect(first).toMatchObject({ workspace_derived: 1, workspace_sources: 0 })
      expect((await file(t.tenantId, t.ws, a.file_id)).ingestion_status).toBe("expired")
      expect(Option.isNone(await record(t.tenantId, t.ws, a.file_id))).toBe(true)
      expect(await tables(t.tenantId, t.ws)).toEqual([])
      expect(await run(Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(t.tenantId, t.ws, a.file_id)))).toEqual([])
      for (const o of outs) expect(Option.isNone(await run(Effect.flatMap(BlobStore, (b) => b.get(o.blob_key!))))).toBe(true)
      // the bytes stay: re-ingesting brings it back
      expect((await docket.admin.docs.sweep()).workspace_derived).toBe(0)

      await docket.clock!.advance(DAY)
      await docket.admin.docs.sweep()
      const late = await api.call("GET", `/v1/jobs/${j.body.job_id}`, { key: t.key })
      expect(late.body.result_state).toBe("expired")

      await docket.clock!.advance(DAY)
      expect((await docket.admin.docs.sweep()).workspace_sources).toBe(1)
      expect(await run(Effect.map(Effect.flatMap(WorkspaceFileStore, (s) => s.get(t.tenantId, t.ws, a.file_id)), Option.isNone))).toBe(true)
      expect(Option.isNone(await run(Effect.flatMap(BlobStore, (b) => b.get(a.blob_key))))).toBe(true)
    })

    it("file_delete takes the file's ingestion record and tables; a workspace's deletion tears its records down", async () => {
      const t = await setup()
      const a = await upload(t.tenantId, t.ws, "one.csv", "k,v\na,1\n")
      const b = await upload(t.tenantId, t.ws, "two.csv", "k,v\nb,2\n")
      await ingest(t.key, t.ws, { selection: { type: "path_prefix" } })
      expect((await tables(t.tenantId, t.ws)).length).toBe(2)
      const del = await run(createJob({ tenantId: t.tenantId, kind: "file_delete", input: { workspace_id: t.ws, file_id: a.file_id }, workspaceId: t.ws, idempotencyKey: null, requestId: "req_test" }))
      expect((await settle(t.key, del.job.job_id)).body.status).toBe("succeeded")
      expect(Option.isNone(await record(t.tenantId, t.ws, a.file_id))).toBe(true)
      const left = await tables(t.tenantId, t.ws)
      expect(left).toHaveLength(1)
      expect(Option.getOrThrow(await record(t.tenantId, t.ws, b.file_id)).components.some((c) => c.table_name === left[0])).toBe(true)

      const name = (await api.call("GET", `/v1/workspaces/${t.ws}`, { key: t.key })).body.name
      const gone = await api.call("DELETE", `/v1/workspaces/${t.ws}`, { key: t.key, body: { confirm_name: name } })
      expect([200, 202]).toContain(gone.status)
      const dj = await settle(t.key, gone.body.job_id)
      expect(dj.body.status, JSON.stringify(dj.body)).toBe("succeeded")
      expect(dj.body.result.steps).toContain("ingestion_records")
      expect(Option.isNone(await record(t.tenantId, t.ws, b.file_id))).toBe(true)
    })

    it("ingestion units are charged as credits: once the included credits are used, 402 quota_exceeded, and the refused selection is not left queued", async () => {
      const t0 = await api.tenant({ credits: 2 })
      keys.set(t0.tenantId, t0.key)
      const ws = (await api.call("POST", "/v1/workspaces", { key: t0.key, body: { name: "credits" } })).body.workspace_id as string
      const a = await upload(t0.tenantId, ws, "a.txt", "one\fpage two\fpage three")
      const j = await ingest(t0.key, ws, { selection: { type: "file_ids", file_ids: [a.file_id] } })
      expect(j.body.units).toBe(3)
      const b = await upload(t0.tenantId, ws, "b.txt", "more")
      // the usage event is recorded just after the job's outcome
      for (let i = 0; i < 400 && !JSON.stringify((await api.call("GET", "/v1/usage?group_by=workspace&period_start=2026-01-01&period_end=2026-01-31", { key: t0.key })).body).includes(ws); i++) {
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
      const usage = () => api.call("GET", "/v1/usage?group_by=workspace&period_start=2026-01-01&period_end=2026-01-31", { key: t.key })
      // the usage event is recorded just after the job's outcome
      let u = await usage()
      for (let i = 0; i < 400 && !JSON.stringify(u.body).includes(t.ws); i++) {
        await new Promise((x) => setTimeout(x, 5))
        u = await usage()
      }
      expect(u.status, JSON.stringify(u.body)).toBe(200)
      expect(JSON.stringify(u.body)).toContain(t.ws)
      expect(JSON.stringify(u.body)).toContain(`"bytes_ingested":${a.size_bytes}`)
    })
  })
