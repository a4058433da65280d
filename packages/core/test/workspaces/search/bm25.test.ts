import { describe, expect, it } from "@effect/vitest"
import { analyze } from "../../../src/workspaces/search/analyzer.js"
import {
  bm25fScore,
  bm25Idf,
  bm25Score,
  type CollectionStats,
  DEFAULT_BM25,
  type FieldedCandidate,
  type FieldWeight,
  queryTermCounts,
  rankByScore
} from "../../../src/workspaces/search/bm25.js"

const tf = (entries: Record<string, number>) => new Map(Object.entries(entries))

// d1 "apple apple banana", d2 "apple cherry", d3 "banana banana banana"; N = 3, the average length
// given as 3 (values below worked out by hand: idf(df 2, N 3) = ln(1 + 1.5 / 2.5) = ln 1.6 = 0.4700036)
const docs = {
  d1: { length: 3, termFrequency: tf({ apple: 2, banana: 1 }) },
  d2: { length: 2, termFrequency: tf({ apple: 1, cherry: 1 }) },
  d3: { length: 3, termFrequency: tf({ banana: 3 }) }
}
const stats: CollectionStats = { documentCount: 3, averageLength: 3, documentFrequency: tf({ apple: 2, banana: 2, cherry: 1 }) }

describe("BM25", () => {
  it("uses Lucene's idf, never negative even for a term in every document", () => {
    expect(bm25Idf(3, 2)).toBeCloseTo(0.4700036, 6)
    expect(bm25Idf(3, 3)).toBeGreaterThan(0)
    expect(bm25Idf(1000, 1)).toBeCloseTo(Math.log(1 + 999.5 / 1.5), 12)
  })

  it("scores a tiny collection as worked out by hand (k1 0.9, b 0.4, no (k1 + 1) factor)", () => {
    expect(DEFAULT_BM25).toEqual({ k1: 0.9, b: 0.4 })
    const apple = queryTermCounts(["apple"])
    // d1 has norm 1 → 0.4700036 · 2 / 2.9
    expect(bm25Score(apple, stats, docs.d1)).toBeCloseTo(0.3241404, 6)
    // d2: norm 0.6 + 0.4 · 2 / 3 → 0.4700036 / (1 + 0.9 · 0.8666667)
    expect(bm25Score(apple, stats, docs.d2)).toBeCloseTo(0.2640470, 6)
    expect(bm25Score(apple, stats, docs.d3)).toBe(0)
    // two terms add up: apple (tf 2) + banana (tf 1) on d1
    expect(bm25Score(queryTermCounts(["apple", "banana"]), stats, docs.d1)).toBeCloseTo(0.5715108, 6)
  })

  it("weighs a repeated query term by its count", () => {
    const once = bm25Score(queryTermCounts(["apple"]), stats, docs.d1)
    expect(bm25Score(queryTermCounts(["apple", "apple"]), stats, docs.d1)).toBeCloseTo(2 * once, 12)
  })

  it("saturates term frequency and penalizes length as b says", () => {
    const q = queryTermCounts(["banana"])
    const at = (n: number, length: number) => bm25Score(q, stats, { length, termFrequency: tf({ banana: n }) })
    expect(at(2, 3)).toBeGreaterThan(at(1, 3))
    expect(at(2, 3) - at(1, 3)).toBeGreaterThan(at(3, 3) - at(2, 3))
    expect(at(1, 3)).toBeGreaterThan(at(1, 30))
    // with b 0 length does not count
    const noLength = { k1: 0.9, b: 0 }
    expect(bm25Score(q, stats, { length: 30, termFrequency: tf({ banana: 1 }) }, noLength))
      .toBe(bm25Score(q, stats, { length: 3, termFrequency: tf({ banana: 1 }) }, noLength))
  })

  it("takes a term unknown to the collection as df 0 and an empty collection without dividing by 0", () => {
    const q = queryTermCounts(["durian"])
    expect(bm25Score(q, stats, { length: 1, termFrequency: tf({ durian: 1 }) })).toBeGreaterThan(0)
    expect(bm25Score(q, { documentCount: 0, averageLength: 0, documentFrequency: new Map() }, { length: 0, termFrequency: new Map() })).toBe(0)
  })
})

describe("ranking", () => {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const items = Object.entries(docs).map(([id, d]) => ({ id, ...d }))

  it("orders by score and leaves out candidates without a query term", () => {
    const ranked = rankByScore(items, (d) => bm25Score(queryTermCounts(["apple"]), stats, d), byId)
    expect(ranked.map((r) => r.item.id)).toEqual(["d1", "d2"])
  })

  it("breaks equal scores by the caller's key, whatever order the store returned them in", () => {
    const twins = ["c", "a", "b"].map((id) => ({ id, length: 2, termFrequency: tf({ cherry: 1 }) }))
    const score = (d: (typeof twins)[number]) => bm25Score(queryTermCounts(["cherry"]), stats, d)
    expect(rankByScore(twins, score, byId).map((r) => r.item.id)).toEqual(["a", "b", "c"])
    expect(rankByScore([...twins].reverse(), score, byId).map((r) => r.item.id)).toEqual(["a", "b", "c"])
    expect(rankByScore(twins, score, byId, 2).map((r) => r.item.id)).toEqual(["a", "b"])
  })
})

describe("BM25F", () => {
  type F = "title" | "text"
  const fields = (title: number): Record<F, FieldWeight> => ({ title: { weight: title, b: 0 }, text: { weight: 1, b: 0.4 } })
  const fstats = { documentCount: 3, averageLength: { title: 2, text: 10 }, documentFrequency: tf({ budget: 2 }) }
  const inTitle: FieldedCandidate<F> = { length: { title: 2, text: 10 }, termFrequency: { title: tf({ budget: 1 }), text: tf({}) } }
  const inText: FieldedCandidate<F> = { length: { title: 2, text: 5 }, termFrequency: { title: tf({}), text: tf({ budget: 1 }) } }
  const q = queryTermCounts(["budget"])

  it("scores as worked out by hand", () => {
    // title: tf~ = 2 · 1 / 1 = 2 → ln 1.6 · 2 / (0.9 + 2)
    expect(bm25fScore(q, fields(2), fstats, inTitle)).toBeCloseTo(0.3241404, 6)
    // text: tf~ = 1 / (0.6 + 0.4 · 5 / 10) = 1.25 → ln 1.6 · 1.25 / (0.9 + 1.25)
    expect(bm25fScore(q, fields(2), fstats, inText)).toBeCloseTo(0.2732579, 6)
  })

  it("a title weight above 1 lifts a heading match over a body match; below 1 the other way", () => {
    const rank = (w: number) =>
      rankByScore([["title", inTitle], ["text", inText]] as const, ([, c]) => bm25fScore(q, fields(w), fstats, c), () => 0).map((r) => r.item[0])
    expect(rank(2)).toEqual(["title", "text"])
    expect(rank(0.5)).toEqual(["text", "title"])
  })

  it("with one field of weight 1 it is plain BM25", () => {
    const one = { text: { weight: 1, b: 0.4 } }
    const c = { length: { text: 2 }, termFrequency: { text: tf({ apple: 1 }) } }
    expect(bm25fScore(queryTermCounts(["apple"]), one, { documentCount: 3, averageLength: { text: 3 }, documentFrequency: stats.documentFrequency }, c))
      .toBeCloseTo(bm25Score(queryTermCounts(["apple"]), stats, docs.d2), 12)
  })

  it("ranks analyzed text: a query's stemmed terms find their inflections", () => {
    const corpus = ["Budgets for the quarter", "Quarterly revenue report", "Travel policy"].map((t) => queryTermCounts(analyze(t)))
    const df = new Map<string, number>()
    for (const d of corpus) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1)
    const s: CollectionStats = { documentCount: 3, averageLength: corpus.reduce((n, d) => n + [...d.values()].reduce((a, b) => a + b, 0), 0) / 3, documentFrequency: df }
    const ranked = rankByScore(corpus.map((termFrequency, i) => ({ i, termFrequency, length: [...termFrequency.values()].reduce((a, b) => a + b, 0) })),
      (d) => bm25Score(queryTermCounts(analyze("budget")), s, d), (a, b) => a.i - b.i)
    expect(ranked.map((r) => r.item.i)).toEqual([0])
  })
})
