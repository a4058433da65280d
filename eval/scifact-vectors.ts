/**
 * SciFact's abstracts and claims as USE-lite vectors (`eval/.cache/`, first-window mode by
 * default): shared by the fusion eval; run alone to fill the cache ahead of it.
 *
 *   npx tsx eval/scifact-vectors.ts [--dir path] [--workers 2] [--mode first|mean]
 */
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import type { LongText } from "@docket/encoder"
import { cachedEmbeddings } from "./lib/vector-cache.js"

export interface ScifactSet {
  readonly docs: ReadonlyArray<{ readonly id: string; readonly title: string; readonly text: string }>
  readonly queries: ReadonlyArray<{ readonly id: string; readonly text: string }>
  /** per judged query, its relevant documents and their grades */
  readonly qrels: ReadonlyMap<string, ReadonlyMap<string, number>>
}

const jsonl = (file: string): Array<any> =>
  readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l))

export const loadScifact = (dir: string): ScifactSet => {
  const docs = jsonl(path.join(dir, "corpus.jsonl")).map((d) => ({ id: String(d._id), title: String(d.title ?? ""), text: String(d.text ?? "") }))
  const qrels = new Map<string, Map<string, number>>()
  for (const line of readFileSync(path.join(dir, "qrels.tsv"), "utf8").split("\n").slice(1)) {
    const [q, d, s] = line.split("\t")
    if (q === undefined || d === undefined || s === undefined || q.trim() === "") continue
    if (!qrels.has(q)) qrels.set(q, new Map())
    qrels.get(q)!.set(d.trim(), Number(s))
  }
  const queries = jsonl(path.join(dir, "queries.jsonl")).map((q) => ({ id: String(q._id), text: String(q.text) })).filter((q) => qrels.has(q.id))
  return { docs, queries, qrels }
}

export const scifactVectors = (set: ScifactSet, options: { readonly mode: LongText; readonly workers: number }) =>
  Effect.all({
    queries: cachedEmbeddings("scifact-queries", set.queries.map((q) => q.text), options),
    docs: cachedEmbeddings("scifact-docs", set.docs.map((d) => `${d.title} ${d.text}`), options)
  }, { concurrency: 1 })

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2)
  const flag = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined)
  const dir = path.resolve(flag("--dir") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "ir", "scifact"))
  const set = loadScifact(dir)
  const v = await Effect.runPromise(scifactVectors(set, { mode: (flag("--mode") ?? "first") as LongText, workers: Number(flag("--workers") ?? 2) }))
  console.log(`${v.docs.length} documents, ${v.queries.length} queries embedded`)
}
