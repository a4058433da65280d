/**
 * Dense retrieval alone on BEIR SciFact (test split, 300 claims over 5,183 abstracts) with the
 * encoder: every abstract (title + " " + text) and claim embedded through the layer, documents
 * ranked by brute-force cosine, nDCG@10 and Recall@100 against the qrels. Both treatments of
 * abstracts over the 128-token window are measured: `first` (the window the graph reads) and
 * `mean` (the token-weighted mean of all windows, the encoder's default).
 *
 *   npx tsx packages/encoder/bench/scifact.ts [dataDir] [--workers N] [--modes first,mean]
 *                                             [--limit DOCS | --distractors N]
 *
 * dataDir defaults to ../shared/ir/scifact from the repository root (see its README). CPU-bound:
 * the 5,183 abstracts are 5,183 windows for `first` and 19,967 for `mean`, at ~12 windows per
 * CPU-second. `--limit` keeps the first DOCS documents (and the queries judged on them) for a quick
 * check of the script; `--distractors N` keeps every judged document plus N others.
 */
import { Intelligence } from "@docket/core"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import path from "node:path"
import { type LongText, loadUseLite, makeEncoder, WINDOW_TOKENS } from "../src/index.js"

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const positional = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1]!.startsWith("--")))
const dataDir = positional[0] ?? path.resolve("../shared/ir/scifact")
const workers = Number(flag("--workers") ?? 2)
const limit = flag("--limit") === undefined ? Infinity : Number(flag("--limit"))

const jsonl = <A>(file: string): Array<A> =>
  readFileSync(path.join(dataDir, file), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as A)

const modes = (flag("--modes") ?? "first,mean").split(",") as Array<LongText>
const distractors = flag("--distractors") === undefined ? undefined : Number(flag("--distractors"))

const allDocs = jsonl<{ _id: string; title: string; text: string }>("corpus.jsonl")
const judgements = readFileSync(path.join(dataDir, "qrels.tsv"), "utf8").split("\n").slice(1)
  .map((line) => line.split("\t")).filter(([q, d, score]) => q !== undefined && d !== undefined && Number(score) > 0) as Array<[string, string, string]>
const judged = new Set(judgements.map(([, d]) => d))
// --distractors N: every judged document plus the first N others (a smaller, easier corpus for
// comparing treatments at a fraction of the cost; its figures are not comparable to the full set's)
const docs = distractors === undefined
  ? allDocs.slice(0, Math.min(limit, allDocs.length))
  : [...allDocs.filter((d) => judged.has(d._id)), ...allDocs.filter((d) => !judged.has(d._id)).slice(0, distractors)]
const docIds = new Set(docs.map((d) => d._id))
const qrels = new Map<string, Set<string>>()
for (const [q, d] of judgements) {
  if (!docIds.has(d)) continue
  if (!qrels.has(q)) qrels.set(q, new Set())
  qrels.get(q)!.add(d)
}
const queries = jsonl<{ _id: string; text: string }>("queries.jsonl").filter((q) => qrels.has(q._id))
const texts = docs.map((d) => `${d.title} ${d.text}`)

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

const evaluate = (docVectors: ReadonlyArray<Float32Array>, queryVectors: ReadonlyArray<Float32Array>) => {
  let ndcg = 0
  let recall = 0
  queries.forEach((q, qi) => {
    const relevant = qrels.get(q._id)!
    const ranked = docVectors.map((v, i) => ({ id: docs[i]!._id, score: dot(v, queryVectors[qi]!) })).sort((a, b) => b.score - a.score)
    let dcg = 0
    ranked.slice(0, 10).forEach((r, rank) => {
      if (relevant.has(r.id)) dcg += 1 / Math.log2(rank + 2)
    })
    let idcg = 0
    for (let rank = 0; rank < Math.min(10, relevant.size); rank++) idcg += 1 / Math.log2(rank + 2)
    ndcg += dcg / idcg
    recall += ranked.slice(0, 100).filter((r) => relevant.has(r.id)).length / relevant.size
  })
  return { ndcg10: ndcg / queries.length, recall100: recall / queries.length }
}

// How much of the abstracts one window holds.
const model = await loadUseLite()
const lengths = texts.map((t) => model.tokenize(t).length).sort((a, b) => a - b)
model.dispose()
const over = lengths.filter((n) => n > WINDOW_TOKENS).length
const windows = lengths.reduce((n, l) => n + Math.max(1, Math.ceil(l / WINDOW_TOKENS)), 0)
console.log(
  `${docs.length} documents, ${queries.length} queries; tokens per document: median ${lengths[lengths.length >> 1]}, ` +
    `p90 ${lengths[Math.floor(lengths.length * 0.9)]}; ${over} over ${WINDOW_TOKENS} tokens; ${windows} windows in all`
)

const run = (longText: LongText) =>
  Effect.scoped(Effect.gen(function*() {
    const { embedder } = yield* makeEncoder({ workers, longText })
    const started = performance.now()
    const queryVectors = yield* embedder.embed(queries.map((q) => q.text))
    const docVectors: Array<Float32Array> = []
    const step = 256
    for (let i = 0; i < texts.length; i += step) {
      docVectors.push(...(yield* embedder.embed(texts.slice(i, i + step))))
      const seconds = (performance.now() - started) / 1000
      console.log(`  ${longText}: ${docVectors.length}/${texts.length} documents, ${seconds.toFixed(0)} s`)
    }
    const seconds = (performance.now() - started) / 1000
    const figures = evaluate(docVectors, queryVectors)
    console.log(
      `${longText}: nDCG@10 ${figures.ndcg10.toFixed(4)}, Recall@100 ${figures.recall100.toFixed(4)}; ` +
        `${seconds.toFixed(0)} s to embed on ${workers} workers (${(texts.length / seconds).toFixed(1)} documents/s)`
    )
  }))

const program = Effect.forEach(modes, run, { discard: true })

await Effect.runPromise(program.pipe(Effect.catchAll((e: Intelligence.EngineFailed) => Effect.die(e))))
