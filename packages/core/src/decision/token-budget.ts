/**
 * Token counting against the model's own limits (spec 1, "Limits") and the fleet choice.
 *
 * What is counted (the spec leaves it open; README "Decisions where the spec is silent"):
 * - the state: a string state as it is, any other value as its JSON text;
 * - a question: the JSON text of its validated fields (`type`, `instructions`, `criteria`),
 *   unknown keys dropped;
 * - the row: state + the longest question; other questions do not add to it;
 * - the billed input tokens: state + every question (the state is sent once per request).
 */
import { stringifyJson } from "../shared/json.js"
import type { Fleet, ModelSpec } from "./models.js"
import type { Question } from "./question.js"
import { getEncoding } from "./tokenizer/index.js"
import { type Issue, issue } from "./issue.js"

export interface TokenCounts {
  readonly state: number
  readonly longestQuestion: number
  readonly allQuestions: number
  /** state + longest question */
  readonly row: number
  /** what is billed: state + all questions */
  readonly billed: number
}

export const stateText = (state: unknown): string => (typeof state === "string" ? state : stringifyJson(state))

export const questionText = (q: Question): string =>
  stringifyJson({ type: q.type, instructions: q.instructions, criteria: q.criteria })

export const countTokens = (
  model: ModelSpec,
  state: unknown,
  questions: Readonly<Record<string, Question>>
): TokenCounts => {
  const encoding = getEncoding(model.encoding)
  const stateTokens = encoding.countTokens(stateText(state))
  let longest = 0
  let all = 0
  for (const id in questions) {
    const n = encoding.countTokens(questionText(questions[id]))
    all += n
    if (n > longest) longest = n
  }
  return { state: stateTokens, longestQuestion: longest, allQuestions: all, row: stateTokens + longest, billed: stateTokens + all }
}

/** Step 3 of validation: the state limit first; the row limit when the state alone is within its limit. */
export const tokenLimitIssues = (model: ModelSpec, counts: TokenCounts): ReadonlyArray<Issue> => {
  if (counts.state > model.stateLimit) {
    return [
      issue(
        ["state"],
        `state is ${counts.state} tokens, which exceeds the state limit of ${model.stateLimit} tokens for ${model.id}`
      )
    ]
  }
  if (counts.row > model.rowLimit) {
    return [
      issue(
        ["state"],
        `state plus the longest question is ${counts.row} tokens, which exceeds the row limit of ${model.rowLimit} tokens for ${model.id}`
      )
    ]
  }
  return []
}

export const fleetOf = (model: ModelSpec, counts: TokenCounts): Fleet => model.fleetFor(counts.state, counts.row)
