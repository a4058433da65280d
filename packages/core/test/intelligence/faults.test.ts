/**
 * The model faults around every intelligence port, including those no spec-2 operation calls yet
 * (embed, answer, generate_domain): each call is delayed on the service clock or fails with the port's
 * `EngineFailed`, and is handed through unchanged without a fault.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Fiber, Layer, TestClock } from "effect"
import { compileExtractSchema } from "../../src/documents/schema/compile.js"
import { QuestionAnswerer } from "../../src/intelligence/answerer.js"
import { DocumentClassifier } from "../../src/intelligence/classifier.js"
import { DomainGenerator } from "../../src/intelligence/domain-generator.js"
import { Embedder } from "../../src/intelligence/embedder.js"
import { EngineFailed } from "../../src/intelligence/engine-error.js"
import { FieldExtractor } from "../../src/intelligence/extractor.js"
import { intelligenceFaults } from "../../src/intelligence/faults.js"
import { Grounder } from "../../src/intelligence/grounder.js"
import { LocalIntelligenceLive } from "../../src/intelligence/local/index.js"
import { Faults, FaultsLive } from "../../src/kernel/faults.js"
import { SearchAgent } from "../../src/intelligence/search-agent.js"

const engine = Layer.provideMerge(intelligenceFaults, Layer.merge(LocalIntelligenceLive, FaultsLive))
const categories = [{ key: "invoice", description: null }]
const schema = () => Either.getOrThrow(compileExtractSchema({ type: "object", properties: { number: { type: "string" } } }))

/** one call to each port, with the operation name its failure carries */
const calls = [
  ["classify", Effect.flatMap(DocumentClassifier, (c) => c.classify({ text: "Invoice INV-1", categories, multiLabel: false }))],
  ["classify", Effect.flatMap(DocumentClassifier, (c) => c.segment({ pages: ["Invoice INV-1"], categories }))],
  ["extract", Effect.flatMap(FieldExtractor, (x) =>
    x.extract({ schema: schema(), content: { markdown: "", pages: [], blocks: [], sheets: [] } }))],
  ["ground", Effect.flatMap(Grounder, (g) => g.locate({ units: [], queries: [] }))],
  ["embed", Effect.flatMap(Embedder, (e) => e.embed(["invoice"]))],
  ["answer", Effect.flatMap(QuestionAnswerer, (a) => a.answer({ question: "What is it?", passages: [{ id: "p1", text: "An invoice." }] }))],
  ["generate_domain", Effect.flatMap(DomainGenerator, (g) => g.generate({ description: "invoices and receipts" }))],
  ["search_agent", Effect.flatMap(SearchAgent, (a) =>
    a.next({ query: "When is INV-1 due?", context: null, tier: "low", allow_clarification: false, path_prefix: null, history: [], observations: [], steps_left: 6 }))]
] as const

describe("intelligence faults", () => {
  it.effect("model_error fails every engine call with the port's EngineFailed, named by its operation", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(Faults, (f) => f.update((s) => ({ ...s, model_error: true })))
      for (const [operation, call] of calls) {
        const result = yield* Effect.either(call as Effect.Effect<unknown, EngineFailed, never>)
        expect(Either.isLeft(result), operation).toBe(true)
        const error = (result as Either.Left<EngineFailed, unknown>).left
        expect(error).toBeInstanceOf(EngineFailed)
        expect(error).toMatchObject({ operation, message: "injected fault: model_error" })
      }
      yield* Effect.flatMap(Faults, (f) => f.update((s) => ({ ...s, model_error: false })))
      for (const [operation, call] of calls) {
        expect(Either.isRight(yield* Effect.either(call as Effect.Effect<unknown, EngineFailed, never>)), operation).toBe(true)
      }
    }).pipe(Effect.provide(engine)))

  it.effect("model_delay_ms delays every engine call on the service clock, then answers as the engine does", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(Faults, (f) => f.update((s) => ({ ...s, model_delay_ms: 2_000 })))
      for (const [operation, call] of calls) {
        const fiber = yield* Effect.fork(call as Effect.Effect<unknown, EngineFailed, never>)
        yield* TestClock.adjust(1_999)
        expect(fiber.unsafePoll(), operation).toBeNull()
        yield* TestClock.adjust(1)
        expect(Either.isRight(yield* Effect.either(Fiber.join(fiber))), operation).toBe(true)
      }
    }).pipe(Effect.provide(engine)))
})
