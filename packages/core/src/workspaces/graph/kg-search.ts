/**
 * `POST …/tools/kg-search` (spec 3, "Knowledge graph"): the nodes whose names, aliases or facts
 * match the query, best first, by words and by meaning —
 *
 * - words: each query term weighs by its rarity among the nodes shown (inverse document
 *   frequency), three times over in a name or alias than in a fact, and a name that is the query
 *   itself or holds it as a phrase comes first;
 * - meaning: the query embedded by the workspace's encoder against the names the build embedded
 *   (`node-vectors.ts`); a cosine above `MIN_COSINE` adds up to `SEMANTIC_WEIGHT` (a node no word
 *   matches can be found this way: "the logistics subsidiary");
 * Only facts the caller sees can match; a node that would match but is withheld is counted in
 * `coverage`. Ties: degree, title, node id.
 */
import { Effect } from "effect"
import { cosine, Embedder } from "../../intelligence/embedder.js"
import { analyze } from "../search/analyzer.js"
import { readNodeVectors } from "./node-vectors.js"
import { nodeOutput } from "./graph-output.js"
import { type GraphView, WithheldCount } from "./graph-view.js"
import type { LoadedGraph } from "./loaded-graph.js"
import type { GraphNode } from "./snapshot.js"

const NAME_WEIGHT = 3
const EXACT_NAME_BONUS = 100
const PHRASE_BONUS = 20
/** below it a node's name says nothing of the query */
export const MIN_COSINE = 0.5
/** what a perfect cosine adds: about one rare word of a name */
const SEMANTIC_WEIGHT = 8

interface NodeTerms {
  readonly names: ReadonlySet<string>
  /** the normalized names, for the exact and phrase matches */
  readonly plainNames: ReadonlyArray<string>
  readonly facts: ReadonlyArray<ReadonlySet<string>>
}

const plain = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

const termsCache = new WeakMap<LoadedGraph, Map<string, NodeTerms>>()
const vectorsCache = new WeakMap<LoadedGraph, ReadonlyMap<string, Float32Array>>()

/** node id → how close its name is to the query (only cosines of at least `MIN_COSINE`) */
const semanticScores = (loaded: LoadedGraph, query: string) =>
  Effect.gen(function*() {
    const v = loaded.snapshot.vectors
    const out = new Map<string, number>()
    if (v === undefined || v.node_ids.length === 0) return out
    const embedder = yield* Embedder
    // vectors of another encoder than the one the query would be embedded with are not comparable
    if (embedder.model !== v.model || embedder.dimensions !== v.dimensions) return out
    let byNode = vectorsCache.get(loaded)
    if (byNode === undefined) vectorsCache.set(loaded, byNode = readNodeVectors(v))
    const [q] = yield* embedder.embed([query])
    if (q === undefined) return out
    for (const [id, vec] of byNode) {
      const c = cosine(q, vec)
      if (c >= MIN_COSINE) out.set(id, c)
    }
    return out
  })

const termsOf = (loaded: LoadedGraph, n: GraphNode): NodeTerms => {
  let byNode = termsCache.get(loaded)
  if (byNode === undefined) termsCache.set(loaded, byNode = new Map())
  const hit = byNode.get(n.node_id)
  if (hit !== undefined) return hit
  const names = [n.title, ...n.aliases]
  const terms: NodeTerms = {
    names: new Set(names.flatMap((x) => analyze(x))),
    plainNames: names.map(plain).filter((x) => x !== ""),
    facts: n.facts.map((f) => new Set(analyze(`${f.predicate.replace(/_/g, " ")} ${f.value}`)))
  }
  byNode.set(n.node_id, terms)
  return terms
}

export const kgSearch = (view: GraphView, body: { readonly query: string; readonly k: number; readonly node_types?: ReadonlyArray<string> | undefined }) =>
  Effect.map(semanticScores(view.loaded, body.query), (semantic) => rank(view, body, semantic))

const rank = (
  view: GraphView,
  body: { readonly query: string; readonly k: number; readonly node_types?: ReadonlyArray<string> | undefined },
  semantic: ReadonlyMap<string, number>
) => {
  const queryTerms = [...new Set(analyze(body.query))]
  const phrase = plain(body.query)
  const types = body.node_types === undefined ? undefined : new Set(body.node_types)
  const withheld = new WithheldCount()
  // the nodes that could match, and each one's matching terms (over the facts shown)
  const candidates: Array<{ readonly id: string; readonly names: Set<string>; readonly facts: Set<string>; readonly phrase: number; readonly meaning: number }> = []
  const df = new Map<string, number>()
  let shown = 0
  for (const [id, n] of view.loaded.nodes) {
    if (types !== undefined && !types.has(n.node_type)) continue
    const seen = view.node(id)
    if (seen._tag === "absent") continue
    const t = termsOf(view.loaded, n)
    const nameHits = new Set(queryTerms.filter((q) => t.names.has(q)))
    const phraseScore = phrase === "" ? 0 : t.plainNames.includes(phrase) ? EXACT_NAME_BONUS : t.plainNames.some((x) => ` ${x} `.includes(` ${phrase} `)) ? PHRASE_BONUS : 0
    const meaning = semantic.has(id) ? SEMANTIC_WEIGHT * (semantic.get(id)! - MIN_COSINE) / (1 - MIN_COSINE) : 0
    if (seen._tag === "withheld") {
      if (nameHits.size > 0 || phraseScore > 0 || meaning > 0 || t.facts.some((f) => queryTerms.some((q) => f.has(q)))) withheld.add(id, seen.labels)
      continue
    }
    shown++
    const factHits = new Set<string>()
    for (const i of seen.view.fact_indexes) for (const q of queryTerms) if (t.facts[i]!.has(q)) factHits.add(q)
    for (const q of new Set([...nameHits, ...factHits])) df.set(q, (df.get(q) ?? 0) + 1)
    if (nameHits.size > 0 || factHits.size > 0 || phraseScore > 0 || meaning > 0) candidates.push({ id, names: nameHits, facts: factHits, phrase: phraseScore, meaning })
  }
  const idf = (q: string) => {
    const d = df.get(q) ?? 0
    return Math.log(1 + (shown - d + 0.5) / (d + 0.5))
  }
  const scored = candidates.map((c) => {
    let score = c.phrase + c.meaning
    for (const q of c.names) score += NAME_WEIGHT * idf(q)
    for (const q of c.facts) score += idf(q)
    return { id: c.id, score, degree: view.degree(c.id), title: view.loaded.nodes.get(c.id)!.title }
  })
  scored.sort((a, b) => b.score - a.score || b.degree - a.degree || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : 1))
  const nodes = scored.slice(0, body.k).map((s) => {
    const seen = view.node(s.id)
    return { ...nodeOutput(view, seen._tag === "shown" ? seen.view : (undefined as never)), relevance_score: Number(s.score.toFixed(6)) }
  })
  return { nodes, coverage: withheld.coverage }
}
