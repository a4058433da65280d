/**
 * The work of a ground job (spec 2, "Ground"): the file (parsed; `.jsonl` read as records; or the
 * markdown of `derived.markdown_url`) and the transcript of `derived.transcript_url` become the
 * grounder's units (`ground-units.ts`); the `Grounder` finds spans for every item; each span is
 * located as its match type. An item is `found` when its best match's confidence reaches
 * `confidence_threshold`. Credits: 5 per requested item.
 *
 * Previews (`return_cropped_images` / v1 `include_previews`): every `visual_region` match gets a
 * PNG crop of its box from the `PageRenderer`, kept in the blob store under
 * `ground-crops/<job_id>/<ref>` with an opaque random `ref` (`crop_ref`; matches with the same box
 * share one crop). A crop that cannot be rendered or stored leaves its match without one (with a
 * warning in the log); it never fails the job.
 */
import { Clock, Effect, Either, Stream } from "effect"
import { groundCredits } from "../../tenancy/billing/credits.js"
import { Grounder, type GroundSpan } from "../../intelligence/grounder.js"
import type { ExtractionContent } from "../../intelligence/extractor.js"
import { DEFAULT_BATCH_PAGES, extractBatches } from "../extract/extract-work.js"
import { hex, Ids } from "../../kernel/ids.js"
import { engineError } from "../../jobs/engine-job-error.js"
import type { JobError } from "../../jobs/job.js"
import type { DocumentJob } from "../document-job.js"
import { documentOfMarkdown, readAndParseJobFile } from "../parse/read-document.js"
import { readJobSource, readSourceUrl } from "../sources/read-source.js"
import { fileExtension } from "../supported-extensions.js"
import { BlobStore } from "../uploads/blob-store.js"
import type { GroundParams } from "./ground-request.js"
import { cropKey, type GroundLocation, type StoredGroundItemResult, type StoredGroundResult, type StoredMatch } from "./ground-result.js"
import { documentUnits, jsonlUnits, parseTranscript, transcriptUnits, type UnitLocation, type UnitSet } from "./ground-units.js"
import { PageRenderer, type RenderRegion } from "./page-renderer.js"

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

/**
 * The units of the job's file and derived outputs, and the file's bytes when they were read and
 * parsed (what previews are cut from).
 */
const unitsOf = (job: DocumentJob, params: GroundParams) =>
  Effect.gen(function*() {
    let set: UnitSet
    let bytes: Uint8Array | null = null
    // a semantic query may be read as an extraction would read it: the document's batches, only then
    const semantic = params.items.some((i) => i.semantic)
    let content: ReadonlyArray<ExtractionContent> = []
    if (params.derived.markdown_url !== null) {
      const doc = documentOfMarkdown(decode(yield* readSourceUrl(params.derived.markdown_url)), job.input.file_name)
      set = documentUnits(doc)
      if (semantic) content = extractBatches(doc, DEFAULT_BATCH_PAGES)
    } else if (fileExtension(job.input.file_name) === ".jsonl") {
      set = jsonlUnits(decode(yield* readJobSource(job)))
    } else {
      const read = yield* readAndParseJobFile(job)
      set = documentUnits(read.doc)
      if (semantic) content = extractBatches(read.doc, DEFAULT_BATCH_PAGES)
      bytes = read.bytes
    }
    if (params.derived.jsonl_url !== null) jsonlUnits(decode(yield* readSourceUrl(params.derived.jsonl_url)), set)
    if (params.derived.transcript_url !== null) {
      const segments = parseTranscript(decode(yield* readSourceUrl(params.derived.transcript_url)))
      if (segments === undefined) {
        return yield* Effect.fail(jobError("unsupported_file_type", "derived.transcript_url is not a transcript (JSON segments with start_ms/end_ms/text, WebVTT or SRT)"))
      }
      transcriptUnits(segments, set)
    }
    return { set, bytes, content }
  })

/** A crop is a small PNG; anything larger is not kept. */
const MAX_CROP_BYTES = 16 * 1024 * 1024

const regionKey = (r: RenderRegion) => `${r.page}:${r.x}:${r.y}:${r.w}:${r.h}`

/**
 * Renders and stores a crop of every distinct `visual_region` box of the results, and gives the
 * matches their `crop_ref`. Rendering or storing failures leave matches without a crop; crops
 * stored before an interruption are deleted again.
 */
const withCrops = (job: DocumentJob, bytes: Uint8Array, results: ReadonlyArray<StoredGroundItemResult>) =>
  Effect.gen(function*() {
    const regions = new Map<string, RenderRegion>()
    for (const item of results) {
      for (const m of item.matches) {
        if (m.match_type !== "visual_region") continue
        const region = { page: m.page, x: m.x, y: m.y, w: m.w, h: m.h }
        regions.set(regionKey(region), region)
      }
    }
    if (regions.size === 0) return results
    const renderer = yield* PageRenderer
    const blobs = yield* BlobStore
    const ids = yield* Ids
    const list = [...regions.values()]
    const rendered = yield* Effect.either(renderer.renderRegions({ bytes, fileName: job.input.file_name, regions: list }))
    if (Either.isLeft(rendered)) {
      yield* Effect.logWarning(`ground job ${job.job_id}: no previews: ${rendered.left.message}`)
      return results
    }
    const refs = new Map<string, string>()
    const stored: Array<string> = []
    const store = Effect.forEach(list, (region, i) => {
      const png = rendered.right[i]
      if (png === undefined || Either.isLeft(png)) {
        const why = png === undefined ? "the renderer returned no image" : png.left.message
        return Effect.logWarning(`ground job ${job.job_id}: no preview of page ${region.page} (${region.x}, ${region.y}, ${region.w}, ${region.h}): ${why}`)
      }
      const ref = hex(ids.randomBytes(16))
      const key = cropKey(job.job_id, ref)
      return blobs.put(key, Stream.make(png.right), MAX_CROP_BYTES).pipe(
        Effect.tap(() =>
          Effect.sync(() => {
            refs.set(regionKey(region), ref)
            stored.push(key)
          })
        ),
        Effect.catchAll((e) => Effect.logWarning(`ground job ${job.job_id}: a preview could not be stored (${e._tag})`))
      )
    }, { discard: true })
    yield* store.pipe(
      Effect.onInterrupt(() => Effect.forEach(stored, (key) => Effect.ignore(blobs.delete(key)), { discard: true }))
    )
    return results.map((item) => ({
      ...item,
      matches: item.matches.map((m): StoredMatch => {
        if (m.match_type !== "visual_region") return m
        const ref = refs.get(regionKey({ page: m.page, x: m.x, y: m.y, w: m.w, h: m.h }))
        return ref === undefined ? m : { ...m, crop_ref: ref }
      })
    }))
  })

export const groundWork = (job: DocumentJob) =>
  Effect.gen(function*() {
    const params = job.input.params as unknown as GroundParams
    const startedAt = yield* Clock.currentTimeMillis
    const { set, bytes, content } = yield* unitsOf(job, params)
    const grounder = yield* Grounder
    const spans = yield* grounder.locate({
      units: set.units,
      content,
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
    const located: Array<StoredGroundItemResult> = params.items.map((item, i) => {
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
    const results = params.previews && bytes !== null ? yield* withCrops(job, bytes, located) : located
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
