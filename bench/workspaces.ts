/**
 * Workspace service benchmark (spec 3, issue 13), its parts run in the order 2, 1, 3:
 *
 *   npx tsx bench/workspaces.ts          (after `npm run build`)
 *
 * 1. Ingestion throughput: BENCH_WS_INGEST_FILES files (default 1,000: a mix of the eval set's
 *    generated PDF, DOCX, HTML, text, XLSX and CSV documents, and generated markdown notes with
 *    tables, CSV exports, HTML pages with tables, text memos and multi-page PDFs) placed in one
 *    workspace as an upload leaves them (bytes in the blob store, the file `discovered`), then one
 *    `ingestion` job (`POST /v1/workspaces/{id}/ingestions`, selection `path_prefix`) through
 *    `docket.fetch` (in process), polled to completion; `createDocket`'s defaults (memory storage,
 *    `@docket/formats`' worker-pool parser, the local engine with `@docket/encoder`'s sentence
 *    encoder, so each file's chunks are indexed and embedded; the chunks the index holds after
 *    the job give chunks/s). Against parse alone: the same
 *    instance's `DocumentParser` port (the parser the ingestion calls) on the same bytes, one file
 *    after another as the ingestion job does, in the same run (after a warm-up of a few parses).
 *    Files/s, pages/s, and the ratio ingestion / parse.
 * 2. File reads at scale: BENCH_WS_LIST_FILES files (default 10,000, in 20 folders of 5
 *    sub-folders) placed directly in the file store, on memory storage and on PostgreSQL storage
 *    (`@docket/storage-pg`, a fresh database dropped at the end), each in process through
 *    `docket.fetch`: `GET /v1/workspaces/{id}/files` (first page of 100; a folder's first page),
 *    `POST …/tools/folder-metadata` (the root: a scan of every file; one folder of 500),
 *    BENCH_WS_LIST_RUNS sequential calls each (default 30, after 3 warm-ups), p50/p95; measured at
 *    1,000 files too, to show the growth. References in the same run: the store's own `list` call
 *    (the page the route answers, without HTTP), the store's scan that folder-metadata makes of the
 *    root (`scanFolder`), and `GET /v1/jobs` on the same instance.
 * 3. Artifact Range read of a BENCH_WS_FILE_MB MB file (default 150): a Docket server on node:http
 *    in a child process (`bench/servers/workspace-file-server.ts`, --expose-gc) holding that file
 *    in a workspace, on memory storage, then on PostgreSQL storage. `GET
 *    /v1/workspaces/{id}/artifacts/content?path=…` with one `Range` (1 MiB at the start, middle
 *    and end, then 20 MiB from a quarter in), each checked byte for byte, then one full streamed
 *    read; the server's memory is sampled every 20 ms throughout, against its level after a
 *    settled GC before the reads: resident set, JS heap, and buffers (external); and what is left
 *    above it after the reads and a GC. The same for a file a fifth of the size (at least 25 MB),
 *    the reference: what grows with the file and what does not.
 *
 * BENCH_WS_ONLY=list,ingest,range runs the parts named.
 */
import { Documents, type Docket, Jobs, Workspaces } from "@docket/core"
import { createDocket } from "@docket/server"
import * as PgStorage from "@docket/storage-pg"
import { Clock, Effect, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { request } from "node:http"
import { generateDocuments } from "../eval/generate.js"
import { makePdf } from "./docs.js"
import { expectedRange, PIECE } from "./support/big-file.js"
import { createDatabase } from "./support/database.js"
import { envNumber } from "./support/env.js"
import { fmtInt, fmtMs } from "./support/format.js"
import { percentile } from "./support/load.js"
import { runIfMain } from "./support/main.js"
import { type MemoryReport, nodeServer, type ServerProcess, startServer, withEnv } from "./support/servers.js"

const MB = 1024 * 1024

// ---------------------------------------------------------------------------------------------
// shared: an in-process instance, a tenant that is never refused, a workspace, files as uploads leave them

const call = async (docket: Docket, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
  const r = await docket.fetch(new Request(`http://bench${path}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  }))
  const text = await r.text()
  return { status: r.status, body: text === "" ? null : JSON.parse(text) }
}

const setUp = async (docket: Docket) => {
  const t = await docket.admin.docs.createTenant({ credits: 1_000_000_000, paid_usage: true, rpm: 1_000_000_000, concurrent_jobs: 10_000, sync_waits: 10_000 })
  const ws = await call(docket, t.api_key, "POST", "/v1/workspaces", { name: `bench-${randomUUID()}` })
  if (ws.status !== 201) throw new Error(`workspace: ${ws.status} ${JSON.stringify(ws.body)}`)
  return { tenantId: t.tenant_id as string, key: t.api_key as string, ws: ws.body.workspace_id as string }
}

/** what an upload leaves: the bytes in a blob (when given), the file `discovered` (the testing helper `placeWorkspaceFile`, without vitest) */
const placeFile = (tenantId: string, ws: string, path: string, bytes: Uint8Array | undefined, size = bytes?.byteLength ?? 0) =>
  Effect.gen(function*() {
    const key = Workspaces.Files.stagedBlobKey(ws, randomUUID())
    if (bytes !== undefined) yield* (yield* Documents.BlobStore).put(key, Stream.make(bytes), bytes.byteLength)
    return yield* (yield* Workspaces.Files.WorkspaceFileStore).create({
      tenant_id: tenantId, workspace_id: ws, file_id: randomUUID(), path,
      file_type: Workspaces.Files.mediaTypeOf(path, undefined), size_bytes: size,
      observed_hash: createHash("sha256").update(bytes ?? path).digest("hex"), blob_key: key, labels: {},
      graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: yield* Clock.currentTimeMillis
    })
  })

// ---------------------------------------------------------------------------------------------
// 1. ingestion against parse alone

const utf8 = (s: string) => new TextEncoder().encode(s)
const REGIONS = ["north", "south", "east", "west", "central"]

const markdownNote = (i: number) => {
  const rows = Array.from({ length: 6 + (i % 10) }, (_, r) => `| ${REGIONS[(i + r) % 5]} | ${1000 + ((i * 37 + r * 101) % 9000)} | ${(((i + r) % 17) / 10).toFixed(1)}% |`)
  return utf8(`# Project note ${i}\n\nStatus of workstream ${i % 23} for the quarter. The team reviewed costs, risks and the outlook.\n\n## Figures\n\n| region | revenue | growth |\n|---|---|---|\n${rows.join("\n")}\n\n## Next steps\n\n- confirm the budget with finance\n- review supplier ${i % 31} terms\n`)
}
const csvExport = (i: number) => {
  const rows = Array.from({ length: 20 + (i % 180) }, (_, r) => `${r + 1},${REGIONS[(i + r) % 5]},2026-${String(1 + (r % 12)).padStart(2, "0")}-15,${((i * 13 + r * 7) % 5000) / 10}`)
  return utf8(`id,region,date,amount\n${rows.join("\n")}\n`)
}
const htmlPage = (i: number) => {
  const rows = Array.from({ length: 5 + (i % 15) }, (_, r) => `<tr><td>${REGIONS[(i + r) % 5]}</td><td>${100 + ((i + r) * 17) % 900}</td></tr>`)
  return utf8(`<!doctype html><html><head><title>Report ${i}</title></head><body><h1>Weekly report ${i}</h1><p>Sales by region for week ${i % 52}, with the notes of the regional leads.</p><table><thead><tr><th>region</th><th>units</th></tr></thead><tbody>${rows.join("")}</tbody></table><p>Prepared by the operations team.</p></body></html>`)
}
const textMemo = (i: number) =>
  utf8(Array.from({ length: 10 + (i % 40) }, (_, l) => `Memo ${i}, paragraph ${l + 1}: the committee discussed item ${(i * 7 + l) % 61} and agreed to revisit it next month.`).join("\n\n"))

/** `n` files: 40 % the eval set's documents in turn, then generated notes, exports, pages, memos and PDFs */
const ingestionMix = async (n: number): Promise<Array<{ readonly path: string; readonly bytes: Uint8Array }>> => {
  const evalDocs = (await generateDocuments()).filter((d) => d.format !== "png") // OCR is its own lane, measured elsewhere
  const pdfs = await Promise.all(Array.from({ length: 10 }, (_, k) => makePdf(3 + k)))
  const ext: Record<string, string> = { pdf: "pdf", docx: "docx", html: "html", txt: "txt", xlsx: "xlsx", csv: "csv" }
  return Array.from({ length: n }, (_, i) => {
    const folder = `dept-${String(i % 8).padStart(2, "0")}`
    switch (i % 10) {
      case 0: case 1: case 2: case 3: {
        const d = evalDocs[i % evalDocs.length]!
        return { path: `${folder}/inbox/${String(i).padStart(4, "0")}-${d.id}.${ext[d.format]}`, bytes: d.bytes }
      }
      case 4: case 5: return { path: `${folder}/notes/note-${i}.md`, bytes: markdownNote(i) }
      case 6: return { path: `${folder}/exports/export-${i}.csv`, bytes: csvExport(i) }
      case 7: return { path: `${folder}/reports/report-${i}.html`, bytes: htmlPage(i) }
      case 8: return { path: `${folder}/memos/memo-${i}.txt`, bytes: textMemo(i) }
      default: return { path: `${folder}/pdf/brief-${i}.pdf`, bytes: pdfs[i % pdfs.length]! }
    }
  })
}

interface IngestionFigures {
  readonly files: number
  readonly bytes: number
  readonly pages: number
  readonly sheets: number
  readonly parseFailures: number
  readonly parseSeconds: number
  readonly ingestSeconds: number
  readonly ingested: number
  readonly failed: ReadonlyArray<string>
  readonly ingestedPages: number
  readonly tables: number
  /** chunks in the workspace's search index after the job (each embedded by the encoder) */
  readonly chunks: number
}

const ingestionBench = async (n: number): Promise<IngestionFigures> => {
  const files = await ingestionMix(n)
  const docket = createDocket({ settings: { sweepIntervalMs: 0 } })
  try {
    const { key, tenantId, ws } = await setUp(docket)
    for (const f of files) await docket.runtime.runPromise(placeFile(tenantId, ws, f.path, f.bytes))
    const parser = await docket.runtime.runPromise(Documents.DocumentParser)
    const parse = (f: (typeof files)[number]) =>
      docket.runtime.runPromise(Effect.either(parser.parse({ bytes: f.bytes, fileName: f.path.slice(f.path.lastIndexOf("/") + 1) })))
    // warm-up: the worker pool and every format's code
    for (const f of files.slice(0, 20)) await parse(f)
    let pages = 0
    let sheets = 0
    let parseFailures = 0
    const p0 = performance.now()
    for (const f of files) {
      const r = await parse(f)
      if (r._tag === "Left") parseFailures++
      else if (r.right.kind === "document") pages += r.right.page_count
      else sheets += r.right.sheets.length
    }
    const parseSeconds = (performance.now() - p0) / 1000

    const i0 = performance.now()
    const accepted = await call(docket, key, "POST", `/v1/workspaces/${ws}/ingestions`, { selection: { type: "path_prefix" } })
    if (accepted.status !== 202) throw new Error(`ingestion refused: ${accepted.status} ${JSON.stringify(accepted.body)}`)
    let job = accepted.body
    while (!["succeeded", "failed", "cancelled"].includes(job.status)) {
      await new Promise((r) => setTimeout(r, 100))
      job = (await call(docket, key, "GET", `/v1/jobs/${accepted.body.job_id}`)).body
    }
    const ingestSeconds = (performance.now() - i0) / 1000
    if (job.status !== "succeeded") throw new Error(`the ingestion ${job.status}: ${JSON.stringify(job.error)}`)
    // the pages the job counted (kept for usage, not shown in its answer) and the tables it built
    const stored = await docket.runtime.runPromise(Effect.flatMap(Effect.flatMap(Jobs.JobStore, (s) => s.get(accepted.body.job_id)), (j) => j))
    const tables = await docket.runtime.runPromise(Effect.flatMap(Workspaces.Tables.WorkspaceSql, (s) => s.listTables(tenantId, ws)))
    const index = await docket.runtime.runPromise(Effect.flatMap(Workspaces.Search.SearchIndex, (s) => s.status(tenantId, ws)))
    const failed = (job.result.outcomes as ReadonlyArray<any>).filter((o) => o.status !== "ingested").map((o) => `${o.path}: ${o.status} ${o.error?.code ?? ""}`)
    return {
      files: files.length,
      bytes: files.reduce((s, f) => s + f.bytes.byteLength, 0),
      pages,
      sheets,
      parseFailures,
      parseSeconds,
      ingestSeconds,
      ingested: job.result.files_ingested,
      failed,
      ingestedPages: (stored.result as { pages_ingested: number }).pages_ingested,
      tables: tables.length,
      chunks: index.chunks
    }
  } finally {
    await docket.dispose()
  }
}

// ---------------------------------------------------------------------------------------------
// 2. file list and folder-metadata at scale

const FOLDERS = 20
const SUBFOLDERS = 5

/** file `i` of the large workspace: 20 folders of 5 sub-folders, files spread evenly */
const listPath = (i: number) =>
  `dept-${String(i % FOLDERS).padStart(2, "0")}/project-${Math.floor(i / FOLDERS) % SUBFOLDERS}/${["report", "invoice", "notes", "export"][i % 4]}-${String(i).padStart(5, "0")}.${["pdf", "pdf", "md", "csv"][i % 4]}`

interface Latency {
  readonly p50: number
  readonly p95: number
}

const latency = async (runs: number, f: () => Promise<void>): Promise<Latency> => {
  for (let i = 0; i < 3; i++) await f()
  const ts: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await f()
    ts.push(performance.now() - t0)
  }
  ts.sort((a, b) => a - b)
  return { p50: percentile(ts, 50), p95: percentile(ts, 95) }
}

interface ReadFigures {
  readonly files: number
  readonly list: Latency
  readonly listFolder: Latency
  readonly folderRoot: Latency
  readonly folderOne: Latency
  readonly storeList: Latency
  readonly storeScan: Latency
  readonly jobs: Latency
}

const readsAt = async (docket: Docket, t: { key: string; tenantId: string; ws: string }, files: number, runs: number): Promise<ReadFigures> => {
  const expectOk = (what: string, check: (body: any) => boolean) => async (r: Promise<{ status: number; body: any }>) => {
    const { body, status } = await r
    if (status !== 200 || !check(body)) throw new Error(`${what}: ${status} ${JSON.stringify(body).slice(0, 300)}`)
  }
  const perFolder = files / FOLDERS
  const base = `/v1/workspaces/${t.ws}`
  return {
    files,
    list: await latency(runs, () => expectOk("list", (b) => b.total_count === files && b.items.length === Math.min(100, files))(call(docket, t.key, "GET", `${base}/files?limit=100`))),
    listFolder: await latency(runs, () =>
      expectOk("folder list", (b) => b.total_count === perFolder && b.items.length === Math.min(100, perFolder))(call(docket, t.key, "GET", `${base}/files?limit=100&path_prefix=dept-07/`))),
    folderRoot: await latency(runs, () => expectOk("folder-metadata /", (b) => b.overall_files === files)(call(docket, t.key, "POST", `${base}/tools/folder-metadata`, {}))),
    folderOne: await latency(runs, () =>
      expectOk("folder-metadata dept-07/", (b) => b.overall_files === perFolder)(call(docket, t.key, "POST", `${base}/tools/folder-metadata`, { directory: "dept-07/" }))),
    storeList: await latency(runs, () =>
      docket.runtime.runPromise(Effect.asVoid(Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.list(t.tenantId, t.ws, { visible: "all", order: "path", limit: 100 }))))),
    storeScan: await latency(runs, () => docket.runtime.runPromise(Effect.asVoid(Workspaces.Files.scanFolder(t.tenantId, t.ws, "all", { directory: "" })))),
    jobs: await latency(runs, () => expectOk("jobs", () => true)(call(docket, t.key, "GET", "/v1/jobs")))
  }
}

const readsBench = async (docket: Docket, files: number, runs: number): Promise<{ small: ReadFigures; large: ReadFigures; placeSeconds: number }> => {
  try {
    const t = await setUp(docket)
    const small = Math.min(1000, files)
    const place = (from: number, to: number) =>
      docket.runtime.runPromise(Effect.forEach(
        Array.from({ length: to - from }, (_, k) => from + k),
        (i) => placeFile(t.tenantId, t.ws, listPath(i), undefined, 10_000 + i),
        { concurrency: 8, discard: true }
      ))
    const p0 = performance.now()
    await place(0, small)
    const smallFigures = await readsAt(docket, t, small, runs)
    await place(small, files)
    const placeSeconds = (performance.now() - p0) / 1000
    return { small: smallFigures, large: await readsAt(docket, t, files, runs), placeSeconds }
  } finally {
    await docket.dispose()
  }
}

// ---------------------------------------------------------------------------------------------
// 3. artifact Range reads of a large file, the server's memory

const FILE_SERVER = nodeServer("Docket workspace file server", "workspace-file-server.ts", ["--expose-gc"])

/** GET of the artifact (with `range` when given); the bytes kept only when `keep`, else counted */
const getArtifact = (server: ServerProcess, range: string | undefined, keep: boolean) =>
  new Promise<{ readonly status: number; readonly length: number; readonly body: Buffer | null; readonly ms: number }>((resolve, reject) => {
    const d = server.ready.detail!
    const t0 = performance.now()
    const req = request({
      host: "127.0.0.1",
      port: server.ready.port,
      path: `/v1/workspaces/${d.workspace_id}/artifacts/content?path=${encodeURIComponent(String(d.path))}`,
      headers: { "x-api-key": server.ready.key ?? "", ...(range === undefined ? {} : { range }) }
    }, (res) => {
      const parts: Array<Buffer> = []
      let length = 0
      res.on("data", (c: Buffer) => {
        length += c.byteLength
        if (keep) parts.push(c)
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, length, body: keep ? Buffer.concat(parts) : null, ms: performance.now() - t0 }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end()
  })

interface Growth {
  readonly rss: number
  readonly heap: number
  readonly external: number
}

/** the most the server's memory rose above `base` while `work` ran, sampled every 20 ms */
const sampleGrowth = async <A>(server: ServerProcess, base: MemoryReport, work: () => Promise<A>): Promise<{ readonly growth: Growth; readonly result: A }> => {
  let top = { rss: 0, heap: 0, external: 0 }
  let done = false
  const sampler = (async () => {
    while (!done) {
      const m = await server.memory()
      top = {
        rss: Math.max(top.rss, m.rssBytes - base.rssBytes),
        heap: Math.max(top.heap, m.heapUsedBytes - base.heapUsedBytes),
        external: Math.max(top.external, m.externalBytes - base.externalBytes)
      }
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  try {
    return { result: await work(), growth: top }
  } finally {
    done = true
    await sampler
  }
}

interface RangeFigures {
  readonly size: number
  readonly baseRss: number
  readonly ranges: Growth
  readonly rangeMs: ReadonlyArray<number>
  readonly full: Growth
  readonly fullMs: number
  readonly maxRssGrowth: number
  /** above the base after the reads and a GC */
  readonly left: Growth
}

/**
 * the server's memory after garbage collection settles: V8 frees the memory of dead ArrayBuffers
 * on a background task after a GC, so a report taken right after one still counts them
 */
const settled = async (server: ServerProcess): Promise<MemoryReport> => {
  await server.memory(true)
  await new Promise((r) => setTimeout(r, 500))
  return server.memory(true)
}

const rangeBench = async (server: ServerProcess): Promise<RangeFigures> => {
  const size = Number(server.ready.detail!.size)
  const base = await settled(server)
  const ranges: ReadonlyArray<readonly [number, number]> = [
    [0, MB - 1],
    [Math.floor(size / 2), Math.floor(size / 2) + MB - 1],
    [size - MB, size - 1],
    [Math.floor(size / 4), Math.min(size - 1, Math.floor(size / 4) + 20 * MB - 1)]
  ]
  const rangeMs: Array<number> = []
  const r = await sampleGrowth(server, base, async () => {
    for (const [start, end] of ranges) {
      const got = await getArtifact(server, `bytes=${start}-${end}`, true)
      if (got.status !== 206 || got.length !== end - start + 1 || !got.body!.equals(expectedRange(start, end, size))) {
        throw new Error(`range ${start}-${end}: ${got.status}, ${got.length} bytes, ${got.body?.equals(expectedRange(start, end, size)) ? "right" : "wrong"} bytes`)
      }
      rangeMs.push(got.ms)
    }
  })
  const full = await sampleGrowth(server, base, () => getArtifact(server, undefined, false))
  if (full.result.status !== 200 || full.result.length !== size) throw new Error(`full read: ${full.result.status}, ${full.result.length} of ${size} bytes`)
  const after = await server.memory()
  // what is still live once the reads are over: garbage or bytes held
  const collected = await settled(server)
  return {
    size,
    baseRss: base.rssBytes,
    ranges: r.growth,
    rangeMs,
    full: full.growth,
    fullMs: full.result.ms,
    maxRssGrowth: after.maxRssBytes - base.maxRssBytes,
    left: { rss: collected.rssBytes - base.rssBytes, heap: collected.heapUsedBytes - base.heapUsedBytes, external: collected.externalBytes - base.externalBytes }
  }
}

// ---------------------------------------------------------------------------------------------

const fmtMb = (bytes: number) => (bytes / MB).toFixed(1)
const ratio = (a: number, b: number) => `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}×`

export async function runWorkspacesBench(): Promise<string> {
  const ingestFiles = envNumber("BENCH_WS_INGEST_FILES", 1000)
  const listFiles = envNumber("BENCH_WS_LIST_FILES", 10_000)
  const listRuns = envNumber("BENCH_WS_LIST_RUNS", 30)
  const fileMb = envNumber("BENCH_WS_FILE_MB", 150)
  const only = process.env.BENCH_WS_ONLY?.split(",") ?? ["ingest", "list", "range"]
  const out: Array<string> = ["## Workspaces (spec 3)", ""]

  // first: the ingestion part leaves this process with about 110 MB more live heap (the modules it
  // loads), which makes the in-process reads pay more for garbage collection
  if (only.includes("list")) {
    const rows: Array<string> = []
    const row = (storage: string, f: ReadFigures) => {
      const c = (l: Latency) => `${fmtMs(l.p50)} / ${fmtMs(l.p95)}`
      rows.push(
        `| ${storage} | ${fmtInt(f.files)} | ${c(f.list)} | ${c(f.listFolder)} | ${c(f.storeList)} | ${ratio(f.list.p50, f.storeList.p50)} | ${c(f.folderRoot)} | ${c(f.folderOne)} | ${c(f.storeScan)} | ${ratio(f.folderRoot.p50, f.storeScan.p50)} | ${c(f.jobs)} |`
      )
    }
    const memory = await readsBench(createDocket({ settings: { sweepIntervalMs: 0 } }), listFiles, listRuns)
    row("memory", memory.small)
    row("memory", memory.large)
    const db = await createDatabase()
    let pgPlace = 0
    try {
      const pg = await readsBench(createDocket({ storage: PgStorage.layer({ url: db.url }), settings: { sweepIntervalMs: 0 } }), listFiles, listRuns)
      row("PostgreSQL", pg.small)
      row("PostgreSQL", pg.large)
      pgPlace = pg.placeSeconds
    } finally {
      await db.drop()
    }
    out.push(
      `### File list and folder-metadata at ${fmtInt(listFiles)} files`,
      "",
      `In process (\`docket.fetch\`), ${listRuns} sequential calls each after 3 warm-ups, p50 / p95 in ms. Files in ${FOLDERS} folders ` +
        `of ${SUBFOLDERS} sub-folders; a folder holds ${fmtInt(listFiles / FOLDERS)} at ${fmtInt(listFiles)}. "list" is \`GET …/files?limit=100\`, ` +
        `"folder list" the same with \`path_prefix\` of one folder, "store list" the store's own call for that first page (no HTTP); ` +
        `"folder-metadata /" scans every file, "store scan" is the store reads it makes (\`scanFolder\` of the root); ` +
        `"jobs" is \`GET /v1/jobs\` on the same instance. Placing ${fmtInt(listFiles)} files on PostgreSQL took ${pgPlace.toFixed(0)} s.`,
      "",
      "| storage | files | list | folder list | store list | list / store | folder-metadata / | folder-metadata one folder | store scan | folder-metadata / scan | jobs |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows,
      ""
    )
  }

  if (only.includes("ingest")) {
    const g = await ingestionBench(ingestFiles)
    const parseFiles = g.files / g.parseSeconds
    const ingestFilesPerS = g.files / g.ingestSeconds
    out.push(
      `### Ingestion of ${fmtInt(g.files)} files against parse alone`,
      "",
      `${fmtInt(g.files)} files, ${fmtMb(g.bytes)} MB: ${fmtInt(g.pages)} document pages, ${fmtInt(g.sheets)} sheets; ` +
        `the ingestion built ${fmtInt(g.tables)} tables and counted ${fmtInt(g.ingestedPages)} pages. Parse alone: the instance's parser port, ` +
        `one file after another (as the ingestion job goes), the same bytes, after a warm-up.`,
      "",
      "| | seconds | files/s | pages/s | chunks/s |",
      "|---|---|---|---|---|",
      `| parse alone (${g.parseFailures} failed) | ${g.parseSeconds.toFixed(1)} | ${parseFiles.toFixed(1)} | ${(g.pages / g.parseSeconds).toFixed(1)} | — |`,
      `| ingestion job (${g.ingested} ingested, ${g.failed.length} not; ${fmtInt(g.chunks)} chunks indexed and embedded) | ${g.ingestSeconds.toFixed(1)} | ${ingestFilesPerS.toFixed(1)} | ${(g.pages / g.ingestSeconds).toFixed(1)} | ${(g.chunks / g.ingestSeconds).toFixed(1)} |`,
      "",
      `Ingestion / parse time: ${ratio(g.ingestSeconds, g.parseSeconds)}.`,
      ...(g.failed.length > 0 ? ["", `Not ingested: ${g.failed.slice(0, 10).join("; ")}${g.failed.length > 10 ? "; …" : ""}`] : []),
      ""
    )
  }

  if (only.includes("range")) {
    const rows: Array<string> = []
    const measure = async (storage: string, mb: number, env: Record<string, string>) => {
      const server = await startServer(withEnv(FILE_SERVER, { BENCH_WS_FILE_BYTES: String(mb * MB), ...env }))
      try {
        const f = await rangeBench(server)
        rows.push(
          `| ${storage} | ${fmtInt(mb)} | ${fmtMb(f.baseRss)} | ${fmtMb(f.ranges.rss)} / ${fmtMb(f.ranges.heap)} / ${fmtMb(f.ranges.external)} | ${f.rangeMs.map((ms) => fmtMs(ms)).join(", ")} | ` +
            `${fmtMb(f.full.rss)} / ${fmtMb(f.full.heap)} / ${fmtMb(f.full.external)} | ${fmtInt(f.fullMs)} (${fmtInt(f.size / MB / (f.fullMs / 1000))} MB/s) | ${fmtMb(f.maxRssGrowth)} | ${fmtMb(f.left.rss)} / ${fmtMb(f.left.heap)} / ${fmtMb(f.left.external)} |`
        )
      } finally {
        await server.stop()
      }
    }
    // the same reads of a file a fifth of the size: what grows with the file and what does not
    const sizes = [Math.max(25, Math.round(fileMb / 5)), fileMb]
    for (const mb of sizes) await measure("memory", mb, {})
    const db = await createDatabase()
    try {
      for (const mb of sizes) await measure("PostgreSQL", mb, { DATABASE_URL: db.url })
    } finally {
      await db.drop()
    }
    out.push(
      `### Artifact Range reads of a ${fileMb} MB file: the server's memory`,
      "",
      `Each file in a fresh server process; the smaller file (${sizes[0]} MB) is the reference: what does not grow with the file.`,
      "",
      `A server on node:http in a child process; growth in MB above its level after a settled GC before the reads (sampled every 20 ms), ` +
        `as resident set / JS heap / buffers. Ranges: 1 MiB at the start, middle and end, then 20 MiB from a quarter in (each checked byte for byte); ` +
        `then one full streamed read (200). "Peak RSS growth" is the rise of the process's peak resident set over the reads; ` +
        `"left after a GC" what is still above the base once the reads are over and garbage is collected. ` +
        `The memory store holds the file itself (in the base); PostgreSQL holds it in 256 KiB rows.`,
      "",
      "| storage | file (MB) | base RSS (MB) | growth during the ranges (MB) | range times (ms) | growth during the full read (MB) | full read ms | peak RSS growth (MB) | left after a GC (MB) |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows,
      ""
    )
  }
  return out.join("\n")
}

runIfMain(import.meta.url, runWorkspacesBench)
