/**
 * Ingestion of the realdocs set (spec 3, "Quality, speed, robustness"): every `parse` file of
 * `../shared/realdocs/manifest.json` placed in one workspace (as an upload leaves it) and ingested
 * by one `ingestion` job through HTTP, with `createDocket`'s defaults (the formats parser, the
 * local engine, memory storage). Checks that every file ends `ingested` or `failed` with a code —
 * never stuck `queued`/`ingesting`, never an outcome without one — and prints per lane: files,
 * ingested, failed (by code), and the seconds of the whole job. Exit code 1 on a violation.
 *
 *   npx tsx eval/ingest-realdocs.ts [--only name,name] [--dir path] [--timeout-min 60]
 *
 * Slow (the whole set takes minutes: OCR, large spreadsheets): a benchmark, not a test.
 */
import { createDocket } from "@docket/server"
import { Documents, Workspaces } from "@docket/core"
import { type Docket } from "@docket/core"
import { Clock, Effect, Either, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { defaultRealdocsDir } from "./realdocs.js"

interface ManifestFile {
  readonly name: string
  readonly extension: string
  readonly operation: "parse" | "ground"
  readonly expect: "succeeded" | "failed"
}

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i < 0 ? undefined : args[i + 1]
}
const dir = path.resolve(arg("--dir") ?? defaultRealdocsDir())
const only = arg("--only")?.split(",") ?? null
const timeoutMs = Number(arg("--timeout-min") ?? 60) * 60_000

/** what an upload leaves: the bytes in a blob, the file `discovered` (the testing helper, without vitest) */
const placeFile = (docket: Docket, tenantId: string, ws: string, p: string, bytes: Uint8Array) =>
  docket.runtime.runPromise(Effect.gen(function*() {
    const key = Workspaces.Files.stagedBlobKey(ws, randomUUID())
    yield* (yield* Documents.BlobStore).put(key, Stream.make(bytes), bytes.byteLength)
    return yield* (yield* Workspaces.Files.WorkspaceFileStore).create({
      tenant_id: tenantId, workspace_id: ws, file_id: randomUUID(), path: p,
      file_type: Workspaces.Files.mediaTypeOf(p, undefined), size_bytes: bytes.byteLength,
      observed_hash: createHash("sha256").update(bytes).digest("hex"), blob_key: key, labels: {},
      graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: yield* Clock.currentTimeMillis
    })
  }))

const client = (docket: Docket) => ({
  call: async (method: string, p: string, o: { key: string; body?: unknown }) => {
    const r = await docket.fetch(new Request(`http://realdocs${p}`, {
      method,
      headers: { "x-api-key": o.key, ...(o.body === undefined ? {} : { "content-type": "application/json" }) },
      body: o.body === undefined ? undefined : JSON.stringify(o.body)
    }))
    return { status: r.status, body: await r.json() as any }
  }
})

const main = async () => {
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as { files: ReadonlyArray<ManifestFile> }
  const files = manifest.files.filter((f) => f.operation === "parse" && (only === null || only.includes(f.name)))
  const docket = createDocket({ settings: { adminToken: "realdocs-admin", sweepIntervalMs: 0 } })
  const problems: Array<string> = []
  try {
    const api = client(docket)
    const created = await docket.admin.docs.createTenant({})
    const t = { tenantId: created.tenant_id, key: created.api_key }
    const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "realdocs" } })).body.workspace_id as string
    const byPath = new Map<string, ManifestFile>()
    for (const [i, f] of files.entries()) {
      const normalized = Workspaces.Files.normalizeFilePath(f.name)
      const p = Either.isRight(normalized) ? normalized.right : `file_${i}${f.extension}`
      byPath.set(p, f)
      await placeFile(docket, t.tenantId, ws, p, new Uint8Array(await readFile(path.join(dir, "files", f.name))))
    }
    const started = Date.now()
    const r = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix" } } })
    if (r.status !== 202) throw new Error(`ingestion refused: ${JSON.stringify(r.body)}`)
    let job = r.body
    while (!["succeeded", "failed", "cancelled"].includes(job.status)) {
      if (Date.now() - started > timeoutMs) throw new Error(`the ingestion did not finish within ${timeoutMs / 60_000} minutes`)
      await new Promise((x) => setTimeout(x, 1000))
      job = (await api.call("GET", `/v1/jobs/${r.body.job_id}`, { key: t.key })).body
    }
    const seconds = (Date.now() - started) / 1000
    if (job.status !== "succeeded") throw new Error(`the job ${job.status}: ${JSON.stringify(job.error)}`)
    const lanes = new Map<string, { files: number; ingested: number; failed: Map<string, number> }>()
    for (const o of job.result.outcomes as ReadonlyArray<any>) {
      const lane = lanes.get(o.lane ?? "none") ?? { files: 0, ingested: 0, failed: new Map() }
      lane.files++
      if (o.status === "ingested") lane.ingested++
      else if (o.status === "failed") {
        if (typeof o.error?.code !== "string") problems.push(`${o.path}: failed without a code`)
        lane.failed.set(o.error?.code, (lane.failed.get(o.error?.code) ?? 0) + 1)
        if (byPath.get(o.path)?.expect === "succeeded") console.log(`  not as expected: ${o.path} failed ${o.error?.code}: ${o.error?.message}`)
      } else problems.push(`${o.path}: outcome ${o.status}`)
      lanes.set(o.lane ?? "none", lane)
    }
    const listed = await docket.runtime.runPromise(Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) =>
      s.list(t.tenantId, ws, { visible: "all", order: "path", limit: 1000, ingestion_status: ["queued", "ingesting", "discovered"] })))
    for (const f of listed.items) problems.push(`${f.path}: left ${f.ingestion_status}`)
    if (job.result.outcomes.length !== files.length) problems.push(`${job.result.outcomes.length} outcomes for ${files.length} files`)
    console.log(`| lane | files | ingested | failed (by code) |\n|---|---|---|---|`)
    for (const [lane, c] of [...lanes.entries()].sort()) {
      console.log(`| ${lane} | ${c.files} | ${c.ingested} | ${[...c.failed.entries()].map(([k, n]) => `${k} ${n}`).join(", ") || "—"} |`)
    }
    console.log(`\n${files.length} files, ${job.result.files_ingested} ingested, ${job.result.files_failed} failed, ${job.result.units_total} units, ${seconds.toFixed(1)} s`)
  } finally {
    await docket.dispose()
  }
  if (problems.length > 0) {
    console.error(problems.join("\n"))
    process.exitCode = 1
  }
}

await main()
