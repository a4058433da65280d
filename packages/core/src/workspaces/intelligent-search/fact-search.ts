/**
 * Fact search (spec 3, "Search"): a fixed pipeline, single shot, no session.
 *
 * 1. retrieve — `hybrid-search` for the query (the caller's labels, the request's `path_prefix`),
 *    the best `FACT_CANDIDATES` chunks with their text;
 * 2. rerank — each candidate's fused rank blended with how much of the query's content it holds
 *    (`rerankScore`); the best `FACT_PASSAGES` go on;
 * 3. read — those chunks' whole text (not the snippets) are the passages;
 * 4. extract — the engine's `QuestionAnswerer` answers from the passages only, given them in the
 *    rerank's order (the local engine: the sentence of the first passages that best holds the
 *    question's terms or its meaning under the engine's embedder; a model engine: its own
 *    wording), citing passages;
 * 5. cite — each cited passage becomes an evidence (the answer's sentence as the quote when the
 *    passage holds it, else the passage's best window), at most `top_k`, resolved to visible
 *    uploaded files (`citations.ts`).
 *
 * When the passages do not support an answer the answer declines ("The documents do not say …")
 * with no evidences; it never invents. `context` is kept with the job but not searched: it would
 * dilute the keyword side of retrieval, and the extractive answerer takes no context.
 */
import { Clock, Effect } from "effect"
import { QuestionAnswerer } from "../../intelligence/answerer.js"
import { sentences, terms } from "../../intelligence/local/text-features.js"
import type { VisibleLabels } from "../files/file-store.js"
import { analyze } from "../search/analyzer.js"
import { snippetOf } from "../search/evidence.js"
import { hybridRetrieve } from "../search/hybrid-search.js"
import { type Citation, resolveCitations } from "./citations.js"
import type { IntelligentSearchResult, ToolCallRecord } from "./intelligent-search-result.js"
import { argumentsDigest } from "./tool-call-digest.js"

export const FACT_CANDIDATES = 30
export const FACT_PASSAGES = 16
export const DEFAULT_TOP_K = 6
export const MAX_TOP_K = 50

export interface FactSearchInput {
  readonly query: string
  readonly context: string | null
  /** normalized; "" is the whole workspace */
  readonly path_prefix: string
  readonly top_k: number
}

/** rank 0 → 1, fading with rank; plus the share of the query's content terms the passage holds */
export const rerankScore = (rank: number, queryTerms: ReadonlySet<string>, text: string) => {
  const held = new Set(terms(text))
  let n = 0
  for (const t of queryTerms) if (held.has(t)) n++
  const coverage = queryTerms.size === 0 ? 0 : n / queryTerms.size
  return 0.5 / (1 + rank / 3) + 0.5 * coverage
}

export const declineOf = (query: string) => {
  const bare = query.trim().replace(/[.!\s]+$/, "")
  return `The documents do not say: “${bare}”`
}

const interpretationOf = (input: FactSearchInput) =>
  `a single fact looked up in the workspace${input.path_prefix === "" ? "" : ` under ${input.path_prefix}`}: “${input.query.trim()}”`

const timed = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    const a = yield* self
    return [a, Math.max(0, (yield* Clock.currentTimeMillis) - start)] as const
  })

export const factSearch = (tenantId: string, workspaceId: string, visible: VisibleLabels, input: FactSearchInput) =>
  Effect.gen(function*() {
    const calls: Array<ToolCallRecord> = []
    const searchArgs = { query: input.query, k: FACT_CANDIDATES, ...(input.path_prefix === "" ? {} : { path_prefix: input.path_prefix }) }
    const [retrieved, searchMs] = yield* timed(hybridRetrieve(tenantId, workspaceId, visible, { query: input.query, k: FACT_CANDIDATES, path_prefix: input.path_prefix }))
    const { result: search, texts } = retrieved
    calls.push({ tool: "hybrid-search", arguments_digest: argumentsDigest(searchArgs), hits: search.hits.length, duration_ms: searchMs })
    if (search.hits.length === 0) {
      return {
        result_type: "intelligent_search",
        evidences: [],
        reasoning: "No passage of the files you may see matched the query, so there is nothing to answer from.",
        answer: declineOf(input.query),
        interpretation: interpretationOf(input),
        clarification: null,
        coverage: search.coverage,
        candidates_seen: search.candidates_seen,
        steps_used: 1,
        exhausted: false,
        tool_calls: calls,
        session_id: null
      } satisfies IntelligentSearchResult
    }

    const queryTerms = new Set(terms(input.query))
    const passages = search.hits
      .map((hit, rank) => ({ id: `c${rank}`, hit, text: texts[rank] ?? hit.snippet, score: rerankScore(rank, queryTerms, texts[rank] ?? hit.snippet) }))
      .sort((a, b) => b.score - a.score || Number(a.id.slice(1)) - Number(b.id.slice(1)))
      .slice(0, FACT_PASSAGES)
    calls.push({ tool: "rerank", arguments_digest: argumentsDigest({ query: input.query, candidates: search.hits.length }), hits: passages.length, duration_ms: 0 })

    const answerer = yield* QuestionAnswerer
    const [answered, extractMs] = yield* timed(answerer.answer({ question: input.query, passages: passages.map((p) => ({ id: p.id, text: p.text })), ranked: true }))
    calls.push({ tool: "extract-answer", arguments_digest: argumentsDigest({ question: input.query, passages: passages.map((p) => p.id) }), hits: answered.found ? answered.citations.length : 0, duration_ms: extractMs })

    const byId = new Map(passages.map((p) => [p.id, p]))
    const analyzed = new Set(analyze(input.query))
    const citations: Array<Citation> = answered.found
      ? answered.citations.flatMap((id, i) => {
        const p = byId.get(id)
        if (p === undefined) return []
        const sentence = answered.answer.trim()
        const holds = sentence !== "" && sentences(p.text).some((s) => s.includes(sentence) || sentence.includes(s))
        return [{
          path: p.hit.path,
          file_id: p.hit.file_id,
          page: p.hit.locator.page ?? null,
          quote: holds ? sentence : snippetOf(p.text, analyzed),
          relevance: i === 0 ? answered.confidence : Math.min(answered.confidence, p.score)
        }]
      })
      : []
    const evidences = (yield* resolveCitations(tenantId, workspaceId, visible, citations)).slice(0, input.top_k)
    const supported = answered.found && evidences.length > 0
    const files = [...new Set(passages.map((p) => p.hit.path))]
    const reasoning = supported
      ? `Retrieved ${search.hits.length} passages, reranked them by how much of the query they hold and read the best ${passages.length} (from ${files.join(", ")}); the answer is taken from ${evidences[0]!.source_path}.`
      : `Retrieved ${search.hits.length} passages and read the best ${passages.length} (from ${files.join(", ")}); none of them states the answer, so the answer declines.`
    const result: IntelligentSearchResult = {
      result_type: "intelligent_search",
      evidences: supported ? evidences : [],
      reasoning,
      answer: supported ? answered.answer.trim() : declineOf(input.query),
      interpretation: interpretationOf(input),
      clarification: null,
      coverage: search.coverage,
      candidates_seen: search.candidates_seen,
      // retrieve, rerank, read, extract, cite (a search that finds nothing stops after retrieving)
      steps_used: 5,
      exhausted: false,
      tool_calls: calls,
      session_id: null
    }
    return result
  })
