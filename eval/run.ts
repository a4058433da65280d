/**
 * The evaluation run:
 *
 *   npm run eval [-- --json] [-- --verbose] [-- --only inv-01,sp-03] [-- --out DIR] [-- --concurrency N]
 *   npm run eval -- --set understanding|understanding-heldout|understanding-multilingual|third-party|realdocs|realdocs-ingest|scifact-bm25|search-fusion|fact-search|search-http|kg|scan-consistency|all   (default all; --json needs one set)
 *
 * Sets: `understanding` (below), `understanding-multilingual` (eval/multilingual: invoices and receipts in six
 * European languages, dev and test halves), `understanding-heldout` (the same operations and metrics on
 * eval/heldout: generated documents the engine's rules were not written against, and the real
 * invoices of ../shared/realdocs with hand-written truth) and `realdocs` (eval/realdocs.ts: every
 * parse file of ../shared/realdocs parsed, per extension succeeded / failed as expected / text
 * recall); `all` is those four. `third-party` (eval/third-party), only on request: invoices made by invoice
 * generators of other people on npm (microinvoice, jspdf-invoice-template, @h1dd3nsn1p3r/pdf-invoice) with seeded
 * data, a development set reported apart, a row per template and per half (dev: ids 1, 3, 5, …; test: the others). A third, `realdocs-ingest` (eval/ingest-realdocs.ts), only on request: the same files
 * ingested into one workspace, each ending `ingested` or `failed` with a code (`--compare-parse`
 * checks each against `POST /v1/parse`). A fourth, `scifact-bm25` (eval/scifact-bm25.ts), only on request too:
 * core's keyword analyzer and BM25 on BEIR SciFact (`../shared/ir/scifact`), nDCG@10 and Recall@100.
 * A fifth, `search-fusion` (eval/search-fusion.ts), only on request: BM25F, dense (USE-lite), plain
 * RRF and core's fusion on the judged business set (eval/search) and on SciFact. A sixth, `fact-search`
 * (eval/fact-search.ts), only on request: the judged business set ingested and every query asked
 * through `POST …/fact-search`; how often the top evidence is in the judged answer document.
 * A seventh, `search-http` (eval/search-http.ts), only on request: the same two sets uploaded,
 * ingested and searched through the HTTP API (`POST …/tools/hybrid-search`), beside BM25F, dense
 * and plain RRF read from the same index. An eighth, `kg` (eval/graph/kg-eval.ts), only on request:
 * the generated documents of a fictional corporate group (two splits, `dev` and `test`) read by the
 * local graph extractor and merged by entity resolution; entity recall and precision per node type,
 * relation recall and precision per edge type, extraction CPU seconds per 100 files. A ninth,
 * `scan-consistency` (eval/scan-consistency.ts), only on request: PDFs drawn as page images at each
 * `--dpi`, OCR'd and extracted; the share of the PDF's own extraction the scan's equals.
 *
 * Generates the set (eval/generate.ts) into a fresh temporary directory (removed afterwards; with
 * `--out DIR` into DIR, kept, so runs at the same time do not share files), starts Docket in process (`createDocket()`, memory
 * storage, the formats parser), creates a docs tenant with room for the run, uploads every
 * document, and per document calls the flat sync routes: POST /categorize (default taxonomy),
 * POST /extract (the document's schema), POST /ground twice (literal queries: the values as
 * printed; semantic queries: descriptions of the fields). Scores them (lib/score.ts) and prints
 * a table per document type and overall, ready to paste into BENCHMARKS.md; `--json` prints
 * the figures as JSON instead. A route that is not there yet (501) or a failed job counts as a
 * miss with its error code; the run never stops on one.
 */
import { createDocket } from "@docket/server"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { generateDataset } from "./generate.js"
import { bestMatch, type FieldScore, judgeMatch, lineItemFields, type Match, type Mismatch, scoreFields } from "./lib/score.js"
import { DOC_TYPES, type DocType, type DocumentTruth, HELDOUT_TYPES, type Location } from "./lib/truth.js"
import { generateHeldout, type Split } from "./heldout/generate.js"
import { generateMultilingual } from "./multilingual/generate.js"
import { generateThirdParty, TEMPLATES } from "./third-party/generate.js"
import { printRealdocsIngest, runRealdocsIngest } from "./ingest-realdocs.js"
import { defaultRealdocsDir, printRealdocs, runRealdocs } from "./realdocs.js"
import { defaultScifactDir, printScifactBm25, runScifactBm25 } from "./scifact-bm25.js"
import { printSearchFusion, runSearchFusion } from "./search-fusion.js"
import { printFactSearch, runFactSearch } from "./fact-search.js"
import { printSearchHttp, runSearchHttp } from "./search-http.js"
import { printKg, runKg } from "./graph/kg-eval.js"
import { runScanConsistency } from "./scan-consistency.js"

// ---------------------------------------------------------------- options

interface Options {
  json: boolean; verbose: boolean; only: ReadonlySet<string> | null; out: string | null; concurrency: number
  set: "understanding" | "understanding-heldout" | "understanding-multilingual" | "third-party" | "realdocs" | "realdocs-ingest" | "scifact-bm25" | "search-fusion" | "fact-search" | "search-http" | "kg" | "scan-consistency" | "all"; realdocsDir: string; compareParse: boolean; buildGraph: boolean
  scifactDir: string; scifactEncoder: "first" | "mean"; scifactDocs: number | undefined
  dpis: ReadonlyArray<number>; noise: boolean
}

const parseArgs = (argv: ReadonlyArray<string>): Options => {
  const options: Options = { json: false, verbose: false, only: null, out: null, concurrency: 4, set: "all", realdocsDir: defaultRealdocsDir(), compareParse: false, buildGraph: false, scifactDir: defaultScifactDir(), scifactEncoder: "first", scifactDocs: undefined, dpis: [150, 200], noise: false }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === "--json") options.json = true
    else if (a === "--verbose" || a === "-v") options.verbose = true
    else if (a === "--only") options.only = new Set((argv[++i] ?? "").split(",").map((s) => s.trim()).filter((s) => s !== ""))
    else if (a === "--out") {
      const dir = argv[++i]
      if (dir === undefined) throw new Error("--out needs a directory")
      options.out = path.resolve(dir)
    }
    else if (a === "--concurrency") options.concurrency = Math.max(1, Number(argv[++i] ?? "4") || 4)
    else if (a === "--set") {
      const set = argv[++i]
      if (set !== "understanding" && set !== "understanding-heldout" && set !== "understanding-multilingual" && set !== "third-party" && set !== "realdocs" && set !== "realdocs-ingest" && set !== "scifact-bm25" && set !== "search-fusion" && set !== "fact-search" && set !== "search-http" && set !== "kg" && set !== "scan-consistency" && set !== "all") throw new Error("--set is understanding, understanding-heldout, understanding-multilingual, third-party, realdocs, realdocs-ingest, scifact-bm25, search-fusion, fact-search, search-http, kg, scan-consistency or all")
      options.set = set
    } else if (a === "--realdocs-dir") options.realdocsDir = path.resolve(argv[++i] ?? "")
    else if (a === "--compare-parse") options.compareParse = true
    else if (a === "--kg") options.buildGraph = true
    else if (a === "--dpi") options.dpis = (argv[++i] ?? "").split(",").map(Number).filter((d) => d >= 50 && d <= 600)
    else if (a === "--noise") options.noise = true
    else if (a === "--scifact-dir") options.scifactDir = path.resolve(argv[++i] ?? "")
    else if (a === "--scifact-docs") options.scifactDocs = Math.max(1, Number(argv[++i] ?? "0") || 0) || undefined
    else if (a === "--scifact-encoder") options.scifactEncoder = argv[++i] === "mean" ? "mean" : "first"
    else if (a === "--help" || a === "-h") {
      console.log("npm run eval -- [--set understanding|understanding-heldout|understanding-multilingual|third-party|realdocs|realdocs-ingest|scifact-bm25|search-fusion|fact-search|search-http|kg|scan-consistency|all] [--json] [--verbose] [--only id,id] [--out dir] [--concurrency n] [--realdocs-dir dir] [--compare-parse] [--kg] [--scifact-dir dir] [--scifact-encoder first|mean] [--scifact-docs n] [--dpi 150,200] [--noise]")
      process.exit(0)
    } else throw new Error(`unknown option ${a}`)
  }
  if (options.json && options.set === "all") throw new Error("--json prints one set: add --set understanding or --set realdocs")
  return options
}

// ---------------------------------------------------------------- HTTP against the in-process Docket

const BASE = "http://docket.eval"
const SYNC = "?timeout_seconds=300"

type Docket = ReturnType<typeof createDocket>

interface CallResult {
  /** the job's result when it succeeded */
  readonly result: any | null
  /** `http_501:not_implemented`, `job_failed:corrupt_file`, … */
  readonly error: string | null
  readonly ms: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const readBody = async (response: Response): Promise<any> => {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return { raw: text.slice(0, 200) }
  }
}

/** POSTs a flat sync route; follows a 202 or 408 (sync wait degraded or timed out) by polling the job. */
const callJob = async (docket: Docket, key: string, route: string, body: unknown): Promise<CallResult> => {
  const started = performance.now()
  const done = (result: any | null, error: string | null): CallResult => ({ result, error, ms: performance.now() - started })
  try {
    const response = await docket.fetch(new Request(`${BASE}${route}${SYNC}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify(body)
    }))
    let job = await readBody(response)
    if (response.status === 202 || response.status === 408) {
      const jobId = job?.job_id
      if (typeof jobId !== "string") return done(null, `http_${response.status}:no_job_id`)
      const deadline = Date.now() + 600_000
      for (;;) {
        await sleep(200)
        const poll = await docket.fetch(new Request(`${BASE}/jobs/${jobId}`, { headers: { "x-api-key": key } }))
        job = await readBody(poll)
        if (job?.status === "succeeded" || job?.status === "failed") break
        if (Date.now() > deadline) return done(null, "timeout")
      }
    } else if (response.status !== 200) {
      return done(null, `http_${response.status}:${job?.error?.code ?? "unknown"}`)
    }
    if (job?.status === "failed") return done(null, `job_failed:${job?.error?.code ?? "unknown"}`)
    if (job?.status !== "succeeded") return done(null, `job_${job?.status ?? "unknown"}`)
    if (job.result?.status === "failed") return done(null, `result_failed:${job.result?.error?.code ?? job.result?.error ?? "unknown"}`)
    return done(job.result, null)
  } catch (error) {
    return done(null, `exception:${error instanceof Error ? error.message : String(error)}`)
  }
}

/** An uploaded file's handle, or why there is none (every call then fails with that error). */
type Source = { readonly url: string } | { readonly error: string }

const callFor = (docket: Docket, key: string, source: Source, route: string, body: Record<string, unknown>): Promise<CallResult> =>
  "error" in source
    ? Promise.resolve({ result: null, error: source.error, ms: 0 })
    : callJob(docket, key, route, { file: { source_url: source.url }, ...body })

const upload = async (docket: Docket, key: string, fileName: string, bytes: Uint8Array): Promise<string> => {
  const form = new FormData()
  form.append("file", new Blob([bytes as BlobPart]), fileName)
  const response = await docket.fetch(new Request(`${BASE}/upload`, { method: "POST", headers: { "x-api-key": key }, body: form }))
  const body = await readBody(response)
  if (response.status !== 200 && response.status !== 201) throw new Error(`upload of ${fileName}: ${response.status} ${JSON.stringify(body)}`)
  return body.file_id as string
}

// ---------------------------------------------------------------- per document

interface CategorizeOutcome { readonly units: number; readonly correct: number; readonly predicted: ReadonlyArray<string>; readonly error: string | null; readonly ms: number }
interface ExtractOutcome extends FieldScore { readonly scalarTotal: number; readonly scalarCorrect: number; readonly itemTotal: number; readonly itemCorrect: number; readonly error: string | null; readonly ms: number }
interface GroundItemOutcome { readonly field: string; readonly query: string; readonly found: boolean; readonly hit: boolean; readonly reason: string; readonly iou: number | null; readonly match: Match | null }
interface GroundOutcome { readonly total: number; readonly hits: number; readonly items: ReadonlyArray<GroundItemOutcome>; readonly error: string | null; readonly ms: number }

interface DocOutcome {
  readonly id: string
  readonly type: string
  readonly format: string
  readonly file: string
  /** held-out set only: dev, test, real or real-dev */
  readonly split: Split | null
  readonly categorize: CategorizeOutcome
  readonly extract: ExtractOutcome
  readonly groundLiteral: GroundOutcome
  readonly groundSemantic: GroundOutcome
}

const categorizeDoc = async (docket: Docket, key: string, source: Source, doc: DocumentTruth): Promise<CategorizeOutcome> => {
  const call = await callFor(docket, key, source, "/categorize", {})
  const units = doc.sheets?.length ?? 1
  if (call.result === null) return { units, correct: 0, predicted: [], error: call.error, ms: call.ms }
  const items: Array<any> = Array.isArray(call.result.items) ? call.result.items : []
  if (doc.sheets !== null) {
    let correct = 0
    const predicted: Array<string> = []
    for (const truth of doc.sheets) {
      const item = items.find((i) => i?.kind === "sheet" && String(i.sheet_name ?? "").toLowerCase() === truth.sheet_name.toLowerCase())
      const categories: Array<string> = Array.isArray(item?.categories) ? item.categories.map(String) : []
      const ok = categories.includes(truth.category)
      predicted.push(`${truth.sheet_name}: ${truth.category} → ${categories.length > 0 ? categories.join("+") : item === undefined ? "(no such sheet)" : "(none)"} ${ok ? "✓" : "✗"}`)
      if (ok) correct++
    }
    return { units, correct, predicted, error: null, ms: call.ms }
  }
  const segments = items.filter((i) => i?.kind === "document_segment")
  const pagesOf = (s: any) => (Number(s.page_end) || 0) - (Number(s.page_start) || 0) + 1
  const largest = segments.reduce<any>((best, s) => (best === null || pagesOf(s) > pagesOf(best) ? s : best), null)
  const category = largest === null ? "(no segment)" : String(largest.category)
  const ok = category === doc.category
  const got = segments.length > 1 ? `${category} (largest of ${segments.length}: ${segments.map((s) => `p${s.page_start}-${s.page_end} ${s.category}`).join(", ")})` : category
  return { units, correct: ok ? 1 : 0, predicted: [`${doc.category} → ${got} ${ok ? "✓" : "✗"}`], error: null, ms: call.ms }
}

const extractDoc = async (docket: Docket, key: string, source: Source, doc: DocumentTruth): Promise<ExtractOutcome> => {
  const call = await callFor(docket, key, source, "/extract", { schema: doc.schema })
  const data = call.result?.data ?? null
  const score = scoreFields(doc.fields, data ?? {}, doc.schema)
  // top-level scalars alone, for a view not dominated by long tables
  const scalars = Object.fromEntries(Object.entries(doc.fields).filter(([, v]) => !Array.isArray(v) && (v === null || typeof v !== "object")))
  const scalarScore = scoreFields(scalars, data ?? {}, doc.schema)
  const itemScore = scoreFields(lineItemFields(doc.fields), data ?? {}, doc.schema)
  return {
    ...(call.result === null ? { total: score.total, correct: 0, mismatches: [{ path: "(job)", expected: "a result", got: call.error }] } : score),
    scalarTotal: scalarScore.total,
    scalarCorrect: call.result === null ? 0 : scalarScore.correct,
    itemTotal: itemScore.total,
    itemCorrect: call.result === null ? 0 : itemScore.correct,
    error: call.error,
    ms: call.ms
  }
}

const groundDoc = async (docket: Docket, key: string, source: Source, locations: ReadonlyArray<Location>, semantic: boolean): Promise<GroundOutcome> => {
  if (locations.length === 0) return { total: 0, hits: 0, items: [], error: null, ms: 0 }
  const items = locations.slice(0, 30).map((l) => ({ item_id: l.field, query: semantic ? l.semantic : l.query, ...(semantic ? { semantic: true } : {}) }))
  const call = await callFor(docket, key, source, "/ground", { items })
  const results: Array<any> = Array.isArray(call.result?.results) ? call.result.results : []
  const outcomes = locations.slice(0, 30).map((l): GroundItemOutcome => {
    const query = semantic ? l.semantic : l.query
    if (call.result === null) return { field: l.field, query, found: false, hit: false, reason: call.error ?? "failed", iou: null, match: null }
    const r = results.find((x) => x?.item_id === l.field)
    if (r === undefined) return { field: l.field, query, found: false, hit: false, reason: "item missing from results", iou: null, match: null }
    if (r.found !== true) return { field: l.field, query, found: false, hit: false, reason: r.error ? `not found: ${r.error}` : "not found", iou: null, match: null }
    const match = bestMatch(Array.isArray(r.matches) ? r.matches : [])
    const verdict = judgeMatch(match, l.regions)
    return { field: l.field, query, found: true, hit: verdict.hit, reason: verdict.reason, iou: verdict.iou, match }
  })
  return { total: outcomes.length, hits: outcomes.filter((o) => o.hit).length, items: outcomes, error: call.error, ms: call.ms }
}

// ---------------------------------------------------------------- aggregation and printing

interface Figures {
  readonly documents: number
  readonly classification: { readonly correct: number; readonly total: number }
  readonly extraction: { readonly correct: number; readonly total: number; readonly doc_avg: number; readonly scalars_correct: number; readonly scalars_total: number; readonly items_correct: number; readonly items_total: number }
  readonly ground_literal: { readonly hits: number; readonly total: number }
  readonly ground_semantic: { readonly hits: number; readonly total: number }
}

const figuresOf = (outcomes: ReadonlyArray<DocOutcome>): Figures => {
  const sum = (f: (o: DocOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0)
  const docRates = outcomes.map((o) => (o.extract.total === 0 ? 1 : o.extract.correct / o.extract.total))
  return {
    documents: outcomes.length,
    classification: { correct: sum((o) => o.categorize.correct), total: sum((o) => o.categorize.units) },
    extraction: {
      correct: sum((o) => o.extract.correct), total: sum((o) => o.extract.total),
      doc_avg: docRates.length === 0 ? 0 : docRates.reduce((a, b) => a + b, 0) / docRates.length,
      scalars_correct: sum((o) => o.extract.scalarCorrect), scalars_total: sum((o) => o.extract.scalarTotal),
      items_correct: sum((o) => o.extract.itemCorrect), items_total: sum((o) => o.extract.itemTotal)
    },
    ground_literal: { hits: sum((o) => o.groundLiteral.hits), total: sum((o) => o.groundLiteral.total) },
    ground_semantic: { hits: sum((o) => o.groundSemantic.hits), total: sum((o) => o.groundSemantic.total) }
  }
}

const pct = (n: number, d: number) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)} %`)
const frac = (n: number, d: number) => (d === 0 ? "–" : `${pct(n, d)} (${n}/${d})`)

const median = (values: ReadonlyArray<number>) => {
  const v = values.filter((x) => x > 0).sort((a, b) => a - b)
  return v.length === 0 ? 0 : v[Math.floor(v.length / 2)]
}

const truncate = (v: unknown, n = 60) => {
  const s = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v) ?? String(v)
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

const printReport = (outcomes: ReadonlyArray<DocOutcome>, wallMs: number, options: Options, generateMs: number, set: UnderstandingSet) => {
  const lines: Array<string> = []
  const out = (s = "") => lines.push(s)
  out(`## Document understanding: ${set.title}`)
  out()
  out("```sh")
  out(`npm run eval -- --set ${set.name}${options.only !== null ? ` --only ${[...options.only].join(",")}` : ""}   # = npx tsx eval/run.ts`)
  out("```")
  out()
  out(`${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.platform()}/${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "cpu"}. ` +
    `Docket in process (\`createDocket()\`: memory storage, \`@docket/formats\`), ${outcomes.length} ${set.what}, ` +
    `load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} at the end, ` +
    `${options.concurrency} documents at a time; per document one categorize, one extract and two ground calls (literal, semantic), sync routes with \`timeout_seconds=300\`.`)
  out()
  out("| type | docs | classification | extraction, all fields | extraction, per-doc mean | extraction, top-level scalars | extraction, line items | ground, literal | ground, semantic |")
  out("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
  const row = (label: string, f: Figures) =>
    out(`| ${label} | ${f.documents} | ${frac(f.classification.correct, f.classification.total)} | ${frac(f.extraction.correct, f.extraction.total)} | ` +
      `${f.documents === 0 ? "–" : `${(100 * f.extraction.doc_avg).toFixed(1)} %`} | ${frac(f.extraction.scalars_correct, f.extraction.scalars_total)} | ${frac(f.extraction.items_correct, f.extraction.items_total)} | ` +
      `${frac(f.ground_literal.hits, f.ground_literal.total)} | ${frac(f.ground_semantic.hits, f.ground_semantic.total)} |`)
  // the real development documents are reported on their own row only, so that every other row keeps its meaning
  const scored = outcomes.filter((o) => o.split !== "real-dev")
  for (const type of set.types) {
    const subset = scored.filter((o) => o.type === type)
    if (subset.length > 0) row(type, figuresOf(subset))
  }
  for (const group of set.groups ?? []) row(group.label, figuresOf(scored.filter((o) => o.id.startsWith(group.prefix))))
  row("**all**", figuresOf(scored))
  if (set.heldout) {
    // the halves: an engine change is developed against dev; test and the real invoices are the held-out figures
    const of = (splits: ReadonlyArray<Split>) => outcomes.filter((o) => o.split !== null && splits.includes(o.split))
    row("dev half (generated)", figuresOf(of(["dev"])))
    row("test half (generated)", figuresOf(of(["test"])))
    if (of(["real"]).length > 0) {
      row("real invoices", figuresOf(of(["real"])))
      row("**held out: test half + real**", figuresOf(of(["test", "real"])))
    }
    if (of(["real-dev"]).length > 0) row("real dev (not held out)", figuresOf(of(["real-dev"])))
  }
  out()
  const med = (f: (o: DocOutcome) => number) => `${(median(outcomes.map(f)) / 1000).toFixed(2)} s`
  out(`Wall time ${(wallMs / 1000).toFixed(1)} s for the calls (generation ${(generateMs / 1000).toFixed(1)} s before it). ` +
    `Median call: categorize ${med((o) => o.categorize.ms)}, extract ${med((o) => o.extract.ms)}, ground literal ${med((o) => o.groundLiteral.ms)}, ground semantic ${med((o) => o.groundSemantic.ms)}.`)
  out()
  out("Classification: a document counts when its largest segment's category is the truth; a sheet when the truth is among its categories " +
    "(spreadsheets count per sheet). Extraction: every leaf of the expected data is a field. Grounding: the best match must hit the printed value " +
    "(IoU ≥ 0.5, the cell, or overlapping characters); .docx and .html documents have no truth locations.")
  const errors = new Map<string, number>()
  const count = (op: string, e: string | null) => {
    if (e !== null) errors.set(`${op} ${e}`, (errors.get(`${op} ${e}`) ?? 0) + 1)
  }
  for (const o of outcomes) {
    count("categorize", o.categorize.error)
    count("extract", o.extract.error)
    count("ground(literal)", o.groundLiteral.error)
    count("ground(semantic)", o.groundSemantic.error)
  }
  if (errors.size > 0) {
    out()
    out(`Errors (counted as misses): ${[...errors].map(([k, n]) => `${k} × ${n}`).join("; ")}.`)
  }
  if (options.verbose) {
    out()
    out("### Per document")
    out()
    out("| id | format | category: truth → got | extraction | ground literal | ground semantic | errors |")
    out("|---|---|---|---:|---:|---:|---|")
    for (const o of outcomes) {
      const errs = [o.categorize.error, o.extract.error, o.groundLiteral.error, o.groundSemantic.error].filter((e) => e !== null)
      const category = o.categorize.error !== null ? "–" : o.categorize.predicted.join("; ")
      out(`| ${o.id} | ${o.format} | ${category} | ${o.extract.correct}/${o.extract.total} | ` +
        `${o.groundLiteral.hits}/${o.groundLiteral.total} | ${o.groundSemantic.hits}/${o.groundSemantic.total} | ${[...new Set(errs)].join(", ")} |`)
    }
    out()
    out("### Misses")
    for (const o of outcomes) {
      const mismatches: ReadonlyArray<Mismatch> = o.extract.error === null ? o.extract.mismatches : []
      const groundMisses = [...o.groundLiteral.items.map((i) => ({ ...i, kind: "literal" })), ...o.groundSemantic.items.map((i) => ({ ...i, kind: "semantic" }))]
        .filter((i) => !i.hit && o.groundLiteral.error === null)
      if (mismatches.length === 0 && groundMisses.length === 0) continue
      out()
      out(`${o.id} (${o.file})`)
      for (const m of mismatches.slice(0, 25)) out(`  extract ${m.path}: expected ${truncate(m.expected)}, got ${truncate(m.got)}`)
      if (mismatches.length > 25) out(`  … ${mismatches.length - 25} more extraction misses`)
      for (const g of groundMisses) out(`  ground ${g.kind} ${g.field} (${truncate(g.query, 40)}): ${g.reason}${g.match?.matched_text !== undefined ? ` [matched ${truncate(g.match.matched_text, 40)}]` : ""}`)
    }
  }
  console.log(lines.join("\n"))
}

// ---------------------------------------------------------------- main

const pool = async <A, B>(items: ReadonlyArray<A>, size: number, f: (a: A) => Promise<B>): Promise<Array<B>> => {
  const results: Array<B> = new Array(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await f(items[i])
    }
  }))
  return results
}

const main = async () => {
  const options = parseArgs(process.argv.slice(2))
  // the ingestion of the realdocs set into one workspace: slow (it parses every file again), so only on request
  if (options.set === "realdocs-ingest") {
    const report = await runRealdocsIngest({ dir: options.realdocsDir, only: options.only, timeoutMs: 60 * 60_000, compareParse: options.compareParse, buildGraph: options.buildGraph })
    printRealdocsIngest(report, options)
    if (report.problems.length > 0) process.exitCode = 1
    return
  }
  // a retrieval measure apart from the document-understanding sets: only on request
  if (options.set === "scifact-bm25") {
    printScifactBm25(await runScifactBm25(options.scifactDir), options)
    return
  }
  if (options.set === "search-http") {
    printSearchHttp(await runSearchHttp({ scifactDir: options.scifactDir, scifactLongText: options.scifactEncoder, scifactDocs: options.scifactDocs }), options)
    return
  }
  if (options.set === "search-fusion") {
    printSearchFusion(await runSearchFusion({ scifactDir: options.scifactDir, workers: 2 }), options)
    return
  }
  if (options.set === "kg") {
    printKg(runKg(), options)
    return
  }
  // OCR against the PDF it was drawn from: slow (it OCRs every page twice), so only on request
  if (options.set === "scan-consistency") {
    await runScanConsistency({ dpis: options.dpis, noise: options.noise, verbose: options.verbose, only: options.only })
    return
  }
  if (options.set === "fact-search") {
    printFactSearch(await runFactSearch({ only: options.only }), options)
    return
  }
  if (options.set === "understanding" || options.set === "all") await runUnderstanding(options, FIRST_SET)
  if (options.set === "understanding-heldout" || options.set === "all") await runUnderstanding(options, HELDOUT_SET)
  if (options.set === "understanding-multilingual" || options.set === "all") await runUnderstanding(options, MULTILINGUAL_SET)
  if (options.set === "third-party") await runUnderstanding(options, THIRD_PARTY_SET)
  if (options.set === "realdocs" || options.set === "all") {
    const realdocsOptions = { json: options.json, verbose: options.verbose, only: options.only, dir: options.realdocsDir }
    printRealdocs(await runRealdocs(realdocsOptions), realdocsOptions)
  }
}

/** What differs between the two understanding sets: how the documents are made, and the rows of the table. */
interface UnderstandingSet {
  readonly name: "understanding" | "understanding-heldout" | "understanding-multilingual" | "third-party"
  readonly title: string
  /** what the documents are, for the report */
  readonly what: string
  /** documents carry a split (dev, test, real, real-dev): the report adds a row per split */
  readonly heldout: boolean
  readonly types: ReadonlyArray<DocType>
  /** extra rows: the documents whose id starts with `prefix` (the third-party set's templates) */
  readonly groups?: ReadonlyArray<{ readonly label: string; readonly prefix: string }>
  readonly make: (dir: string, options: Options) => Promise<{ readonly seed: number; readonly documents: ReadonlyArray<DocumentTruth & { readonly split?: Split }> }>
}

const FIRST_SET: UnderstandingSet = {
  name: "understanding", title: "evaluation set", what: "generated documents (eval/generate.ts, seed fixed)", heldout: false, types: DOC_TYPES, make: (dir) => generateDataset(dir)
}
const MULTILINGUAL_SET: UnderstandingSet = {
  name: "understanding-multilingual", title: "multilingual evaluation set", what: "documents (eval/multilingual: generated invoices and receipts in six languages and invoices in hard layouts, seed fixed)",
  heldout: true, types: ["invoice", "receipt", "layout_invoice"],
  make: async (dir) => ({ seed: 0, documents: await generateMultilingual(dir) })
}
const THIRD_PARTY_SET: UnderstandingSet = {
  name: "third-party", title: "third-party templates (development set)", what: "invoices (eval/third-party: made by invoice generators of other people on npm, seeded data, seed fixed)",
  heldout: true, types: ["invoice"],
  groups: TEMPLATES.map((t) => ({ label: t.name, prefix: `${t.prefix}-` })),
  make: async (dir) => ({ seed: 0, documents: await generateThirdParty(dir) })
}
const HELDOUT_SET: UnderstandingSet = {
  name: "understanding-heldout", title: "held-out evaluation set", what: "documents (eval/heldout: generated, seed fixed, real invoices, and real development documents reported apart)",
  heldout: true,
  types: HELDOUT_TYPES,
  make: async (dir, options) => ({ seed: 0, documents: await generateHeldout(dir, options.realdocsDir) })
}

const runUnderstanding = async (options: Options, set: UnderstandingSet) => {
  const genStarted = performance.now()
  const dir = options.out ?? (await mkdtemp(path.join(os.tmpdir(), "docket-eval-")))
  const docket = createDocket()
  try {
    const manifest = await set.make(dir, options)
    const generateMs = performance.now() - genStarted
    const documents = manifest.documents.filter((d) => options.only === null || options.only.has(d.id))
    if (documents.length === 0) throw new Error("no documents selected")
    const tenant = await docket.admin.docs.createTenant({ credits: 100_000_000, rpm: 1_000_000, concurrent_jobs: 1_000, sync_waits: 1_000 })
    const key = tenant.api_key
    const started = performance.now()
    const outcomes = await pool(documents, options.concurrency, async (doc): Promise<DocOutcome> => {
      let source: Source
      try {
        source = { url: `svc://file/${await upload(docket, key, doc.file, new Uint8Array(await readFile(path.resolve(dir, doc.file))))}` }
      } catch (error) {
        // an upload that fails counts every operation of the document as a miss
        source = { error: `upload_failed:${error instanceof Error ? error.message.slice(0, 160) : String(error)}` }
      }
      const categorize = await categorizeDoc(docket, key, source, doc)
      const extract = await extractDoc(docket, key, source, doc)
      const groundLiteral = await groundDoc(docket, key, source, doc.locations, false)
      const groundSemantic = await groundDoc(docket, key, source, doc.locations, true)
      if (!options.json) process.stderr.write(".")
      return { id: doc.id, type: doc.type, format: doc.format, file: path.basename(doc.file), split: doc.split ?? null, categorize, extract, groundLiteral, groundSemantic }
    })
    const wallMs = performance.now() - started
    if (!options.json) process.stderr.write("\n")
    if (options.json) {
      const scored = outcomes.filter((o) => o.split !== "real-dev")
      const byType = Object.fromEntries(set.types.map((t) => [t, figuresOf(scored.filter((o) => o.type === t))]))
      console.log(JSON.stringify({
        command: `npm run eval -- --set ${set.name} --json`,
        date: new Date().toISOString(),
        node: process.version,
        platform: `${os.platform()}/${os.arch()}`,
        cpus: os.cpus().length,
        seed: manifest.seed,
        documents: outcomes.length,
        wall_ms: Math.round(wallMs),
        generate_ms: Math.round(generateMs),
        overall: figuresOf(scored),
        by_type: byType,
        real_dev: figuresOf(outcomes.filter((o) => o.split === "real-dev")),
        per_document: outcomes.map((o) => ({
          id: o.id, type: o.type, format: o.format, split: o.split,
          categorize: { correct: o.categorize.correct, units: o.categorize.units, predicted: o.categorize.predicted, error: o.categorize.error, ms: Math.round(o.categorize.ms) },
          extract: { correct: o.extract.correct, total: o.extract.total, error: o.extract.error, ms: Math.round(o.extract.ms), mismatches: o.extract.error === null ? o.extract.mismatches : [] },
          ground_literal: { hits: o.groundLiteral.hits, total: o.groundLiteral.total, error: o.groundLiteral.error, ms: Math.round(o.groundLiteral.ms), items: o.groundLiteral.items },
          ground_semantic: { hits: o.groundSemantic.hits, total: o.groundSemantic.total, error: o.groundSemantic.error, ms: Math.round(o.groundSemantic.ms), items: o.groundSemantic.items }
        }))
      }, null, 2))
    } else {
      printReport(outcomes, wallMs, options, generateMs, set)
    }
  } finally {
    await docket.dispose()
    if (options.out === null) await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error))
  process.exit(1)
})
