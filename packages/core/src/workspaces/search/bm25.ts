/**
 * BM25 scoring in core (pure), from the statistics a store returns with its candidates, so every
 * store ranks identically (DESIGN.md "Search index"): per query term its document frequency, the
 * collection's document count and average length, per candidate its term frequencies and length.
 *
 * Flat BM25 is Lucene's `BM25Similarity` (Lucene ≥ 8, as Anserini runs it):
 *
 *   score(q, d) = Σ_t qtf(t) · idf(t) · tf / (tf + k1 · (1 − b + b · |d| / avgdl))
 *   idf(t)      = ln(1 + (N − df + 0.5) / (df + 0.5))
 *
 * without the constant (k1 + 1) numerator factor Lucene dropped (it does not change a ranking, and
 * this way a score equals Lucene's explain output). `qtf` is how often the term occurs in the query
 * (Anserini's bag-of-words query boosts a repeated term by its count).
 *
 * Lengths are exact term counts, not Lucene's one-byte length norms: on SciFact (k1 0.9, b 0.4,
 * this analyzer) the lossy norms score nDCG@10 0.6789 (Anserini's published figure to the digit),
 * exact lengths 0.6777 — noise on 300 queries — and exact lengths are what a store can keep and
 * sum without reproducing Lucene's encoding.
 *
 * Fielded BM25F (Robertson, Zaragoza & Taylor 2004, "simple BM25F"): a term's frequency is summed
 * over the fields, each weighted and length-normalized by its own b and average length, then
 * saturated once:
 *
 *   tf~(t, d) = Σ_f w_f · tf_f / (1 − b_f + b_f · |d_f| / avg|f|)
 *   score     = Σ_t qtf(t) · idf(t) · tf~ / (k1 + tf~)
 *
 * with df counted over documents (a term in any field counts the document once): a store keeps one
 * posting per (term, chunk) with a tf per field, and df is the number of such postings.
 */

/** Anserini's BM25 parameters for its BEIR baselines */
export const BM25_K1 = 0.9
export const BM25_B = 0.4

export interface Bm25Params {
  readonly k1: number
  readonly b: number
}

export const DEFAULT_BM25: Bm25Params = { k1: BM25_K1, b: BM25_B }

/** Lucene's BM25 idf; never negative */
export const bm25Idf = (documentCount: number, documentFrequency: number): number =>
  Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5))

/** The query's terms with how often each occurs (a repeated term weighs that many times). */
export const queryTermCounts = (terms: ReadonlyArray<string>): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>()
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1)
  return counts
}

/** What the store says about the collection and the query's terms. */
export interface CollectionStats {
  /** documents (chunks) in the collection */
  readonly documentCount: number
  /** mean document length in terms */
  readonly averageLength: number
  /** per query term, the documents that contain it; a term missing here is in none */
  readonly documentFrequency: ReadonlyMap<string, number>
}

/** One candidate as the store returns it. */
export interface Bm25Candidate {
  /** its length in terms (after analysis: stop words not counted) */
  readonly length: number
  /** the frequency of each query term it contains */
  readonly termFrequency: ReadonlyMap<string, number>
}

/** One term's contribution: idf · tf / (tf + k1 · norm) */
const saturate = (idf: number, tf: number, k1: number, norm: number) => (idf * tf) / (tf + k1 * norm)

export const bm25Score = (
  query: ReadonlyMap<string, number>,
  stats: CollectionStats,
  candidate: Bm25Candidate,
  params: Bm25Params = DEFAULT_BM25
): number => {
  // an empty collection has no average; any candidate then has length 0 too
  const relative = stats.averageLength > 0 ? candidate.length / stats.averageLength : 0
  const norm = 1 - params.b + params.b * relative
  let score = 0
  for (const [term, qtf] of query) {
    const tf = candidate.termFrequency.get(term) ?? 0
    if (tf <= 0) continue
    score += qtf * saturate(bm25Idf(stats.documentCount, stats.documentFrequency.get(term) ?? 0), tf, params.k1, norm)
  }
  return score
}

/** A field's weight and length normalization in BM25F. */
export interface FieldWeight {
  readonly weight: number
  readonly b: number
}

/**
 * The keyword index's two fields: a chunk's `title` (section heading or sheet name) and its
 * `text`. A title word counts as two body words; both fields normalized with b 0.4. Chosen on
 * SciFact's 300 public queries (`npm run eval -- --set scifact-bm25` prints the sweep): title
 * weight 2 gives nDCG@10 0.6839 against flat BM25's 0.6777 and Lucene-style per-field sums' 0.6653;
 * weights from 1.5 to 5 all land within 0.683–0.685 (noise on 300 queries), so the moderate one,
 * and b 0.4 beat b 0 for titles at every weight.
 */
export const CHUNK_FIELDS = {
  title: { weight: 2, b: BM25_B },
  text: { weight: 1, b: BM25_B }
} as const satisfies Record<string, FieldWeight>

export interface FieldedCollectionStats<F extends string> {
  readonly documentCount: number
  /** per field, its mean length over all documents (a document without the field counts 0) */
  readonly averageLength: Readonly<Record<F, number>>
  /** per query term, the documents that contain it in any field */
  readonly documentFrequency: ReadonlyMap<string, number>
}

export interface FieldedCandidate<F extends string> {
  readonly length: Readonly<Record<F, number>>
  /** per field, the frequency of each query term in it */
  readonly termFrequency: Readonly<Record<F, ReadonlyMap<string, number>>>
}

export const bm25fScore = <F extends string>(
  query: ReadonlyMap<string, number>,
  fields: Readonly<Record<F, FieldWeight>>,
  stats: FieldedCollectionStats<F>,
  candidate: FieldedCandidate<F>,
  k1: number = BM25_K1
): number => {
  const names = Object.keys(fields) as Array<F>
  const norms = names.map((f) => {
    const avg = stats.averageLength[f]
    const relative = avg > 0 ? candidate.length[f] / avg : 0
    return 1 - fields[f].b + fields[f].b * relative
  })
  let score = 0
  for (const [term, qtf] of query) {
    let tf = 0
    names.forEach((f, i) => {
      const raw = candidate.termFrequency[f].get(term) ?? 0
      if (raw > 0) tf += (fields[f].weight * raw) / norms[i]!
    })
    if (tf <= 0) continue
    score += qtf * saturate(bm25Idf(stats.documentCount, stats.documentFrequency.get(term) ?? 0), tf, k1, 1)
  }
  return score
}

export interface Scored<T> {
  readonly item: T
  readonly score: number
}

/**
 * The best `limit` candidates by score, highest first; equal scores in the order `tieBreak` gives
 * (the caller's stable key: path, then chunk index), so the ranking never depends on the order a
 * store returned its candidates in. Candidates scoring 0 (no query term) are left out.
 */
export const rankByScore = <T>(
  items: ReadonlyArray<T>,
  score: (item: T) => number,
  tieBreak: (a: T, b: T) => number,
  limit: number = Infinity
): Array<Scored<T>> => {
  const scored: Array<Scored<T>> = []
  for (const item of items) {
    const s = score(item)
    if (s > 0) scored.push({ item, score: s })
  }
  scored.sort((x, y) => (y.score !== x.score ? y.score - x.score : tieBreak(x.item, y.item)))
  return Number.isFinite(limit) ? scored.slice(0, Math.max(0, limit)) : scored
}
