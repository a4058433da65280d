/** eval/lib/ir-metrics.ts on hand-computed cases (trec_eval's definitions). */
import { describe, expect, it } from "vitest"
import { dcgAtK, meanOverQueries, ndcgAtK, recallAtK } from "./lib/ir-metrics.js"

const j = (entries: Record<string, number>) => new Map(Object.entries(entries))

describe("nDCG@k", () => {
  it("is 1 for the ideal ranking and 0 with no relevant document in the first k", () => {
    expect(ndcgAtK(["a", "b", "x"], j({ a: 1, b: 1 }), 10)).toBe(1)
    expect(ndcgAtK(["x", "y", "a"], j({ a: 1 }), 2)).toBe(0)
  })

  it("discounts by log2(rank + 1): one relevant document at rank 3 scores 1 / log2(4) = 0.5", () => {
    expect(ndcgAtK(["x", "y", "a"], j({ a: 1 }), 10)).toBeCloseTo(0.5, 12)
  })

  it("uses the grades as linear gains and the ideal DCG from the qrels", () => {
    // run: b (grade 1) at rank 1, a (grade 2) at rank 2; ideal: a then b
    const dcg = 1 / 1 + 2 / Math.log2(3)
    const idcg = 2 / 1 + 1 / Math.log2(3)
    expect(dcgAtK(["b", "a"], j({ a: 2, b: 1 }), 10)).toBeCloseTo(dcg, 12)
    expect(ndcgAtK(["b", "a"], j({ a: 2, b: 1 }), 10)).toBeCloseTo(dcg / idcg, 12)
    expect(ndcgAtK(["b", "a"], j({ a: 2, b: 1 }), 10)).toBeCloseTo(0.8597186, 6)
  })

  it("cuts the ideal at k too: three relevant documents, k = 2, the first two found = 1", () => {
    expect(ndcgAtK(["a", "b"], j({ a: 1, b: 1, c: 1 }), 2)).toBe(1)
    // only one of them at rank 2: (1/log2 3) / (1 + 1/log2 3)
    expect(ndcgAtK(["x", "c"], j({ a: 1, b: 1, c: 1 }), 2)).toBeCloseTo(0.6309298 / 1.6309298, 6)
  })

  it("ignores judged-irrelevant (grade 0) documents", () => {
    expect(ndcgAtK(["z", "a"], j({ a: 1, z: 0 }), 10)).toBeCloseTo(1 / Math.log2(3), 12)
  })
})

describe("Recall@k", () => {
  it("counts relevant documents in the first k over all relevant ones", () => {
    expect(recallAtK(["a", "x", "b"], j({ a: 1, b: 1, c: 1, z: 0 }), 3)).toBeCloseTo(2 / 3, 12)
    expect(recallAtK(["a", "x", "b"], j({ a: 1, b: 1, c: 1 }), 2)).toBeCloseTo(1 / 3, 12)
    expect(recallAtK([], j({ a: 1 }), 100)).toBe(0)
  })
})

describe("the mean over queries", () => {
  it("averages over the judged queries; a judged query without a run counts 0", () => {
    const qrels = new Map([["q1", j({ a: 1 })], ["q2", j({ b: 1 })]])
    const runs = new Map([["q1", ["a"]], ["q3", ["b"]]])
    expect(meanOverQueries(qrels, runs, (r, g) => ndcgAtK(r, g, 10))).toBe(0.5)
  })
})
