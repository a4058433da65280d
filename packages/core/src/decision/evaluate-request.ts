/**
 * The whole validation sequence of POST /v1/systemone (spec 1), from raw body text to a request
 * that is ready for the limiter: JSON, field problems, token limits, then the byte limit.
 */
import { Option } from "effect"
import { parseJson, stringifyJson, utf8Length } from "../shared/json.js"
import { type Issue, issue } from "./issue.js"
import type { Fleet, ModelSpec } from "./models.js"
import type { Question } from "./question.js"
import { countTokens, fleetOf, type TokenCounts, tokenLimitIssues } from "./token-budget.js"
import { validateFields } from "./validation.js"

/** Serialized `state` + `questions`, in UTF-8 bytes. */
export const MAX_SERIALIZED_BYTES = 1_048_576

export interface PreparedEvaluation {
  readonly state: unknown
  readonly questions: Readonly<Record<string, Question>>
  readonly model: ModelSpec
  readonly tokens: TokenCounts
  readonly fleet: Fleet
}

export type Preparation =
  | { readonly _tag: "Ready"; readonly evaluation: PreparedEvaluation }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<Issue> }

export const prepareEvaluation = (bodyText: string): Preparation => {
  const parsed = parseJson(bodyText)
  if (Option.isNone(parsed)) return { _tag: "Invalid", issues: [issue([], "body must be valid JSON")] }

  const fields = validateFields(parsed.value)
  if (fields._tag === "Invalid") return fields
  const { model, questions, state } = fields.request

  const tokens = countTokens(model, state, questions)
  const tokenIssues = tokenLimitIssues(model, tokens)
  if (tokenIssues.length > 0) return { _tag: "Invalid", issues: tokenIssues }

  // The raw `questions` object, as sent (unknown keys included), is what is serialized.
  const raw = parsed.value as { state: unknown; questions: unknown }
  const bytes = utf8Length(stringifyJson({ state: raw.state, questions: raw.questions }))
  if (bytes > MAX_SERIALIZED_BYTES) {
    return { _tag: "Invalid", issues: [issue([], `request body must be at most ${MAX_SERIALIZED_BYTES} bytes`)] }
  }
  return { _tag: "Ready", evaluation: { state, questions, model, tokens, fleet: fleetOf(model, tokens) } }
}
