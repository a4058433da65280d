/**
 * The work of a ground job (spec 2, "Ground"): the file (parsed; `.jsonl` read as records; or the
 * markdown of `derived.markdown_url`) and the transcript of `derived.transcript_url` become the
 * grounder's units (`ground-units.ts`); the `Grounder` finds spans for every item; each span is
 * located as its match type. An item is `found` when its best match's confidence reaches
 * `confidence_threshold`. Credits: 5 per requested item.
 */
import { Clock, Effect } from "effect"
import { groundCredits } from "../billing/credits.js"
import { Grounder, type GroundSpan } from "../../intelligence/grounder.js"
import { engineError } from "../categorize/categorize-work.js"
import type { Job, JobError } from "../jobs/job.js"
import { documentOfMarkdown, parseJobFile } from "../parse/read-document.js"
import { readJobSource, readSourceUrl } from "../sources/read-source.js"
import { fileExtension } from "../supported-extensions.js"
import type { GroundParams } from "./ground-request.js"
import type { GroundLocation, StoredGroundItemResult, StoredGroundResult, StoredMatch } from "./ground-result.js"
import { documentUnits, jsonlUnits, parseTranscript, transcriptUnits, type UnitLocation, type UnitSet } from "./ground-units.js"

const round4 = (x: number) => Math.round(x * 10000) / 10000
const clamp01 = (x: number) => Math.min(1, Math.max(0, x))

/** The box of the runs a span of a cell covers (a partly covered run gives its share of its width). */
const visualBox = (loc: Extract<UnitLocation, { type: "visual" }>, start: number, end: number) => {
  let offset = 0
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const item of loc.items) {
    const text = item.text.trim().replace(/\s+/g, " ")
    const from = offset
    const to = offset + text.length
    offset = to + 1
    if (to <= start || from >= end || text.length === 0) continue
    const a = Math.max(start - from, 0) / text.length
    const b = Math.min(end - from, text.length) / text.length
    x0 = Math.min(x0, item.x + item.w * a)
    x1 = Math.max(x1, item.x + item.w * b)
    y0 = Math.min(y0, item.y)
    y1 = Math.max(y1, item.y + item.h)
  }
  if (!Number.isFinite(x0)) return undefined
  return {
    x: round4(clamp01(x0 / loc.width)),
    y: round4(clamp01(y0 / loc.height)),
    w: round4(clamp01((x1 - x0) / loc.width)),
    h: round4(clamp01((y1 - y0) / loc.height))
  }
}

export const locationOf = (loc: UnitLocation, start: number, end: number): GroundLocation | undefined => {
  switch (loc.type) {
    case "visual": {
      const box = visualBox(loc, start, end)
      return box === undefined ? undefined : { match_type: "visual_region", page: loc.page, ...box }
    }
    case "text":
      return { match_type: "text_range", start_char: loc.start + start, end_char: loc.start + end }
    case "cell":
      return { match_type: "spreadsheet_range", sheet_name: loc.sheet, cell_range: loc.ref }
    case "jsonl":
      return { match_type: "jsonl_record", line_index: loc.line, keys: [loc.key] }
    case "audio":
      return { match_type: "audio_range", start_ms: loc.start_ms, end_ms: loc.end_ms }
  }
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

const jobError = (code: string, message: string): JobError => ({ code, message, retryable: false })

/** The units of the job's file and derived outputs. */
const unitsOf = (job: Job, params: GroundParams) =>
  Effect.gen(function*() {
    let set: UnitSet
    if (params.derived.markdown_url !== null) {
      set = documentUnits(documentOfMarkdown(decode(yield* readSourceUrl(params.derived.markdown_url)), job.input.file_name))
    } else if (fileExtension(job.input.file_name) === ".jsonl") {
      set = jsonlUnits(decode(yield* readJobSource(job)))
    } else {
      set = documentUnits(yield* parseJobFile(job))
    }
    if (params.derived.jsonl_url !== null) jsonlUnits(decode(yield* readSourceUrl(params.derived.jsonl_url)), set)
    if (params.derived.transcript_url !== null) {
      const segments = parseTranscript(decode(yield* readSourceUrl(params.derived.transcript_url)))
      if (segments === undefined) {
        return yield* Effect.fail(jobError("unsupported_file_type", "derived.transcript_url is not a transcript (JSON segments with start_ms/end_ms/text, WebVTT or SRT)"))
      }
      transcriptUnits(segments, set)
    }
    return set
  })

export const groundWork = (job: Job) =>
  Effect.gen(function*() {
    const params = job.input.params as unknown as GroundParams
    const startedAt = yield* Clock.currentTimeMillis
    const set = yield* unitsOf(job, params)
    const grounder = yield* Grounder
    const spans = yield* grounder.locate({
      units: set.units,
      queries: params.items.map((i) => ({
        itemId: i.item_id,
        query: i.query,
        semantic: i.semantic,
        hints: {
          anchorText: i.hints.anchor_text,
          pages: i.hints.page_hints,
          sheetName: i.hints.sheet_name,
          cellHint: i.hints.cell_hint,
          rangeHint: i.hints.range_hint
        }
      }))
    }).pipe(Effect.mapError(engineError))
    const empty = set.units.length === 0
    const results: Array<StoredGroundItemResult> = params.items.map((item, i) => {
      const matches: Array<StoredMatch> = []
      for (const span of (spans[i] ?? []) as ReadonlyArray<GroundSpan>) {
        const unit = set.units[span.unit]
        const loc = set.locations[span.unit]
        if (unit === undefined || loc === undefined) continue
        const start = Math.max(0, Math.min(span.start, unit.text.length))
        const end = Math.max(start, Math.min(span.end, unit.text.length))
        const location = locationOf(loc, start, end)
        if (location === undefined) continue
        matches.push({ ...location, confidence: round4(clamp01(span.confidence)), matched_text: unit.text.slice(start, end) })
      }
      return {
        item_id: item.item_id,
        found: matches.length > 0 && matches[0]!.confidence >= params.confidence_threshold,
        matches,
        error: empty ? "the document has no text to ground in" : null
      }
    })
    const result: StoredGroundResult = {
      result_type: "ground",
      file_name: job.input.file_name,
      results,
      total_items_found: results.filter((r) => r.found).length,
      total_items_requested: params.items.length,
      duration_ms: (yield* Clock.currentTimeMillis) - startedAt
    }
    return { result, units: groundCredits(params.items.length) }
  })
