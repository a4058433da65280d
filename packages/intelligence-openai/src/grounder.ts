/**
 * The grounder on a chat model with structured output: the document's numbered text units and
 * the queries go in; per query, `{item_id, unit, matched_text, confidence}` answers come back. The
 * model's word is not trusted: an answer counts only when `matched_text` is found inside the
 * unit's text (exactly, else ignoring case), which gives its offsets; answers naming an unknown
 * query or unit, or text the unit does not contain, are dropped. Per query: at most
 * `MAX_SPANS` spans, best first, no repeats.
 */
import { type Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, confidence, engineFailed, strictObject } from "./internal/text.js"

export const MAX_SPANS = 3
/** characters of one unit shown to the model */
export const MAX_UNIT_CHARS = 1_000

const RawAnswers = Schema.Struct({
  answers: Schema.Array(
    Schema.Struct({ item_id: Schema.String, unit: Schema.Number, matched_text: Schema.String, confidence: Schema.Number })
  )
})

/** `[start, end)` of `needle` in `haystack`: exact first, then ignoring case; null when absent. */
export const locate = (haystack: string, needle: string): { readonly start: number; readonly end: number } | null => {
  if (needle === "") return null
  const exact = haystack.indexOf(needle)
  if (exact >= 0) return { start: exact, end: exact + needle.length }
  const lower = haystack.toLowerCase()
  const lowerNeedle = needle.toLowerCase()
  // lower-casing keeps UTF-16 offsets only when it keeps lengths
  if (lower.length !== haystack.length || lowerNeedle.length !== needle.length) return null
  const folded = lower.indexOf(lowerNeedle)
  return folded >= 0 ? { start: folded, end: folded + needle.length } : null
}

const unitLine = (u: Intelligence.GroundUnit): string => {
  const where = [u.section, u.cell].filter((s): s is string => s !== null && s !== "").join(" ")
  const links = [u.right !== null ? `right: ${u.right}` : null, u.below !== null ? `below: ${u.below}` : null].filter((s) => s !== null)
  return `[${u.id}] (${where}${links.length > 0 ? `; ${links.join(", ")}` : ""}) ${bounded(u.text, MAX_UNIT_CHARS).replace(/\n/g, " ")}`
}

const queryLine = (q: Intelligence.GroundQuery): string => {
  const hints: Array<string> = []
  if (q.hints.anchorText !== null) hints.push(`near "${q.hints.anchorText}"`)
  if (q.hints.pages.length > 0) hints.push(`on page ${q.hints.pages.join(", ")}`)
  if (q.hints.sheetName !== null) hints.push(`in sheet ${q.hints.sheetName}`)
  if (q.hints.cellHint !== null) hints.push(`at cell ${q.hints.cellHint}`)
  if (q.hints.rangeHint !== null) hints.push(`in range ${q.hints.rangeHint}`)
  const kind = q.semantic ? "find the value described" : "find this exact text"
  return `- ${JSON.stringify(q.itemId)} (${kind}): ${JSON.stringify(q.query)}${hints.length > 0 ? ` — ${hints.join("; ")}` : ""}`
}

const SYSTEM = [
  "You locate values in a document given as numbered text units.",
  "For each query, answer with the unit that holds it and matched_text copied character for character from that unit's text:",
  "only the value itself (not its label), as short as possible. Give up to three candidates per query, best first,",
  "each with a confidence from 0 to 1, and leave out queries the document does not answer."
].join(" ")

export const makeGrounder = (client: OpenAiClient): Intelligence.GrounderService => ({
  locate: (input: Intelligence.GroundInput) => {
    if (input.queries.length === 0) return Effect.succeed([])
    if (input.units.length === 0) return Effect.succeed(input.queries.map(() => []))
    const user = [
      "Text units ([id] (where) text; a label's value is often in the unit on its right or below it):",
      ...input.units.map(unitLine),
      "",
      "Queries (item_id, what to find):",
      ...input.queries.map(queryLine)
    ].join("\n")
    const schema = strictObject({
      answers: {
        type: "array",
        items: strictObject({
          item_id: { type: "string", enum: [...new Set(input.queries.map((q) => q.itemId))] },
          unit: { type: "integer" },
          matched_text: { type: "string" },
          confidence: { type: "number" }
        })
      }
    })
    return client.chatJson(
      { messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }], jsonSchema: { name: "grounding", schema } },
      RawAnswers
    ).pipe(
      Effect.map((raw) => {
        const byUnit = new Map(input.units.map((u) => [u.id, u]))
        const perItem = new Map<string, Array<Intelligence.GroundSpan>>()
        for (const a of raw.answers) {
          const unit = byUnit.get(a.unit)
          if (unit === undefined) continue
          const at = locate(unit.text, a.matched_text)
          if (at === null) continue
          const spans = perItem.get(a.item_id) ?? []
          if (spans.some((s) => s.unit === unit.id && s.start === at.start && s.end === at.end)) continue
          spans.push({ unit: unit.id, start: at.start, end: at.end, confidence: confidence(a.confidence) })
          perItem.set(a.item_id, spans)
        }
        return input.queries.map((q) =>
          (perItem.get(q.itemId) ?? [])
            .map((s, i) => ({ s, i }))
            .sort((a, b) => b.s.confidence - a.s.confidence || a.i - b.i)
            .slice(0, MAX_SPANS)
            .map((x) => x.s)
        )
      }),
      Effect.mapError(engineFailed("ground"))
    )
  }
})
