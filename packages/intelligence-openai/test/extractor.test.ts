/** FieldExtractor: the response schema built from the compiled extraction schema, and the answer. */
import { Documents, Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Exit } from "effect"
import { OpenAiIntelligence, responseSchema } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const compile = (schema: unknown): Documents.CompiledExtractSchema => Either.getOrThrow(Either.mapLeft(Documents.compileExtractSchema(schema), (p) => new Error(JSON.stringify(p))))

const INVOICE = compile({
  type: "object",
  properties: {
    invoice_number: { type: "string", description: "The invoice's number" },
    total: { type: "number" },
    paid: { type: ["boolean", "null"] },
    currency: { type: "string", enum: ["USD", "EUR"] },
    vendor: { type: "object", title: "Vendor", properties: { name: { type: "string" }, vat_id: { type: "string" } }, required: ["name"] },
    lines: { type: "array", items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "integer" } } } },
    tags: { type: "array", items: { type: "string" } }
  },
  required: ["invoice_number"]
})

const content = (markdown: string) => ({ markdown, pages: [], blocks: [], sheets: [] })

describe("extract", () => {
  it("builds a strict response schema: every property required and nullable, objects closed, arrays of items", () => {
    expect(responseSchema(INVOICE)).toEqual({
      type: "object",
      properties: {
        invoice_number: { type: ["string", "null"], description: "The invoice's number" },
        total: { type: ["number", "null"] },
        paid: { type: ["boolean", "null"] },
        currency: { type: ["string", "null"], enum: ["USD", "EUR", null] },
        vendor: {
          anyOf: [
            {
              type: "object",
              description: "Vendor",
              properties: { name: { type: ["string", "null"] }, vat_id: { type: ["string", "null"] } },
              required: ["name", "vat_id"],
              additionalProperties: false
            },
            { type: "null" }
          ]
        },
        lines: {
          anyOf: [
            {
              type: "array",
              items: {
                type: "object",
                properties: { description: { type: ["string", "null"] }, quantity: { type: ["integer", "null"] } },
                required: ["description", "quantity"],
                additionalProperties: false
              }
            },
            { type: "null" }
          ]
        },
        tags: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }] }
      },
      required: ["invoice_number", "total", "paid", "currency", "vendor", "lines", "tags"],
      additionalProperties: false
    })
  })

  it.effect("sends the schema and the batch's markdown, and returns the parsed answer as it is", () =>
    Effect.gen(function*() {
      const answer = { invoice_number: "INV-1", total: 1694, paid: null, currency: "USD", vendor: { name: "Acme", vat_id: null }, lines: [], tags: null }
      fake().chat = () => ({ content: answer })
      const out = yield* Effect.flatMap(Intelligence.FieldExtractor, (x) => x.extract({ schema: INVOICE, content: content("# INVOICE\n\nInvoice Number: INV-1") })).pipe(
        Effect.provide(OpenAiIntelligence.layer(config()))
      )
      expect(out).toEqual(answer)
      const body = fake().requests[0]!.body
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "extraction", schema: responseSchema(INVOICE), strict: true } })
      expect(userPrompt(body)).toContain("# INVOICE\n\nInvoice Number: INV-1")
    }))

  it.effect("an answer that is not a JSON object is an EngineFailed; empty content needs no request", () =>
    Effect.gen(function*() {
      const run = (markdown: string) =>
        Effect.flatMap(Intelligence.FieldExtractor, (x) => x.extract({ schema: INVOICE, content: content(markdown) })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))
      fake().chat = () => ({ content: "[1, 2]" })
      const exit = yield* Effect.exit(run("text"))
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error instanceof Intelligence.EngineFailed && exit.cause.error.operation).toBe("extract")
      fake().reset()
      expect(yield* run("  \n")).toEqual({})
      expect(fake().requests).toHaveLength(0)
    }))
})
