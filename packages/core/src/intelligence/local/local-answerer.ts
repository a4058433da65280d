/**
 * The local question answerer: extractive. Passages are ranked by BM25 against the question's
 * content terms; the answer is the sentence of the best passages that covers most of those terms
 * (ties: the earlier passage). It is `found` only when that sentence covers at least
 * `MIN_ANSWER_COVERAGE` of the question's weighted terms — otherwise it says it found nothing
 * rather than guess. It quotes; it does not reason, compute or combine passages.
 */
import { Effect, Layer } from "effect"
import { type AnswerInput, type QuestionAnswer, QuestionAnswerer } from "../answerer.js"
import { saturate, sentences, termCounts, terms } from "./text-features.js"

export const MIN_ANSWER_COVERAGE = 0.5
const TOP_PASSAGES = 3

export const answerLocally = (input: AnswerInput): QuestionAnswer => {
  // the question's own words ("how long", "what", "when") ask; they are not looked for
  const asked = input.question.replace(/\bhow\s+(long|many|much|often|far|old)\b|\b(what|which|who|whom|whose|when|where|why|how)\b/gi, " ")
  const question = [...new Set(terms(asked))]
  const none: QuestionAnswer = { found: false, answer: "", citations: [], confidence: 0 }
  if (question.length === 0 || input.passages.length === 0) return none
  const docs = input.passages.map((p) => termCounts(terms(p.text)))
  const n = docs.length
  const idf = new Map(question.map((t) => {
    const df = docs.filter((d) => d.has(t)).length
    return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))] as const
  }))
  const ranked = input.passages
    .map((p, i) => ({ p, score: question.reduce((s, t) => s + (idf.get(t) ?? 0) * saturate(docs[i]!.get(t) ?? 0), 0) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP_PASSAGES)
  const total = question.reduce((s, t) => s + (idf.get(t) ?? 0) + 0.1, 0)
  let best: { sentence: string; id: string; coverage: number } | undefined
  for (const { p } of ranked) {
    for (const sentence of sentences(p.text)) {
      const ts = new Set(terms(sentence))
      const coverage = question.reduce((s, t) => s + (ts.has(t) ? (idf.get(t) ?? 0) + 0.1 : 0), 0) / total
      if (best === undefined || coverage > best.coverage) best = { sentence, id: p.id, coverage }
    }
  }
  if (best === undefined || best.coverage < MIN_ANSWER_COVERAGE) return { ...none, citations: ranked.map((r) => r.p.id) }
  const citations = [best.id, ...ranked.map((r) => r.p.id).filter((id) => id !== best!.id)]
  return { found: true, answer: best.sentence, citations, confidence: Math.round(best.coverage * 1000) / 1000 }
}

export const LocalAnswererLive: Layer.Layer<QuestionAnswerer> = Layer.succeed(QuestionAnswerer, {
  answer: (input) => Effect.sync(() => answerLocally(input))
})
