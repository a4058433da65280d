/**
 * The local question answerer: extractive, on two kinds of evidence.
 *
 * - Lexical: passages are ranked by BM25 against the question's content terms; a sentence's
 *   coverage is the idf-weighted share of those terms it holds.
 * - Semantic: the cosine between the question and the sentence under the engine's `Embedder` (the
 *   encoder the search index uses), so a sentence that says the same thing in other words counts.
 *
 * The sentences read (questions in the text excluded) are those of `READ_PASSAGES` passages: with
 * `ranked` input (a search's ranking, best first) the first `RANKED_READ` passages and then the
 * lexical best; otherwise the lexical best alone. Each sentence scores cosine + `COVERAGE_WEIGHT` × coverage, less
 * `POSITION_PENALTY` per place behind the first passage read when the input is ranked (the
 * retrieval's ranking is evidence too). The best-scoring sentence is the answer, `found` when its
 * coverage reaches `MIN_ANSWER_COVERAGE` or its score `MIN_ANSWER_SCORE`; otherwise it says it
 * found nothing rather than guess. It quotes; it does not reason, compute or combine passages.
 *
 * The constants were chosen on the even lines of the judged business set (BENCHMARKS.md, "Search:
 * fact search"), `MIN_ANSWER_SCORE` as the lowest score at which at most one in ten paraphrase
 * queries, their judged documents withheld, still gets an answer: USE-lite's cosines of related and
 * unrelated business sentences overlap, so a lower bar answers more paraphrases but invents more.
 */
import { Effect, Layer } from "effect"
import { type AnswerInput, type QuestionAnswer, QuestionAnswerer, type QuestionAnswererService } from "../answerer.js"
import { cosine, Embedder, type EmbedderService } from "../embedder.js"
import { saturate, sentences, termCounts, terms } from "./text-features.js"

export const MIN_ANSWER_COVERAGE = 0.5
export const MIN_ANSWER_SCORE = 0.6
export const COVERAGE_WEIGHT = 0.5
export const POSITION_PENALTY = 0.1
const READ_PASSAGES = 3
const RANKED_READ = 2
/** bounds the encoder's work per question (a passage of table rows holds many "sentences") */
export const MAX_CANDIDATE_SENTENCES = 64

export interface CandidateSentence {
  readonly sentence: string
  readonly passageId: string
  /** places behind the first passage read (0 for every passage of unranked input) */
  readonly position: number
  /** idf-weighted share of the question's content terms the sentence holds, 0 to 1 */
  readonly coverage: number
}

export interface AnswerReading {
  readonly candidates: ReadonlyArray<CandidateSentence>
  /** the passages read, best first: the answer's passage leads the citations, these follow */
  readonly read: ReadonlyArray<string>
}

const none: QuestionAnswer = { found: false, answer: "", citations: [], confidence: 0 }

/** The sentences the answerer weighs for a question, with their lexical evidence. */
export const readPassages = (input: AnswerInput): AnswerReading => {
  // the question's own words ("how long", "what", "when") ask; they are not looked for
  const asked = input.question.replace(/\bhow\s+(long|many|much|often|far|old)\b|\b(what|which|who|whom|whose|when|where|why|how)\b/gi, " ")
  const question = [...new Set(terms(asked))]
  // a question with nothing of its own to look for ("What about it?") is not answered on likeness alone
  if (question.length === 0 || input.passages.length === 0) return { candidates: [], read: [] }
  const docs = input.passages.map((p) => termCounts(terms(p.text)))
  const n = docs.length
  const idf = new Map(question.map((t) => {
    const df = docs.filter((d) => d.has(t)).length
    return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))] as const
  }))
  const lexical = input.passages
    .map((p, i) => ({ p, score: question.reduce((s, t) => s + (idf.get(t) ?? 0) * saturate(docs[i]!.get(t) ?? 0), 0) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((r) => r.p)
  const ranked = input.ranked === true
  const read = [...new Set([...(ranked ? input.passages.slice(0, RANKED_READ) : []), ...lexical])].slice(0, READ_PASSAGES)
  const total = question.reduce((s, t) => s + (idf.get(t) ?? 0) + 0.1, 0)
  const candidates: Array<CandidateSentence> = []
  read.forEach((p, position) => {
    for (const sentence of sentences(p.text)) {
      // a question in the text (an FAQ's heading) asks; it never answers
      if (sentence.endsWith("?")) continue
      const ts = new Set(terms(sentence))
      const coverage = total === 0 ? 0 : question.reduce((s, t) => s + (ts.has(t) ? (idf.get(t) ?? 0) + 0.1 : 0), 0) / total
      candidates.push({ sentence, passageId: p.id, position: ranked ? position : 0, coverage })
    }
  })
  return { candidates: candidates.slice(0, MAX_CANDIDATE_SENTENCES), read: read.map((p) => p.id) }
}

/**
 * The answer from a reading and each candidate's cosine with the question (`null`: no semantic
 * evidence, lexical only). Ties go to the earlier candidate.
 */
export const chooseAnswer = (reading: AnswerReading, similarities: ReadonlyArray<number> | null): QuestionAnswer => {
  let best: { c: CandidateSentence; cos: number; score: number } | undefined
  reading.candidates.forEach((c, i) => {
    const cos = similarities?.[i] ?? 0
    const score = cos + COVERAGE_WEIGHT * c.coverage - POSITION_PENALTY * c.position
    if (best === undefined || score > best.score) best = { c, cos, score }
  })
  if (best === undefined || (best.c.coverage < MIN_ANSWER_COVERAGE && best.score < MIN_ANSWER_SCORE)) return { ...none, citations: reading.read }
  const id = best.c.passageId
  const confidence = Math.min(1, Math.max(best.c.coverage, best.score))
  return { found: true, answer: best.c.sentence, citations: [id, ...reading.read.filter((r) => r !== id)], confidence: Math.round(confidence * 1000) / 1000 }
}

/** The lexical answer alone (no embedder). */
export const answerLocally = (input: AnswerInput): QuestionAnswer => chooseAnswer(readPassages(input), null)

/** The local answerer weighing the question against the sentences with `embedder` as well. */
export const makeLocalAnswerer = (embedder: EmbedderService): QuestionAnswererService => ({
  answer: (input) =>
    Effect.gen(function*() {
      const reading = readPassages(input)
      if (reading.candidates.length === 0) return { ...none, citations: reading.read }
      const [q, ...vectors] = yield* embedder.embed([input.question, ...reading.candidates.map((c) => c.sentence)])
      return chooseAnswer(reading, vectors.map((v) => cosine(q!, v)))
    })
})

/** The local answerer on the engine's `Embedder`. */
export const LocalAnswererLive: Layer.Layer<QuestionAnswerer, never, Embedder> = Layer.effect(QuestionAnswerer, Effect.map(Embedder, makeLocalAnswerer))
