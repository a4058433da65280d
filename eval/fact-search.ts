/**
 * Fact search measured (issue 14): the judged business corpus (eval/search/corpus) uploaded into one
 * workspace and ingested as a client would (`createDocket`'s defaults: the formats parser, the local
 * engine with its sentence encoder), then every judged query asked through
 * `POST /v1/workspaces/{id}/fact-search` (default `top_k`). Per query type:
 *
 * - top-evidence hit rate: the share of queries whose first evidence is in a document judged grade 2
 *   (the answer document);
 * - any-evidence hit rate: some evidence in a grade-2 document;
 * - declined: the share answered "The documents do not say …" (no evidences);
 * - answer contains: for question queries with a judged `answer`, the share whose answer contains
 *   it (case-insensitive);
 * - declined out of scope: the same query asked again with `path_prefix` set to the largest
 *   top-level folder holding none of its judged documents (so the answer is not there), and the
 *   share of those that decline — the other side of answering more.
 *
 * Each figure also per half of queries.jsonl: even lines ("fit", where the local answerer's
 * constants were chosen) and odd lines ("held-out").
 *
 *   npm run eval -- --set fact-search [--json] [--verbose]
 */
import { createDocket } from "@docket/server"
import { loadJudgedSet, type QueryType } from "./search/judged-set.js"

type Docket = ReturnType<typeof createDocket>

const TERMINAL = ["succeeded", "failed", "cancelled"]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface FactSearchOutcome {
  readonly id: string
  readonly type: QueryType
  readonly query: string
  readonly top: string | null
  readonly topHit: boolean
  readonly anyHit: boolean
  readonly declined: boolean
  /** null when the query has no judged answer */
  readonly answerContains: boolean | null
  readonly answer: string | null
  readonly error: string | null
  readonly half: "fit" | "held-out"
  /** the folder the out-of-scope ask was limited to, and whether it declined (null: it failed) */
  readonly outOfScope: { readonly path_prefix: string; readonly declined: boolean | null } | null
}

export interface FactSearchReport {
  readonly files: number
  readonly ingestSeconds: number
  readonly searchSeconds: number
  readonly outcomes: ReadonlyArray<FactSearchOutcome>
}

const client = (docket: Docket, key: string) => ({
  call: async (method: string, p: string, body?: unknown) => {
    const r = await docket.fetch(new Request(`http://fact-search${p}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body)
    }))
    return { status: r.status, body: await r.json() as any }
  },
  settle: async (job: any) => {
    const deadline = Date.now() + 30 * 60_000
    while (!TERMINAL.includes(job.status)) {
      if (Date.now() > deadline) throw new Error(`job ${job.job_id} did not finish in time`)
      await sleep(50)
      const r = await docket.fetch(new Request(`http://fact-search/v1/jobs/${job.job_id}`, { headers: { "x-api-key": key } }))
      job = await r.json()
    }
    return job
  }
})

export const runFactSearch = async (options: { readonly only: ReadonlySet<string> | null }): Promise<FactSearchReport> => {
  const set = loadJudgedSet()
  const docket = createDocket({ settings: { adminToken: "fact-search-admin", sweepIntervalMs: 0 } })
  try {
    const created = await docket.admin.docs.createTenant({ rpm: 1_000_000, credits: 10_000_000 })
    const api = client(docket, created.api_key)
    const ws = (await api.call("POST", "/v1/workspaces", { name: "fact-search" })).body.workspace_id as string
    for (const doc of set.documents.values()) {
      const f = new FormData()
      f.append("file", new Blob([doc.raw]), doc.path.split("/").pop()!)
      f.append("metadata", JSON.stringify({ path: doc.path }))
      const up = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=60`, f)
      const job = await api.settle(up.body)
      if (job.status !== "succeeded") throw new Error(`upload of ${doc.path}: ${JSON.stringify(job.error ?? up.body)}`)
    }
    const started = Date.now()
    const ingestion = await api.settle((await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { selection: { type: "path_prefix" } })).body)
    if (ingestion.status !== "succeeded") throw new Error(`ingestion ${ingestion.status}: ${JSON.stringify(ingestion.error)}`)
    const ingestSeconds = (Date.now() - started) / 1000
    const searchStarted = Date.now()
    const outcomes: Array<FactSearchOutcome> = []
    const folders = new Map<string, number>()
    for (const p of set.documents.keys()) folders.set(p.split("/")[0]!, (folders.get(p.split("/")[0]!) ?? 0) + 1)
    const bySize = [...folders].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([f]) => f)
    const ask = async (query: string, path_prefix?: string) => {
      const created = await api.call("POST", `/v1/workspaces/${ws}/fact-search?wait_seconds=60`, { query, ...(path_prefix === undefined ? {} : { path_prefix }) })
      const job = created.status === 200 || created.status === 202 ? await api.settle(created.body) : null
      return { job, created }
    }
    for (const [line, q] of set.queries.entries()) {
      if (options.only !== null && !options.only.has(q.id)) continue
      const half = line % 2 === 0 ? "fit" as const : "held-out" as const
      const answerDocs = new Set(q.relevant.filter((r) => r.grade === 2).map((r) => r.path))
      const judgedFolders = new Set(q.relevant.map((r) => r.path.split("/")[0]!))
      const elsewhere = bySize.find((f) => !judgedFolders.has(f))
      let outOfScope: FactSearchOutcome["outOfScope"] = null
      if (elsewhere !== undefined) {
        const { job } = await ask(q.query, `${elsewhere}/`)
        outOfScope = { path_prefix: `${elsewhere}/`, declined: job?.status === "succeeded" ? job.result.evidences.length === 0 : null }
      }
      const { job, created } = await ask(q.query)
      if (job?.status !== "succeeded") {
        outcomes.push({ id: q.id, type: q.type, query: q.query, top: null, topHit: false, anyHit: false, declined: false, answerContains: q.answer === undefined ? null : false, answer: null, error: JSON.stringify(job?.error ?? created.body), half, outOfScope })
        continue
      }
      const r = job.result
      const paths: Array<string> = r.evidences.map((e: any) => e.source_path)
      outcomes.push({
        id: q.id,
        type: q.type,
        query: q.query,
        top: paths[0] ?? null,
        topHit: paths[0] !== undefined && answerDocs.has(paths[0]),
        anyHit: paths.some((p) => answerDocs.has(p)),
        declined: r.evidences.length === 0,
        answerContains: q.answer === undefined ? null : String(r.answer).toLowerCase().includes(q.answer.toLowerCase()),
        answer: r.answer,
        error: null,
        half,
        outOfScope
      })
    }
    return { files: set.documents.size, ingestSeconds, searchSeconds: (Date.now() - searchStarted) / 1000, outcomes }
  } finally {
    await docket.dispose()
  }
}


export type Half = "fit" | "held-out" | "both"

export const factSearchSummary = (report: FactSearchReport, half: Half = "both") => {
  const types: Array<QueryType | "all"> = ["keyword", "paraphrase", "question", "all"]
  return types.map((type) => {
    const os = report.outcomes.filter((o) => (type === "all" || o.type === type) && (half === "both" || o.half === half))
    const judged = os.filter((o) => o.answerContains !== null)
    const scoped = os.filter((o) => o.outOfScope !== null && o.outOfScope.declined !== null)
    return {
      type,
      half,
      queries: os.length,
      top_evidence_hit: os.filter((o) => o.topHit).length / Math.max(1, os.length),
      any_evidence_hit: os.filter((o) => o.anyHit).length / Math.max(1, os.length),
      declined: os.filter((o) => o.declined).length / Math.max(1, os.length),
      answer_contains: judged.length === 0 ? null : judged.filter((o) => o.answerContains).length / judged.length,
      answers_judged: judged.length,
      declined_out_of_scope: scoped.length === 0 ? null : scoped.filter((o) => o.outOfScope!.declined).length / scoped.length,
      out_of_scope_asked: scoped.length,
      errors: os.filter((o) => o.error !== null).length + os.filter((o) => o.outOfScope !== null && o.outOfScope.declined === null).length
    }
  })
}

export const printFactSearch = (report: FactSearchReport, options: { readonly json: boolean; readonly verbose: boolean }) => {
  const halves: ReadonlyArray<Half> = ["both", "fit", "held-out"]
  if (options.json) {
    console.log(JSON.stringify({ files: report.files, ingest_seconds: report.ingestSeconds, search_seconds: report.searchSeconds, summary: halves.flatMap((h) => factSearchSummary(report, h)), ...(options.verbose ? { outcomes: report.outcomes } : {}) }, null, 2))
    return
  }
  console.log(`\nFact search on the judged business set: ${report.files} files ingested in ${report.ingestSeconds.toFixed(1)} s, ${report.outcomes.length} queries (each also asked out of scope) in ${report.searchSeconds.toFixed(1)} s (local engine)`)
  const ratio = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(1)} %`)
  for (const half of halves) {
    console.log(`\n${half === "both" ? "All queries" : half === "fit" ? "Fit half (even lines)" : "Held-out half (odd lines)"}\n`)
    console.log("| query type | queries | top evidence in the answer document | some evidence in it | declined | answer holds the judged answer | declined out of scope |")
    console.log("|---|---:|---:|---:|---:|---:|---:|")
    for (const s of factSearchSummary(report, half)) {
      console.log(`| ${s.type} | ${s.queries} | ${ratio(s.top_evidence_hit)} | ${ratio(s.any_evidence_hit)} | ${ratio(s.declined)} | ${s.answer_contains === null ? "—" : `${ratio(s.answer_contains)} of ${s.answers_judged}`} | ${ratio(s.declined_out_of_scope)} |${s.errors > 0 ? ` (${s.errors} errors)` : ""}`)
    }
  }
  if (options.verbose) {
    for (const o of report.outcomes) {
      console.log(`${o.topHit ? "✓" : o.declined ? "·" : "✗"} ${o.id} ${o.query} → ${o.top ?? "(none)"} :: ${o.answer ?? o.error}${o.outOfScope === null ? "" : ` [in ${o.outOfScope.path_prefix}: ${o.outOfScope.declined === null ? "failed" : o.outOfScope.declined ? "declined" : "answered"}]`}`)
    }
  }
}
