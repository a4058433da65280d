/** Embedder: requests, L2 normalization, dimensions, batching and bad answers. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { OpenAiIntelligence } from "../src/index.js"
import { fakeVector } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const norm = (v: Float32Array) => Math.sqrt(v.reduce((a, x) => a + x * x, 0))

const failed = (exit: Exit.Exit<unknown, Intelligence.EngineFailed>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  const e = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined
  expect(e).toBeInstanceOf(Intelligence.EngineFailed)
  expect(e!.operation).toBe("embed")
  return e!
}

describe("embed", () => {
  it.effect("sends the embedding model and the texts; returns L2-normalized vectors in input order; the first answer fixes the size", () =>
    Effect.gen(function*() {
      const embedder = yield* Intelligence.Embedder
      expect(embedder.model).toBe("fake-embed")
      expect(embedder.dimensions).toBe(0)
      const out = yield* embedder.embed(["alpha", "beta"])
      expect(embedder.dimensions).toBe(8)
      expect(out).toHaveLength(2)
      for (const v of out) {
        expect(v).toBeInstanceOf(Float32Array)
        expect(norm(v)).toBeCloseTo(1, 5)
      }
      const raw = fakeVector("beta")
      const rawNorm = Math.sqrt(raw.reduce((a, x) => a + x * x, 0))
      expect(out[1]![0]).toBeCloseTo(raw[0]! / rawNorm, 5)
      const request = fake().requests[0]!
      expect(request.path).toBe("/v1/embeddings")
      expect(request.headers.authorization).toBe("Bearer sk-test-key")
      expect(request.body).toEqual({ model: "fake-embed", input: ["alpha", "beta"] })
      // another size later is an error
      fake().embed = (input) => input.map(() => [1, 2, 3])
      expect(failed(yield* Effect.exit(embedder.embed(["x"]))).message).toContain("3 dimensions, expected 8")
    }).pipe(Effect.provide(OpenAiIntelligence.layer(config()))))

  it.effect("configured dimensions are known at once, sent, and checked", () =>
    Effect.gen(function*() {
      const embedder = yield* Intelligence.Embedder
      expect(embedder.dimensions).toBe(4)
      fake().embed = (input) => input.map((t) => fakeVector(t, 4))
      yield* embedder.embed(["a"])
      expect(fake().requests[0]!.body.dimensions).toBe(4)
      fake().embed = (input) => input.map((t) => fakeVector(t, 8))
      expect(failed(yield* Effect.exit(embedder.embed(["a"]))).message).toContain("8 dimensions, expected 4")
    }).pipe(Effect.provide(OpenAiIntelligence.layer(config({ embeddingDimensions: 4 })))))

  it.effect("sends long lists in batches and keeps the order; an empty list needs no request", () =>
    Effect.gen(function*() {
      const embedder = yield* Intelligence.Embedder
      const texts = Array.from({ length: 300 }, (_, i) => `text ${i}`)
      const out = yield* embedder.embed(texts)
      expect(fake().requests.map((r) => r.body.input.length)).toEqual([128, 128, 44])
      const expected = fakeVector("text 299")
      const n = Math.sqrt(expected.reduce((a, x) => a + x * x, 0))
      expect(out[299]![3]).toBeCloseTo(expected[3]! / n, 5)
      expect(yield* embedder.embed([])).toEqual([])
      expect(fake().requests).toHaveLength(3)
    }).pipe(Effect.provide(OpenAiIntelligence.layer(config()))))

  it.effect("a wrong number of vectors, a zero vector or a bad body is an EngineFailed", () =>
    Effect.gen(function*() {
      const embedder = yield* Intelligence.Embedder
      fake().embed = () => [[1, 0]]
      expect(failed(yield* Effect.exit(embedder.embed(["a", "b"]))).message).toContain("1 vectors for 2 inputs")
      fake().embed = (input) => input.map(() => [0, 0])
      expect(failed(yield* Effect.exit(embedder.embed(["a"]))).message).toContain("zero or not finite")
      fake().failNext({ kind: "status", status: 200, body: JSON.stringify({ data: [{ index: 0, embedding: "nope" }] }) })
      expect(failed(yield* Effect.exit(embedder.embed(["a"]))).message).toContain("the embeddings answer does not have the expected shape")
    }).pipe(Effect.provide(OpenAiIntelligence.layer(config()))))
})
