/** GraphExtractor: the per-ontology strict schema, the graph made of the answer with its ranges found in the text, and what is refused. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { graphResponseSchema, locateQuote, OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const node = (name: string) => ({ name, tier: 1, description: `a ${name}` })
const edge = (name: string, from: Array<string>, to: Array<string>) => ({ name, from_types: from, to_types: to, description: name })
const ontology: Intelligence.GraphExtractInput["ontology"] = {
  node_types: [node("organisation"), node("person"), node("contract")],
  edge_types: [edge("party_to", ["organisation", "person"], ["contract"]), edge("represents", ["person"], ["organisation"]), edge("employed_by", ["person"], ["organisation"])]
}
const TEXT = "# Supply Agreement\n\nThis Agreement is made between Acme Ltd and Globex Corporation.\n\nSigned by Jane Doe, Director of Acme Ltd."

const input = (markdown = TEXT): Intelligence.GraphExtractInput => ({
  path: "contracts/supply.md",
  category: "agreements/contract",
  ontology,
  markdown,
  pages: [{ page: 1, char_start: 0, char_end: markdown.length }],
  components: [{ kind: "document", name: "supply.md", char_start: 0, char_end: markdown.length }]
})

const extract = (i = input()) => Effect.flatMap(Intelligence.GraphExtractor, (x) => x.extract(i)).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

const entity = (over: Record<string, unknown>) => ({ key: "e", type: "organisation", name: "", aliases: [], quote: "", facts: [], ...over })

describe("graph extract", () => {
  it.effect("sends the document under a strict schema whose enums are the ontology's; places every answer at the words it quotes", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          entities: [
            entity({ key: "acme", name: "Acme Ltd", aliases: ["Acme"], quote: "Acme Ltd" }),
            entity({ key: "globex", name: "Globex Corporation", quote: "globex   corporation" }),
            entity({ key: "jane", type: "person", name: "Jane Doe", quote: "Jane Doe", facts: [{ predicate: "Role", value: "Director", quote: "Jane Doe, Director" }] }),
            entity({ key: "c", type: "contract", name: "Supply Agreement", quote: "Supply Agreement" })
          ],
          relations: [
            { type: "party_to", from: "acme", to: "c", quote: "This Agreement is made between Acme Ltd and Globex Corporation." },
            { type: "represents", from: "jane", to: "acme", quote: "Jane Doe, Director of Acme Ltd" }
          ]
        }
      })
      const graph = yield* extract()
      expect(graph.entities.map((e) => [e.key, e.type, e.name, e.aliases])).toEqual([
        ["acme", "organisation", "Acme Ltd", ["Acme"]],
        ["globex", "organisation", "Globex Corporation", []],
        ["jane", "person", "Jane Doe", []],
        ["c", "contract", "Supply Agreement", []]
      ])
      for (const e of graph.entities) for (const m of [...e.mentions, ...e.facts.map((f) => f.mention)]) expect(TEXT.slice(m.char_start, m.char_end)).toBe(m.quote)
      expect(graph.entities[1]!.mentions[0]!.quote).toBe("Globex Corporation")
      expect(graph.entities[2]!.facts).toEqual([{ predicate: "role", value: "Director", mention: expect.objectContaining({ quote: "Jane Doe, Director", page: 1 }) }])
      expect(graph.relations.map((r) => [r.type, r.from, r.to, r.mention.quote])).toEqual([
        ["party_to", "acme", "c", "This Agreement is made between Acme Ltd and Globex Corporation."],
        ["represents", "jane", "acme", "Jane Doe, Director of Acme Ltd"]
      ])
      const body = fake().requests[0]!.body
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "graph", schema: graphResponseSchema(ontology), strict: true } })
      const schema = graphResponseSchema(ontology) as { properties: { entities: { items: { properties: { type: { enum: Array<string> } } } } } }
      expect(schema.properties.entities.items.properties.type.enum).toEqual(ontology.node_types.map((t) => t.name))
      expect(userPrompt(body)).toContain("Signed by Jane Doe")
    }))

  it.effect("drops an entity the text does not name, an unknown type, a relation the ontology does not allow or whose quote is not in the text", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          entities: [
            entity({ key: "acme", name: "Acme Ltd", quote: "Acme Ltd" }),
            entity({ key: "ghost", name: "Initech LLC", quote: "Initech LLC" }),
            entity({ key: "w", type: "widget", name: "Globex Corporation", quote: "Globex Corporation" }),
            entity({ key: "jane", type: "person", name: "Jane Doe", quote: "Jane Doe" })
          ],
          relations: [
            { type: "employed_by", from: "acme", to: "jane", quote: "Jane Doe, Director of Acme Ltd" },
            { type: "represents", from: "jane", to: "acme", quote: "Jane Doe is the chair of Acme" },
            { type: "represents", from: "jane", to: "ghost", quote: "Jane Doe" }
          ]
        }
      })
      const graph = yield* extract()
      expect(graph.entities.map((e) => e.key)).toEqual(["acme", "jane"])
      expect(graph.relations).toEqual([])
    }))

  it("finds a quote exactly, else up to case and spacing", () => {
    expect(locateQuote("a Acme  LTD b", "Acme LTD")).toEqual({ start: 2, end: 11 })
    expect(locateQuote("a Acme  LTD b", "acme ltd")).toEqual({ start: 2, end: 11 })
    expect(locateQuote("a Acme b", "Globex")).toBeNull()
  })

  it.effect("an answer of the wrong shape is an EngineFailed; an empty document needs no request", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { entities: "none" } })
      const exit = yield* Effect.exit(extract())
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error instanceof Intelligence.EngineFailed && exit.cause.error.operation).toBe("graph")
      fake().reset()
      expect(yield* extract(input(" \n"))).toEqual({ entities: [], relations: [] })
      expect(fake().requests).toHaveLength(0)
    }))
})
