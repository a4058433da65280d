/**
 * Validation of the evaluate request body (spec 1, "POST /v1/systemone" and "Question").
 *
 * Order, as the spec fixes it:
 *   1. a body that is not JSON gives one issue with an empty path;
 *   2. every field problem (shape, question rules, model, media content) is collected in one pass;
 *   3. token limits, against the resolved model's tokenizer (see token-budget.ts);
 *   4. the serialized-size check of `state` + `questions`, last, and then the only issue.
 * This module does 1 and 2; `evaluate-request.ts` runs the whole sequence.
 */
import { findMedia } from "./media.js"
import { type ModelSpec, resolveModel } from "./models.js"
import type { ChoiceQuestion, NoulQuestion, Question, ScoreQuestion } from "./question.js"
import { type Issue, issue } from "./issue.js"

export const MAX_QUESTIONS = 512

export interface ValidEvaluateRequest {
  readonly state: unknown
  readonly questions: Readonly<Record<string, Question>>
  readonly model: ModelSpec
}

export type FieldValidation =
  | { readonly _tag: "Valid"; readonly request: ValidEvaluateRequest }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<Issue> }

const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

const nonEmpty = (s: unknown): boolean => typeof s === "string" && s.trim().length > 0

/** Step 2: all field problems of a parsed body in one pass. */
export const validateFields = (body: unknown): FieldValidation => {
  const issues: Array<Issue> = []
  if (!isPlainObject(body)) {
    return { _tag: "Invalid", issues: [issue([], "must be a JSON object with state and questions")] }
  }

  if (!hasOwn(body, "state")) issues.push(issue(["state"], "is required"))
  else for (const m of findMedia(body.state, ["state"])) issues.push(issue(m.path, m.message))

  // no prototype: an id such as `__proto__` is an own key like any other
  const questions: Record<string, Question> = Object.create(null)
  if (!hasOwn(body, "questions")) {
    issues.push(issue(["questions"], "is required"))
  } else if (!isPlainObject(body.questions)) {
    issues.push(issue(["questions"], "must be an object mapping question ids to questions"))
  } else {
    const ids = Object.keys(body.questions)
    if (ids.length === 0) issues.push(issue(["questions"], "at least 1 question required"))
    if (ids.length > MAX_QUESTIONS) issues.push(issue(["questions"], `at most ${MAX_QUESTIONS} questions allowed`))
    for (const id of ids) {
      const q = validateQuestion(id, body.questions[id], issues)
      if (q !== undefined) questions[id] = q
    }
  }

  const resolution = resolveModel(body.model)
  if (resolution._tag === "Invalid") issues.push(issue(["model"], resolution.message))

  if (issues.length > 0 || resolution._tag === "Invalid") return { _tag: "Invalid", issues }
  return { _tag: "Valid", request: { state: body.state, questions, model: resolution.model } }
}

const validateInstructions = (q: Record<string, unknown>, path: ReadonlyArray<string>, issues: Array<Issue>) => {
  if (hasOwn(q, "instructions") && typeof q.instructions !== "string") {
    issues.push(issue([...path, "instructions"], "must be a string"))
    return false
  }
  return true
}

const validateQuestion = (id: string, raw: unknown, issues: Array<Issue>): Question | undefined => {
  const path = ["questions", id]
  if (id.trim().length === 0) {
    issues.push(issue(path, "question id must not be empty or whitespace only"))
  }
  if (!isPlainObject(raw)) {
    issues.push(issue(path, "must be an object"))
    return undefined
  }
  const before = issues.length
  for (const m of findMedia(raw, path)) issues.push(issue(m.path, m.message))
  if (!hasOwn(raw, "type")) {
    issues.push(issue([...path, "type"], "is required"))
    return undefined
  }
  let q: Question | undefined
  switch (raw.type) {
    case "noul":
      q = validateNoul(raw, path, issues)
      break
    case "choice":
      q = validateChoice(raw, path, issues)
      break
    case "score":
      q = validateScore(raw, path, issues)
      break
    default:
      issues.push(issue([...path, "type"], "must be one of noul, choice, score"))
      return undefined
  }
  return issues.length === before ? q : undefined
}

const validateNoul = (raw: Record<string, unknown>, path: ReadonlyArray<string>, issues: Array<Issue>): NoulQuestion | undefined => {
  const before = issues.length
  validateInstructions(raw, path, issues)
  let criteria: NoulQuestion["criteria"]
  if (hasOwn(raw, "criteria")) {
    const c = raw.criteria
    if (!isPlainObject(c)) {
      issues.push(issue([...path, "criteria"], "must be an object"))
    } else {
      const out: { true?: string | null; false?: string | null } = {}
      for (const key of ["true", "false"] as const) {
        if (!hasOwn(c, key)) continue
        const v = c[key]
        if (v !== null && typeof v !== "string") issues.push(issue([...path, "criteria", key], "must be a string or null"))
        else out[key] = v
      }
      criteria = out
    }
  }
  if (issues.length > before) return undefined
  const instructions = raw.instructions as string | undefined
  if (!nonEmpty(instructions) && !nonEmpty(criteria?.true) && !nonEmpty(criteria?.false)) {
    issues.push(issue(path, "needs non-empty instructions or at least one non-empty criteria entry (true or false)"))
    return undefined
  }
  return { type: "noul", instructions, criteria }
}

const validateChoice = (raw: Record<string, unknown>, path: ReadonlyArray<string>, issues: Array<Issue>): ChoiceQuestion | undefined => {
  const before = issues.length
  validateInstructions(raw, path, issues)
  const criteria: Record<string, string | null> = Object.create(null)
  if (!hasOwn(raw, "criteria")) {
    issues.push(issue([...path, "criteria"], "is required"))
  } else if (!isPlainObject(raw.criteria)) {
    issues.push(issue([...path, "criteria"], "must be an object mapping labels to descriptions"))
  } else {
    const labels = Object.keys(raw.criteria)
    if (labels.length === 0) issues.push(issue([...path, "criteria"], "must have at least one label"))
    for (const label of labels) {
      const v = raw.criteria[label]
      if (v !== null && typeof v !== "string") issues.push(issue([...path, "criteria", label], "must be a string or null"))
      else criteria[label] = v
    }
  }
  if (issues.length > before) return undefined
  return { type: "choice", instructions: raw.instructions as string | undefined, criteria }
}

const validateScore = (raw: Record<string, unknown>, path: ReadonlyArray<string>, issues: Array<Issue>): ScoreQuestion | undefined => {
  const before = issues.length
  validateInstructions(raw, path, issues)
  if (!hasOwn(raw, "criteria")) {
    issues.push(issue([...path, "criteria"], "is required"))
  } else if (!Array.isArray(raw.criteria)) {
    issues.push(issue([...path, "criteria"], "must be an array of levels"))
  } else {
    if (raw.criteria.length === 0) issues.push(issue([...path, "criteria"], "must have at least one level"))
    raw.criteria.forEach((level, i) => {
      if (typeof level !== "string") issues.push(issue([...path, "criteria", String(i)], "must be a string"))
    })
  }
  if (issues.length > before) return undefined
  return { type: "score", instructions: raw.instructions as string | undefined, criteria: raw.criteria as Array<string> }
}
