/** The HTTP side: request shape, retries, timeouts and every failure as an `EngineFailed`. */
import { Intelligence, ManualClock } from "@docket/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { OpenAiIntelligence } from "../src/index.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const TAXONOMY = [{ key: "invoice", description: "A bill" }, { key: "contract", description: null }]

const classify = (over: Parameters<typeof config>[0] = {}) =>
  Effect.flatMap(Intelligence.DocumentClassifier, (c) => c.classify({ text: "INVOICE 42", categories: TAXONOMY, multiLabel: false })).pipe(
    Effect.provide(OpenAiIntelligence.layer(config(over)))
  )

const failure = <A>(exit: Exit.Exit<A, Intelligence.EngineFailed>): Intelligence.EngineFailed => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const e = exit.cause._tag === "Fail" ? exit.cause.error : undefined
  if (!(e instanceof Intelligence.EngineFailed)) throw new Error(`expected EngineFailed, got ${String(exit.cause)}`)
  return e
}

describe("OpenAI-compatible client", () => {
  it.effect("sends the chat model, temperature 0, a strict json_schema response format and the bearer key", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { categories: [{ key: "invoice", confidence: 0.9 }], freeform: null, freeform_confidence: 0, summary: "An invoice." } })
      yield* classify()
      const [request] = fake().requests
      expect(request!.method).toBe("POST")
      expect(request!.path).toBe("/v1/chat/completions")
      expect(request!.headers.authorization).toBe("Bearer sk-test-key")
      expect(request!.headers["content-type"]).toContain("application/json")
      expect(request!.body).toMatchObject({
        model: "fake-chat",
        temperature: 0,
        response_format: { type: "json_schema", json_schema: { name: "classification", strict: true } }
      })
      expect(request!.body.logprobs).toBeUndefined()
      const schema = request!.body.response_format.json_schema.schema
      expect(schema).toMatchObject({ type: "object", additionalProperties: false, required: ["categories", "freeform", "freeform_confidence", "summary"] })
      expect(schema.properties.categories.items.properties.key.enum).toEqual(["invoice", "contract"])
    }))

  it.effect("sends no authorization header without a key; a trailing slash of the base URL is ignored", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { categories: [], freeform: null, freeform_confidence: 0, summary: "" } })
      yield* classify({ apiKey: undefined, baseUrl: `${fake().url}/` })
      expect(fake().requests[0]!.headers.authorization).toBeUndefined()
      expect(fake().requests[0]!.path).toBe("/v1/chat/completions")
    }))

  it.effect("retries a 500 once and a 429 once, then succeeds", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { categories: [{ key: "invoice", confidence: 0.8 }], freeform: null, freeform_confidence: 0, summary: "" } })
      fake().failNext({ kind: "status", status: 500 })
      expect((yield* classify()).categories[0]!.key).toBe("invoice")
      expect(fake().requests).toHaveLength(2)
      fake().reset()
      fake().chat = () => ({ content: { categories: [{ key: "contract", confidence: 0.8 }], freeform: null, freeform_confidence: 0, summary: "" } })
      fake().failNext({ kind: "status", status: 429 })
      expect((yield* classify()).categories[0]!.key).toBe("contract")
      expect(fake().requests).toHaveLength(2)
    }))

  it.effect("a second 5xx is an EngineFailed naming the status and the endpoint's message (one retry only)", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "status", status: 503 }, { kind: "status", status: 502 }, { kind: "status", status: 500 })
      const e = failure(yield* Effect.exit(classify()))
      expect(e.operation).toBe("classify")
      expect(e.message).toContain("answered 502")
      expect(e.message).toContain("fake failure 502")
      expect(fake().requests).toHaveLength(2)
    }))

  it.effect("a 4xx other than 429 is not retried, and the key never appears in the message", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "status", status: 401, body: JSON.stringify({ error: { message: "Incorrect API key provided" } }) })
      const e = failure(yield* Effect.exit(classify()))
      expect(e.message).toContain("answered 401: Incorrect API key provided")
      expect(e.message).not.toContain("sk-test-key")
      expect(fake().requests).toHaveLength(1)
    }))

  it.effect("a body that is not JSON is an EngineFailed", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "malformed" })
      const e = failure(yield* Effect.exit(classify()))
      expect(e.message).toContain("not JSON")
    }))

  it.effect("message content that is not JSON, or JSON of the wrong shape, is an EngineFailed", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: "Sure! Here is the classification: invoice" })
      expect(failure(yield* Effect.exit(classify())).message).toContain("the model's answer is not JSON")
      fake().chat = () => ({ content: "{\"categories\": [", finish_reason: "length" })
      expect(failure(yield* Effect.exit(classify())).message).toContain("cut off")
      fake().chat = () => ({ content: { categories: "invoice" } })
      expect(failure(yield* Effect.exit(classify())).message).toContain("does not have the expected shape")
      fake().chat = () => ({ content: "", refusal: "I can't help with that" })
      expect(failure(yield* Effect.exit(classify())).message).toContain("the model refused: I can't help with that")
    }))

  it.effect("a completion without choices is an EngineFailed", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "status", status: 200, body: JSON.stringify({ choices: [] }) })
      expect(failure(yield* Effect.exit(classify())).message).toContain("the chat completion does not have the expected shape")
    }))

  it.effect("an endpoint that never answers fails after the configured timeout, and is not retried", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "hang" }, { kind: "hang" })
      const e = failure(yield* Effect.exit(classify({ timeoutMs: 50 })))
      expect(e.message).toContain("did not answer within 50 ms")
      expect(fake().requests).toHaveLength(1)
    }))

  it.effect("the timeout runs on real time even when Docket runs on a manual clock", () =>
    Effect.gen(function*() {
      fake().failNext({ kind: "hang" })
      const exit = yield* Effect.exit(classify({ timeoutMs: 50 })).pipe(Effect.withClock(new ManualClock()))
      expect(failure(exit).message).toContain("did not answer within 50 ms")
    }))

  it.effect("an unreachable endpoint is an EngineFailed", () =>
    Effect.gen(function*() {
      const e = failure(yield* Effect.exit(classify({ baseUrl: "http://127.0.0.1:1/v1" })))
      expect(e.message).toContain("could not reach the endpoint")
    }))

  it.effect("a host's own HttpClient can replace fetch (layerWithClient)", () =>
    Effect.gen(function*() {
      let seen = 0
      const counting = Layer.effect(
        HttpClient.HttpClient,
        Effect.map(HttpClient.HttpClient, (c) => HttpClient.tapRequest(c, () => Effect.sync(() => seen++)))
      ).pipe(Layer.provide(FetchHttpClient.layer))
      fake().chat = () => ({ content: { categories: [{ key: "invoice", confidence: 1 }], freeform: null, freeform_confidence: 0, summary: "" } })
      yield* Effect.flatMap(Intelligence.DocumentClassifier, (c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: false })).pipe(
        Effect.provide(OpenAiIntelligence.layerWithClient(config()).pipe(Layer.provide(counting)))
      )
      expect(seen).toBe(1)
    }))
})
