/**
 * Search latency and the index's memory (spec 3, issue 14 "Quality and speed"):
 *
 *   npx tsx bench/search.ts          (after `npm run build`)
 *   BENCH_SEARCH_SIZES=10000,100000 BENCH_SEARCH_QUERIES=300 BENCH_SEARCH_EMBEDDED=1000
 *
 * The index is filled directly through the `SearchIndex` port (`replaceFile`, one file's chunks at
 * a time), not by ingestion: embedding 100,000 chunks with USE-lite would take hours on two cores.
 * The chunks are the ones the HTTP SciFact eval's ingestion indexed (eval/search-http.ts writes
 * them to eval/.cache: each abstract `## title` + text, cut by core's chunker, analyzed, and
 * embedded by the encoder in the ingestion), repeated under new file ids and paths until the
 * index holds the size asked for. Each copy has its own strings, term maps and vector (copies of
 * the captured ones), so the memory measured is what distinct chunks of that size would take; the
 * repeated texts make a term's postings and a query's keyword candidates grow with the size, as
 * in a larger corpus of that vocabulary; each chunk's vector is the captured one moved by a little
 * noise (`perturbed`: cosine ~0.96 to it), so every chunk has its own vector. Without that capture (a fresh clone), the abstracts are cut by
 * core's chunker here and the encoder embeds only the first BENCH_SEARCH_EMBEDDED chunks (cached),
 * whose vectors every chunk reuses in turn (perturbed, as above).
 *
 * Query path: core's `hybridSearch` (what the route runs, without HTTP) with k 10, the 300 SciFact
 * claims one after another (after 20 warm-ups), the query vector from an `Embedder` that answers
 * vectors embedded once by the encoder (cached in eval/.cache): the encoder's own cost for a query
 * (about 11 ms median, "Sentence encoder") is not in these figures. Against, on the same index in
 * the same run: BM25F alone (the store's `keyword` and core's scoring and ranking, the keyword
 * half of `hybridSearch`) and the store's `nearest` alone (the dense half's scan).
 *
 * Memory: heap used and resident set after a full GC, before and after filling, per size (a
 * fresh store each time); the bench turns GC on itself (`--expose-gc` through V8's flags).
 *
 * Storage: each entry of `STORES` is one more row: memory, and PostgreSQL (a database of its own,
 * migrated by the whole storage layer). BENCH_SEARCH_STORES picks some: store names
 * (`memory,PostgreSQL`: each at every size) or store:size pairs (`memory:100000,PostgreSQL:10000`).
 */
import { Intelligence, Workspaces } from "@docket/core"
import { MODEL_ID } from "@docket/encoder"
import * as MemoryStorage from "@docket/storage-memory"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Layer, ManagedRuntime } from "effect"
import path from "node:path"
import { fileURLToPath } from "node:url"
import v8 from "node:v8"
import vm from "node:vm"
import { type Capture, readCapture, SCIFACT_HTTP_CAPTURE } from "../eval/lib/index-capture.js"
import { cachedEmbeddings } from "../eval/lib/vector-cache.js"
import { loadScifact } from "../eval/scifact-vectors.js"
import { createDatabase } from "./support/database.js"
import { envNumber } from "./support/env.js"
import { fmtInt, fmtMs } from "./support/format.js"
import { percentile } from "./support/load.js"
import { runIfMain } from "./support/main.js"

const S = Workspaces.Search
const TENANT = "bench-tenant"
const WS = "bench-ws"
const MB = 1024 * 1024
/** BEIR SciFact beside the repository (../shared/ir/scifact), as the evals find it */
const SCIFACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "ir", "scifact")

v8.setFlagsFromString("--expose-gc")
const gc = vm.runInNewContext("gc") as () => void

/** a full collection, twice (the second finds what the first's finalizers freed) */
const settle = async () => {
  for (let i = 0; i < 2; i++) {
    gc()
    await new Promise((r) => setTimeout(r, 50))
  }
  return process.memoryUsage()
}

interface Store {
  readonly name: string
  /** a fresh, empty search index, and what to do once done with it */
  readonly open: () => Promise<{ readonly layer: Layer.Layer<Workspaces.Search.SearchIndex, unknown>; readonly close: () => Promise<void> }>
}

const STORES: ReadonlyArray<Store> = [
  { name: "memory", open: async () => ({ layer: MemoryStorage.searchIndexLayer, close: async () => {} }) },
  {
    name: "PostgreSQL",
    open: async () => {
      const db = await createDatabase()
      // the whole storage layer: its migrations make the search tables
      return { layer: PgStorage.layer({ url: db.url }) as Layer.Layer<Workspaces.Search.SearchIndex, unknown>, close: db.drop }
    }
  }
]

/** a deterministic generator of uniform numbers in [0, 1) (mulberry32) */
const uniform = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** how far a copy's vector moves from the captured one (norm of the added noise; cosine ~0.96) */
const COPY_NOISE = 0.3

/**
 * A chunk's vector in the bench: the captured one plus Gaussian noise of norm `COPY_NOISE`,
 * normalized again, so no two chunks share a vector (a corpus repeated as is would put each
 * vector's copies in one tie, which no real index has and which the approximate scan's pool
 * handles worse than distinct neighbours).
 */
const perturbed = (vector: Float32Array, seed: number): Float32Array => {
  const next = uniform(seed)
  const noise = new Float32Array(vector.length)
  let norm = 0
  for (let i = 0; i < noise.length; i++) {
    const g = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())
    noise[i] = g
    norm += g * g
  }
  const out = new Float32Array(vector.length)
  let outNorm = 0
  for (let i = 0; i < out.length; i++) {
    out[i] = vector[i]! + (COPY_NOISE * noise[i]!) / Math.sqrt(norm)
    outNorm += out[i]! * out[i]!
  }
  for (let i = 0; i < out.length; i++) out[i]! /= Math.sqrt(outNorm)
  return out
}

/** copy `r` of a captured chunk as its own file's chunk: own strings, term maps and (perturbed) vector */
const copyOf = (c: Capture["chunks"][number], vector: Float32Array, r: number, seed: number): Workspaces.Search.IndexedChunk => {
  const own = (s: string) => Buffer.from(s).toString()
  const terms = (t: Readonly<Record<string, number>>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [own(k), v]))
  return {
    file_id: `copy-${r}-${c.path}`,
    chunk_index: c.chunk_index,
    path: `copy-${String(r).padStart(3, "0")}/${c.path}`,
    access_label: null,
    category: null,
    component: c.component === null ? null : own(c.component),
    locator: { ...c.locator },
    title: own(c.title),
    text: own(c.text),
    terms: { title: terms(c.terms.title), text: terms(c.terms.text) },
    length: { ...c.length },
    vector: perturbed(vector, seed)
  }
}

/** the captured chunks grouped by file (in capture order) */
const filesOf = (capture: Capture) => {
  const files = new Map<string, Array<number>>()
  capture.chunks.forEach((c, i) => {
    const list = files.get(c.path)
    if (list === undefined) files.set(c.path, [i])
    else list.push(i)
  })
  return [...files.values()]
}

interface Latency {
  readonly p50: number
  readonly p95: number
  readonly max: number
  /** the process's CPU time (user + system) per query, p50 / p95 in ms: what the query cost, whatever else the machine ran */
  readonly cpuP50: number
  readonly cpuP95: number
}

const timeEach = async (items: ReadonlyArray<string>, warmUps: number, f: (q: string) => Promise<unknown>): Promise<Latency> => {
  for (const q of items.slice(0, warmUps)) await f(q)
  const ts: Array<number> = []
  const cpu: Array<number> = []
  for (const q of items) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await f(q)
    ts.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  ts.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  return { p50: percentile(ts, 50), p95: percentile(ts, 95), max: ts[ts.length - 1]!, cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95) }
}

interface SizeFigures {
  readonly store: string
  readonly chunks: number
  readonly fillSeconds: number
  readonly heapMb: number
  readonly rssMb: number
  readonly hybrid: Latency
  readonly bm25: Latency
  readonly nearest: Latency
  readonly keywordCandidates: { readonly p50: number; readonly p95: number }
}

const measure = async (store: Store, size: number, capture: Capture, queries: ReadonlyArray<string>, queryVectors: ReadonlyMap<string, Float32Array>): Promise<SizeFigures> => {
  const { layer, close } = await store.open()
  const embedder = Layer.succeed(Intelligence.Embedder, {
    model: capture.model,
    dimensions: capture.dimensions,
    embed: (texts: ReadonlyArray<string>) =>
      Effect.suspend(() => {
        const out = texts.map((t) => queryVectors.get(t))
        return out.every((v) => v !== undefined)
          ? Effect.succeed(out as Array<Float32Array>)
          : Effect.fail(new Intelligence.EngineFailed({ operation: "embed", message: "a query the bench did not embed ahead" }))
      })
  })
  const runtime = ManagedRuntime.make(Layer.merge(layer, embedder))
  try {
    const files = filesOf(capture)
    const before = await settle()
    const f0 = performance.now()
    let filled = 0
    for (let r = 0; filled < size; r++) {
      for (const file of files) {
        if (filled >= size) break
        const chunks = file.slice(0, size - filled).map((i, j) => copyOf(capture.chunks[i]!, capture.vectors[i]!, r, filled + j + 1))
        await runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.replaceFile(TENANT, WS, chunks[0]!.file_id, chunks, capture.model)))
        filled += chunks.length
      }
    }
    const fillSeconds = (performance.now() - f0) / 1000
    // above 20,000 chunks the vector scan learns its projection in the background (started by the
    // write, or on PostgreSQL the cache load of the first nearest, that crosses the threshold;
    // searches are exact meanwhile): measured once it is ready
    await runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.nearest(TENANT, WS, queryVectors.get(queries[0]!)!, S.CANDIDATES_PER_SIDE, { visible: "all" })))
    while (S.backgroundFits() > 0) await new Promise((r) => setTimeout(r, 10))
    const after = await settle()
    process.stderr.write(`  search bench: ${store.name} ${size} chunks filled in ${fillSeconds.toFixed(0)} s\n`)
    const status = await runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.status(TENANT, WS)))
    if (status.chunks !== size) throw new Error(`the index holds ${status.chunks} chunks, not ${size}`)

    const scope = { visible: "all" as const }
    const candidates: Array<number> = []
    const bm25 = (q: string) =>
      runtime.runPromise(Effect.gen(function*() {
        const query = S.queryTermCounts(S.analyze(q))
        const terms = [...query.keys()]
        if (terms.length === 0) return []
        const keyword = yield* (yield* S.SearchIndex).keyword(TENANT, WS, S.analyze(q), scope, S.CANDIDATES_PER_SIDE)
        // the chunks in scope holding a term (the store ranks them all, returns the best)
        candidates.push(keyword.seen)
        const tie = (a: Workspaces.Search.KeywordCandidate, b: Workspaces.Search.KeywordCandidate) =>
          Workspaces.Files.compareCodePoints(a.chunk.path, b.chunk.path) || a.chunk.chunk_index - b.chunk.chunk_index
        return S.rankByScore(keyword.candidates, (c) => S.bm25fScore(query, S.CHUNK_FIELDS, keyword.stats, c.candidate), tie, 10)
      }))
    const nearest = (q: string) =>
      runtime.runPromise(Effect.flatMap(S.SearchIndex, (s) => s.nearest(TENANT, WS, queryVectors.get(q)!, S.CANDIDATES_PER_SIDE, scope)))
    const hybrid = (q: string) => runtime.runPromise(S.hybridSearch(TENANT, WS, "all", { query: q, k: 10 }))
    // interleaved by method, each over every query, in the same process and index
    const figures = {
      bm25: await timeEach(queries, 20, bm25),
      nearest: await timeEach(queries, 20, nearest),
      hybrid: await timeEach(queries, 20, hybrid)
    }
    process.stderr.write(`  search bench: ${store.name} ${size} chunks measured\n`)
    const sortedCandidates = candidates.slice(-queries.length).sort((a, b) => a - b)
    return {
      store: store.name,
      chunks: size,
      fillSeconds,
      heapMb: (after.heapUsed - before.heapUsed) / MB,
      rssMb: (after.rss - before.rss) / MB,
      ...figures,
      keywordCandidates: { p50: percentile(sortedCandidates, 50), p95: percentile(sortedCandidates, 95) }
    }
  } finally {
    await runtime.dispose()
    await close()
  }
}

const countsOf = (terms: ReadonlyArray<string>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const t of terms) out[t] = (out[t] ?? 0) + 1
  return out
}

/**
 * Without the HTTP eval's capture: SciFact's abstracts as the eval uploads them (`## title`, then
 * the text), cut by core's chunker under that one section and analyzed as ingestion does; the
 * encoder (first window) embeds the first `embedded` distinct chunks once (cached in eval/.cache),
 * and every chunk takes one of those vectors in turn, perturbed (`perturbed`).
 */
const chunkedScifact = async (embedded: number): Promise<{ readonly capture: Capture; readonly distinctVectors: number }> => {
  const set = loadScifact(SCIFACT_DIR)
  const chunks: Array<Capture["chunks"][number]> = []
  for (const d of set.docs) {
    const title = d.title.trim() === "" ? d.id : d.title.trim()
    const markdown = `## ${title}\n\n${d.text}\n`
    const section: Workspaces.Ingestion.IngestedComponent = {
      kind: "section", name: title, summary: null, table_name: null, row_count: null, column_count: null, columns: [],
      char_start: 0, char_end: markdown.length, page_start: null, page_end: null, readable: true, queryable: false
    }
    for (const c of S.chunkDocument(markdown, [], [section])) {
      const t = S.analyze(c.title)
      const x = S.analyze(c.text)
      chunks.push({
        path: `part-0/${d.id}.md`, chunk_index: c.chunk_index, component: c.component, locator: c.locator, title: c.title, text: c.text,
        terms: { title: countsOf(t), text: countsOf(x) }, length: { title: t.length, text: x.length }
      })
    }
  }
  const n = Math.min(embedded, chunks.length)
  const vectors = await Effect.runPromise(cachedEmbeddings("scifact-bench-chunks", chunks.slice(0, n).map((c) => S.embeddingTextOf(c)), { mode: "first", workers: 2 }))
  return { capture: { model: MODEL_ID, dimensions: vectors[0]!.length, chunks, vectors: chunks.map((_, i) => vectors[i % n]!) }, distinctVectors: n }
}

export const runSearchBench = async (): Promise<string> => {
  const captured = readCapture(SCIFACT_HTTP_CAPTURE)
  const { capture, distinctVectors } = captured !== null
    ? { capture: captured, distinctVectors: captured.vectors.length }
    : await chunkedScifact(envNumber("BENCH_SEARCH_EMBEDDED", 1000))
  const sizes = (process.env.BENCH_SEARCH_SIZES ?? "10000,100000").split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0)
  const queryCount = envNumber("BENCH_SEARCH_QUERIES", 300)
  const set = loadScifact(SCIFACT_DIR)
  const queries = set.queries.slice(0, queryCount).map((q) => q.text)
  // the encoder's vectors of the claims, as `createDocket()`'s embedder makes them (mean of windows)
  const vectors = await Effect.runPromise(cachedEmbeddings("scifact-claims", queries, { mode: "mean", workers: 2 }))
  const queryVectors = new Map(queries.map((q, i) => [q, vectors[i]!]))

  const rows: Array<SizeFigures> = []
  const picked = (process.env.BENCH_SEARCH_STORES ?? STORES.map((s) => s.name).join(",")).split(",")
  for (const store of STORES) {
    for (const size of sizes) {
      if (!picked.includes(store.name) && !picked.includes(`${store.name}:${size}`)) continue
      const row = await measure(store, size, capture, queries, queryVectors)
      rows.push(row)
      // each row as soon as measured (a long run's figures are not lost with it)
      process.stderr.write(`  search bench: ${JSON.stringify(row)}\n`)
    }
  }

  const out = [
    "## Search: hybrid-search latency and the index's memory",
    "",
    (captured !== null
      ? `${fmtInt(capture.chunks.length)} chunks captured from the HTTP SciFact eval's ingestion (5,183 abstracts; their vectors the ingestion's), repeated under new ids to each size; `
      : `${fmtInt(capture.chunks.length)} chunks of SciFact's 5,183 abstracts cut by core's chunker (no capture of the HTTP eval in eval/.cache), ` +
        `the encoder's vectors (first window) of the first ${fmtInt(distinctVectors)} reused in turn by all, repeated under new ids to each size; `) +
      `${queries.length} SciFact claims one after another (after 20 warm-ups), p50 / p95 / max in ms. hybrid-search: core's \`hybridSearch\` (k 10) with the ` +
      `query vector answered from a cache (the encoder's ~11 ms a query not included); BM25F alone: the store's \`keyword\` + core's BM25F and ranking; ` +
      `nearest alone: the store's exact scan for the ${S.CANDIDATES_PER_SIDE} nearest. Memory: after a full GC, above the level before filling.`,
    "",
    `Each cell: wall time p50 / p95 / max, then [CPU time of the process p50 / p95] (the CPU time is what the query cost whatever else the machine ran).`,
    "",
    "| store | chunks | hybrid-search | BM25F alone | nearest alone | hybrid / BM25F (p95) | keyword candidates p50 / p95 | fill (s) | heap (MB) | RSS (MB) | heap per 100k chunks (MB) |",
    "|---|---:|---|---|---|---:|---|---:|---:|---:|---:|",
    ...rows.map((r) => {
      const l = (x: Latency) => `${fmtMs(x.p50)} / ${fmtMs(x.p95)} / ${fmtMs(x.max)} [${fmtMs(x.cpuP50)} / ${fmtMs(x.cpuP95)}]`
      return `| ${r.store} | ${fmtInt(r.chunks)} | ${l(r.hybrid)} | ${l(r.bm25)} | ${l(r.nearest)} | ${(r.hybrid.p95 / r.bm25.p95).toFixed(1)}× | ` +
        `${fmtInt(r.keywordCandidates.p50)} / ${fmtInt(r.keywordCandidates.p95)} | ${r.fillSeconds.toFixed(1)} | ${fmtInt(r.heapMb)} | ${fmtInt(r.rssMb)} | ${fmtInt((r.heapMb * 100_000) / r.chunks)} |`
    }),
    ""
  ]
  return out.join("\n")
}

runIfMain(import.meta.url, runSearchBench)
