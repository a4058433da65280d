/** DomainGenerator: the prompt (description, wishes, the local starting point), and the mending of the model's draft. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const generate = (input: Intelligence.GenerateDomainInput) =>
  Effect.flatMap(Intelligence.DomainGenerator, (g) => g.generate(input)).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

const answer = {
  suggested_slug: "Property Management",
  suggested_display_name: "Property management",
  classes: [
    { group: "leasing", subgroup: "lease", description: "Residential and commercial leases.", document_type: "lease", aliases: ["tenancy agreement"] },
    { group: "leasing", subgroup: "lease", description: "A repeat.", document_type: "lease", aliases: [] },
    { group: "finance", subgroup: "rent_roll", description: "Rent rolls listing units, tenants and rents.", document_type: "rent_roll", aliases: ["tenancy agreement", "rent schedule"] }
  ],
  allow_other: true,
  node_types: [
    { name: "organisation", tier: 1, description: "A company." },
    { name: "tenant", tier: 1, description: "A tenant." },
    { name: "unit", tier: 5, description: "A unit." }
  ],
  edge_types: [
    { name: "rents", from_types: ["tenant"], to_types: ["unit", "building"], description: "The tenant rents the unit." },
    { name: "owns", from_types: ["landlord"], to_types: ["unit"], description: "No such node type." }
  ]
}

describe("generate", () => {
  it.effect("sends the description, the caller's wishes and the local draft as a starting point; mends the answer into a valid draft", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: answer })
      const g = yield* generate({ description: "A property management company: leases, rent rolls.", display_name: "Estates" })
      expect(g.suggested_display_name).toBe("Estates")
      expect(g.suggested_slug).toBe("estates")
      expect(g.taxonomy.classes.map((c) => [c.subgroup, c.aliases])).toEqual([["lease", ["tenancy agreement"]], ["rent_roll", ["rent schedule"]]])
      expect(g.ontology.node_types.find((t) => t.name === "unit")?.tier).toBe(3)
      expect(g.ontology.edge_types).toEqual([{ name: "rents", from_types: ["tenant"], to_types: ["unit"], description: "The tenant rents the unit." }])
      const body = fake().requests[0]!.body
      expect(body.response_format.json_schema).toMatchObject({ name: "domain", strict: true })
      const prompt = userPrompt(body)
      expect(prompt).toContain("A property management company: leases, rent rolls.")
      expect(prompt).toContain("display name: Estates")
      expect(prompt).toContain("\"subgroup\":\"lease\"")
    }))

  it.effect("a reserved slug from the model is not suggested", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { ...answer, suggested_slug: "legal", suggested_display_name: "Legal" } })
      expect((yield* generate({ description: "contracts" })).suggested_slug).toBe("legal_custom")
    }))

  it.effect("a failing model or an unusable answer is the port's EngineFailed", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { nothing: true } })
      const bad = yield* Effect.either(generate({ description: "contracts" }))
      expect(Either.isLeft(bad) && bad.left).toMatchObject({ _tag: "EngineFailed", operation: "generate_domain" })
      fake().failNext({ kind: "status", status: 400, body: "{\"error\":{\"message\":\"bad request\"}}" })
      const failed = yield* Effect.either(generate({ description: "contracts" }))
      expect(Either.isLeft(failed) && failed.left).toMatchObject({ _tag: "EngineFailed", operation: "generate_domain" })
    }))
})
