/**
 * Ranked-retrieval metrics as trec_eval / pytrec_eval compute them (the figures BEIR and Pyserini
 * publish):
 *
 * - nDCG@k: DCG = Σ_{i=1..k} gain_i / log2(i + 1) with gain the qrels' grade (linear, not
 *   2^grade − 1, as trec_eval's `ndcg_cut`); divided by the ideal DCG: the qrels' grades sorted
 *   highest first, cut at k. A query whose qrels have no positive grade scores 0.
 * - Recall@k: relevant documents (grade > 0) in the first k, over all relevant ones.
 *
 * A run is a list of document ids, best first (ties already broken by the caller).
 */

/** per document id, its graded relevance */
export type Judgements = ReadonlyMap<string, number>

export const dcgAtK = (ranking: ReadonlyArray<string>, judgements: Judgements, k: number): number => {
  let dcg = 0
  const n = Math.min(k, ranking.length)
  for (let i = 0; i < n; i++) {
    const gain = judgements.get(ranking[i]!) ?? 0
    if (gain > 0) dcg += gain / Math.log2(i + 2)
  }
  return dcg
}

export const ndcgAtK = (ranking: ReadonlyArray<string>, judgements: Judgements, k: number): number => {
  const ideal = [...judgements.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k)
  let idcg = 0
  ideal.forEach((gain, i) => (idcg += gain / Math.log2(i + 2)))
  return idcg === 0 ? 0 : dcgAtK(ranking, judgements, k) / idcg
}

export const recallAtK = (ranking: ReadonlyArray<string>, judgements: Judgements, k: number): number => {
  let relevant = 0
  for (const g of judgements.values()) if (g > 0) relevant++
  if (relevant === 0) return 0
  const seen = new Set<string>()
  let found = 0
  for (const id of ranking.slice(0, k)) {
    if (seen.has(id)) continue
    seen.add(id)
    if ((judgements.get(id) ?? 0) > 0) found++
  }
  return found / relevant
}

/** The mean of a metric over the judged queries (a judged query with no run scores 0). */
export const meanOverQueries = (
  qrels: ReadonlyMap<string, Judgements>,
  runs: ReadonlyMap<string, ReadonlyArray<string>>,
  metric: (ranking: ReadonlyArray<string>, judgements: Judgements) => number
): number => {
  if (qrels.size === 0) return 0
  let sum = 0
  for (const [query, judgements] of qrels) sum += metric(runs.get(query) ?? [], judgements)
  return sum / qrels.size
}
