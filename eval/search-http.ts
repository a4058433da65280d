/**
 * Search through the HTTP API (issue 14, "Quality and speed"): Docket in process
 * (`createDocket()`: memory storage, `@docket/formats`, the local engine with `@docket/encoder`'s
 * USE-lite as the embedder), files uploaded with `POST /v1/workspaces/{id}/files`, ingested with
 * `POST …/ingestions`, searched with `POST …/tools/hybrid-search` (k 100).
 *
 * (a) BEIR SciFact (../shared/ir/scifact): each abstract a file `<doc_id>.md` holding `## <title>`,
 *     a blank line, then the abstract. The heading makes the title a section: the chunker gives every
 *     chunk of the abstract that `title`, which BM25F weighs above the text (`CHUNK_FIELDS`) and the
 *     encoder reads first (`embeddingTextOf`) — the same two fields the in-script runs (scifact-bm25,
 *     search-fusion) score, so the figures compare. Files are spread over four folders, ingested by
 *     four ingestion jobs at once (one per folder; each job ingests several files at a time). A
 *     hit's document is its file; a document's rank is its first chunk's. nDCG@10 and Recall@100
 *     over the 300 claims.
 * (b) The judged business set (eval/search): its 55 files uploaded under their paths, ingested, the
 *     142 queries through the route; hits deduplicated to the judged unit (file+section, or the file
 *     when the query judges it whole) as in eval/search-fusion.ts; nDCG@10 and Recall@10 per type.
 *
 * Beside the route's hybrid ranking, in the same run and from the same index the ingestion built:
 * the instance's `SearchIndex` port read in process (`docket.runtime`) for each query's keyword
 * candidates and nearest vectors (query embedded by the instance's `Embedder`), ranked by core's
 * own functions as `hybridSearch` does: BM25F alone, the encoder alone, plain RRF (k 60) and core's
 * fusion — the last checked against the route's answer, query by query.
 *
 * The SciFact index's chunks (text, terms, vectors) are written to eval/.cache for the search
 * latency bench (bench/search.ts): the storage is `@docket/storage-memory`'s, its search index
 * wrapped to keep a copy of what `replaceFile` stores.
 *
 *   npm run eval -- --set search-http [--scifact-dir path] [--scifact-encoder first|mean] [--scifact-docs n] [--json]
 *   npx tsx eval/search-http.ts [--dir path] [--only scifact|judged] [--scifact-encoder first|mean] [--scifact-docs n] [--json]
 *
 * `--scifact-docs n` cuts the corpus to n abstracts: every abstract judged for a claim, then the
 * others in a fixed order (a hash of the id). Fewer distractors lift every method's figures: compare
 * methods within a run, not with the full corpus's figures.
 *
 * SciFact's encoder reads each chunk's first 128-token window by default (`--scifact-encoder
 * first`; createDocket()'s own encoder takes the mean of all windows): the SciFact vectors of the
 * in-script fusion eval are first-window too, and the mean of windows over SciFact's ~11,000
 * chunks takes over an hour on a shared 2-core machine (ingestion measured at 2.2 chunks/s in
 * mean mode against ~4 windows a chunk). The judged set runs with createDocket()'s defaults.
 */
import { type Docket, Intelligence, Workspaces } from "@docket/core"
import * as Encoder from "@docket/encoder"
import { type LongText, MODEL_ID } from "@docket/encoder"
import { createDocket } from "@docket/server"
import * as MemoryStorage from "@docket/storage-memory"
import { Effect, Layer } from "effect"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { type Capture, SCIFACT_HTTP_CAPTURE, writeCapture } from "./lib/index-capture.js"
import { type Judgements, meanOverQueries, ndcgAtK, recallAtK } from "./lib/ir-metrics.js"
import { defaultScifactDir } from "./scifact-bm25.js"
import { loadScifact, type ScifactSet } from "./scifact-vectors.js"
import { type CorpusDocument, JUDGED_SET_DIR, type JudgedQuery, loadJudgedSet, type QueryType } from "./search/judged-set.js"

const S = Workspaces.Search
/** what the eval reads of a chunk (its text only to match the route's hits, never shown) */
type ChunkRef = Workspaces.Search.ChunkRef

const K = 100
const FOLDERS = 4
const CONCURRENCY = 4
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------- HTTP

const client = (docket: Docket, key: string) => {
  const call = async (method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const r = await docket.fetch(new Request(`http://search-http${p}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body)
    }))
    const text = await r.text()
    return { status: r.status, body: text === "" ? null : JSON.parse(text) }
  }
  const settle = async (job: any, what: string): Promise<any> => {
    const deadline = Date.now() + 3 * 3600_000
    while (!["succeeded", "failed", "cancelled"].includes(job.status)) {
      if (Date.now() > deadline) throw new Error(`${what} did not finish in time`)
      await sleep(250)
      job = (await call("GET", `/v1/jobs/${job.job_id}`)).body
    }
    if (job.status !== "succeeded") throw new Error(`${what}: ${job.status} ${JSON.stringify(job.error)}`)
    return job
  }
  return { call, settle }
}

const pool = async <A, B>(items: ReadonlyArray<A>, size: number, f: (a: A, i: number) => Promise<B>): Promise<Array<B>> => {
  const out: Array<B> = new Array(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await f(items[i]!, i)
    }
  }))
  return out
}

const percentile = (sorted: ReadonlyArray<number>, p: number) => sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

interface Loaded {
  readonly key: string
  readonly tenantId: string
  readonly ws: string
  readonly uploadSeconds: number
  readonly ingestSeconds: number
  readonly ingested: number
  readonly failed: ReadonlyArray<string>
  readonly chunks: number
}

/** A workspace holding `files`, uploaded `CONCURRENCY` at a time, then ingested by one job per top folder, all at once. */
const load = async (docket: Docket, name: string, files: ReadonlyArray<{ readonly path: string; readonly bytes: Uint8Array }>, progress: boolean): Promise<Loaded> => {
  const tenant = await docket.admin.docs.createTenant({ credits: 1_000_000_000, paid_usage: true, rpm: 1_000_000_000, concurrent_jobs: 10_000, sync_waits: 10_000 })
  const api = client(docket, tenant.api_key)
  const ws = await api.call("POST", "/v1/workspaces", { name })
  if (ws.status !== 201) throw new Error(`workspace: ${ws.status} ${JSON.stringify(ws.body)}`)
  const wsId = ws.body.workspace_id as string
  const u0 = performance.now()
  await pool(files, CONCURRENCY, async (f, i) => {
    const form = new FormData()
    form.append("file", new Blob([f.bytes as Uint8Array<ArrayBuffer>]), path.basename(f.path))
    form.append("metadata", JSON.stringify({ path: f.path }))
    const up = await api.call("POST", `/v1/workspaces/${wsId}/files?wait_seconds=30`, form)
    if (up.status !== 200 && up.status !== 202) throw new Error(`upload of ${f.path}: ${up.status} ${JSON.stringify(up.body)}`)
    await api.settle(up.body, `the upload of ${f.path}`)
    if (progress && (i + 1) % 1000 === 0) process.stderr.write(`  ${name}: ${i + 1}/${files.length} uploaded, ${((performance.now() - u0) / 1000).toFixed(0)} s\n`)
  })
  const uploadSeconds = (performance.now() - u0) / 1000
  const folders = [...new Set(files.map((f) => f.path.split("/")[0]!))].sort()
  const i0 = performance.now()
  const jobs = await Promise.all(folders.map(async (folder) => {
    const r = await api.call("POST", `/v1/workspaces/${wsId}/ingestions`, { selection: { type: "path_prefix", path_prefix: `${folder}/` } })
    if (r.status !== 202) throw new Error(`ingestion of ${folder}/ refused: ${r.status} ${JSON.stringify(r.body)}`)
    return r.body
  }))
  let reporter: ReturnType<typeof setInterval> | undefined
  if (progress) {
    reporter = setInterval(async () => {
      const status = await docket.runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.status(tenant.tenant_id, wsId)))
      process.stderr.write(`  ${name}: ${status.files}/${files.length} files indexed (${status.chunks} chunks), ${((performance.now() - i0) / 1000).toFixed(0)} s\n`)
    }, 60_000)
  }
  const done = await Promise.all(jobs.map((j, k) => api.settle(j, `the ingestion of ${folders[k]}/`))).finally(() => clearInterval(reporter))
  const ingestSeconds = (performance.now() - i0) / 1000
  const outcomes = done.flatMap((j) => j.result.outcomes as Array<any>)
  const status = await docket.runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.status(tenant.tenant_id, wsId)))
  return {
    key: tenant.api_key, tenantId: tenant.tenant_id, ws: wsId, uploadSeconds, ingestSeconds,
    ingested: outcomes.filter((o) => o.status === "ingested").length,
    failed: outcomes.filter((o) => o.status !== "ingested").map((o) => `${o.path}: ${o.status} ${o.error?.code ?? ""}`),
    chunks: status.chunks
  }
}

// ---------------------------------------------------------------- rankings of one query

const keyOf = (c: Pick<ChunkRef, "file_id" | "chunk_index">) => `${c.file_id}#${c.chunk_index}`

type Method = "BM25F" | "dense (USE-lite)" | "plain RRF (k 60)" | "fusion, in process" | "hybrid-search (HTTP)"
const METHODS: ReadonlyArray<Method> = ["BM25F", "dense (USE-lite)", "plain RRF (k 60)", "fusion, in process", "hybrid-search (HTTP)"]

interface QueryRun {
  /** per method, the chunks best first */
  readonly rankings: Record<Method, ReadonlyArray<ChunkRef>>
  /** the route's top-k keys equal core's fusion computed in process from the port */
  readonly agrees: boolean
  readonly httpMs: number
}

/** One query: through the route, then from the port in process (the same index, the same encoder). */
const runQuery = async (docket: Docket, l: Loaded, query: string): Promise<QueryRun> => {
  const api = client(docket, l.key)
  const t0 = performance.now()
  const r = await api.call("POST", `/v1/workspaces/${l.ws}/tools/hybrid-search`, { query, k: K })
  const httpMs = performance.now() - t0
  if (r.status !== 200) throw new Error(`hybrid-search: ${r.status} ${JSON.stringify(r.body)}`)
  const httpHits = r.body.hits as ReadonlyArray<{ file_id: string; path: string; component: string | null; locator: { char_start: number } }>

  const lists = await docket.runtime.runPromise(Effect.gen(function*() {
    const index = yield* S.SearchIndex
    const embedder = yield* Intelligence.Embedder
    const scope = { visible: "all" as const }
    const q = S.queryTermCounts(S.analyze(query))
    const terms = [...q.keys()]
    const keyword = terms.length === 0 ? null : yield* index.keyword(l.tenantId, l.ws, S.analyze(query), scope, S.CANDIDATES_PER_SIDE)
    // the keyword candidates come without their text, component and locator: read them
    const refs = keyword === null ? [] : yield* index.chunks(l.tenantId, l.ws, keyword.candidates.map((c) => c.chunk), "all")
    const vector = (yield* embedder.embed([query]))[0]!
    const dense = yield* index.nearest(l.tenantId, l.ws, vector, S.CANDIDATES_PER_SIDE, scope)
    return { q, keyword, refs, dense }
  }))
  const chunks = new Map<string, ChunkRef>()
  const lexical: Array<Workspaces.Search.LexicalHit> = []
  if (lists.keyword !== null) {
    const { stats, candidates } = lists.keyword
    for (const c of lists.refs) chunks.set(keyOf(c), c)
    const idf = (t: string) => S.bm25Idf(stats.documentCount, stats.documentFrequency.get(t) ?? 0)
    const byPath = (a: Workspaces.Search.ChunkHead, b: Workspaces.Search.ChunkHead) => Workspaces.Files.compareCodePoints(a.path, b.path) || a.chunk_index - b.chunk_index
    for (const { item, score } of S.rankByScore(candidates, (c) => S.bm25fScore(lists.q, S.CHUNK_FIELDS, stats, c.candidate), (a, b) => byPath(a.chunk, b.chunk), S.CANDIDATES_PER_SIDE)) {
      lexical.push({
        key: keyOf(item.chunk), score,
        coverage: S.idfCoverage(lists.q, idf, (t) => (item.candidate.termFrequency.title.get(t) ?? 0) + (item.candidate.termFrequency.text.get(t) ?? 0) > 0)
      })
    }
  }
  for (const h of lists.dense.hits) chunks.set(keyOf(h.chunk), h.chunk)
  const dense = lists.dense.hits.map((h) => ({ key: keyOf(h.chunk), similarity: h.similarity }))
  const refs = (keys: ReadonlyArray<string>) => keys.slice(0, K).map((k) => chunks.get(k)!)
  const fused = S.fuse(lexical, dense).filter((f) => f.score > 0).map((f) => f.key)
  // the route's hits name file and locator, not the chunk index: match them to the chunks the port answered
  const byLocator = new Map([...chunks.values()].map((c) => [`${c.file_id}@${c.locator.char_start}`, c]))
  const http = httpHits.map((h) => byLocator.get(`${h.file_id}@${h.locator.char_start}`) ?? { ...h, chunk_index: -1 } as unknown as ChunkRef)
  const top = fused.slice(0, K)
  const agrees = top.length === http.length && top.every((k, i) => k === keyOf(http[i]!))
  return {
    rankings: {
      "BM25F": refs(lexical.map((h) => h.key)),
      "dense (USE-lite)": refs(dense.map((h) => h.key)),
      "plain RRF (k 60)": refs(S.reciprocalRankFusion(lexical, dense).map((f) => f.key)),
      "fusion, in process": refs(top),
      "hybrid-search (HTTP)": http
    },
    agrees,
    httpMs
  }
}

/** distinct units in rank order (a unit's rank is its first chunk's) */
const unitsIn = (refs: ReadonlyArray<ChunkRef>, unit: (c: ChunkRef) => string): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const c of refs) {
    const u = unit(c)
    if (!seen.has(u)) seen.add(u), out.push(u)
  }
  return out
}

interface Figures {
  readonly ndcg10: number
  readonly recall: number
}

// ---------------------------------------------------------------- SciFact

export interface ScifactHttpReport {
  readonly longText: LongText
  readonly docs: number
  /** the whole corpus's size (docs is less when cut) */
  readonly corpus: number
  readonly queries: number
  readonly load: Omit<Loaded, "key" | "tenantId" | "ws">
  readonly rows: ReadonlyArray<{ readonly method: Method; readonly figures: Figures; readonly betterWorse: readonly [number, number] }>
  readonly agreeing: number
  readonly httpMs: { readonly p50: number; readonly p95: number }
  readonly chunksPerDoc: { readonly max: number; readonly multi: number }
}

const docIdOf = (c: Pick<ChunkRef, "path">) => path.posix.basename(c.path).replace(/\.md$/, "")

/**
 * The corpus, or a part of it of `size` abstracts: every abstract judged for a claim, then the
 * others in the order of a hash of their id (a fixed sample that depends on nothing but the ids).
 */
const corpusOf = (docs: ScifactSet["docs"], qrels: ScifactSet["qrels"], size: number | undefined): ScifactSet["docs"] => {
  if (size === undefined || size >= docs.length) return docs
  const judged = new Set([...qrels.values()].flatMap((j) => [...j.keys()]))
  const hash = (id: string) => createHash("sha256").update(id).digest("hex")
  const others = docs.filter((d) => !judged.has(d.id)).map((d) => ({ d, h: hash(d.id) })).sort((a, b) => (a.h < b.h ? -1 : 1)).map((x) => x.d)
  return [...docs.filter((d) => judged.has(d.id)), ...others].slice(0, Math.max(size, judged.size))
}

export const runScifactHttp = async (dir: string, longText: LongText, size?: number): Promise<ScifactHttpReport> => {
  const full = loadScifact(dir)
  const set = { ...full, docs: corpusOf(full.docs, full.qrels, size) }
  const captured = new Map<string, { readonly path: string; readonly chunks: ReadonlyArray<Workspaces.Search.IndexedChunk> }>()
  // memory storage whose search index keeps a copy of what ingestion stores (for bench/search.ts)
  const teeIndex = Layer.effect(S.SearchIndex, Effect.map(MemoryStorage.MemorySearchIndex.make, (inner): Workspaces.Search.SearchIndexService => ({
    ...inner,
    replaceFile: (t, ws, fileId, chunks, model) =>
      Effect.zipRight(Effect.sync(() => captured.set(fileId, { path: chunks[0]?.path ?? "", chunks })), inner.replaceFile(t, ws, fileId, chunks, model))
  })))
  // the local engine as createDocket() wires it, its encoder reading long chunks as told (`mean` is createDocket()'s own)
  const intelligence = Intelligence.LocalIntelligence.localIntelligenceWith(Encoder.layerWith({ longText }))
  const docket = createDocket({ settings: { sweepIntervalMs: 0 }, storage: Layer.merge(MemoryStorage.layer, teeIndex), intelligence })
  try {
    const encode = (s: string) => new TextEncoder().encode(s)
    const files = set.docs.map((d, i) => ({ path: `part-${i % FOLDERS}/${d.id}.md`, bytes: encode(`## ${d.title.trim() === "" ? d.id : d.title.trim()}\n\n${d.text}\n`) }))
    const l = await load(docket, "scifact", files, true)
    process.stderr.write(`  scifact: ${l.ingested} ingested, ${l.chunks} chunks, upload ${l.uploadSeconds.toFixed(0)} s, ingestion ${l.ingestSeconds.toFixed(0)} s\n`)

    const runs: Array<QueryRun> = []
    for (const [i, q] of set.queries.entries()) {
      runs.push(await runQuery(docket, l, q.text))
      if ((i + 1) % 100 === 0) process.stderr.write(`  scifact: ${i + 1}/${set.queries.length} queries\n`)
    }
    const perQuery = new Map<Method, Map<string, number>>()
    const rows = METHODS.map((method) => {
      const ranked = new Map(set.queries.map((q, i) => [q.id, unitsIn(runs[i]!.rankings[method], docIdOf)]))
      perQuery.set(method, new Map(set.queries.map((q) => [q.id, ndcgAtK(ranked.get(q.id)!, set.qrels.get(q.id)!, 10)])))
      return {
        method,
        figures: {
          ndcg10: meanOverQueries(set.qrels, ranked, (r, j) => ndcgAtK(r, j, 10)),
          recall: meanOverQueries(set.qrels, ranked, (r, j) => recallAtK(r, j, 100))
        }
      }
    })
    const base = perQuery.get("BM25F")!
    const ms = runs.map((r) => r.httpMs).sort((a, b) => a - b)

    // the index as ingestion built it, for the latency bench
    const chunks = [...captured.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).flatMap((f) => f.chunks)
    const dims = chunks.find((c) => c.vector !== null)?.vector?.length ?? 0
    const withVectors = chunks.filter((c) => c.vector !== null)
    const capture: Capture = {
      model: MODEL_ID,
      dimensions: dims,
      chunks: withVectors.map((c) => ({ path: c.path, chunk_index: c.chunk_index, component: c.component, locator: c.locator, title: c.title, text: c.text, terms: c.terms, length: c.length })),
      vectors: withVectors.map((c) => c.vector!)
    }
    writeCapture(SCIFACT_HTTP_CAPTURE, capture)
    const perDoc = new Map<string, number>()
    for (const c of chunks) perDoc.set(c.path, (perDoc.get(c.path) ?? 0) + 1)

    return {
      longText,
      docs: set.docs.length,
      corpus: full.docs.length,
      queries: set.queries.length,
      load: { uploadSeconds: l.uploadSeconds, ingestSeconds: l.ingestSeconds, ingested: l.ingested, failed: l.failed, chunks: l.chunks },
      rows: rows.map((r) => {
        let up = 0
        let down = 0
        for (const [id, v] of perQuery.get(r.method)!) {
          const b = base.get(id) ?? 0
          if (v > b + 1e-12) up++
          else if (v < b - 1e-12) down++
        }
        return { ...r, betterWorse: [up, down] as const }
      }),
      agreeing: runs.filter((r) => r.agrees).length,
      httpMs: { p50: percentile(ms, 50), p95: percentile(ms, 95) },
      chunksPerDoc: { max: Math.max(...perDoc.values()), multi: [...perDoc.values()].filter((n) => n > 1).length }
    }
  } finally {
    await docket.dispose()
  }
}

// ---------------------------------------------------------------- the judged business set

type Slice = QueryType | "all"
const SLICES: ReadonlyArray<Slice> = ["paraphrase", "keyword", "question", "all"]

export interface JudgedHttpReport {
  readonly files: number
  readonly queries: number
  readonly load: Omit<Loaded, "key" | "tenantId" | "ws">
  readonly rows: ReadonlyArray<{ readonly method: Method; readonly slices: Record<Slice, Figures & { readonly n: number }> }>
  readonly agreeing: number
}

/** The headings whose section contains the named heading's, innermost first (the judged set's own heading ranges). */
const enclosingOf = (doc: CorpusDocument | undefined, component: string | null): Array<string> => {
  const own = component === null || doc === undefined ? undefined : doc.headings.find((h) => h.text === component)
  if (own === undefined || doc === undefined) return []
  return doc.headings.filter((h) => h.level < own.level && h.start < own.start && own.start < h.end).sort((a, b) => b.level - a.level).map((h) => h.text)
}

/** a chunk's judged unit for this query: the file, a judged section (its own or an enclosing one), or its file+component */
const judgedUnit = (documents: ReadonlyMap<string, CorpusDocument>, q: JudgedQuery) => {
  const wholeFiles = new Set(q.relevant.filter((r) => r.section === undefined).map((r) => r.path))
  const sections = new Set(q.relevant.filter((r) => r.section !== undefined).map((r) => `${r.path}#${r.section}`))
  return (c: ChunkRef): string => {
    if (wholeFiles.has(c.path)) return c.path
    const own = `${c.path}#${c.component ?? ""}`
    if (sections.has(own)) return own
    return enclosingOf(documents.get(c.path), c.component).map((h) => `${c.path}#${h}`).find((u) => sections.has(u)) ?? own
  }
}

export const runJudgedHttp = async (): Promise<JudgedHttpReport> => {
  const set = loadJudgedSet(JUDGED_SET_DIR)
  const docket = createDocket({ settings: { sweepIntervalMs: 0 } })
  try {
    const files = [...set.documents.keys()].sort().map((rel) => ({ path: rel, bytes: new Uint8Array(readFileSync(path.join(JUDGED_SET_DIR, "corpus", rel))) }))
    const l = await load(docket, "judged", files, false)
    const runs = new Map<string, QueryRun>()
    for (const q of set.queries) runs.set(q.id, await runQuery(docket, l, q.query))
    const rows = METHODS.map((method) => {
      const slices = {} as Record<Slice, Figures & { n: number }>
      for (const slice of SLICES) {
        const qs = set.queries.filter((q) => slice === "all" || q.type === slice)
        const judged = new Map<string, Judgements>(qs.map((q) => [q.id, new Map(q.relevant.map((r) => [r.section === undefined ? r.path : `${r.path}#${r.section}`, r.grade]))]))
        const ranked = new Map(qs.map((q) => [q.id, unitsIn(runs.get(q.id)!.rankings[method], judgedUnit(set.documents, q))]))
        slices[slice] = {
          n: qs.length,
          ndcg10: meanOverQueries(judged, ranked, (r, j) => ndcgAtK(r, j, 10)),
          recall: meanOverQueries(judged, ranked, (r, j) => recallAtK(r, j, 10))
        }
      }
      return { method, slices }
    })
    return {
      files: files.length,
      queries: set.queries.length,
      load: { uploadSeconds: l.uploadSeconds, ingestSeconds: l.ingestSeconds, ingested: l.ingested, failed: l.failed, chunks: l.chunks },
      rows,
      agreeing: [...runs.values()].filter((r) => r.agrees).length
    }
  } finally {
    await docket.dispose()
  }
}

// ---------------------------------------------------------------- the run

export interface SearchHttpReport {
  readonly judged: JudgedHttpReport | null
  readonly scifact: ScifactHttpReport | null
  readonly seconds: number
}

export const runSearchHttp = async (options: {
  readonly scifactDir: string
  /** how SciFact's encoder reads chunks over 128 tokens (the judged set's is createDocket()'s default, `mean`) */
  readonly scifactLongText?: LongText | undefined
  /** SciFact's corpus cut to this many abstracts (every judged one kept), for a shorter run */
  readonly scifactDocs?: number | undefined
  readonly only?: "scifact" | "judged" | undefined
}): Promise<SearchHttpReport> => {
  const started = performance.now()
  // SciFact first: its captured index is what bench/search.ts fills from
  const scifact = options.only === "judged" ? null : await runScifactHttp(options.scifactDir, options.scifactLongText ?? "first", options.scifactDocs)
  const judged = options.only === "scifact" ? null : await runJudgedHttp()
  return { judged, scifact, seconds: (performance.now() - started) / 1000 }
}

export const printSearchHttp = (report: SearchHttpReport, options: { readonly json: boolean }) => {
  if (options.json) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  const f = (x: number) => x.toFixed(3)
  const cpu = os.cpus()
  console.log("## Search through the HTTP API\n")
  console.log(`Node ${process.version}, ${os.platform()}/${os.arch()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}; ${(report.seconds / 60).toFixed(1)} min in all.`)
  const loadLine = (l: Omit<Loaded, "key" | "tenantId" | "ws">, files: number) =>
    `${files} files uploaded in ${l.uploadSeconds.toFixed(1)} s (${CONCURRENCY} at a time), ingested in ${l.ingestSeconds.toFixed(1)} s ` +
    `(${(files / l.ingestSeconds).toFixed(1)} files/s, ${(l.chunks / l.ingestSeconds).toFixed(1)} chunks/s): ${l.ingested} ingested, ${l.failed.length} not; ${l.chunks} chunks.` +
    (l.failed.length > 0 ? ` Not ingested: ${l.failed.slice(0, 5).join("; ")}` : "")
  if (report.judged !== null) {
    const j = report.judged
    const n = j.rows[0]!.slices
    console.log(`\n### Judged business set (eval/search): ${j.files} files, ${j.queries} queries\n`)
    console.log(loadLine(j.load, j.files))
    console.log(`The route's top ${K} equals core's fusion computed in process from the port for ${j.agreeing} of ${j.queries} queries.\n`)
    console.log(`nDCG@10 / Recall@10 (queries: paraphrase ${n.paraphrase.n}, keyword ${n.keyword.n}, question ${n.question.n})\n`)
    console.log("| method | paraphrase | keyword | question | all |")
    console.log("|---|---|---|---|---|")
    for (const r of j.rows) console.log(`| ${r.method} | ${SLICES.map((s) => `${f(r.slices[s].ndcg10)} / ${f(r.slices[s].recall)}`).join(" | ")} |`)
  }
  if (report.scifact !== null) {
    const s = report.scifact
    console.log(`\n### SciFact: ${s.docs} abstracts${s.docs < s.corpus ? ` of ${s.corpus} (every judged one, then a fixed sample by a hash of the id)` : ""}, ${s.queries} claims (encoder: ${s.longText === "first" ? "each chunk's first 128-token window" : "mean of each chunk's 128-token windows"})\n`)
    console.log(loadLine(s.load, s.docs))
    console.log(`${s.chunksPerDoc.multi} abstracts made more than one chunk (at most ${s.chunksPerDoc.max}). ` +
      `hybrid-search through the route, k ${K}: p50 ${s.httpMs.p50.toFixed(1)} ms, p95 ${s.httpMs.p95.toFixed(1)} ms a query (one at a time, query embedding included). ` +
      `The route's top ${K} equals core's fusion computed in process from the port for ${s.agreeing} of ${s.queries} claims.\n`)
    console.log("| method | nDCG@10 | R@100 | claims better / worse than BM25F |")
    console.log("|---|---|---|---|")
    for (const r of s.rows) console.log(`| ${r.method} | ${r.figures.ndcg10.toFixed(4)} | ${r.figures.recall.toFixed(4)} | ${r.method === "BM25F" ? "—" : `${r.betterWorse[0]} / ${r.betterWorse[1]}`} |`)
    const bm25 = s.rows.find((r) => r.method === "BM25F")!.figures.ndcg10
    const hybrid = s.rows.find((r) => r.method === "hybrid-search (HTTP)")!.figures.ndcg10
    console.log(`\nIssue 14's bar (hybrid nDCG@10 ≥ BM25F of the same run): ${hybrid >= bm25 ? "met" : "NOT met"} (${hybrid.toFixed(4)} against ${bm25.toFixed(4)}).`)
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2)
  const flag = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined)
  const only = flag("--only")
  const report = await runSearchHttp({
    scifactDir: path.resolve(flag("--dir") ?? defaultScifactDir()),
    only: only === "scifact" || only === "judged" ? only : undefined,
    scifactLongText: flag("--scifact-encoder") === "mean" ? "mean" : "first",
    scifactDocs: flag("--scifact-docs") === undefined ? undefined : Number(flag("--scifact-docs"))
  })
  printSearchHttp(report, { json: argv.includes("--json") })
}
