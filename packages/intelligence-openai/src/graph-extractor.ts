/**
 * The graph extractor on a chat model with structured output (spec 3, "Knowledge graph"): the
 * model reads the file's document.md (a bounded prefix) and answers its entities — typed by the
 * workspace's ontology, each with the words it read them in — their facts, and the relations
 * between them. The response schema is made per request, its type enums being the ontology's.
 *
 * What the model says is checked against the text, never taken on trust: every entity, fact and
 * relation must quote words the document holds (found exactly, else up to case and spacing), and
 * its range is where they are; an entity whose quote and names are nowhere in the text is dropped
 * (no entity from world knowledge), as is a relation whose type the ontology does not allow
 * between its entities' types or whose quote is not in the text.
 */
import { Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, engineFailed, snakeCase, strictObject } from "./internal/text.js"

type FileGraph = Intelligence.FileGraph
type Mention = Intelligence.Mention

const MAX_CHARS = 60_000

export const graphResponseSchema = (ontology: Intelligence.GraphExtractInput["ontology"]): Record<string, unknown> =>
  strictObject({
    entities: {
      type: "array",
      items: strictObject({
        key: { type: "string", description: "a short id of your choice, unique in this answer; relations name entities by it" },
        type: { type: "string", enum: ontology.node_types.map((t) => t.name) },
        name: { type: "string", description: "the fullest name the document gives, as written" },
        aliases: { type: "array", items: { type: "string" }, description: "other names the document uses for it" },
        quote: { type: "string", description: "the words naming it in the document, copied exactly" },
        facts: {
          type: "array",
          items: strictObject({
            predicate: { type: "string", description: "lower snake case: registration_number, role, address, …" },
            value: { type: "string" },
            quote: { type: "string", description: "the words stating it, copied exactly" }
          })
        }
      })
    },
    relations: {
      type: "array",
      items: strictObject({
        type: { type: "string", enum: ontology.edge_types.map((t) => t.name) },
        from: { type: "string", description: "the key of the source entity" },
        to: { type: "string", description: "the key of the target entity" },
        quote: { type: "string", description: "the words stating the relation, copied exactly (one sentence at most)" }
      })
    }
  })

const Answer = Schema.Struct({
  entities: Schema.Array(Schema.Struct({
    key: Schema.String,
    type: Schema.String,
    name: Schema.String,
    aliases: Schema.Array(Schema.String),
    quote: Schema.String,
    facts: Schema.Array(Schema.Struct({ predicate: Schema.String, value: Schema.String, quote: Schema.String }))
  })),
  relations: Schema.Array(Schema.Struct({ type: Schema.String, from: Schema.String, to: Schema.String, quote: Schema.String }))
})
type AnswerShape = typeof Answer.Type

const systemPrompt = (ontology: Intelligence.GraphExtractInput["ontology"]): string => [
  "You build a knowledge graph from one business document. Report the entities it names and the relations it states, using only these types.",
  "Entity types:",
  ...ontology.node_types.map((t) => `- ${t.name}: ${t.description}`),
  "Relation types (from → to):",
  ...ontology.edge_types.map((e) => `- ${e.name} (${e.from_types.join("|")} → ${e.to_types.join("|")}): ${e.description}`),
  "Only what the document states: no entity or relation from your own knowledge. One entity per real-world thing (its other names as aliases).",
  "Every quote is copied exactly from the document. Amounts as written with their currency; dates as YYYY-MM-DD in name, as written in aliases."
].join("\n")

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Where `quote` is in `text`: exactly, else up to case and spacing; null when it is not there. */
export const locateQuote = (text: string, quote: string): { start: number; end: number } | null => {
  const q = quote.trim()
  if (q === "") return null
  const exact = text.indexOf(q)
  if (exact >= 0) return { start: exact, end: exact + q.length }
  const words = q.split(/\s+/).map(escape)
  const m = new RegExp(words.join("\\s+"), "i").exec(text)
  return m === null ? null : { start: m.index, end: m.index + m[0].length }
}

export const graphOf = (answer: AnswerShape, input: Intelligence.GraphExtractInput, readable: number): FileGraph => {
  const text = input.markdown.slice(0, readable)
  const nodeTypes = new Set(input.ontology.node_types.map((t) => t.name))
  const edges = new Map(input.ontology.edge_types.map((e) => [e.name, e]))
  const sheets = input.components.filter((c) => c.kind === "sheet")
  const sections = input.components.filter((c) => c.kind !== "document" && c.kind !== "sheet")
  const mention = (at: { start: number; end: number }): Mention => {
    const sheet = sheets.find((c) => c.char_start <= at.start && at.start < c.char_end)
    const section = sheet ?? sections.filter((c) => c.char_start <= at.start && at.start < c.char_end).sort((a, b) => (a.char_end - a.char_start) - (b.char_end - b.char_start))[0]
    return {
      page: sheet !== undefined ? null : (input.pages.find((p) => p.char_start <= at.start && at.start < p.char_end)?.page ?? null),
      component: section?.name ?? null,
      char_start: at.start,
      char_end: at.end,
      quote: text.slice(at.start, Math.min(at.end, at.start + Intelligence.MAX_QUOTE_CHARS))
    }
  }
  const types = new Map<string, string>()
  const entities: Array<Intelligence.ExtractedEntity> = []
  for (const e of answer.entities) {
    if (!nodeTypes.has(e.type) || types.has(e.key) || e.name.trim() === "") continue
    const at = locateQuote(text, e.quote) ?? [e.name, ...e.aliases].map((n) => locateQuote(text, n)).find((x) => x !== null) ?? null
    if (at === null) continue
    const m = mention(at)
    const facts = e.facts.flatMap((f) => {
      const where = locateQuote(text, f.quote)
      const predicate = snakeCase(f.predicate)
      return predicate === "" || f.value.trim() === "" ? [] : [{ predicate, value: f.value.trim(), mention: where === null ? m : mention(where) }]
    })
    types.set(e.key, e.type)
    entities.push({ key: e.key, type: e.type, name: e.name.trim(), aliases: [...new Set(e.aliases.map((a) => a.trim()).filter((a) => a !== "" && a !== e.name.trim()))], facts, mentions: [m] })
  }
  const relations = answer.relations.flatMap((r) => {
    const edge = edges.get(r.type)
    const from = types.get(r.from)
    const to = types.get(r.to)
    if (edge === undefined || from === undefined || to === undefined || r.from === r.to || !edge.from_types.includes(from) || !edge.to_types.includes(to)) return []
    const at = locateQuote(text, r.quote)
    return at === null ? [] : [{ type: r.type, from: r.from, to: r.to, mention: mention(at) }]
  })
  return { entities, relations }
}

export const makeGraphExtractor = (client: OpenAiClient): Intelligence.GraphExtractorService => ({
  extract: (input) => {
    if (input.markdown.trim() === "" || input.ontology.node_types.length === 0) return Effect.succeed({ entities: [], relations: [] })
    const shown = bounded(input.markdown, MAX_CHARS)
    const readable = Math.min(input.markdown.length, MAX_CHARS)
    return client.chatJson(
      {
        messages: [
          { role: "system", content: systemPrompt(input.ontology) },
          { role: "user", content: `Document ${input.path}${input.category === null ? "" : ` (${input.category})`}:\n<<<\n${shown}\n>>>` }
        ],
        jsonSchema: { name: "graph", schema: graphResponseSchema(input.ontology) }
      },
      Answer
    ).pipe(
      Effect.map((answer) => graphOf(answer, input, readable)),
      Effect.mapError(engineFailed("graph"))
    )
  }
})
