/**
 * Hybrid search measured (issue 14): BM25F, dense (USE-lite), plain RRF (k 60) and core's
 * evidence-weighted fusion (`packages/core/src/workspaces/search/fusion.ts`) on
 *
 * (a) the judged business set (eval/search): every corpus file parsed in process (`@docket/formats`),
 *     derived (`deriveFile`) and chunked (`chunkDocument`) as ingestion does; chunks indexed in
 *     memory (BM25F over title + text with `CHUNK_FIELDS`; USE-lite vectors of "title\ntext",
 *     mean of windows). Chunks are ranked, then deduplicated to the unit a judgment names — the
 *     file+section (the chunk's `component`, or an enclosing section the query judges) or, where
 *     the query judges the whole file, the file — each unit ranked by its best chunk; nDCG@10 and Recall@10 per query type. The queries are
 *     split in two halves by position in queries.jsonl (even / odd lines): constants were fitted on
 *     SciFact and the even half, the odd half is held out.
 * (b) BEIR SciFact (../shared/ir/scifact): BM25F (title + text), dense over abstracts (first-window
 *     mode, vectors cached in eval/.cache/), nDCG@10 and Recall@100.
 *
 * Plus a sweep of the fusion's two constants, for the record of how they were chosen.
 *
 *   npm run eval -- --set search-fusion [--scifact-dir path]   (only on request, not in `all`)
 *   npx tsx eval/search-fusion.ts [--dir path] [--workers 2] [--scifact-mode first|mean] [--json]
 */
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import type { LongText } from "@docket/encoder"
import { makeInProcessParser } from "@docket/formats"
import { analyze } from "../packages/core/src/workspaces/search/analyzer.js"
import { bm25fScore, bm25Idf, CHUNK_FIELDS, queryTermCounts } from "../packages/core/src/workspaces/search/bm25.js"
import { chunkDocument, type SearchChunk } from "../packages/core/src/workspaces/search/chunking.js"
import {
  DEFAULT_FUSION,
  type DenseHit,
  fuse,
  type FusionParams,
  idfCoverage,
  type LexicalHit,
  reciprocalRankFusion
} from "../packages/core/src/workspaces/search/fusion.js"
import { deriveFile } from "../packages/core/src/workspaces/ingestion/derive.js"
import { type Judgements, meanOverQueries, ndcgAtK, recallAtK } from "./lib/ir-metrics.js"
import { cachedEmbeddings } from "./lib/vector-cache.js"
import { buildIndex, candidatesOf, defaultScifactDir, fielded, type Index } from "./scifact-bm25.js"
import { loadScifact, scifactVectors } from "./scifact-vectors.js"
import { type CorpusDocument, JUDGED_SET_DIR, type JudgedQuery, loadJudgedSet, type QueryType } from "./search/judged-set.js"

/** how deep each side's list goes into fusion (a store's candidate limit) */
const DEPTH = 100

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

const topDense = (query: Float32Array, vectors: ReadonlyArray<Float32Array>, keys: ReadonlyArray<string>, depth: number): Array<DenseHit> =>
  vectors.map((v, i) => ({ key: keys[i]!, similarity: dot(query, v) }))
    .sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1))
    .slice(0, depth)

/** per query: its keyword and dense candidate lists */
interface Lists {
  readonly lexical: ReadonlyArray<LexicalHit>
  readonly dense: ReadonlyArray<DenseHit>
}

/** a ranking method: chunk (or document) keys best first */
type Method = (lists: Lists) => ReadonlyArray<string>

interface Strategy {
  readonly name: string
  readonly rank: Method
}

const methods = (params: FusionParams = DEFAULT_FUSION): ReadonlyArray<Strategy> => [
  { name: "BM25F", rank: (l) => [...l.lexical].sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).map((h) => h.key) },
  { name: "dense (USE-lite)", rank: (l) => l.dense.map((h) => h.key) },
  { name: "plain RRF (k 60)", rank: (l) => reciprocalRankFusion(l.lexical, l.dense).map((f) => f.key) },
  { name: "fusion (core's defaults)", rank: (l) => fuse(l.lexical, l.dense, params).map((f) => f.key) }
]

// ---------------------------------------------------------------- SciFact

interface ScifactPrepared {
  readonly ids: ReadonlyArray<string>
  readonly qrels: ReadonlyMap<string, Judgements>
  readonly lists: ReadonlyMap<string, Lists>
}

export const prepareScifact = (dir: string, workers: number, mode: LongText = "first") =>
  Effect.gen(function*() {
    const set = loadScifact(dir)
    const vectors = yield* scifactVectors(set, { mode, workers })
    const index: Index = buildIndex(set.docs)
    const score = fielded(CHUNK_FIELDS)
    const lists = new Map<string, Lists>()
    set.queries.forEach((q, qi) => {
      const query = queryTermCounts(analyze(q.text))
      const c = candidatesOf(index, query.keys())
      const idf = (t: string) => bm25Idf(index.ids.length, c.documentFrequency.get(t) ?? 0)
      const lexical = c.docs
        .map((d) => ({
          key: index.ids[d.doc]!,
          score: score(index, query, c, d),
          coverage: idfCoverage(query, idf, (t) => d.tf.title.has(t) || d.tf.text.has(t))
        }))
        .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
        .slice(0, DEPTH)
      const dense = topDense(vectors.queries[qi]!, vectors.docs, index.ids, DEPTH)
      lists.set(q.id, { lexical, dense })
    })
    return { ids: index.ids, qrels: set.qrels, lists } satisfies ScifactPrepared
  })

interface Figures {
  readonly ndcg10: number
  readonly recall: number
  /** per query, its nDCG@10 (to count the queries a method wins or loses against BM25F) */
  readonly perQuery: ReadonlyMap<string, number>
}

const scoreScifact = (p: ScifactPrepared, rank: Method): Figures => {
  const runs = new Map<string, Array<string>>()
  for (const [id, l] of p.lists) runs.set(id, rank(l).slice(0, 100) as Array<string>)
  return {
    ndcg10: meanOverQueries(p.qrels, runs, (r, j) => ndcgAtK(r, j, 10)),
    recall: meanOverQueries(p.qrels, runs, (r, j) => recallAtK(r, j, 100)),
    perQuery: new Map([...p.qrels].map(([id, j]) => [id, ndcgAtK(runs.get(id) ?? [], j, 10)]))
  }
}

// ---------------------------------------------------------------- the judged business set

interface JudgedPrepared {
  readonly queries: ReadonlyArray<JudgedQuery & { readonly half: "fit" | "held-out" }>
  /** chunk key → its file and component */
  readonly chunks: ReadonlyMap<string, {
    readonly path: string
    readonly component: string | null
    /** the sections enclosing the component in the source file (a judged section includes its subsections) */
    readonly enclosing: ReadonlyArray<string>
  }>
  readonly lists: ReadonlyMap<string, Lists>
  readonly chunkCount: number
  readonly unmatchedSections: ReadonlyArray<string>
}

export const prepareJudged = (workers: number) =>
  Effect.scoped(Effect.gen(function*() {
    const set = loadJudgedSet(JUDGED_SET_DIR)
    const parser = yield* makeInProcessParser()
    const all: Array<{ key: string; path: string; chunk: SearchChunk }> = []
    for (const [rel] of [...set.documents].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const bytes = readFileSync(path.join(JUDGED_SET_DIR, "corpus", rel))
      const parsed = yield* parser.parse({ bytes, fileName: path.basename(rel) }).pipe(Effect.orDie)
      const derived = deriveFile(parsed, path.basename(rel))
      for (const chunk of chunkDocument(derived.markdown, derived.pages, derived.components)) {
        all.push({ key: `${rel}#${chunk.chunk_index}`, path: rel, chunk })
      }
    }
    // the section judgments must name components the chunker produced, or a hit could never count
    const components = new Set(all.map((c) => `${c.path}#${c.chunk.component ?? ""}`))
    const unmatched = new Set<string>()
    for (const q of set.queries) {
      for (const r of q.relevant) if (r.section !== undefined && !components.has(`${r.path}#${r.section}`)) unmatched.add(`${r.path}#${r.section}`)
    }

    type F = "title" | "text"
    const docs = all.map((c) => {
      const counts = { title: new Map<string, number>(), text: new Map<string, number>() }
      const length = { title: 0, text: 0 }
      for (const f of ["title", "text"] as const) {
        for (const t of analyze(c.chunk[f])) {
          counts[f].set(t, (counts[f].get(t) ?? 0) + 1)
          length[f]++
        }
      }
      return { key: c.key, counts, length }
    })
    const averageLength = {
      title: docs.reduce((n, d) => n + d.length.title, 0) / docs.length,
      text: docs.reduce((n, d) => n + d.length.text, 0) / docs.length
    }
    const df = new Map<string, number>()
    for (const d of docs) for (const t of new Set([...d.counts.title.keys(), ...d.counts.text.keys()])) df.set(t, (df.get(t) ?? 0) + 1)

    const chunkVectors = yield* cachedEmbeddings("judged-chunks", all.map((c) => (c.chunk.title === "" ? c.chunk.text : `${c.chunk.title}\n${c.chunk.text}`)), { mode: "mean", workers })
    const queryVectors = yield* cachedEmbeddings("judged-queries", set.queries.map((q) => q.query), { mode: "mean", workers })
    const keys = all.map((c) => c.key)

    const lists = new Map<string, Lists>()
    set.queries.forEach((q, qi) => {
      const query = queryTermCounts(analyze(q.query))
      const idf = (t: string) => bm25Idf(docs.length, df.get(t) ?? 0)
      const lexical = docs
        .filter((d) => [...query.keys()].some((t) => d.counts.title.has(t) || d.counts.text.has(t)))
        .map((d) => ({
          key: d.key,
          score: bm25fScore<F>(query, CHUNK_FIELDS, { documentCount: docs.length, averageLength, documentFrequency: df }, { length: d.length, termFrequency: d.counts }),
          coverage: idfCoverage(query, idf, (t) => d.counts.title.has(t) || d.counts.text.has(t))
        }))
        .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
        .slice(0, DEPTH)
      lists.set(q.id, { lexical, dense: topDense(queryVectors[qi]!, chunkVectors, keys, DEPTH) })
    })
    return {
      queries: set.queries.map((q, i) => ({ ...q, half: i % 2 === 0 ? "fit" as const : "held-out" as const })),
      chunks: new Map(all.map((c) => [c.key, { path: c.path, component: c.chunk.component, enclosing: enclosingOf(set.documents.get(c.path)!, c.chunk.component) }])),
      lists,
      chunkCount: all.length,
      unmatchedSections: [...unmatched].sort()
    } satisfies JudgedPrepared
  }))

/** The headings whose section contains the named heading's, innermost first (by the judged set's own heading ranges). */
const enclosingOf = (doc: CorpusDocument, component: string | null): Array<string> => {
  const own = component === null ? undefined : doc.headings.find((h) => h.text === component)
  if (own === undefined) return []
  return doc.headings.filter((h) => h.level < own.level && h.start < own.start && own.start < h.end).sort((a, b) => b.level - a.level).map((h) => h.text)
}

/** The chunk ranking as the judged units: file+section, or the file where the query judges it whole. */
export const unitsOf = (p: JudgedPrepared, q: JudgedQuery, chunkKeys: ReadonlyArray<string>): Array<string> => {
  const wholeFiles = new Set(q.relevant.filter((r) => r.section === undefined).map((r) => r.path))
  const judgedSections = new Set(q.relevant.filter((r) => r.section !== undefined).map((r) => `${r.path}#${r.section}`))
  const out: Array<string> = []
  const seen = new Set<string>()
  for (const k of chunkKeys) {
    const c = p.chunks.get(k)!
    // a chunk of a subsection counts for an enclosing section the query judges
    const judgedParent = c.enclosing.map((h) => `${c.path}#${h}`).find((u) => judgedSections.has(u))
    const unit = wholeFiles.has(c.path) ? c.path : judgedSections.has(`${c.path}#${c.component ?? ""}`) ? `${c.path}#${c.component}` : judgedParent ?? `${c.path}#${c.component ?? ""}`
    if (!seen.has(unit)) seen.add(unit), out.push(unit)
  }
  return out
}

export const judgementsOf = (q: JudgedQuery): Judgements =>
  new Map(q.relevant.map((r) => [r.section === undefined ? r.path : `${r.path}#${r.section}`, r.grade]))

type Slice = QueryType | "all"
const SLICES: ReadonlyArray<Slice> = ["paraphrase", "keyword", "question", "all"]

const scoreJudged = (p: JudgedPrepared, rank: Method, half: "fit" | "held-out" | "both"): Record<Slice, Figures & { readonly n: number }> => {
  const out = {} as Record<Slice, Figures & { n: number }>
  for (const slice of SLICES) {
    const qs = p.queries.filter((q) => (slice === "all" || q.type === slice) && (half === "both" || q.half === half))
    const judged = new Map(qs.map((q) => [q.id, judgementsOf(q)]))
    const runs = new Map(qs.map((q) => [q.id, unitsOf(p, q, rank(p.lists.get(q.id)!))]))
    out[slice] = {
      n: qs.length,
      ndcg10: meanOverQueries(judged, runs, (r, j) => ndcgAtK(r, j, 10)),
      recall: meanOverQueries(judged, runs, (r, j) => recallAtK(r, j, 10)),
      perQuery: new Map(qs.map((q) => [q.id, ndcgAtK(runs.get(q.id)!, judged.get(q.id)!, 10)]))
    }
  }
  return out
}

// ---------------------------------------------------------------- the run

export interface FusionReport {
  readonly scifactMode: LongText
  readonly judged: { readonly chunks: number; readonly queries: number; readonly unmatchedSections: ReadonlyArray<string> }
  readonly rows: ReadonlyArray<{
    readonly name: string
    readonly scifact: Figures
    readonly judged: Record<"both" | "fit" | "held-out", Record<Slice, Figures & { readonly n: number }>>
  }>
  readonly sweep: ReadonlyArray<{ readonly params: FusionParams; readonly scifact: number; readonly fit: Record<Slice, number> }>
  readonly seconds: number
}

export const runSearchFusion = async (options: { readonly scifactDir: string; readonly workers: number; readonly scifactMode?: LongText }): Promise<FusionReport> => {
  const started = performance.now()
  const scifactMode = options.scifactMode ?? "first"
  const [scifact, judged] = await Effect.runPromise(Effect.all([prepareScifact(options.scifactDir, options.workers, scifactMode), prepareJudged(options.workers)], { concurrency: 1 }))
  const rows = methods().map((m) => ({
    name: m.name,
    scifact: scoreScifact(scifact, m.rank),
    judged: { both: scoreJudged(judged, m.rank, "both"), fit: scoreJudged(judged, m.rank, "fit"), "held-out": scoreJudged(judged, m.rank, "held-out") }
  }))
  const sweep: Array<FusionReport["sweep"][number]> = []
  const point = (change: Partial<FusionParams>) => {
    const params = { ...DEFAULT_FUSION, ...change }
    const rank: Method = (l) => fuse(l.lexical, l.dense, params).map((f) => f.key)
    const fit = scoreJudged(judged, rank, "fit")
    sweep.push({
      params,
      scifact: scoreScifact(scifact, rank).ndcg10,
      fit: { paraphrase: fit.paraphrase.ndcg10, keyword: fit.keyword.ndcg10, question: fit.question.ndcg10, all: fit.all.ndcg10 }
    })
  }
  // one constant at a time around the chosen point, then the ramp without the encoder's confidence
  for (const confidentSpread of [0, 0.06, 0.08, 0.1, 0.12]) point({ confidentSpread })
  for (const [weakBelow, strongAbove] of [[0, 1], [0.3, 0.4], [0.3, 0.6], [0.35, 0.5], [0.4, 0.6]] as const) point({ weakBelow, strongAbove })
  for (const denseMin of [0, 0.1, 0.3]) point({ denseMin })
  for (const denseMax of [0.6, 0.7, 1]) point({ denseMax })
  for (const [weakBelow, strongAbove] of [[0, 1], [0.35, 0.5]] as const) point({ weakBelow, strongAbove, confidentSpread: 0 })
  return {
    scifactMode,
    judged: { chunks: judged.chunkCount, queries: judged.queries.length, unmatchedSections: judged.unmatchedSections },
    rows,
    sweep,
    seconds: (performance.now() - started) / 1000
  }
}

export const printSearchFusion = (report: FusionReport, options: { readonly json: boolean }) => {
  if (options.json) {
    console.log(JSON.stringify(report, (key, value) => (key === "perQuery" ? undefined : value), 2))
    return
  }
  const f = (x: number) => x.toFixed(3)
  // queries where a method's nDCG@10 is above / below BM25F's
  const versus = (a: Figures, base: Figures) => {
    let up = 0
    let down = 0
    for (const [id, v] of a.perQuery) {
      const b = base.perQuery.get(id) ?? 0
      if (v > b + 1e-12) up++
      else if (v < b - 1e-12) down++
    }
    return `${up} / ${down}`
  }
  const bm25 = report.rows[0]!
  console.log("## Search: hybrid fusion\n")
  console.log(`Judged business set: ${report.judged.chunks} chunks, ${report.judged.queries} queries; ranked chunks deduplicated to file+section (or file, for a file-level judgment), each by its best chunk.`)
  if (report.judged.unmatchedSections.length > 0) console.log(`Judged sections with no chunk of that component: ${report.judged.unmatchedSections.join("; ")}`)
  for (const half of ["both", "fit", "held-out"] as const) {
    const n = report.rows[0]!.judged[half]
    console.log(`\nJudged set, ${half === "both" ? "all queries" : half === "fit" ? "fit half (even lines)" : "held-out half (odd lines)"}: nDCG@10 / Recall@10 (queries: paraphrase ${n.paraphrase.n}, keyword ${n.keyword.n}, question ${n.question.n})\n`)
    console.log("| method | paraphrase | keyword | question | all |")
    console.log("|---|---|---|---|---|")
    for (const r of report.rows) console.log(`| ${r.name} | ${SLICES.map((s) => `${f(r.judged[half][s].ndcg10)} / ${f(r.judged[half][s].recall)}`).join(" | ")} |`)
  }
  console.log("\nJudged set, all queries: queries better / worse than BM25F (nDCG@10)\n")
  console.log("| method | paraphrase | keyword | question | all |")
  console.log("|---|---|---|---|---|")
  for (const r of report.rows.slice(1)) console.log(`| ${r.name} | ${SLICES.map((s) => versus(r.judged.both[s], bm25.judged.both[s])).join(" | ")} |`)
  console.log(`\nSciFact (300 claims, 5,183 abstracts; dense: ${report.scifactMode === "first" ? "first window" : "mean of windows"}): nDCG@10 / Recall@100\n`)
  console.log("| method | nDCG@10 | R@100 | claims better / worse than BM25F |")
  console.log("|---|---|---|---|")
  for (const r of report.rows) console.log(`| ${r.name} | ${r.scifact.ndcg10.toFixed(4)} | ${r.scifact.recall.toFixed(4)} | ${r === bm25 ? "—" : versus(r.scifact, bm25.scifact)} |`)
  console.log("\nSweep of the fusion's constants (nDCG@10; judged set: fit half only)\n")
  console.log("| weak ≤ | strong ≥ | α min | α max | confident spread | SciFact | paraphrase | keyword | question | all |")
  console.log("|---|---|---|---|---|---|---|---|---|---|")
  for (const s of report.sweep) {
    console.log(`| ${s.params.weakBelow} | ${s.params.strongAbove} | ${s.params.denseMin} | ${s.params.denseMax} | ${s.params.confidentSpread} | ${s.scifact.toFixed(4)} | ${f(s.fit.paraphrase)} | ${f(s.fit.keyword)} | ${f(s.fit.question)} | ${f(s.fit.all)} |`)
  }
  console.log(`\n${report.seconds.toFixed(0)} s`)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2)
  const flag = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined)
  const report = await runSearchFusion({
    scifactDir: path.resolve(flag("--dir") ?? defaultScifactDir()),
    workers: Number(flag("--workers") ?? 2),
    scifactMode: flag("--scifact-mode") === "mean" ? "mean" : "first"
  })
  printSearchFusion(report, { json: argv.includes("--json") })
}
