/** QuestionAnswerer: answers only from the passages, with valid citations. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const PASSAGES = [
  { id: "p1", text: "The invoice INV-1001 is due on 2026-03-31." },
  { id: "p2", text: "Payment terms are net 30." }
]

const ask = (question: string, passages = PASSAGES) =>
  Effect.flatMap(Intelligence.QuestionAnswerer, (a) => a.answer({ question, passages })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

describe("answer", () => {
  it.effect("sends the passages with their ids and the question; returns the cited answer", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { found: true, answer: " 2026-03-31 ", citations: ["p1", "p9", "p1"], confidence: 0.88 } })
      expect(yield* ask("When is INV-1001 due?")).toEqual({ found: true, answer: "2026-03-31", citations: ["p1"], confidence: 0.88 })
      const body = fake().requests[0]!.body
      expect(body.response_format.json_schema).toMatchObject({ name: "answer", strict: true })
      expect(body.response_format.json_schema.schema.properties.citations.items.enum).toEqual(["p1", "p2"])
      const prompt = userPrompt(body)
      expect(prompt).toContain("[p1] The invoice INV-1001 is due on 2026-03-31.")
      expect(prompt).toContain("Question: When is INV-1001 due?")
    }))

  it.effect("not supported by the passages: found false with an empty answer, also when no citation is valid", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { found: false, answer: "", citations: [], confidence: 0 } })
      expect(yield* ask("Who signed?")).toEqual({ found: false, answer: "", citations: [], confidence: 0 })
      fake().chat = () => ({ content: { found: true, answer: "Alice", citations: ["p7"], confidence: 0.9 } })
      expect(yield* ask("Who signed?")).toEqual({ found: false, answer: "", citations: [], confidence: 0 })
    }))

  it.effect("no passages or an empty question: not found, no request", () =>
    Effect.gen(function*() {
      expect((yield* ask("anything", [])).found).toBe(false)
      expect((yield* ask("   ")).found).toBe(false)
      expect(fake().requests).toHaveLength(0)
    }))
})
