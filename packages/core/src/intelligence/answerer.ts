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
