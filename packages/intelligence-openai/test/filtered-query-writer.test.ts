/** FilteredQueryWriter: the strict response schema, the plan made of the answer, and an answer that does not decode. */
import { Intelligence, Workspaces } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { filteredQueryResponseSchema, OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const write = (question: string, allow_clarification = false) =>
  Effect.flatMap(Intelligence.FilteredQueryWriter, (w) =>
    w.write({
      question,
      context: null,
      columns: Workspaces.Catalog.CATALOG_FIELDS,
      document_types: [{ document_type: "invoice", aliases: ["bill"] }],
      allow_clarification
    })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

const filter = (over: Record<string, unknown>) => ({ field: "", op: "equals", value: null, scheme: null, from: null, to: null, currency: null, min: null, max: null, status: null, ...over })
const answer = (over: Record<string, unknown>) => ({
  outcome: "query", shape: "list", n: null, document_types: [], filters: [], sort: null, interpretation: "", clarification: null, message: null, ...over
})

describe("filtered query writer", () => {
  it.effect("sends the question, the columns and the document types under a strict schema; keeps only each filter's own properties", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: answer({
          shape: "top",
          n: 5,
          document_types: ["invoice"],
          filters: [filter({ field: "issuer", op: "contains", value: "Acme" }), filter({ field: "total_amount", op: "amount_range", currency: "EUR", min: "10000" })],
          sort: { field: "total_amount", direction: "desc", currency: "EUR" },
          interpretation: "The 5 largest invoices from Acme over 10,000 EUR; amounts in EUR only, never converted."
        })
      })
      const plan = yield* write("top 5 invoices from Acme over 10,000 EUR")
      expect(plan).toEqual({
        kind: "query",
        query: {
          shape: "top",
          n: 5,
          document_types: ["invoice"],
          filters: [{ field: "issuer", op: "contains", value: "Acme" }, { field: "total_amount", op: "amount_range", currency: "EUR", min: "10000" }],
          sort: { field: "total_amount", direction: "desc", currency: "EUR" }
        },
        interpretation: "The 5 largest invoices from Acme over 10,000 EUR; amounts in EUR only, never converted."
      })
      const body = fake().requests[0]!.body
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "filtered_query", schema: filteredQueryResponseSchema, strict: true } })
      expect(userPrompt(body)).toContain("top 5 invoices from Acme")
      expect(JSON.stringify(body.messages)).toContain("invoice: bill")
    }))

  it.effect("a clarification and cannot_express become the port's plans", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: answer({ outcome: "clarification", clarification: "Which currency?" }) })
      expect(yield* write("invoices over 10,000", true)).toEqual({ kind: "clarification", question: "Which currency?" })
      fake().chat = () => ({ content: answer({ outcome: "cannot_express", message: "no colour column" }) })
      expect(yield* write("red invoices")).toEqual({ kind: "cannot_express", message: "no colour column" })
    }))

  it.effect("an answer that does not decode is an EngineFailed", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { outcome: "query", shape: "sideways" } })
      const exit = yield* Effect.exit(write("invoices"))
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error instanceof Intelligence.EngineFailed && exit.cause.error.operation).toBe("filtered_query")
    }))
})
