/**
 * `hybrid-search` (spec 3, "Search"): keyword and dense retrieval over a workspace's index, fused
 * in core so every store ranks alike.
 *
 * - Keyword: the query's analyzed terms → the store's best `CANDIDATES_PER_SIDE` by BM25F
 *   (`bm25.ts`; the store ranks on core's `KeywordScan`) and the statistics, each candidate with
 *   its coverage of the query's idf mass.
 * - Dense: the query embedded by the `Embedder` → the store's `CANDIDATES_PER_SIDE` nearest
 *   chunks. Vectors made by another embedder than the running one (the index names its model) are
 *   not comparable: the dense side is then left out and the search is keyword only.
 * - Fusion: `fusion.ts` (the dense side weighed per query by the evidence each side has); the
 *   best `k` are the hits, `truncated` when more fused candidates were left.
 * - `candidates_seen`: every chunk either side put forward before access filtering — the chunks in
 *   scope holding a query term, and the encoder's nearest that hold none — each counted once;
 *   `coverage` counts the hidden ones among them and the labels that would show them.
 */
import { Data, Effect } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"
import { Embedder } from "../../intelligence/embedder.js"
import { compareCodePoints, type VisibleLabels, type Withheld } from "../files/file-store.js"
import { analyze } from "./analyzer.js"
import { bm25fScore, bm25Idf, CHUNK_FIELDS, queryTermCounts, rankByScore } from "./bm25.js"
import { type Evidence, locatorView, snippetOf, whyOf } from "./evidence.js"
import { type DenseHit, fuse, idfCoverage, type LexicalHit } from "./fusion.js"
import { type ChunkHead, type ChunkRef, type KeywordCandidates, SearchIndex, type VectorHits } from "./search-index.js"

export const MAX_QUERY_CHARS = 4096
export const DEFAULT_HITS = 10
export const MAX_HITS = 100
/** what each side hands the fusion (the measured fusion used 100 a side) */
export const CANDIDATES_PER_SIDE = 100

/** 404: the workspace exists but no file of it was ever indexed. */
export class WorkspaceNotIndexed extends Data.TaggedError("WorkspaceNotIndexed")<{ readonly workspaceId: string }> implements ApiError {
  get text() {
    return `workspace ${this.workspaceId} has not been indexed yet: ingest its files (POST …/ingestions), then search`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "workspace_not_found", detail: { workspace_id: this.workspaceId, indexed: false } }
  }
}

export interface HybridSearchInput {
  readonly query: string
  readonly k: number
  /** normalized (`normalizePathPrefix`); absent or "" is the whole workspace */
  readonly path_prefix?: string | undefined
  readonly categories?: ReadonlyArray<string> | undefined
}

export interface HybridSearchResult {
  readonly hits: ReadonlyArray<Evidence>
  readonly candidates_seen: number
  readonly truncated: boolean
  readonly coverage: { readonly restricted_candidates: number; readonly labels_required: ReadonlyArray<string> }
}

const keyOf = (c: Pick<ChunkRef, "file_id" | "chunk_index">) => `${c.file_id}#${c.chunk_index}`

const byPathThenIndex = (a: ChunkHead, b: ChunkHead) => compareCodePoints(a.path, b.path) || a.chunk_index - b.chunk_index

const NO_KEYWORD: KeywordCandidates = {
  stats: { documentCount: 0, averageLength: { title: 0, text: 0 }, documentFrequency: new Map() },
  candidates: [],
  seen: 0,
  withheld: { count: 0, labels: [] },
  probed: []
}
const NO_DENSE: VectorHits = { hits: [], seen: 0, withheld: { count: 0, labels: [] }, hidden: [] }

const mergeWithheld = (a: Withheld, extra: ReadonlyArray<string | null>): Withheld => {
  const labels = new Set(a.labels)
  for (const l of extra) if (l !== null) labels.add(l)
  return { count: a.count + extra.length, labels: [...labels].sort(compareCodePoints) }
}

/** The retrieval both the route and the search agents use: the caller's `visible` labels decide what is seen. */
export const hybridSearch = (tenantId: string, workspaceId: string, visible: VisibleLabels, input: HybridSearchInput) =>
  Effect.map(hybridRetrieve(tenantId, workspaceId, visible, input), (r) => r.result)

/**
 * `hybridSearch` with the whole text of each hit's chunk (`texts[i]` is `hits[i]`'s), for the
 * searches that read what they retrieved (fact search).
 */
export const hybridRetrieve = (tenantId: string, workspaceId: string, visible: VisibleLabels, input: HybridSearchInput) =>
  Effect.gen(function*() {
    const index = yield* SearchIndex
    const status = yield* index.status(tenantId, workspaceId)
    if (!status.indexed) return yield* new WorkspaceNotIndexed({ workspaceId })
    const scope = { visible, path_prefix: input.path_prefix === "" ? undefined : input.path_prefix, categories: input.categories }

    const analyzed = analyze(input.query)
    const query = queryTermCounts(analyzed)
    const terms = [...query.keys()]

    const embedder = yield* Embedder
    const comparable = status.model === embedder.model && input.query.trim() !== ""
    const vector = comparable ? (yield* embedder.embed([input.query]))[0] : undefined
    const dense = vector === undefined ? NO_DENSE : yield* index.nearest(tenantId, workspaceId, vector, CANDIDATES_PER_SIDE, scope)
    // the store ranks: its best a side, and whether each dense hit holds a term (to count it once)
    const keyword = terms.length === 0
      ? NO_KEYWORD
      : yield* index.keyword(tenantId, workspaceId, analyzed, scope, CANDIDATES_PER_SIDE, dense.hits.map((h) => h.chunk))

    const { stats } = keyword
    const idf = (t: string) => bm25Idf(stats.documentCount, stats.documentFrequency.get(t) ?? 0)
    // scored here (the store's order is checked by the conformance suite; ranking ≤ 100 again costs nothing)
    const ranked = rankByScore(keyword.candidates, (c) => bm25fScore(query, CHUNK_FIELDS, stats, c.candidate), (a, b) => byPathThenIndex(a.chunk, b.chunk), CANDIDATES_PER_SIDE)
    const lexical: Array<LexicalHit> = ranked.map(({ item, score }) => ({
      key: keyOf(item.chunk),
      score,
      coverage: idfCoverage(query, idf, (t) => (item.candidate.termFrequency.title.get(t) ?? 0) + (item.candidate.termFrequency.text.get(t) ?? 0) > 0)
    }))
    const denseHits: Array<DenseHit> = dense.hits.map((h) => ({ key: keyOf(h.chunk), similarity: h.similarity }))
    // a fused score of 0 is a chunk neither side found anything for (the dense list's farthest, alone)
    const fused = fuse(lexical, denseHits).filter((f) => f.score > 0)

    const chunks = new Map<string, ChunkRef>()
    const similarity = new Map<string, number>()
    for (const h of dense.hits) {
      chunks.set(keyOf(h.chunk), h.chunk)
      similarity.set(keyOf(h.chunk), h.similarity)
    }
    // the keyword side's candidates come without their text: read it for the hits shown
    const heads = new Map(keyword.candidates.map((c) => [keyOf(c.chunk), c.chunk]))
    // a candidate whose file was removed or replaced since the keyword read is no longer there to
    // show: the next ones take its place, so `truncated` speaks of what is left
    const shown: Array<(typeof fused)[number]> = []
    let next = 0
    while (shown.length < input.k && next < fused.length) {
      const batch = fused.slice(next, next + input.k - shown.length)
      next += batch.length
      const unread = batch.filter((f) => !chunks.has(f.key)).map((f) => heads.get(f.key)!)
      if (unread.length > 0) for (const c of yield* index.chunks(tenantId, workspaceId, unread, visible)) chunks.set(keyOf(c), c)
      for (const f of batch) if (chunks.has(f.key)) shown.push(f)
    }
    const queryTerms = new Set(terms)
    const texts: Array<string> = []
    const hits: Array<Evidence> = shown.map((f) => {
      const c = chunks.get(f.key)!
      texts.push(c.text)
      return {
        file_id: c.file_id,
        path: c.path,
        locator: locatorView(c.locator),
        relevance_score: Math.round(f.score * 1e6) / 1e6,
        snippet: snippetOf(c.text, queryTerms),
        why: whyOf({
          query: input.query,
          queryTermCount: terms.length,
          chunk: c,
          keywordRank: f.lexicalRank,
          similarity: similarity.get(f.key) ?? null,
          denseRank: f.denseRank
        }),
        component: c.component
      }
    })

    // the encoder's candidates holding no query term are the ones the keyword side did not count
    const holdsTerm = (c: ChunkRef) => analyze(`${c.title}\n${c.text}`).some((t) => queryTerms.has(t))
    const denseOnlyVisible = dense.hits.filter((_, i) => keyword.probed[i] !== true).length
    const denseOnlyHidden = dense.hidden.filter((c) => !holdsTerm(c))
    const withheld = mergeWithheld(keyword.withheld, denseOnlyHidden.map((c) => c.access_label))
    const result: HybridSearchResult = {
      hits,
      candidates_seen: keyword.seen + denseOnlyVisible + denseOnlyHidden.length,
      truncated: next < fused.length,
      coverage: { restricted_candidates: withheld.count, labels_required: withheld.labels }
    }
    return { result, texts: texts as ReadonlyArray<string> }
  })
