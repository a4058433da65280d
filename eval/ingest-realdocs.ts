/**
 * Ingestion of the realdocs set (spec 3, "Quality, speed, robustness"): every `parse` file of
 * `../shared/realdocs/manifest.json` uploaded through `POST /v1/workspaces/{id}/files` into one
 * workspace and ingested by one `ingestion` job, with `createDocket`'s defaults (the formats
 * parser, the local engine, memory storage). Checks that every file ends `ingested` or `failed`
 * with a code — never stuck `queued`/`ingesting`, never an outcome without one — and, with
 * `--compare-parse`, that each file's outcome agrees with `POST /v1/parse` on the same bytes
 * (ingested ⇔ the parse succeeded; failed ⇔ the parse failed with the same code). Prints per
 * lane: files, ingested, failed (by code), the seconds of its files' own ingestions; and the
 * seconds of the whole job. Exit code 1 on a violation.
 *
 *   npm run eval -- --set realdocs-ingest [--compare-parse] [--only name,name] [--realdocs-dir path]
 *   npx tsx eval/ingest-realdocs.ts [--compare-parse] [--kg] [--only name,name] [--dir path] [--timeout-min 60]
 *
 * With `--kg` the workspace's knowledge graph is built after the ingestion: its size, types, hubs
 * and build time are printed, and a file whose graph failed is a problem.
 *
 * Slow (the whole set takes minutes: OCR, large spreadsheets): a benchmark, not a test.
 */
import { createDocket } from "@docket/server"
import { Workspaces } from "@docket/core"
import { type Docket } from "@docket/core"
import { Effect, Option } from "effect"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { defaultRealdocsDir } from "./realdocs.js"

interface ManifestFile {
  readonly name: string
  readonly extension: string
  readonly operation: "parse" | "ground"
  readonly expect: "succeeded" | "failed"
}

export interface RealdocsIngestOptions {
  readonly dir: string
  readonly only: ReadonlySet<string> | null
  readonly timeoutMs: number
  /** also parse each file through `POST /v1/parse` and compare */
  readonly compareParse: boolean
  /** then build the workspace's knowledge graph (`--kg`) and report it */
  readonly buildGraph?: boolean
}

export interface RealdocsGraphReport {
  readonly seconds: number
  readonly files_covered: number
  readonly files_failed: ReadonlyArray<unknown>
  readonly node_count: number
  readonly edge_count: number
  readonly node_types: ReadonlyArray<{ readonly type: string; readonly count: number }>
  readonly edge_types: ReadonlyArray<{ readonly type: string; readonly count: number }>
  readonly hubs: ReadonlyArray<{ readonly title: string; readonly node_type: string; readonly degree: number }>
}

export interface IngestFileOutcome {
  readonly name: string
  readonly path: string
  readonly lane: string | null
  /** `ingested`, or the failure's code */
  readonly outcome: string
  readonly message: string | null
  readonly expect: "succeeded" | "failed"
  /** `succeeded` or the parse failure's code; null without `--compare-parse` */
  readonly parse: string | null
  /** the file's own ingestion (its record's `duration_ms`: parse, derive, write, load), ingested files only */
  readonly seconds: number | null
}

export interface RealdocsIngestReport {
  readonly files: number
  readonly ingested: number
  readonly failed: number
  readonly units: number
  readonly seconds: number
  readonly outcomes: ReadonlyArray<IngestFileOutcome>
  /** with `buildGraph`: the build's figures */
  readonly graph: RealdocsGraphReport | null
  /** stuck files, outcomes without a code, refused uploads, disagreements with the parse route */
  readonly problems: ReadonlyArray<string>
}

const TERMINAL = ["succeeded", "failed", "cancelled"]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const client = (docket: Docket, key: string) => ({
  call: async (method: string, p: string, body?: unknown) => {
    const r = await docket.fetch(new Request(`http://realdocs${p}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body)
    }))
    return { status: r.status, body: await r.json() as any }
  },
  /** a job polled until it ends (real time: the parser works in real time) */
  settle: async (job: any, deadline: number, what: string) => {
    while (!TERMINAL.includes(job.status)) {
      if (Date.now() > deadline) throw new Error(`${what} did not finish in time`)
      await sleep(500)
      const r = await docket.fetch(new Request(`http://realdocs/v1/jobs/${job.job_id}`, { headers: { "x-api-key": key } }))
      job = await r.json()
    }
    return job
  }
})

const form = (name: string, bytes: Uint8Array, metadata?: unknown) => {
  const f = new FormData()
  f.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
  if (metadata !== undefined) f.append("metadata", JSON.stringify(metadata))
  return f
}

export const runRealdocsIngest = async (options: RealdocsIngestOptions): Promise<RealdocsIngestReport> => {
  const manifest = JSON.parse(await readFile(path.join(options.dir, "manifest.json"), "utf8")) as { files: ReadonlyArray<ManifestFile> }
  const files = manifest.files.filter((f) => f.operation === "parse" && (options.only === null || options.only.has(f.name)))
  const docket = createDocket({ settings: { adminToken: "realdocs-admin", sweepIntervalMs: 0 } })
  const problems: Array<string> = []
  const deadline = Date.now() + options.timeoutMs
  try {
    // room for the run: every upload, poll and parse is a request, and the parses use credits
    const created = await docket.admin.docs.createTenant({ rpm: 1_000_000, credits: 10_000_000 })
    const api = client(docket, created.api_key)
    const ws = (await api.call("POST", "/v1/workspaces", { name: "realdocs" })).body.workspace_id as string
    const byPath = new Map<string, ManifestFile>()
    for (const f of files) {
      const bytes = new Uint8Array(await readFile(path.join(options.dir, "files", f.name)))
      const up = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=60`, form(f.name, bytes, { path: f.name }))
      const job = up.status === 200 || up.status === 202 ? await api.settle(up.body, deadline, `the upload of ${f.name}`) : null
      if (job?.status !== "succeeded") {
        problems.push(`${f.name}: upload refused: ${up.status} ${JSON.stringify(job?.error ?? up.body)}`)
        continue
      }
      byPath.set(job.result.file.path as string, f)
    }
    const started = Date.now()
    const r = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { selection: { type: "path_prefix" } })
    if (r.status !== 202) throw new Error(`ingestion refused: ${JSON.stringify(r.body)}`)
    const job = await api.settle(r.body, deadline, "the ingestion")
    const seconds = (Date.now() - started) / 1000
    if (job.status !== "succeeded") throw new Error(`the job ${job.status}: ${JSON.stringify(job.error)}`)

    const outcomes: Array<IngestFileOutcome> = []
    for (const o of job.result.outcomes as ReadonlyArray<any>) {
      const f = byPath.get(o.path)
      if (f === undefined) {
        problems.push(`${o.path}: an outcome for a file not uploaded`)
        continue
      }
      if (o.status === "failed" && typeof o.error?.code !== "string") problems.push(`${o.path}: failed without a code`)
      if (o.status !== "ingested" && o.status !== "failed") problems.push(`${o.path}: outcome ${o.status}`)
      const record = o.status !== "ingested" ? Option.none() : await docket.runtime.runPromise(
        Effect.flatMap(Workspaces.Ingestion.FileIngestionStore, (s) => s.get(created.tenant_id, ws, o.file_id)))
      outcomes.push({
        name: f.name, path: o.path, lane: o.lane, expect: f.expect, parse: null,
        seconds: Option.match(record, { onNone: () => null, onSome: (r) => r.duration_ms === null ? null : r.duration_ms / 1000 }),
        outcome: o.status === "failed" ? String(o.error?.code) : o.status,
        message: o.error?.message ?? null
      })
    }
    const listed = await docket.runtime.runPromise(Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) =>
      s.list(created.tenant_id, ws, { visible: "all", order: "path", limit: 1000, ingestion_status: ["queued", "ingesting", "discovered"] })))
    for (const f of listed.items) problems.push(`${f.path}: left ${f.ingestion_status}`)
    if (outcomes.length !== byPath.size) problems.push(`${outcomes.length} outcomes for ${byPath.size} files uploaded`)

    if (options.compareParse) {
      for (const [i, o] of outcomes.entries()) {
        const bytes = new Uint8Array(await readFile(path.join(options.dir, "files", o.name)))
        const up = await api.call("POST", "/upload", form(o.name, bytes))
        if (up.status !== 200) {
          problems.push(`${o.name}: POST /upload ${up.status} ${JSON.stringify(up.body)}`)
          continue
        }
        const p = await api.call("POST", "/v1/parse", { source: { type: "upload", upload_id: up.body.file_id } })
        const parsed = p.status === 200 || p.status === 202 ? await api.settle(p.body, deadline, `the parse of ${o.name}`) : null
        const parse = parsed === null ? `http_${p.status}:${p.body?.error?.code}` : parsed.status === "succeeded" ? "succeeded" : String(parsed.error?.code ?? parsed.status)
        outcomes[i] = { ...o, parse }
        if ((parse === "succeeded") !== (o.outcome === "ingested") || (parse !== "succeeded" && parse !== o.outcome)) {
          problems.push(`${o.name}: ingestion ${o.outcome}, POST /v1/parse ${parse}`)
        }
      }
    }
    let graph: RealdocsGraphReport | null = null
    if (options.buildGraph === true) {
      const at = Date.now()
      const b = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, {})
      if (b.status !== 202) throw new Error(`the graph build was refused: ${JSON.stringify(b.body)}`)
      const built = await api.settle(b.body, deadline, "the graph build")
      if (built.status !== "succeeded") throw new Error(`the graph build ${built.status}: ${JSON.stringify(built.error)}`)
      const info = await api.call("GET", `/v1/workspaces/${ws}/tools/kg-info`)
      if (info.status !== 200) problems.push(`kg-info: ${info.status} ${JSON.stringify(info.body)}`)
      for (const f of built.result.files_failed as ReadonlyArray<any>) problems.push(`${f.path}: graph ${f.phase} failed: ${f.error?.code} ${f.error?.message}`)
      graph = {
        seconds: (Date.now() - at) / 1000,
        files_covered: built.result.files_covered,
        files_failed: built.result.files_failed,
        node_count: built.result.node_count,
        edge_count: built.result.edge_count,
        node_types: info.body.node_types ?? [],
        edge_types: info.body.edge_types ?? [],
        hubs: info.body.hubs ?? []
      }
    }
    return {
      files: files.length, ingested: job.result.files_ingested, failed: job.result.files_failed, units: job.result.units_total,
      seconds, outcomes, graph, problems
    }
  } finally {
    await docket.dispose()
  }
}

/** The table per lane (markdown), the totals, the files not as the manifest expects, the problems. */
export const printRealdocsIngest = (report: RealdocsIngestReport, o: { readonly json: boolean; readonly verbose: boolean }): void => {
  if (o.json) {
    console.log(JSON.stringify({ realdocs_ingest: report }, null, 1))
    return
  }
  const lanes = new Map<string, Array<IngestFileOutcome>>()
  for (const x of report.outcomes) lanes.set(x.lane ?? "none", [...(lanes.get(x.lane ?? "none") ?? []), x])
  const failedByCode = (list: ReadonlyArray<IngestFileOutcome>) => {
    const counts = new Map<string, number>()
    for (const x of list) if (x.outcome !== "ingested") counts.set(x.outcome, (counts.get(x.outcome) ?? 0) + 1)
    return [...counts.entries()].sort().map(([k, n]) => `${k} ${n}`).join(", ") || "—"
  }
  const compared = report.outcomes.some((x) => x.parse !== null)
  const agree = (list: ReadonlyArray<IngestFileOutcome>) =>
    compared ? ` ${list.filter((x) => x.parse === (x.outcome === "ingested" ? "succeeded" : x.outcome)).length} |` : ""
  console.log("\n### Ingesting real documents into one workspace (../shared/realdocs)\n")
  const seconds = (list: ReadonlyArray<IngestFileOutcome>) => list.reduce((n, x) => n + (x.seconds ?? 0), 0).toFixed(1)
  console.log(`| lane | files | ingested | failed (by code) | seconds (ingested files) |${compared ? " agrees with POST /v1/parse |" : ""}\n|---|---:|---:|---|---:|${compared ? "---:|" : ""}`)
  for (const [lane, list] of [...lanes.entries()].sort()) {
    console.log(`| ${lane} | ${list.length} | ${list.filter((x) => x.outcome === "ingested").length} | ${failedByCode(list)} | ${seconds(list)} |${agree(list)}`)
  }
  console.log(`| **all** | ${report.outcomes.length} | ${report.ingested} | ${failedByCode(report.outcomes)} | ${seconds(report.outcomes)} |${agree(report.outcomes)}`)
  console.log(`\n${report.files} files, ${report.ingested} ingested, ${report.failed} failed, ${report.units} units, ingestion job ${report.seconds.toFixed(1)} s`)
  if (report.graph !== null) {
    const g = report.graph
    const list = (xs: ReadonlyArray<{ readonly type: string; readonly count: number }>) => xs.map((x) => `${x.type} ${x.count}`).join(", ")
    console.log(`\nKnowledge graph: ${g.files_covered} files, ${g.node_count} nodes, ${g.edge_count} edges, ${g.files_failed.length} files failed, build ${g.seconds.toFixed(1)} s`)
    console.log(`- nodes: ${list(g.node_types)}`)
    console.log(`- edges: ${list(g.edge_types)}`)
    console.log(`- hubs: ${g.hubs.map((h) => `${h.title} (${h.node_type}, ${h.degree})`).join("; ")}`)
  }
  const unexpected = report.outcomes.filter((x) => (x.outcome === "ingested") !== (x.expect === "succeeded"))
  if (unexpected.length > 0) {
    console.log("\nNot as the manifest expects:")
    for (const x of unexpected) console.log(`- ${x.name}: expected ${x.expect}, ingestion ${x.outcome}${x.parse === null ? "" : `, POST /v1/parse ${x.parse}`}${x.message === null ? "" : ` (${x.message})`}`)
  }
  if (o.verbose) {
    for (const x of report.outcomes) {
      console.log(`  ${x.name.padEnd(62)} ${(x.lane ?? "").padEnd(12)} ${x.outcome}${x.parse === null ? "" : ` / parse ${x.parse}`}${x.seconds === null ? "" : ` ${x.seconds.toFixed(1)}s`}`)
    }
  }
  if (report.problems.length > 0) console.error(`\nProblems:\n${report.problems.map((p) => `- ${p}`).join("\n")}`)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(name)
    return i < 0 ? undefined : args[i + 1]
  }
  const only = arg("--only")
  const report = await runRealdocsIngest({
    dir: path.resolve(arg("--dir") ?? defaultRealdocsDir()),
    only: only === undefined ? null : new Set(only.split(",").filter((s) => s !== "")),
    timeoutMs: Number(arg("--timeout-min") ?? 60) * 60_000,
    compareParse: args.includes("--compare-parse"),
    buildGraph: args.includes("--kg")
  })
  printRealdocsIngest(report, { json: args.includes("--json"), verbose: args.includes("--verbose") })
  if (report.problems.length > 0) process.exitCode = 1
}
