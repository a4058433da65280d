/**
 * The document classifier on a chat model with structured output.
 *
 * classify: the taxonomy's keys and descriptions and the text go in; `{categories: [{key,
 * confidence}], freeform, freeform_confidence, summary}` comes back. Keys outside the taxonomy
 * and repeats are dropped, a freeform label that is in fact a taxonomy key counts as that key,
 * confidences are clamped to [0, 1], and a segment keeps one category (a sheet at most three).
 *
 * segment: the pages' text (bounded per page) goes in, page ranges with a classification each come
 * back. The ranges are not trusted: their starts, sorted and kept within 1..N, define the segments
 * (the first starts at page 1, each ends where the next starts), so gaps, overlaps, ranges out of
 * order or past the last page are repaired into segments covering every page once, in order. When
 * no range is usable the file is one segment.
 */
import { type Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient, OpenAiFailure } from "./internal/client.js"
import { bounded, confidence, engineFailed, snakeCase, strictObject } from "./internal/text.js"

/** characters of text a classify request shows */
export const MAX_CLASSIFY_CHARS = 48_000
/** characters of all pages a segment request shows, and of one page at most */
export const MAX_SEGMENT_CHARS = 60_000
export const MAX_PAGE_CHARS = 6_000
const MIN_PAGE_CHARS = 300
/** a sheet takes at most this many categories */
export const MAX_LABELS = 3
const MAX_SUMMARY_CHARS = 600

const RawClassification = Schema.Struct({
  categories: Schema.Array(Schema.Struct({ key: Schema.String, confidence: Schema.Number })),
  freeform: Schema.optionalWith(Schema.String, { nullable: true }),
  freeform_confidence: Schema.optionalWith(Schema.Number, { default: () => 0.5, nullable: true }),
  summary: Schema.optionalWith(Schema.String, { default: () => "", nullable: true })
})
type RawClassification = typeof RawClassification.Type

const RawSegments = Schema.Struct({
  segments: Schema.Array(
    Schema.Struct({ page_start: Schema.Number, page_end: Schema.Number, ...RawClassification.fields })
  )
})

const classificationProperties = (categories: ReadonlyArray<Intelligence.TaxonomyCategory>, multiLabel: boolean) => ({
  categories: {
    type: "array",
    description: multiLabel
      ? `the taxonomy keys that fit, best first (at most ${MAX_LABELS}); empty when none fits`
      : "the one taxonomy key that fits best; empty when none fits",
    items: strictObject({
      key: { type: "string", enum: categories.map((c) => c.key) },
      confidence: { type: "number", description: "0 to 1" }
    })
  },
  freeform: { type: ["string", "null"], description: "when no key fits: a short snake_case label naming what the text is; else null" },
  freeform_confidence: { type: "number", description: "0 to 1; 0 when freeform is null" },
  summary: { type: "string", description: "one or two sentences saying what the text is and says" }
})

const taxonomyLines = (categories: ReadonlyArray<Intelligence.TaxonomyCategory>): string =>
  categories.map((c) => `- ${c.key}${c.description !== null && c.description.trim() !== "" ? `: ${c.description.trim()}` : ""}`).join("\n")

const SYSTEM = "You classify business documents against a taxonomy. Use only the keys given. Answer in the JSON format asked for."

/** The model's classification, checked against the taxonomy. */
export const toClassification = (raw: RawClassification, categories: ReadonlyArray<Intelligence.TaxonomyCategory>, multiLabel: boolean): Intelligence.Classification => {
  const keys = new Set(categories.map((c) => c.key))
  const seen = new Set<string>()
  const fits: Array<{ key: string; confidence: number }> = []
  for (const c of raw.categories) {
    if (!keys.has(c.key) || seen.has(c.key)) continue
    seen.add(c.key)
    fits.push({ key: c.key, confidence: confidence(c.confidence) })
  }
  const freeform = raw.freeform === undefined ? "" : snakeCase(raw.freeform)
  // a "freeform" label that is a taxonomy key is that key
  if (fits.length === 0 && keys.has(freeform)) fits.push({ key: freeform, confidence: confidence(raw.freeform_confidence) })
  const summary = bounded(raw.summary.trim(), MAX_SUMMARY_CHARS)
  if (fits.length > 0) {
    const chosen = fits.map((f, i) => ({ f, i })).sort((a, b) => b.f.confidence - a.f.confidence || a.i - b.i).map((x) => x.f)
    return { categories: chosen.slice(0, multiLabel ? MAX_LABELS : 1), freeform: null, freeformConfidence: 0, summary }
  }
  return {
    categories: [],
    // an empty label is left to the operation (`unclassified_document` / `unclassified_sheet`)
    freeform: freeform === "" ? null : freeform,
    freeformConfidence: freeform === "" ? 0 : confidence(raw.freeform_confidence),
    summary
  }
}

/**
 * Segments covering pages 1..`pages` once, in order, from the model's ranges: the usable starts
 * (integers within 1..pages; the first of equal starts wins) sorted, the first moved to page 1.
 * Null when no range is usable.
 */
export const repairRanges = <A>(
  pages: number,
  ranges: ReadonlyArray<{ readonly page_start: number; readonly page_end: number; readonly value: A }>
): Array<{ readonly page_start: number; readonly page_end: number; readonly value: A }> | null => {
  const usable = ranges
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => Number.isInteger(r.page_start) && r.page_start >= 1 && r.page_start <= pages)
    .sort((a, b) => a.r.page_start - b.r.page_start || a.i - b.i)
  const starts: Array<{ start: number; value: A }> = []
  for (const { r } of usable) if (starts.length === 0 || starts[starts.length - 1]!.start !== r.page_start) starts.push({ start: r.page_start, value: r.value })
  if (starts.length === 0) return null
  starts[0] = { ...starts[0]!, start: 1 }
  return starts.map((s, i) => ({ page_start: s.start, page_end: i + 1 < starts.length ? starts[i + 1]!.start - 1 : pages, value: s.value }))
}

const sameRanges = (a: ReadonlyArray<{ page_start: number; page_end: number }>, b: ReadonlyArray<{ page_start: number; page_end: number }>) =>
  a.length === b.length && a.every((x, i) => x.page_start === b[i]!.page_start && x.page_end === b[i]!.page_end)

export const makeClassifier = (client: OpenAiClient): Intelligence.DocumentClassifierService => {
  const classify = (input: Intelligence.ClassifyInput): Effect.Effect<Intelligence.Classification, OpenAiFailure> => {
    const user = [
      "Taxonomy (key: what belongs):",
      taxonomyLines(input.categories),
      "",
      input.multiLabel
        ? `The text may belong to several categories: list every key that fits, best first (at most ${MAX_LABELS}).`
        : "Give the single key that fits best.",
      "When no key fits, leave categories empty and give a short snake_case freeform label naming what the text is.",
      "",
      "Text:",
      "<<<",
      bounded(input.text, MAX_CLASSIFY_CHARS),
      ">>>"
    ].join("\n")
    return client.chatJson(
      {
        messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }],
        jsonSchema: { name: "classification", schema: strictObject(classificationProperties(input.categories, input.multiLabel)) }
      },
      RawClassification
    ).pipe(Effect.map((raw) => toClassification(raw, input.categories, input.multiLabel)))
  }

  const segment = (input: Intelligence.SegmentInput): Effect.Effect<ReadonlyArray<Intelligence.Segment>, OpenAiFailure> => {
    const n = input.pages.length
    if (n === 0) return Effect.succeed([])
    const perPage = Math.min(MAX_PAGE_CHARS, Math.max(MIN_PAGE_CHARS, Math.floor(MAX_SEGMENT_CHARS / n)))
    const pages = input.pages.map((text, i) => `--- page ${i + 1} of ${n} ---\n${bounded(text, perPage)}`).join("\n\n")
    const user = [
      "Taxonomy (key: what belongs):",
      taxonomyLines(input.categories),
      "",
      `The ${n} pages below come from one file, which may hold several documents one after another (an invoice followed by a contract, for example).`,
      `Split them into consecutive documents: the segments must cover every page from 1 to ${n} exactly once, in order (page_start and page_end are 1-based and inclusive).`,
      "Give each segment the single taxonomy key that fits best, or, when none fits, an empty categories list and a short snake_case freeform label; and summarize it in one or two sentences.",
      "",
      pages
    ].join("\n")
    const properties = {
      segments: {
        type: "array",
        items: strictObject({
          page_start: { type: "integer" },
          page_end: { type: "integer" },
          ...classificationProperties(input.categories, false)
        })
      }
    }
    return client.chatJson(
      {
        messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }],
        jsonSchema: { name: "segmentation", schema: strictObject(properties) }
      },
      RawSegments
    ).pipe(
      Effect.flatMap((raw) => {
        const given = raw.segments.map((s) => ({ page_start: s.page_start, page_end: s.page_end, value: s }))
        const repaired = repairRanges(n, given)
        if (repaired === null) {
          // nothing usable: the file is one document
          const whole = { page_start: 1, page_end: n }
          const first = raw.segments[0]
          return Effect.zipRight(
            Effect.logDebug(`segment: no usable page range among ${raw.segments.length}; one segment`),
            first !== undefined
              ? Effect.succeed([{ ...whole, classification: toClassification(first, input.categories, false) }])
              : Effect.map(classify({ text: input.pages.join("\n\n"), categories: input.categories, multiLabel: false }), (classification) => [{ ...whole, classification }])
          )
        }
        const segments = repaired.map((r) => ({ page_start: r.page_start, page_end: r.page_end, classification: toClassification(r.value, input.categories, false) }))
        return sameRanges(repaired, given)
          ? Effect.succeed(segments)
          : Effect.as(Effect.logDebug(`segment: repaired the model's page ranges ${JSON.stringify(given.map((g) => [g.page_start, g.page_end]))}`), segments)
      })
    )
  }

  return {
    classify: (input) => Effect.mapError(classify(input), engineFailed("classify")),
    segment: (input) => Effect.mapError(segment(input), engineFailed("classify"))
  }
}
