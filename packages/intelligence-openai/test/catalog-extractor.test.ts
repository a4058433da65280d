/** CatalogExtractor: the strict response schema, the cells made of the answer, and what is refused. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { catalogResponseSchema, OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const PAGES = [
  { page: 1, text: "ACME GmbH\nInvoice No. INV-9\nInvoice date: 14 March 2024" },
  { page: 2, text: "Total due: EUR 1,234.50\nShipping 12.00" }
]

const cell = (over: Record<string, unknown>) => ({
  field: "document_date", status: "found", text: "", date: null, name: null, scheme: null, identifier: null, amount: null, currency: null, page: 1, source_text: "", ...over
})

const extract = (pages = PAGES) =>
  Effect.flatMap(Intelligence.CatalogExtractor, (x) => x.extract({ component_kind: "document", pages })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

describe("catalog extract", () => {
  it.effect("sends the pages with their numbers under a strict schema; turns the answer into cited cells by the field's kind", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          cells: [
            cell({ field: "document_date", text: "14 March 2024", date: "2024-03-14", source_text: "Invoice date: 14 March 2024" }),
            cell({ field: "issuer", text: "ACME GmbH", name: "ACME GmbH", source_text: "ACME GmbH" }),
            cell({ field: "identifiers", text: "INV-9", scheme: "Invoice", identifier: "INV-9", source_text: "Invoice No. INV-9" }),
            cell({ field: "total_amount", text: "EUR 1,234.50", amount: "1234.50", currency: "eur", page: 2, source_text: "Total due: EUR 1,234.50" }),
            cell({ field: "amounts", status: "ambiguous", text: "12.00", page: 2, source_text: "Shipping 12.00" })
          ]
        }
      })
      const cells = yield* extract()
      expect(cells).toEqual([
        { field: "document_date", status: "found", value: { kind: "date", date: "2024-03-14" }, citation: { location: { kind: "page_region", page: 1 }, source_text: "Invoice date: 14 March 2024" } },
        { field: "issuer", status: "found", value: { kind: "party", name: "ACME GmbH" }, citation: { location: { kind: "page_region", page: 1 }, source_text: "ACME GmbH" } },
        { field: "identifiers", status: "found", value: { kind: "identifier", scheme: "invoice", value: "INV-9" }, citation: { location: { kind: "page_region", page: 1 }, source_text: "Invoice No. INV-9" } },
        { field: "total_amount", status: "found", value: { kind: "money", amount: "1234.50", currency: "EUR" }, citation: { location: { kind: "page_region", page: 2 }, source_text: "Total due: EUR 1,234.50" } },
        { field: "amounts", status: "ambiguous", value: { kind: "text", text: "12.00" }, citation: { location: { kind: "page_region", page: 2 }, source_text: "Shipping 12.00" } }
      ])
      const body = fake().requests[0]!.body
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "catalog", schema: catalogResponseSchema, strict: true } })
      expect(userPrompt(body)).toContain("[page 2]\nTotal due: EUR 1,234.50")
    }))

  it.effect("drops a cell quoting a line its page does not hold or naming an unknown field; keeps unnormalizable values as ambiguous", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          cells: [
            cell({ field: "document_date", date: "2024-03-14", page: 2, source_text: "Invoice date: 14 March 2024" }),
            cell({ field: "colour", text: "red", source_text: "ACME GmbH" }),
            cell({ field: "total_amount", text: "EUR 1,234.50", amount: "1,234.50", currency: "EUR", page: 2, source_text: "Total due: EUR 1,234.50" }),
            cell({ field: "expiry_date", text: "soon", date: "2024-02-31", source_text: "Invoice No. INV-9" })
          ]
        }
      })
      const cells = yield* extract()
      expect(cells.map((c) => [c.field, c.status, c.value])).toEqual([
        ["total_amount", "ambiguous", { kind: "text", text: "EUR 1,234.50" }],
        ["expiry_date", "ambiguous", { kind: "text", text: "soon" }]
      ])
    }))

  it.effect("an answer of the wrong shape is an EngineFailed; pages without text need no request", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { cells: "none" } })
      const exit = yield* Effect.exit(extract())
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error instanceof Intelligence.EngineFailed && exit.cause.error.operation).toBe("catalog")
      fake().reset()
      expect(yield* extract([{ page: 1, text: " \n" }])).toEqual([])
      expect(fake().requests).toHaveLength(0)
    }))
})
