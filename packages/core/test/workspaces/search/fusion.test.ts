import { describe, expect, it } from "@effect/vitest"
import {
  DEFAULT_FUSION,
  type DenseHit,
  denseConfidence,
  denseWeight,
  fuse,
  idfCoverage,
  type LexicalHit,
  lexicalStrength,
  reciprocalRankFusion
} from "../../../src/workspaces/search/fusion.js"

const lex = (key: string, score: number, coverage: number): LexicalHit => ({ key, score, coverage })
const den = (key: string, similarity: number): DenseHit => ({ key, similarity })
const keys = (xs: ReadonlyArray<{ readonly key: string }>) => xs.map((x) => x.key)

describe("fusion", () => {
  it("idfCoverage is the matched share of the query's idf mass, repeated terms counted", () => {
    const query = new Map([["liability", 2], ["cap", 1]])
    const idf = (t: string) => (t === "liability" ? 3 : 1)
    expect(idfCoverage(query, idf, (t) => t === "liability")).toBeCloseTo(6 / 7, 12)
    expect(idfCoverage(query, idf, () => false)).toBe(0)
    expect(idfCoverage(new Map(), idf, () => true)).toBe(0)
  })

  it("the dense weight falls from its maximum to its minimum as the keyword evidence grows", () => {
    const { denseMax, denseMin, strongAbove, weakBelow } = DEFAULT_FUSION
    expect(denseWeight(0)).toBe(denseMax)
    expect(denseWeight(weakBelow)).toBe(denseMax)
    expect(denseWeight((weakBelow + strongAbove) / 2)).toBeCloseTo((denseMin + denseMax) / 2, 12)
    expect(denseWeight(strongAbove)).toBe(denseMin)
    expect(denseWeight(1)).toBe(denseMin)
    expect(denseWeight(2)).toBe(denseMin)
    expect(denseWeight(-1)).toBe(denseMax)
    for (let s = 0; s < 1; s += 0.05) expect(denseWeight(s + 0.05)).toBeLessThanOrEqual(denseWeight(s))
    expect(lexicalStrength([])).toBe(0)
    expect(lexicalStrength([lex("b", 1, 0.2), lex("a", 5, 0.9)])).toBe(0.9)
  })

  it("the encoder's confidence is its top similarity's lead over its tenth, against the confident spread", () => {
    const spread = DEFAULT_FUSION.confidentSpread
    const flat = Array.from({ length: 12 }, (_, i) => den(`d${i}`, 0.8 - i * 0.001))
    expect(denseConfidence(flat)).toBeCloseTo(0.009 / spread, 9)
    const sharp = Array.from({ length: 12 }, (_, i) => den(`d${i}`, i === 0 ? 0.9 : 0.5 - i * 0.001))
    expect(denseConfidence(sharp)).toBe(1)
    // fewer than ten hits: the last one is the reference
    expect(denseConfidence([den("a", 0.5), den("b", 0.5 - spread / 2)])).toBeCloseTo(0.5, 12)
    expect(denseConfidence([])).toBe(0)
    expect(denseConfidence(flat, { ...DEFAULT_FUSION, confidentSpread: 0 })).toBe(1)
  })

  it("an encoder that sees every candidate alike barely moves a weak keyword order", () => {
    // weak keyword evidence, but the dense list is flat (a specialist corpus the encoder does not know)
    const lexical = [lex("k1", 5, 0.25), lex("k2", 4, 0.25), lex("k3", 3, 0.2)]
    const dense = Array.from({ length: 12 }, (_, i) => den(i === 0 ? "d0" : i === 11 ? "k1" : `d${i}`, 0.8 - i * 0.0005))
    expect(keys(fuse(lexical, dense)).slice(0, 3)).toEqual(["k1", "k2", "k3"])
  })

  it("a strong keyword match stays first, however the encoder ranks it", () => {
    // the top keyword hit holds every query term; the encoder puts three other chunks above it
    const lexical = [lex("exact", 12, 1), lex("partial", 4, 0.4), lex("weak", 1, 0.1)]
    const dense = [den("para-1", 0.71), den("para-2", 0.6), den("weak", 0.58), den("para-3", 0.55), den("exact", 0.2)]
    const fused = fuse(lexical, dense)
    expect(fused[0]!.key).toBe("exact")
    expect(fused[0]!.lexicalRank).toBe(1)
    expect(fused[0]!.denseRank).toBe(5)
    // at full coverage no chunk without a keyword match can pass the top keyword hit
    expect(denseWeight(1)).toBeLessThan(0.5)
    expect(denseConfidence(dense)).toBe(1)
  })

  it("a query with no keyword evidence takes the dense order", () => {
    const dense = [den("c", 0.7), den("a", 0.5), den("b", 0.45), den("d", 0.1)]
    expect(keys(fuse([], dense))).toEqual(["c", "a", "b", "d"])
  })

  it("weak keyword evidence lets the encoder's confident hit rise above a stop-word-like match", () => {
    // the top keyword hit matches only a common term (a fifth of the idf mass)
    const lexical = [lex("common", 2, 0.2), lex("other", 1.8, 0.2)]
    const dense = [den("meaning", 0.8), den("x", 0.5), den("other", 0.45), den("common", 0.4)]
    expect(fuse(lexical, dense)[0]!.key).toBe("meaning")
  })

  it("without dense hits the keyword order is kept", () => {
    const lexical = [lex("b", 3, 0.5), lex("a", 7, 0.5), lex("c", 1, 0.5)]
    expect(keys(fuse(lexical, []))).toEqual(["a", "b", "c"])
  })

  it("ties are broken by keyword rank, then dense rank, then key, whatever the input order", () => {
    // equal scores on each side: a and b tie, and c and d tie
    const lexical = [lex("b", 1, 1), lex("a", 1, 1)]
    const dense = [den("d", 0.5), den("c", 0.5)]
    const once = keys(fuse(lexical, dense))
    expect(keys(fuse([...lexical].reverse(), [...dense].reverse()))).toEqual(once)
    expect(once).toEqual(["a", "b", "c", "d"])
    expect(keys(reciprocalRankFusion(lexical, dense))).toEqual(keys(reciprocalRankFusion([...lexical].reverse(), [...dense].reverse())))
  })

  it("plain RRF sums 1 / (60 + rank) over the lists", () => {
    const fused = reciprocalRankFusion([lex("a", 2, 1), lex("b", 1, 1)], [den("b", 0.9), den("c", 0.8)])
    expect(keys(fused)).toEqual(["b", "a", "c"])
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12)
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12)
  })
})
