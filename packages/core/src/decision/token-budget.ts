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
import { stringifyJson } from "../kernel/json.js"
import type { Fleet, ModelSpec } from "./models.js"
import type { Question } from "./question.js"
import { type EncodingName, getEncoding } from "./tokenizer/index.js"
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

/**
 * Token counts of short question texts, per encoding: a direct-mapped memo (a pure function's,
 * bounded in slots and text length). Question texts repeat across requests (an integration asks
 * the same questions about every state); counting such a text again costs several times more
 * than hashing and comparing it. Direct-mapped rather than a Map: a miss only overwrites one slot,
 * with no rehashing, clearing or growth. States are not memoized: they differ from one request to
 * the next in real traffic, and a memo of them would only flatter a benchmark that repeats one.
 */
const MEMO_TEXT_MAX = 256
const MEMO_SLOTS = 1024

/**
 * A memo of token counts, one text per slot (the last one seen). The key is the text itself, or,
 * for `questionType`, the instructions of a question of that type without criteria.
 */
class CountMemo {
  private readonly keys: Array<string | undefined> = new Array<string | undefined>(MEMO_SLOTS).fill(undefined)
  private readonly counts = new Int32Array(MEMO_SLOTS)

  constructor(
    private readonly encoding: EncodingName,
    private readonly questionType: Question["type"] | null
  ) {}

  count(key: string): number {
    let h = key.length
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
    const slot = (h ^ (h >>> 15)) & (MEMO_SLOTS - 1)
    if (this.keys[slot] === key) return this.counts[slot]
    const text = this.questionType === null ? key : questionText({ type: this.questionType, instructions: key } as Question)
    const n = getEncoding(this.encoding).countTokens(text)
    this.keys[slot] = key
    this.counts[slot] = n
    return n
  }
}

/** Memos by encoding (and question type), created on first use; ids are constant strings. */
const memos = new Map<string, CountMemo>()

const memoFor = (id: string, encoding: EncodingName, questionType: Question["type"] | null): CountMemo => {
  let memo = memos.get(id)
  if (memo === undefined) {
    memo = new CountMemo(encoding, questionType)
    memos.set(id, memo)
  }
  return memo
}

/** Token count of a question's JSON text (memoized when short). */
const countText = (name: EncodingName, text: string): number => {
  if (text.length > MEMO_TEXT_MAX) return getEncoding(name).countTokens(text)
  return memoFor(name, name, null).count(text)
}

/**
 * Token count of a question's text. A question without criteria (a noul question asked by its
 * instructions alone, the most common kind) is memoized under its instructions string as parsed,
 * since (encoding, type, instructions) determine its text: no JSON text is built on a hit.
 */
const countQuestion = (name: EncodingName, q: Question): number => {
  const instructions = q.instructions
  if (q.criteria !== undefined || instructions === undefined || instructions.length > MEMO_TEXT_MAX) {
    return countText(name, questionText(q))
  }
  const ids = QUESTION_MEMO_IDS[q.type]
  return memoFor(name === "o200k_base" ? ids.o200k : ids.cl100k, name, q.type).count(instructions)
}

const QUESTION_MEMO_IDS: Readonly<Record<Question["type"], { readonly o200k: string; readonly cl100k: string }>> = {
  noul: { o200k: "o200k_base noul", cl100k: "cl100k_base noul" },
  choice: { o200k: "o200k_base choice", cl100k: "cl100k_base choice" },
  score: { o200k: "o200k_base score", cl100k: "cl100k_base score" }
}

export const countTokens = (
  model: ModelSpec,
  state: unknown,
  questions: Readonly<Record<string, Question>>
): TokenCounts => {
  const encoding = model.encoding
  const stateTokens = getEncoding(encoding).countTokens(stateText(state))
  let longest = 0
  let all = 0
  for (const id in questions) {
    const n = countQuestion(encoding, questions[id])
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
