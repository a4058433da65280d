/**
 * The graph extractor on a chat model with structured output: the file's markdown, in windows of
 * `WINDOW_CHARS`, is what the model reads, with the ontology's node and edge types as enums. It
 * answers entities (type, fullest name, other names, facts, and the words it read each in) and
 * relations between them (each with the words stating it). Every quote is looked up in the window
 * (exactly, else with spacing and case relaxed): what the file does not hold is dropped, so every
 * mention's range holds its quote. A relation whose edge type does not allow its ends' types is
 * dropped. Entities of the same type and name across windows become one.
 */
import type { Intelligence, Workspaces } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { engineFailed, strictObject } from "./internal/text.js"

type FileGraph = Workspaces.Graph.FileGraph
type Mention = Workspaces.Graph.Mention

export const WINDOW_CHARS = 40_000
const MAX_QUOTE = 300

export const graphResponseSchema = (nodeTypes: ReadonlyArray<string>, edgeTypes: ReadonlyArray<string>): Record<string, unknown> =>
  strictObject({
    entities: {
      type: "array",
      items: strictObject({
        key: { type: "string", description: "a short id of your own, unique in this answer (e1, e2, …)" },
        type: { type: "string", enum: nodeTypes },
        name: { type: "string", description: "the fullest name the text gives, as written" },
        aliases: { type: "array", items: { type: "string" }, description: "other names the text uses for it" },
        quote: { type: "string", description: "the words of the text naming it, copied exactly" },
        facts: {
          type: "array",
          items: strictObject({
            predicate: { type: "string", description: "lower snake case: role, registration_number, address, …" },
            value: { type: "string" },
            quote: { type: "string", description: "the words of the text stating it, copied exactly" }
          })
        }
      })
    },
    relations: {
      type: "array",
      items: strictObject({
        type: { type: "string", enum: edgeTypes },
        from: { type: "string", description: "the key of the source entity" },
        to: { type: "string", description: "the key of the target entity" },
        quote: { type: "string", description: "the words of the text stating the relation, copied exactly" }
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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** `[start, end)` of `quote` in `text` from `offset`: exact, else words apart by any spacing, any case */
export const locateQuote = (text: string, quote: string): { readonly start: number; readonly end: number } | undefined => {
  const q = quote.trim()
  if (q === "") return undefined
  const exact = text.indexOf(q)
  if (exact >= 0) return { start: exact, end: exact + q.length }
  const words = q.split(/\s+/).filter((w) => w !== "").map(escape)
  if (words.length === 0) return undefined
  const m = new RegExp(words.join("[\\s*_|#>-]+"), "iu").exec(text)
  return m === null ? undefined : { start: m.index, end: m.index + m[0].length }
}

/** the page and component (the innermost holding it) of a range of the markdown */
const placeOf = (input: Intelligence.GraphExtractInput, start: number): Pick<Mention, "page" | "component"> => {
  const page = input.pages.find((p) => p.char_start <= start && start < p.char_end)?.page ?? null
  let component: Intelligence.GraphExtractComponent | undefined
  for (const c of input.components) {
    if (c.kind === "document" || c.char_start > start || start >= c.char_end) continue
    if (component === undefined || c.char_end - c.char_start < component.char_end - component.char_start) component = c
  }
  return { page, component: component?.name ?? null }
}

const SYSTEM = (input: Intelligence.GraphExtractInput) =>
  [
    "You read one business document for a knowledge graph. Report the entities it names and the relations it states between them.",
    "Entity types (use only these):",
    ...input.ontology.node_types.map((n) => `- ${n.name}: ${n.description}`),
    "Relation types (use only these, only from and to the types given):",
    ...input.ontology.edge_types.map((e) => `- ${e.name} (${e.from_types.join("|")} → ${e.to_types.join("|")}): ${e.description}`),
    "Use only what the text states, never what you know from elsewhere. Every quote is copied exactly from the text.",
    "One entity per thing: put other names of it (short forms, with or without Ltd/Inc) in aliases."
  ].join("\n")

export const makeGraphExtractor = (client: OpenAiClient): Intelligence.GraphExtractorService => ({
  extract: (input) =>
    Effect.gen(function*() {
      const nodeTypes = input.ontology.node_types.map((n) => n.name)
      const edgeTypes = input.ontology.edge_types.map((e) => e.name)
      const edgeRules = new Map(input.ontology.edge_types.map((e) => [e.name, e]))
      const schema = graphResponseSchema(nodeTypes, edgeTypes)
      const entities = new Map<string, { type: string; name: string; aliases: Set<string>; facts: Array<Workspaces.Graph.ExtractedFact>; mentions: Array<Mention> }>()
      const relations: Array<Workspaces.Graph.ExtractedRelation> = []
      const seenRelations = new Set<string>()
      for (let from = 0; from < input.markdown.length; from += WINDOW_CHARS) {
        const window = input.markdown.slice(from, from + WINDOW_CHARS)
        if (window.trim() === "") continue
        const answer = yield* client.chatJson(
          {
            messages: [
              { role: "system", content: SYSTEM(input) },
              { role: "user", content: `File ${input.path}${input.category === null ? "" : ` (${input.category})`}:\n<<<\n${window}\n>>>` }
            ],
            jsonSchema: { name: "knowledge_graph", schema }
          },
          Answer
        ).pipe(Effect.mapError(engineFailed("extract_graph")))
        const mention = (quote: string): Mention | undefined => {
          const at = locateQuote(window, quote)
          if (at === undefined) return undefined
          const start = from + at.start
          const end = from + at.end
          return { ...placeOf(input, start), char_start: start, char_end: end, quote: input.markdown.slice(start, end).slice(0, MAX_QUOTE) }
        }
        const keys = new Map<string, string>()
        for (const e of answer.entities) {
          const name = e.name.trim()
          const m = mention(e.quote) ?? mention(name)
          if (!nodeTypes.includes(e.type) || name === "" || m === undefined) continue
          const key = `${e.type}\n${name.toLowerCase()}`
          keys.set(e.key, key)
          const held = entities.get(key) ?? { type: e.type, name, aliases: new Set<string>(), facts: [], mentions: [] }
          entities.set(key, held)
          held.mentions.push(m)
          for (const a of e.aliases) if (a.trim() !== "" && a.trim() !== name) held.aliases.add(a.trim())
          for (const f of e.facts) {
            const fm = mention(f.quote)
            if (fm !== undefined && f.predicate.trim() !== "" && f.value.trim() !== "") {
              held.facts.push({ predicate: f.predicate.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_"), value: f.value.trim(), mention: fm })
            }
          }
        }
        for (const r of answer.relations) {
          const a = keys.get(r.from)
          const b = keys.get(r.to)
          const rule = edgeRules.get(r.type)
          if (a === undefined || b === undefined || rule === undefined || a === b) continue
          if (!rule.from_types.includes(entities.get(a)!.type) || !rule.to_types.includes(entities.get(b)!.type)) continue
          const m = mention(r.quote)
          if (m === undefined || seenRelations.has(`${r.type}\n${a}\n${b}`)) continue
          seenRelations.add(`${r.type}\n${a}\n${b}`)
          relations.push({ type: r.type, from: a, to: b, mention: m })
        }
      }
      const graph: FileGraph = {
        entities: [...entities].map(([key, e]) => ({ key, type: e.type, name: e.name, aliases: [...e.aliases], facts: e.facts, mentions: e.mentions })),
        relations
      }
      return graph
    })
})
