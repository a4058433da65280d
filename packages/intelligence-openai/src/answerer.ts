/**
 * The question answerer on a chat model with structured output: the passages (with their ids)
 * and the question go in; `{found, answer, citations, confidence}` comes back. The model is told
 * to answer only from the passages. Citations outside the given ids and repeats are dropped; an
 * answer with no valid citation, or an empty one, is not supported by the passages and becomes
 * `found: false` with an empty answer.
 */
import type { Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, confidence, engineFailed, strictObject } from "./internal/text.js"

/** characters of one passage shown to the model */
export const MAX_PASSAGE_CHARS = 4_000

const RawAnswer = Schema.Struct({
  found: Schema.Boolean,
  answer: Schema.String,
  citations: Schema.Array(Schema.String),
  confidence: Schema.Number
})

const SYSTEM = [
  "You answer a question using only the passages given, never outside knowledge.",
  "Cite the ids of the passages the answer comes from, most relevant first.",
  "When the passages do not state the answer, set found to false, answer to an empty string and confidence to 0."
].join(" ")

const NONE: Intelligence.QuestionAnswer = { found: false, answer: "", citations: [], confidence: 0 }

export const makeAnswerer = (client: OpenAiClient): Intelligence.QuestionAnswererService => ({
  answer: (input: Intelligence.AnswerInput) => {
    if (input.question.trim() === "" || input.passages.length === 0) return Effect.succeed(NONE)
    const ids = [...new Set(input.passages.map((p) => p.id))]
    const user = [
      "Passages:",
      ...input.passages.map((p) => `[${p.id}] ${bounded(p.text, MAX_PASSAGE_CHARS)}`),
      "",
      `Question: ${input.question.trim()}`
    ].join("\n")
    const schema = strictObject({
      found: { type: "boolean" },
      answer: { type: "string" },
      citations: { type: "array", items: { type: "string", enum: ids } },
      confidence: { type: "number", description: "0 to 1" }
    })
    return client.chatJson(
      { messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }], jsonSchema: { name: "answer", schema } },
      RawAnswer
    ).pipe(
      Effect.map((raw): Intelligence.QuestionAnswer => {
        const known = new Set(ids)
        const citations = [...new Set(raw.citations)].filter((id) => known.has(id))
        const answer = raw.answer.trim()
        if (!raw.found || answer === "" || citations.length === 0) return { ...NONE, citations }
        return { found: true, answer, citations, confidence: confidence(raw.confidence) }
      }),
      Effect.mapError(engineFailed("answer"))
    )
  }
})
