/**
 * The decision evaluator on a chat model (POST /v1/systemone, spec 1): one chat request per
 * question, answered by a single token whose logprobs give the calibrated distribution.
 *
 * - noul: the model answers "yes" or "no"; p(yes) = the yes mass over yes + no, each summed over
 *   its spellings in `top_logprobs` (" Yes", "yes", "YES").
 * - choice: labels are shown as letters A, B, C… (indices 1, 2, 3… past 26 labels); the answer is
 *   the distribution over those codes.
 * - score: levels are shown as their indices 0, 1, 2… (an index is the score).
 *
 * Codes missing from `top_logprobs` share the mass the list leaves uncovered, then the
 * distribution is renormalized (it sums to 1, rounded to 6 decimals as the local evaluator does).
 * An answer token that is none of the codes, an answer without logprobs, or any HTTP failure is a
 * `ModelFailed`. The `model` of the request (dm-v1.0, dm-v1.5) does not change the chat model.
 */
import { Decision } from "@docket/core"
import { Effect } from "effect"
import { type ChatMessage, type OpenAiClient, OpenAiFailure } from "./internal/client.js"
import { argmax, choiceCodes, codeDistribution, normalizeCode, normalizeWord, round6, roundDistribution } from "./internal/logprobs.js"

const SYSTEM = [
  "You answer questions about a JSON state, using only what the state says.",
  "Reply with exactly one token: the answer code asked for, with no other text, punctuation or explanation."
].join(" ")

const stateBlock = (state: string) => `State (JSON):\n${state}`

const text = (s: string | null | undefined): string => (typeof s === "string" ? s.trim() : "")

const noulPrompt = (state: string, q: Decision.NoulQuestion): string => {
  const lines = [stateBlock(state), ""]
  const instructions = text(q.instructions)
  const yes = text(q.criteria?.true)
  const no = text(q.criteria?.false)
  lines.push(`Question: ${instructions !== "" ? instructions : "Does the state satisfy the criteria below?"}`)
  if (yes !== "") lines.push(`Answer "yes" when: ${yes}`)
  if (no !== "") lines.push(`Answer "no" when: ${no}`)
  lines.push("", "Answer with one word: yes or no.")
  return lines.join("\n")
}

const choicePrompt = (state: string, q: Decision.ChoiceQuestion, codes: ReadonlyArray<string>): string => {
  const labels = Object.keys(q.criteria)
  const instructions = text(q.instructions)
  const options = labels.map((label, i) => {
    const description = text(q.criteria[label])
    return `${codes[i]}. ${label}${description !== "" ? ` — ${description}` : ""}`
  })
  return [
    stateBlock(state),
    "",
    `Question: ${instructions !== "" ? instructions : "Which option fits the state best?"}`,
    "Options:",
    ...options,
    "",
    `Answer with the ${labels.length <= 26 ? "letter" : "number"} of the best option only.`
  ].join("\n")
}

const scorePrompt = (state: string, q: Decision.ScoreQuestion): string => {
  const instructions = text(q.instructions)
  return [
    stateBlock(state),
    "",
    `Question: ${instructions !== "" ? instructions : "Which level fits the state best?"}`,
    "Levels, in ascending order:",
    ...q.criteria.map((level, i) => `${i}. ${text(level)}`),
    "",
    "Answer with the number of the best level only."
  ].join("\n")
}

const messages = (user: string): ReadonlyArray<ChatMessage> => [
  { role: "system", content: SYSTEM },
  { role: "user", content: user }
]

/** The distribution over `codes` from the first answer token of one chat request. */
const ask = (client: OpenAiClient, user: string, codes: ReadonlyArray<string>, normalize: (t: string) => string) =>
  Effect.flatMap(
    client.chat({ messages: messages(user), topLogprobs: client.config.topLogprobs, maxTokens: 1 }),
    (answer) => {
      const first = answer.logprobs?.[0]
      if (first === undefined) {
        return Effect.fail(new OpenAiFailure({ message: "the endpoint sent no logprobs (the evaluator needs logprobs: true)", retryable: false }))
      }
      const p = codeDistribution(codes, first, normalize)
      if (p === null) {
        return Effect.fail(
          new OpenAiFailure({ message: `the model answered ${JSON.stringify(answer.content)}, none of ${codes.join(", ")}`, retryable: false })
        )
      }
      return Effect.succeed(p)
    }
  )

const answerQuestion = (client: OpenAiClient, state: string, q: Decision.Question): Effect.Effect<Decision.Answer, OpenAiFailure> => {
  switch (q.type) {
    case "noul":
      return Effect.map(ask(client, noulPrompt(state, q), ["yes", "no"], normalizeWord), (p) => ({
        type: "noul" as const,
        noul: round6(Math.min(1, Math.max(0, p[0]!)))
      }))
    case "choice": {
      const labels = Object.keys(q.criteria)
      if (labels.length === 0) return Effect.succeed({ type: "choice", choice: "", confidence: 0, probabilities: {} })
      const codes = choiceCodes(labels.length)
      return Effect.map(ask(client, choicePrompt(state, q, codes), codes, normalizeCode), (raw) => {
        const p = roundDistribution(raw)
        const best = argmax(p)
        return {
          type: "choice" as const,
          choice: labels[best]!,
          confidence: p[best]!,
          probabilities: Object.fromEntries(labels.map((label, i) => [label, p[i]!]))
        }
      })
    }
    case "score": {
      const levels = q.criteria
      if (levels.length === 0) return Effect.succeed({ type: "score", score: 0, level: "", confidence: 0, expected_score: 0, probabilities: [] })
      const codes = levels.map((_, i) => String(i))
      return Effect.map(ask(client, scorePrompt(state, q), codes, normalizeCode), (raw) => {
        const p = roundDistribution(raw)
        const best = argmax(p)
        const expected = p.reduce((acc, x, i) => acc + i * x, 0)
        return {
          type: "score" as const,
          score: best,
          level: levels[best]!,
          confidence: p[best]!,
          expected_score: Math.min(Math.max(0, round6(expected)), levels.length - 1),
          probabilities: p
        }
      })
    }
  }
}

export const makeEvaluator = (client: OpenAiClient): Decision.EvaluatorService => ({
  evaluate: ({ questions, state }) => {
    const serialized = JSON.stringify(state) ?? "null"
    const names = Object.keys(questions as Decision.Questions)
    return Effect.forEach(names, (name) => answerQuestion(client, serialized, questions[name]!), {
      concurrency: client.config.concurrency
    }).pipe(
      Effect.map((answers) => Object.fromEntries(names.map((name, i) => [name, answers[i]!] as const))),
      Effect.mapError((e) => new Decision.ModelFailed({ cause: e }))
    )
  }
})
