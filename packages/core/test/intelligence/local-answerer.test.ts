/**
 * The local answerer's decision: lexical coverage and the embedder's cosine as evidence, the
 * retrieval's ranking as a prior, and a decline when neither is strong enough. The embedder here is
 * a fake whose cosines the test sets, so the thresholds are checked exactly, not through a model.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { AnswerInput } from "../../src/intelligence/answerer.js"
import type { EmbedderService } from "../../src/intelligence/embedder.js"
import {
  answerLocally,
  COVERAGE_WEIGHT,
  makeLocalAnswerer,
  MAX_CANDIDATE_SENTENCES,
  MIN_ANSWER_SCORE,
  POSITION_PENALTY,
  readPassages
} from "../../src/intelligence/local/local-answerer.js"

/**
 * An embedder in two dimensions: the question is (1, 0) and a listed text is at the given cosine
 * from it; any other text is orthogonal (cosine 0). Records what it was asked to embed.
 */
const fakeEmbedder = (question: string, cosines: Readonly<Record<string, number>>) => {
  const calls: Array<ReadonlyArray<string>> = []
  const service: EmbedderService = {
    model: "fake-2",
    dimensions: 2,
    embed: (texts) =>
      Effect.sync(() => {
        calls.push(texts)
        return texts.map((t) => {
          const c = t === question ? 1 : cosines[t] ?? 0
          return Float32Array.from([c, Math.sqrt(1 - c * c)])
        })
      })
  }
  return { service, calls }
}

const QUESTION = "telecommute rules"
const HOME = "Staff may work from home up to three days a week."
const OFFICE = "The office opens at eight."
const PARKING = "Visitors park behind the main building."
const ABROAD = "Working from another country needs approval."
// no word of the question is in any passage: only the embedder can connect them
const passages = [
  { id: "c0", text: `${OFFICE} ${HOME}` },
  { id: "c1", text: ABROAD },
  { id: "c2", text: PARKING }
]

const answer = (input: AnswerInput, cosines: Readonly<Record<string, number>>) => {
  const fake = fakeEmbedder(input.question, cosines)
  return Effect.map(makeLocalAnswerer(fake.service).answer(input), (a) => ({ a, calls: fake.calls }))
}

describe("local answerer: semantic evidence beside lexical", () => {
  it.effect("answers a paraphrase with no word in common when the sentence is close in meaning, citing its passage first", () =>
    Effect.gen(function*() {
      const { a, calls } = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: 0.8, [ABROAD]: 0.5 })
      expect(a).toMatchObject({ found: true, answer: HOME, citations: ["c0", "c1"], confidence: 0.8 })
      // one call: the question and the sentences of the passages read (the first two of the ranking; no lexical match adds one)
      expect(calls).toEqual([[QUESTION, OFFICE, HOME, ABROAD]])
    }))

  it.effect("declines when nothing is close enough in meaning or in words, citing nothing", () =>
    Effect.gen(function*() {
      const { a } = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: 0.4, [ABROAD]: 0.3 })
      expect(a.found).toBe(false)
      expect(a.answer).toBe("")
      expect(a.confidence).toBe(0)
    }))

  it.effect("the threshold: a score just below MIN_ANSWER_SCORE declines, just above it answers", () =>
    Effect.gen(function*() {
      const below = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: MIN_ANSWER_SCORE - 0.001 })
      expect(below.a.found).toBe(false)
      const above = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: MIN_ANSWER_SCORE + 0.001 })
      expect(above.a).toMatchObject({ found: true, answer: HOME })
    }))

  it.effect("lexical coverage counts toward the score: a partial match needs less likeness", () =>
    Effect.gen(function*() {
      // "rules" is in the sentence, "telecommute" is not: some coverage, below MIN_ANSWER_COVERAGE alone
      const sentence = "These rules apply to everyone on the payroll."
      const input = { question: QUESTION, passages: [{ id: "p", text: sentence }], ranked: true }
      const coverage = readPassages(input).candidates[0]!.coverage
      expect(coverage).toBeGreaterThan(0)
      expect(coverage).toBeLessThan(0.5)
      const needed = MIN_ANSWER_SCORE - COVERAGE_WEIGHT * coverage
      expect((yield* answer(input, { [sentence]: needed - 0.01 })).a.found).toBe(false)
      expect((yield* answer(input, { [sentence]: needed + 0.01 })).a).toMatchObject({ found: true, answer: sentence })
    }))

  it.effect("the ranking is a prior: a later passage must be closer by more than POSITION_PENALTY to win", () =>
    Effect.gen(function*() {
      const close = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: 0.7, [ABROAD]: 0.7 + POSITION_PENALTY - 0.01 })
      expect(close.a).toMatchObject({ answer: HOME, citations: ["c0", "c1"] })
      const far = yield* answer({ question: QUESTION, passages, ranked: true }, { [HOME]: 0.7, [ABROAD]: 0.7 + POSITION_PENALTY + 0.01 })
      expect(far.a).toMatchObject({ answer: ABROAD, citations: ["c1", "c0"] })
    }))

  it.effect("passages in reading order (not ranked) are read only where the question's words are: likeness alone does not pick a passage", () =>
    Effect.gen(function*() {
      const { a, calls } = yield* answer({ question: QUESTION, passages }, { [HOME]: 0.9 })
      expect(a.found).toBe(false)
      expect(calls).toEqual([])
    }))

  it.effect("a question with nothing of its own to look for is not answered on likeness", () =>
    Effect.gen(function*() {
      const { a, calls } = yield* answer({ question: "What about it?", passages, ranked: true }, { [HOME]: 0.99 })
      expect(a.found).toBe(false)
      expect(calls).toEqual([])
    }))

  it.effect("lexical evidence alone still answers, whatever the embedder says", () =>
    Effect.gen(function*() {
      const ps = [{ id: "p1", text: "The warranty lasts two years from delivery." }, { id: "p2", text: "Shipping takes five days." }]
      const { a } = yield* answer({ question: "How long does the warranty last?", passages: ps }, {})
      expect(a).toMatchObject({ found: true, citations: ["p1"], answer: "The warranty lasts two years from delivery." })
      expect(answerLocally({ question: "How long does the warranty last?", passages: ps }).found).toBe(true)
    }))

  it.effect("a question in the text is never the answer, however close", () =>
    Effect.gen(function*() {
      const faq = "Can I work from home?"
      const { a, calls } = yield* answer({ question: QUESTION, passages: [{ id: "f", text: `${faq}\n${HOME}` }], ranked: true }, { [faq]: 0.95, [HOME]: 0.7 })
      expect(a).toMatchObject({ found: true, answer: HOME })
      expect(calls).toEqual([[QUESTION, HOME]])
    }))

  it.effect("the encoder's work is bounded: at most MAX_CANDIDATE_SENTENCES sentences per question", () =>
    Effect.gen(function*() {
      const rows = Array.from({ length: 200 }, (_, i) => `Row ${i} lists a desk.`).join("\n")
      const { calls } = yield* answer({ question: QUESTION, passages: [{ id: "t", text: rows }], ranked: true }, {})
      expect(calls[0]!.length).toBe(1 + MAX_CANDIDATE_SENTENCES)
    }))
})
