/** GraphExtractor: the strict schema with the ontology's types, mentions located in the text, and what is dropped. */
import { Intelligence, Workspaces } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { locateQuote } from "../src/graph-extractor.js"
import { OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const PAGE_1 = "## Parties\n\nThis agreement is made between Northwind Logistics Ltd and Globex GmbH.\n"
const PAGE_2 = "## Signatures\n\nSigned by Jane  Miller, Director of Northwind Logistics Ltd."
const MARKDOWN = `${PAGE_1}${PAGE_2}`

const input: Intelligence.GraphExtractInput = {
  path: "contracts/supply.md",
  category: "agreements/contract",
  ontology: Workspaces.GENERIC_ONTOLOGY,
  markdown: MARKDOWN,
  pages: [{ page: 1, char_start: 0, char_end: PAGE_1.length }, { page: 2, char_start: PAGE_1.length, char_end: MARKDOWN.length }],
  components: [
    { kind: "document", name: "supply.md", char_start: 0, char_end: MARKDOWN.length },
    { kind: "section", name: "Parties", char_start: 0, char_end: PAGE_1.length },
    { kind: "section", name: "Signatures", char_start: PAGE_1.length, char_end: MARKDOWN.length }
  ]
}

const extract = () => Effect.flatMap(Intelligence.GraphExtractor, (x) => x.extract(input)).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

const entity = (key: string, type: string, name: string, quote: string, facts: Array<unknown> = [], aliases: Array<string> = []) => ({ key, type, name, aliases, quote, facts })

describe("graph extract", () => {
  it.effect("asks under a strict schema whose enums are the ontology's types; every mention's range holds its quote, with its page and section", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          entities: [
            entity("e1", "organisation", "Northwind Logistics Ltd", "Northwind Logistics Ltd", [], ["Northwind"]),
            entity("e2", "organisation", "Globex GmbH", "Globex GmbH"),
            entity("e3", "person", "Jane Miller", "Jane Miller", [{ predicate: "Role", value: "Director", quote: "Director of Northwind Logistics Ltd" }]),
            entity("e4", "contract", "Supply agreement", "This agreement")
          ],
          relations: [
            { type: "party_to", from: "e1", to: "e4", quote: "made between Northwind Logistics Ltd and Globex GmbH" },
            { type: "represents", from: "e3", to: "e1", quote: "Jane Miller, Director of Northwind Logistics Ltd" }
          ]
        }
      })
      const graph = yield* extract()
      expect(graph.entities.map((e) => [e.type, e.name])).toEqual([
        ["organisation", "Northwind Logistics Ltd"], ["organisation", "Globex GmbH"], ["person", "Jane Miller"], ["contract", "Supply agreement"]
      ])
      for (const e of graph.entities) {
        for (const m of [...e.mentions, ...e.facts.map((f) => f.mention)]) expect(MARKDOWN.slice(m.char_start, m.char_end)).toBe(m.quote)
      }
      // spacing relaxed: "Jane  Miller" is found for "Jane Miller", on page 2 in its section
      const jane = graph.entities[2]!
      expect(jane.mentions[0]).toMatchObject({ page: 2, component: "Signatures", quote: "Jane  Miller" })
      expect(jane.facts).toEqual([{ predicate: "role", value: "Director", mention: expect.objectContaining({ page: 2, quote: "Director of Northwind Logistics Ltd" }) }])
      expect(graph.entities[0]!.aliases).toEqual(["Northwind"])
      expect(graph.relations.map((r) => r.type)).toEqual(["party_to", "represents"])
      for (const r of graph.relations) expect(MARKDOWN.slice(r.mention.char_start, r.mention.char_end)).toBe(r.mention.quote)
      const body = fake().requests[0]!.body
      const schema = body.response_format.json_schema
      expect(schema.strict).toBe(true)
      expect(schema.schema.properties.entities.items.properties.type.enum).toEqual(Workspaces.GENERIC_ONTOLOGY.node_types.map((n) => n.name))
      expect(schema.schema.properties.relations.items.properties.type.enum).toEqual(Workspaces.GENERIC_ONTOLOGY.edge_types.map((e) => e.name))
      expect(userPrompt(body)).toContain("Northwind Logistics Ltd and Globex GmbH")
    }))

  it.effect("drops entities the text does not hold, unknown types, relations the ontology does not allow or naming unknown keys", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          entities: [
            entity("e1", "organisation", "Northwind Logistics Ltd", "Northwind Logistics Ltd"),
            entity("e2", "organisation", "Acme Corp", "Acme Corp"),
            entity("e3", "spaceship", "Globex GmbH", "Globex GmbH"),
            entity("e4", "person", "Jane Miller", "Jane Miller")
          ],
          relations: [
            { type: "subsidiary_of", from: "e4", to: "e1", quote: "Jane Miller" },
            { type: "employed_by", from: "e4", to: "e9", quote: "Jane Miller" },
            { type: "employed_by", from: "e4", to: "e1", quote: "not in the text" },
            { type: "employed_by", from: "e4", to: "e1", quote: "Director of Northwind Logistics Ltd" }
          ]
        }
      })
      const graph = yield* extract()
      expect(graph.entities.map((e) => e.name)).toEqual(["Northwind Logistics Ltd", "Jane Miller"])
      expect(graph.relations).toEqual([{ type: "employed_by", from: expect.any(String), to: expect.any(String), mention: expect.objectContaining({ quote: "Director of Northwind Logistics Ltd" }) }])
    }))

  it("locates a quote exactly, else across spacing and case, else not at all", () => {
    expect(locateQuote("a Globex GmbH b", "Globex GmbH")).toEqual({ start: 2, end: 13 })
    expect(locateQuote("a GLOBEX\n  gmbh b", "Globex GmbH")).toEqual({ start: 2, end: 15 })
    expect(locateQuote("a b", "Initech")).toBeUndefined()
    expect(locateQuote("a b", "  ")).toBeUndefined()
  })
})
