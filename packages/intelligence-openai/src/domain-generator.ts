/**
 * The domain generator on a chat model with structured output (spec 3, "POST
 * /v1/domains/generate"). The description goes in with the local generator's draft as a starting
 * point (the platform classes the description names or is closest to, with the generic ontology);
 * `{suggested_slug, suggested_display_name, classes, allow_other, node_types, edge_types}` comes
 * back. The answer is not trusted: `settleGeneratedDomain` mends what validation would refuse
 * (repeated classes and types, edges naming unknown node types, bad tiers, reserved slugs), so the
 * draft always passes `validateDomain`.
 */
import { Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, engineFailed, strictObject } from "./internal/text.js"

/** characters of the description a request shows */
export const MAX_DESCRIPTION_CHARS = 20_000

const RawDomain = Schema.Struct({
  suggested_slug: Schema.String,
  suggested_display_name: Schema.String,
  classes: Schema.Array(Schema.Struct({
    group: Schema.String,
    subgroup: Schema.String,
    description: Schema.String,
    document_type: Schema.String,
    aliases: Schema.Array(Schema.String)
  })),
  allow_other: Schema.Boolean,
  node_types: Schema.Array(Schema.Struct({ name: Schema.String, tier: Schema.Number, description: Schema.String })),
  edge_types: Schema.Array(Schema.Struct({
    name: Schema.String,
    from_types: Schema.Array(Schema.String),
    to_types: Schema.Array(Schema.String),
    description: Schema.String
  }))
})

const strings = { type: "array", items: { type: "string" } }

const DOMAIN_SCHEMA = strictObject({
  suggested_slug: { type: "string", description: "lower-case words joined by _, at most 64 characters" },
  suggested_display_name: { type: "string", description: "1 to 200 characters" },
  classes: {
    type: "array",
    items: strictObject({
      group: { type: "string", description: "snake_case family of documents, no /" },
      subgroup: { type: "string", description: "snake_case class within the group, no /" },
      description: { type: "string", description: "what belongs in the class, written as a classifier's instruction" },
      document_type: { type: "string", description: "snake_case kind of document" },
      aliases: { ...strings, description: "other names practitioners use; each names this class only" }
    })
  },
  allow_other: { type: "boolean", description: "whether files fitting no class may be classified as other" },
  node_types: {
    type: "array",
    items: strictObject({
      name: { type: "string", description: "snake_case" },
      tier: { type: "integer", description: "1 principal entities (organisation, person), 2 instruments and documents (contract, invoice), 3 values (amount, date, identifier)" },
      description: { type: "string" }
    })
  },
  edge_types: {
    type: "array",
    items: strictObject({
      name: { type: "string", description: "snake_case" },
      from_types: { ...strings, description: "names of node types above" },
      to_types: { ...strings, description: "names of node types above" },
      description: { type: "string" }
    })
  }
})

const SYSTEM =
  "You design document taxonomies and knowledge-graph ontologies for a document-intelligence service. " +
  "Answer in the JSON format asked for."

export const makeDomainGenerator = (client: OpenAiClient): Intelligence.DomainGeneratorService => ({
  generate: (input) => {
    const seed = Intelligence.LocalIntelligence.generateDomainLocally(input)
    const user = [
      "Draft a domain for the documents described below: a taxonomy (classes with group, subgroup, description, document_type, aliases) and an ontology (node types and edge types).",
      "Cover every kind of document the description names, and the ones such an organisation usually holds; a class's description must let a classifier decide what belongs in it.",
      "Keep the ontology's edges between node types you declare. Keep the generic node types and edges given unless they do not apply, and add the entities particular to the domain.",
      input.display_name !== undefined ? `The tenant wants the display name: ${bounded(input.display_name, 200)}` : "",
      input.slug !== undefined ? `The tenant wants the slug: ${bounded(input.slug, 64)}` : "",
      "",
      "Starting point (platform classes close to the description, and the generic ontology):",
      JSON.stringify({ classes: seed.taxonomy.classes, node_types: seed.ontology.node_types, edge_types: seed.ontology.edge_types }),
      "",
      "Description:",
      "<<<",
      bounded(input.description, MAX_DESCRIPTION_CHARS),
      ">>>"
    ].filter((line, i, all) => line !== "" || all[i - 1] !== "").join("\n")
    return client.chatJson(
      {
        messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }],
        jsonSchema: { name: "domain", schema: DOMAIN_SCHEMA }
      },
      RawDomain
    ).pipe(
      Effect.map((raw) =>
        Intelligence.settleGeneratedDomain(input, {
          taxonomy: { classes: raw.classes, allow_other: raw.allow_other },
          ontology: { node_types: raw.node_types, edge_types: raw.edge_types },
          slug: raw.suggested_slug,
          display_name: raw.suggested_display_name
        })),
      Effect.mapError(engineFailed("generate_domain"))
    )
  }
})
