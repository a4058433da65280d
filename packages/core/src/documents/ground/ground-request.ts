/**
 * The ground body's own fields (spec 2, "Ground body"), checked before any job:
 * - `items`: 1 to 30 objects with `item_id` (required, 1–128 characters, distinct: results are
 *   correlated by it), `query` (required, 1–1,000 characters), `semantic` (boolean, default false)
 *   and `hints` (`visual.anchor_text`, `visual.page_hints` (1-based integers),
 *   `spreadsheet.sheet_name`, `spreadsheet.cell_hint`, `spreadsheet.range_hint`);
 * - `options`: `confidence_threshold` (0 to 1, default 0.75) and `return_cropped_images` (flat) /
 *   `include_previews` (v1), default false;
 * - `derived`: `s3://` locations in the caller's buckets of `markdown_url`, `transcript_url`,
 *   `jsonl_url` from earlier runs on the same file.
 * Unknown fields are refused at every level.
 */
import { Effect } from "effect"
import { type FieldError } from "../../api/errors.js"
import { failIfAny, isObject, type Json, unknownFields } from "../../api/inputs.js"
import type { JobForm } from "../../jobs/job.js"
import { urlSource } from "../sources/source-url.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

export const MAX_GROUND_ITEMS = 30
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.75
const MAX_ITEM_ID = 128
const MAX_QUERY = 1000
const MAX_HINT = 1000

export interface GroundItemParams {
  readonly item_id: string
  readonly query: string
  readonly semantic: boolean
  readonly hints: {
    readonly anchor_text: string | null
    readonly page_hints: ReadonlyArray<number>
    readonly sheet_name: string | null
    readonly cell_hint: string | null
    readonly range_hint: string | null
  }
}

export interface GroundParams {
  readonly items: ReadonlyArray<GroundItemParams>
  readonly confidence_threshold: number
  readonly previews: boolean
  readonly derived: {
    readonly markdown_url: string | null
    readonly transcript_url: string | null
    readonly jsonl_url: string | null
  }
}

const optionalString = (errors: Array<FieldError>, field: string, v: unknown, max = MAX_HINT): string | null => {
  if (v === undefined || v === null) return null
  if (typeof v !== "string" || v.length > max) {
    errors.push({ field, message: `must be a string of at most ${max} characters` })
    return null
  }
  return v
}

const hintsOf = (errors: Array<FieldError>, at: string, v: unknown): GroundItemParams["hints"] => {
  const none = { anchor_text: null, page_hints: [], sheet_name: null, cell_hint: null, range_hint: null }
  if (v === undefined || v === null) return none
  if (!isObject(v)) {
    errors.push({ field: at, message: "must be an object with visual and/or spreadsheet" })
    return none
  }
  errors.push(...unknownFields(v, ["visual", "spreadsheet"], `${at}.`))
  const visual = v.visual ?? {}
  const sheet = v.spreadsheet ?? {}
  let anchor: string | null = null
  let pages: Array<number> = []
  if (!isObject(visual)) errors.push({ field: `${at}.visual`, message: "must be an object" })
  else {
    errors.push(...unknownFields(visual, ["anchor_text", "page_hints"], `${at}.visual.`))
    anchor = optionalString(errors, `${at}.visual.anchor_text`, visual.anchor_text)
    if (visual.page_hints !== undefined && visual.page_hints !== null) {
      if (!Array.isArray(visual.page_hints) || visual.page_hints.length > 1000 ||
        !visual.page_hints.every((p) => typeof p === "number" && Number.isInteger(p) && p >= 1)) {
        errors.push({ field: `${at}.visual.page_hints`, message: "must be an array of page numbers (integers from 1)" })
      } else pages = visual.page_hints as Array<number>
    }
  }
  let sheetName: string | null = null
  let cell: string | null = null
  let range: string | null = null
  if (!isObject(sheet)) errors.push({ field: `${at}.spreadsheet`, message: "must be an object" })
  else {
    errors.push(...unknownFields(sheet, ["sheet_name", "cell_hint", "range_hint"], `${at}.spreadsheet.`))
    sheetName = optionalString(errors, `${at}.spreadsheet.sheet_name`, sheet.sheet_name)
    cell = optionalString(errors, `${at}.spreadsheet.cell_hint`, sheet.cell_hint, 32)
    range = optionalString(errors, `${at}.spreadsheet.range_hint`, sheet.range_hint, 64)
  }
  return { anchor_text: anchor, page_hints: pages, sheet_name: sheetName, cell_hint: cell, range_hint: range }
}

export const groundParams = (body: Json, caller: Caller, form: JobForm, _fileName: string) =>
  Effect.gen(function*() {
    const errors: Array<FieldError> = []
    const items: Array<GroundItemParams> = []
    if (!Array.isArray(body.items) || body.items.length < 1 || body.items.length > MAX_GROUND_ITEMS) {
      errors.push({ field: "items", message: `must be an array of 1 to ${MAX_GROUND_ITEMS} items` })
    } else {
      const ids = new Set<string>()
      body.items.forEach((raw: unknown, i) => {
        const at = `items.${i}`
        if (!isObject(raw)) {
          errors.push({ field: at, message: "must be an object with item_id and query" })
          return
        }
        errors.push(...unknownFields(raw, ["item_id", "query", "semantic", "hints"], `${at}.`))
        if (typeof raw.item_id !== "string" || raw.item_id === "" || raw.item_id.length > MAX_ITEM_ID) {
          errors.push({ field: `${at}.item_id`, message: `is required: a string of 1 to ${MAX_ITEM_ID} characters` })
        } else if (ids.has(raw.item_id)) {
          errors.push({ field: `${at}.item_id`, message: `repeats ${JSON.stringify(raw.item_id)}; item ids correlate results and must be distinct` })
        } else ids.add(raw.item_id)
        if (typeof raw.query !== "string" || raw.query.trim() === "" || raw.query.length > MAX_QUERY) {
          errors.push({ field: `${at}.query`, message: `is required: a non-empty string of at most ${MAX_QUERY} characters` })
        }
        if (raw.semantic !== undefined && typeof raw.semantic !== "boolean") errors.push({ field: `${at}.semantic`, message: "must be a boolean" })
        const hints = hintsOf(errors, `${at}.hints`, raw.hints)
        items.push({ item_id: String(raw.item_id), query: String(raw.query), semantic: raw.semantic === true, hints })
      })
    }
    const previewOption = form === "flat" ? "return_cropped_images" : "include_previews"
    let threshold = DEFAULT_CONFIDENCE_THRESHOLD
    let previews = false
    if (body.options !== undefined && body.options !== null) {
      if (!isObject(body.options)) errors.push({ field: "options", message: "must be an object" })
      else {
        errors.push(...unknownFields(body.options, ["confidence_threshold", previewOption], "options."))
        const t = body.options.confidence_threshold
        if (t !== undefined && (typeof t !== "number" || !Number.isFinite(t) || t < 0 || t > 1)) {
          errors.push({ field: "options.confidence_threshold", message: "must be a number from 0 to 1" })
        } else if (t !== undefined) threshold = t
        const p = body.options[previewOption]
        if (p !== undefined && typeof p !== "boolean") errors.push({ field: `options.${previewOption}`, message: "must be a boolean" })
        else previews = p === true
      }
    }
    const derived = { markdown_url: null as string | null, transcript_url: null as string | null, jsonl_url: null as string | null }
    if (body.derived !== undefined && body.derived !== null) {
      if (!isObject(body.derived)) errors.push({ field: "derived", message: "must be an object" })
      else {
        errors.push(...unknownFields(body.derived, ["markdown_url", "transcript_url", "jsonl_url"], "derived."))
        for (const key of ["markdown_url", "transcript_url", "jsonl_url"] as const) {
          const v = body.derived[key]
          if (v === undefined || v === null) continue
          if (typeof v !== "string" || !v.startsWith("s3://")) errors.push({ field: `derived.${key}`, message: "must be an s3:// URL" })
          else derived[key] = v
        }
      }
    }
    yield* failIfAny(errors)
    for (const key of ["markdown_url", "transcript_url", "jsonl_url"] as const) {
      const url = derived[key]
      if (url !== null) yield* urlSource(caller, `derived.${key}`, url)
    }
    return { items, confidence_threshold: threshold, previews, derived } satisfies GroundParams
  })
