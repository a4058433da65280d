/**
 * Hybrid ranking (pure): one list from a keyword list (BM25F scores) and a dense list (cosine
 * similarities), the dense side weighed per query by the evidence each side has.
 *
 * Plain reciprocal-rank fusion treats both sides as equals and drowns strong keyword matches under
 * a weak general-purpose encoder (SciFact nDCG@10: BM25F 0.684, RRF(BM25F, USE-lite) 0.447), while
 * on paraphrase queries the encoder finds what BM25 misses (judged business set: 0.41 against
 * 0.15). So the dense side gets a weight α per query:
 *
 *   coverage   = the top keyword hit's share of the query's idf mass (Σ_t qtf(t) · idf(t)) carried
 *                by the terms it matches, in [0, 1]
 *   α_lex      = DENSE_MAX (0.8) when coverage ≤ WEAK_BELOW (0.3), DENSE_MIN (0.2) when coverage ≥
 *                STRONG_ABOVE (0.5), linear in between
 *   confidence = min(1, (cos₁ − cos₁₀) / CONFIDENT_SPREAD (0.08)): how far the encoder's best hit
 *                stands above its tenth (the last, with fewer hits)
 *   α          = α_lex · confidence, or 1 when there is no keyword hit at all
 *   lex(d)     = bm25(d) / max bm25                      (0 when d is not a keyword candidate)
 *   dense(d)   = (cos(d) − min cos) / (max cos − min cos) over the dense list (0 when absent)
 *   score(d)   = (1 − α) · lex(d) + α · dense(d)
 *
 * Why these signals (BENCHMARKS.md "Search: hybrid fusion"): the top hit's coverage separates the
 * queries where BM25 has found the topic (SciFact claims: 0.40 at the 10th percentile; keyword
 * queries: 1.0) from those where it matched only everyday words (paraphrase queries: 0.39 at the
 * 90th percentile). The encoder's spread separates a query it understands (paraphrase median 0.09,
 * questions 0.13) from one where every document looks alike to it (SciFact median 0.04, where it
 * ranks at 0.21): without it SciFact falls to 0.65, with it the fusion ties BM25F (0.684). A
 * top-score-to-idf ratio and the keyword score gap were measured too and added nothing beyond noise.
 *
 * At full coverage α ≤ 0.2, so no candidate without a keyword match can pass the top keyword hit
 * (it would need α ≥ 0.5). Ties are broken by the keyword rank, then the dense rank, then the key.
 */

export interface LexicalHit {
  readonly key: string
  /** BM25F score, ≥ 0 */
  readonly score: number
  /** the share of the query's idf mass that this hit's matched terms carry, in [0, 1] */
  readonly coverage: number
}

export interface DenseHit {
  readonly key: string
  /** cosine similarity to the query */
  readonly similarity: number
}

export interface FusionParams {
  /** the dense side's weight when the keyword side is strong (coverage ≥ strongAbove) */
  readonly denseMin: number
  /** the dense side's weight when the keyword side is weak (coverage ≤ weakBelow) */
  readonly denseMax: number
  readonly weakBelow: number
  readonly strongAbove: number
  /** the spread cos₁ − cos₁₀ at which the encoder counts as fully confident (0: always) */
  readonly confidentSpread: number
}

export const DENSE_MIN = 0.2
export const DENSE_MAX = 0.8
export const WEAK_BELOW = 0.3
export const STRONG_ABOVE = 0.5
export const CONFIDENT_SPREAD = 0.08
/** the dense hit whose similarity the top one is compared with */
export const SPREAD_RANK = 10

export const DEFAULT_FUSION: FusionParams = {
  denseMin: DENSE_MIN,
  denseMax: DENSE_MAX,
  weakBelow: WEAK_BELOW,
  strongAbove: STRONG_ABOVE,
  confidentSpread: CONFIDENT_SPREAD
}

export interface Fused {
  readonly key: string
  readonly score: number
  /** 1-based rank on each side, null when the key is not in that list */
  readonly lexicalRank: number | null
  readonly denseRank: number | null
}

/** The share of the query's idf mass a candidate's matched terms carry. */
export const idfCoverage = (
  query: ReadonlyMap<string, number>,
  idf: (term: string) => number,
  matches: (term: string) => boolean
): number => {
  let total = 0
  let matched = 0
  for (const [term, qtf] of query) {
    const w = qtf * idf(term)
    total += w
    if (matches(term)) matched += w
  }
  return total > 0 ? matched / total : 0
}

const byScore = <T extends { readonly key: string }>(score: (t: T) => number) => (a: T, b: T) =>
  score(b) - score(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/** The top keyword hit's coverage (0 without keyword hits). */
export const lexicalStrength = (lexical: ReadonlyArray<LexicalHit>): number => {
  if (lexical.length === 0) return 0
  const top = [...lexical].sort(byScore((h) => h.score))[0]!
  return Math.min(1, Math.max(0, top.coverage))
}

/** The encoder's confidence in [0, 1]: its top similarity's lead over its tenth, against `confidentSpread`. */
export const denseConfidence = (dense: ReadonlyArray<DenseHit>, params: FusionParams = DEFAULT_FUSION): number => {
  if (params.confidentSpread <= 0) return 1
  if (dense.length === 0) return 0
  const sims = dense.map((h) => h.similarity).sort((a, b) => b - a)
  const spread = sims[0]! - sims[Math.min(SPREAD_RANK, sims.length) - 1]!
  return Math.min(1, Math.max(0, spread / params.confidentSpread))
}

/** α_lex: the dense side's weight for a query whose keyword side has this strength (coverage). */
export const denseWeight = (strength: number, params: FusionParams = DEFAULT_FUSION): number => {
  if (strength <= params.weakBelow) return params.denseMax
  if (strength >= params.strongAbove) return params.denseMin
  const t = (strength - params.weakBelow) / (params.strongAbove - params.weakBelow)
  return params.denseMax + (params.denseMin - params.denseMax) * t
}

const rankMap = <T extends { readonly key: string }>(sorted: ReadonlyArray<T>) => {
  const m = new Map<string, number>()
  sorted.forEach((h, i) => {
    if (!m.has(h.key)) m.set(h.key, i + 1)
  })
  return m
}

const order = (entries: Array<Fused>): Array<Fused> =>
  entries.sort((a, b) =>
    b.score - a.score ||
    (a.lexicalRank ?? Infinity) - (b.lexicalRank ?? Infinity) ||
    (a.denseRank ?? Infinity) - (b.denseRank ?? Infinity) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  )

/** The evidence-weighted convex combination above, best first (every key of either list). */
export const fuse = (
  lexical: ReadonlyArray<LexicalHit>,
  dense: ReadonlyArray<DenseHit>,
  params: FusionParams = DEFAULT_FUSION
): Array<Fused> => {
  const lex = [...lexical].sort(byScore((h) => h.score))
  const den = [...dense].sort(byScore((h) => h.similarity))
  const alpha = lex.length === 0 ? 1 : denseWeight(lexicalStrength(lex), params) * denseConfidence(den, params)
  const maxLex = lex.length > 0 ? Math.max(0, lex[0]!.score) : 0
  const maxCos = den.length > 0 ? den[0]!.similarity : 0
  const minCos = den.length > 0 ? den[den.length - 1]!.similarity : 0
  const lexRank = rankMap(lex)
  const denRank = rankMap(den)
  const lexScore = new Map(lex.map((h) => [h.key, maxLex > 0 ? h.score / maxLex : 0]))
  const denScore = new Map(den.map((h) => [h.key, maxCos > minCos ? (h.similarity - minCos) / (maxCos - minCos) : 1]))
  const keys = new Set([...lexRank.keys(), ...denRank.keys()])
  return order([...keys].map((key) => ({
    key,
    score: (1 - alpha) * (lexScore.get(key) ?? 0) + alpha * (denScore.get(key) ?? 0),
    lexicalRank: lexRank.get(key) ?? null,
    denseRank: denRank.get(key) ?? null
  })))
}

/** Reciprocal-rank fusion, Σ_side weight / (k + rank); plain RRF is weights 1 and k 60. */
export const reciprocalRankFusion = (
  lexical: ReadonlyArray<LexicalHit>,
  dense: ReadonlyArray<DenseHit>,
  options: { readonly k: number; readonly lexicalWeight: number; readonly denseWeight: number } = { k: 60, lexicalWeight: 1, denseWeight: 1 }
): Array<Fused> => {
  const lexRank = rankMap([...lexical].sort(byScore((h) => h.score)))
  const denRank = rankMap([...dense].sort(byScore((h) => h.similarity)))
  const keys = new Set([...lexRank.keys(), ...denRank.keys()])
  return order([...keys].map((key) => {
    const l = lexRank.get(key) ?? null
    const d = denRank.get(key) ?? null
    return {
      key,
      score: (l === null ? 0 : options.lexicalWeight / (options.k + l)) + (d === null ? 0 : options.denseWeight / (options.k + d)),
      lexicalRank: l,
      denseRank: d
    }
  }))
}
