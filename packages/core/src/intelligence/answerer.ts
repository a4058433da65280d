/**
 * The question-answering port of the intelligence engine: an answer to a question from given
 * passages, citing the passages it used (workspace Q&A, spec 3). An answer the passages do not
 * support is `found: false`, never invented.
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"

export interface Passage {
  readonly id: string
  readonly text: string
}

export interface AnswerInput {
  readonly question: string
  readonly passages: ReadonlyArray<Passage>
  /** the passages are a search's ranking, most relevant first (else their order says nothing of relevance, e.g. a file's reading order) */
  readonly ranked?: boolean | undefined
}

export interface QuestionAnswer {
  readonly found: boolean
  readonly answer: string
  /** ids of the passages the answer comes from, most relevant first */
  readonly citations: ReadonlyArray<string>
  /** 0 to 1 */
  readonly confidence: number
}

export interface QuestionAnswererService {
  readonly answer: (input: AnswerInput) => Effect.Effect<QuestionAnswer, EngineFailed>
}

export class QuestionAnswerer extends Context.Tag("@docket/core/QuestionAnswerer")<QuestionAnswerer, QuestionAnswererService>() {}
