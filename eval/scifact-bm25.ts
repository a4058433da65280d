/**
 * The keyword-search baseline on BEIR SciFact (`../shared/ir/scifact`: 5,183 abstracts, 300 test
 * claims, 339 judgements; see its README): core's analyzer and BM25 scoring, the postings held in
 * a Map here (no store), scored per query from the statistics a store would return.
 *
 *   npm run eval -- --set scifact-bm25 [--scifact-dir path]   (only on request, not in `all`)
 *   npx tsx eval/scifact-bm25.ts [--dir path]                   (the same, alone)
 *
 * Prints nDCG@10 and Recall@100 (trec_eval's definitions, eval/lib/ir-metrics.ts) for:
 * - flat BM25: title and text as one field, as Anserini's published flat run (0.6789 / 0.9253),
 *   with core's exact lengths and, for comparison, with Lucene's one-byte length norms;
 * - Lucene-style multifield: BM25 per field with the field's own statistics, summed (Anserini's
 *   multifield run, 0.6647 / 0.9076) — for comparison only;
 * - BM25F with core's chunk field weights (`CHUNK_FIELDS`), and a sweep of title weight and b.
 */
import { existsSync } from "node:fs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { analyze } from "../packages/core/src/workspaces/search/analyzer.js"
import {
  bm25fScore,
  bm25Score,
  type Bm25Params,
  CHUNK_FIELDS,
  DEFAULT_BM25,
  type FieldWeight,
  queryTermCounts,
  rankByScore
} from "../packages/core/src/workspaces/search/bm25.js"
import { type Judgements, meanOverQueries, ndcgAtK, recallAtK } from "./lib/ir-metrics.js"

export const defaultScifactDir = (): string =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "ir", "scifact")

type Field = "title" | "text"
const FIELDS: ReadonlyArray<Field> = ["title", "text"]

interface Posting {
  readonly doc: number
  readonly tf: Readonly<Record<Field, number>>
}

export interface Index {
  readonly ids: ReadonlyArray<string>
  readonly lengths: ReadonlyArray<Readonly<Record<Field, number>>>
  readonly postings: ReadonlyMap<string, ReadonlyArray<Posting>>
  readonly averageLength: Readonly<Record<Field, number>>
}

export const buildIndex = (docs: ReadonlyArray<{ readonly id: string; readonly title: string; readonly text: string }>): Index => {
  const postings = new Map<string, Array<Posting>>()
  const lengths: Array<Record<Field, number>> = []
  const sums = { title: 0, text: 0 }
  docs.forEach((d, doc) => {
    const counts = new Map<string, Record<Field, number>>()
    const length = { title: 0, text: 0 }
    for (const field of FIELDS) {
      for (const term of analyze(d[field])) {
        const c = counts.get(term) ?? { title: 0, text: 0 }
        c[field]++
        counts.set(term, c)
        length[field]++
      }
      sums[field] += length[field]
    }
    lengths.push(length)
    for (const [term, tf] of counts) {
      const list = postings.get(term)
      if (list === undefined) postings.set(term, [{ doc, tf }])
      else list.push({ doc, tf })
    }
  })
  const n = Math.max(1, docs.length)
  return { ids: docs.map((d) => d.id), lengths, postings, averageLength: { title: sums.title / n, text: sums.text / n } }
}

/** What a store returns for a query: the candidates (documents with any query term) and their per-field tf. */
export interface Candidates {
  readonly documentFrequency: ReadonlyMap<string, number>
  readonly perField: Readonly<Record<Field, ReadonlyMap<string, number>>>
  readonly docs: ReadonlyArray<{ readonly doc: number; readonly tf: Readonly<Record<Field, Map<string, number>>> }>
}

export const candidatesOf = (index: Index, terms: Iterable<string>): Candidates => {
  const documentFrequency = new Map<string, number>()
  const perField = { title: new Map<string, number>(), text: new Map<string, number>() }
  const byDoc = new Map<number, { doc: number; tf: Record<Field, Map<string, number>> }>()
  for (const term of terms) {
    const list = index.postings.get(term) ?? []
    documentFrequency.set(term, list.length)
    for (const field of FIELDS) perField[field].set(term, list.reduce((n, p) => n + (p.tf[field] > 0 ? 1 : 0), 0))
    for (const p of list) {
      let c = byDoc.get(p.doc)
      if (c === undefined) byDoc.set(p.doc, (c = { doc: p.doc, tf: { title: new Map(), text: new Map() } }))
      for (const field of FIELDS) if (p.tf[field] > 0) c.tf[field].set(term, p.tf[field])
    }
  }
  return { documentFrequency, perField, docs: [...byDoc.values()] }
}

/**
 * Lucene's one-byte length norm (SmallFloat.intToByte4 then byte4ToInt): exact up to 23, then 4
 * significant bits. Here only to measure what core's exact lengths cost or gain against it.
 */
const NUM_FREE_VALUES = 24
const luceneNormLength = (length: number): number => {
  if (length < NUM_FREE_VALUES) return length
  const i = length - NUM_FREE_VALUES
  const bits = 32 - Math.clz32(i)
  if (bits < 4) return NUM_FREE_VALUES + i
  const shift = bits - 4
  // keep the top four bits (the leading one implied), drop the rest: what decoding gives back
  return NUM_FREE_VALUES + (((i >>> shift) & 0x07) | 0x08) * 2 ** shift
}

export type Scorer = (index: Index, query: ReadonlyMap<string, number>, candidates: Candidates, doc: Candidates["docs"][number]) => number

const flat = (params: Bm25Params, lengthOf: (length: number) => number = (n) => n): Scorer => (index, query, c, d) => {
  const tf = new Map<string, number>()
  for (const term of query.keys()) {
    const n = (d.tf.title.get(term) ?? 0) + (d.tf.text.get(term) ?? 0)
    if (n > 0) tf.set(term, n)
  }
  const length = index.lengths[d.doc]!
  return bm25Score(
    query,
    { documentCount: index.ids.length, averageLength: index.averageLength.title + index.averageLength.text, documentFrequency: c.documentFrequency },
    { length: lengthOf(length.title + length.text), termFrequency: tf },
    params
  )
}

/** Lucene's multifield query: a BM25 per field, each with that field's df and average length, summed */
const multifield: Scorer = (index, query, c, d) =>
  FIELDS.reduce(
    (sum, field) =>
      sum +
      bm25Score(
        query,
        { documentCount: index.ids.length, averageLength: index.averageLength[field], documentFrequency: c.perField[field] },
        { length: index.lengths[d.doc]![field], termFrequency: d.tf[field] }
      ),
    0
  )

export const fielded = (fields: Readonly<Record<Field, FieldWeight>>): Scorer => (index, query, c, d) =>
  bm25fScore(
    query,
    fields,
    { documentCount: index.ids.length, averageLength: index.averageLength, documentFrequency: c.documentFrequency },
    { length: index.lengths[d.doc]!, termFrequency: d.tf }
  )

export interface ScifactRow {
  readonly name: string
  readonly ndcg10: number
  readonly recall100: number
  readonly published: string
}

export interface ScifactReport {
  readonly documents: number
  readonly queries: number
  readonly rows: ReadonlyArray<ScifactRow>
  readonly sweep: ReadonlyArray<ScifactRow>
  readonly seconds: { readonly index: number; readonly search: number }
}

const readJsonl = async (file: string): Promise<Array<any>> =>
  (await readFile(file, "utf8")).split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l))

export const runScifactBm25 = async (dir: string): Promise<ScifactReport> => {
  if (!existsSync(path.join(dir, "corpus.jsonl"))) throw new Error(`no SciFact set at ${dir} (corpus.jsonl, queries.jsonl, qrels.tsv)`)
  const corpus = (await readJsonl(path.join(dir, "corpus.jsonl"))).map((d) => ({ id: String(d._id), title: String(d.title ?? ""), text: String(d.text ?? "") }))
  const queries = (await readJsonl(path.join(dir, "queries.jsonl"))).map((q) => ({ id: String(q._id), text: String(q.text) }))
  const qrels = new Map<string, Map<string, number>>()
  for (const line of (await readFile(path.join(dir, "qrels.tsv"), "utf8")).split("\n").slice(1)) {
    const [q, d, s] = line.split("\t")
    if (q === undefined || d === undefined || s === undefined || q.trim() === "") continue
    if (!qrels.has(q)) qrels.set(q, new Map())
    qrels.get(q)!.set(d.trim(), Number(s))
  }
  const judged: ReadonlyMap<string, Judgements> = qrels

  const indexStarted = performance.now()
  const index = buildIndex(corpus)
  const indexSeconds = (performance.now() - indexStarted) / 1000

  const searchStarted = performance.now()
  const prepared = queries
    .filter((q) => qrels.has(q.id))
    .map((q) => {
      const query = queryTermCounts(analyze(q.text))
      return { id: q.id, query, candidates: candidatesOf(index, query.keys()) }
    })
  const byId = (a: { doc: number }, b: { doc: number }) => (index.ids[a.doc]! < index.ids[b.doc]! ? -1 : index.ids[a.doc]! > index.ids[b.doc]! ? 1 : 0)
  const evaluate = (name: string, published: string, scorer: Scorer): ScifactRow => {
    const runs = new Map<string, Array<string>>()
    for (const q of prepared) {
      const ranked = rankByScore(q.candidates.docs, (d) => scorer(index, q.query, q.candidates, d), byId, 100)
      runs.set(q.id, ranked.map((r) => index.ids[r.item.doc]!))
    }
    return {
      name,
      published,
      ndcg10: meanOverQueries(judged, runs, (r, j) => ndcgAtK(r, j, 10)),
      recall100: meanOverQueries(judged, runs, (r, j) => recallAtK(r, j, 100))
    }
  }

  const chunk = CHUNK_FIELDS
  const rows = [
    evaluate(`flat BM25 (k1 ${DEFAULT_BM25.k1}, b ${DEFAULT_BM25.b})`, "0.6789 / 0.9253 (Anserini flat)", flat(DEFAULT_BM25)),
    evaluate(`flat BM25, Lucene's one-byte length norms`, "0.6789 / 0.9253 (Anserini flat uses these norms)", flat(DEFAULT_BM25, luceneNormLength)),
    evaluate("flat BM25 (k1 1.2, b 0.75)", "—", flat({ k1: 1.2, b: 0.75 })),
    evaluate("multifield, Lucene-style (BM25 per field, summed)", "0.6647 / 0.9076 (Anserini multifield)", multifield),
    evaluate(
      `BM25F, CHUNK_FIELDS (title w ${chunk.title.weight} b ${chunk.title.b}, text w ${chunk.text.weight} b ${chunk.text.b})`,
      "—",
      fielded(chunk)
    )
  ]
  const sweep: Array<ScifactRow> = []
  for (const weight of [1, 1.5, 2, 3, 5]) {
    for (const b of [0, 0.4]) {
      sweep.push(evaluate(`BM25F title w ${weight} b ${b}`, "", fielded({ title: { weight, b }, text: { weight: 1, b: DEFAULT_BM25.b } })))
    }
  }
  const searchSeconds = (performance.now() - searchStarted) / 1000
  return { documents: corpus.length, queries: prepared.length, rows, sweep, seconds: { index: indexSeconds, search: searchSeconds } }
}

export const printScifactBm25 = (report: ScifactReport, options: { readonly json: boolean }) => {
  if (options.json) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  const f = (x: number) => x.toFixed(4)
  console.log("## Search: keyword baseline on SciFact\n")
  console.log(`${report.documents} documents, ${report.queries} queries; indexed in ${report.seconds.index.toFixed(1)} s, all runs searched in ${report.seconds.search.toFixed(1)} s\n`)
  console.log("| run | nDCG@10 | R@100 | published nDCG@10 / R@100 |")
  console.log("|---|---|---|---|")
  for (const r of report.rows) console.log(`| ${r.name} | ${f(r.ndcg10)} | ${f(r.recall100)} | ${r.published} |`)
  console.log("\nBM25F sweep (text w 1, b 0.4; k1 0.9):\n")
  console.log("| run | nDCG@10 | R@100 |")
  console.log("|---|---|---|")
  for (const r of report.sweep) console.log(`| ${r.name} | ${f(r.ndcg10)} | ${f(r.recall100)} |`)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2)
  const dir = argv.includes("--dir") ? path.resolve(argv[argv.indexOf("--dir") + 1] ?? "") : defaultScifactDir()
  printScifactBm25(await runScifactBm25(dir), { json: argv.includes("--json") })
}
