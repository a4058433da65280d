/**
 * The whole validation sequence of POST /v1/systemone (spec 1), from raw body text to a request
 * that is ready for the limiter: JSON, field problems, token limits, then the byte limit.
 */
import { Option } from "effect"
import { parseJson, stringifyJson, utf8Length } from "../kernel/json.js"
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

/**
 * Upper bound on how many UTF-8 bytes of `JSON.stringify({state, questions})` one UTF-16 unit of
 * the body text can account for. The serialization re-creates the body's own text for these two
 * values, minus whitespace, other top-level keys and duplicate keys, with these differences per
 * source unit: a raw character stays the same (1-3 bytes per unit, 4 per surrogate pair) except a
 * raw lone surrogate, written as the 6-byte escape `\udxxx`; an escape sequence (2 or more units)
 * becomes at most one 6-byte escape or one raw character; a number literal can grow at most from
 * 4 units to 21 characters (`1e20` -> `100000000000000000000`), i.e. 5.25 per unit; the wrapper
 * `{"state":,"questions":}` (23 bytes) stands for at least 22 units of the body (both keys, braces,
 * colons, a comma). So 6 bytes per unit is a sound bound.
 */
const MAX_BYTES_PER_BODY_UNIT = 6

/**
 * Step 4: whether the serialized `state` + `questions` exceed MAX_SERIALIZED_BYTES. A body short
 * enough that even MAX_BYTES_PER_BODY_UNIT bytes per unit stays within the limit cannot exceed it,
 * which spares nearly every request from serializing its values again just to count bytes.
 */
const serializedSizeMayExceed = (bodyText: string, raw: { readonly state: unknown; readonly questions: unknown }): boolean => {
  if (bodyText.length * MAX_BYTES_PER_BODY_UNIT <= MAX_SERIALIZED_BYTES) return false
  // The raw `questions` object, as sent (unknown keys included), is what is serialized.
  return utf8Length(stringifyJson({ state: raw.state, questions: raw.questions })) > MAX_SERIALIZED_BYTES
}

export const prepareEvaluation = (bodyText: string): Preparation => {
  const parsed = parseJson(bodyText)
  if (Option.isNone(parsed)) return { _tag: "Invalid", issues: [issue([], "body must be valid JSON")] }

  const fields = validateFields(parsed.value)
  if (fields._tag === "Invalid") return fields
  const { model, questions, state } = fields.request

  const tokens = countTokens(model, state, questions)
  const tokenIssues = tokenLimitIssues(model, tokens)
  if (tokenIssues.length > 0) return { _tag: "Invalid", issues: tokenIssues }

  if (serializedSizeMayExceed(bodyText, parsed.value as { state: unknown; questions: unknown })) {
    return { _tag: "Invalid", issues: [issue([], `request body must be at most ${MAX_SERIALIZED_BYTES} bytes`)] }
  }
  return { _tag: "Ready", evaluation: { state, questions, model, tokens, fleet: fleetOf(model, tokens) } }
}
