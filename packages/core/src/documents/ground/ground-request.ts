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
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { distinctArray } from "../../api/schemas.js"
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

const optionalString = (max: number) =>
  Schema.optionalWith(Schema.NullOr(Schema.String.pipe(Schema.maxLength(max), fieldMessage(`must be a string of at most ${max} characters`))), {
    default: () => null
  })

const nullableObject = <A, I>(schema: Schema.Schema<A, I>, none: A) =>
  Schema.optionalWith(schema, { nullable: true, default: () => none })

const Visual = Schema.Struct({
  anchor_text: optionalString(MAX_HINT),
  page_hints: Schema.optionalWith(
    // one message for the whole list, as the page numbers are one hint
    Schema.declare(
      (u): u is ReadonlyArray<number> =>
        Array.isArray(u) && u.length <= 1000 && u.every((p) => typeof p === "number" && Number.isInteger(p) && p >= 1)
    ).pipe(
      fieldMessage("must be an array of page numbers (integers from 1)")
    ).annotations({ jsonSchema: { type: "array", maxItems: 1000, items: { type: "integer", minimum: 1 } } }),
    { nullable: true, default: () => [] as ReadonlyArray<number> }
  )
}).pipe(fieldMessage("must be an object"))

const Spreadsheet = Schema.Struct({
  sheet_name: optionalString(MAX_HINT),
  cell_hint: optionalString(32),
  range_hint: optionalString(64)
}).pipe(fieldMessage("must be an object"))

const NO_VISUAL = { anchor_text: null, page_hints: [] }
const NO_SHEET = { sheet_name: null, cell_hint: null, range_hint: null }

const Hints = Schema.Struct({
  visual: nullableObject(Visual, NO_VISUAL),
  spreadsheet: nullableObject(Spreadsheet, NO_SHEET)
}).pipe(fieldMessage("must be an object with visual and/or spreadsheet"))

const Item = Schema.Struct({
  item_id: Schema.String.pipe(
    Schema.minLength(1),
    Schema.maxLength(MAX_ITEM_ID),
    fieldMessage(`is required: a string of 1 to ${MAX_ITEM_ID} characters`)
  ),
  query: Schema.String.pipe(
    Schema.filter((q) => q.trim() !== "" && q.length <= MAX_QUERY),
    fieldMessage(`is required: a non-empty string of at most ${MAX_QUERY} characters`)
  ),
  semantic: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false }),
  hints: nullableObject(Hints, { visual: NO_VISUAL, spreadsheet: NO_SHEET })
}).pipe(fieldMessage("must be an object with item_id and query"))

/** `items`: 1 to 30 with distinct `item_id`s (results are correlated by it). */
const Items = distinctArray(Item, {
  min: 1,
  max: MAX_GROUND_ITEMS,
  message: `must be an array of 1 to ${MAX_GROUND_ITEMS} items`,
  keyField: "item_id",
  keyOf: (raw) => {
    const id = (raw as { item_id?: unknown } | null)?.item_id
    return typeof id === "string" && id !== "" && id.length <= MAX_ITEM_ID ? id : undefined
  },
  repeated: (id) => `repeats ${JSON.stringify(id)}; item ids correlate results and must be distinct`
})

const Threshold = Schema.Number.pipe(Schema.finite(), Schema.between(0, 1), fieldMessage("must be a number from 0 to 1"))
const Bool = Schema.Boolean.pipe(fieldMessage("must be a boolean"))

const S3Url = Schema.optionalWith(Schema.NullOr(Schema.String.pipe(Schema.startsWith("s3://"), fieldMessage("must be an s3:// URL"))), {
  default: () => null
})

const Derived = Schema.Struct({ markdown_url: S3Url, transcript_url: S3Url, jsonl_url: S3Url }).pipe(fieldMessage("must be an object"))

const NO_DERIVED = { markdown_url: null, transcript_url: null, jsonl_url: null }

/** The ground body's own fields; the previews option is `return_cropped_images` (flat) / `include_previews` (v1). */
export const groundFields = (form: JobForm) => ({
  items: Items,
  options: nullableObject(
    form === "flat"
      ? Schema.Struct({ confidence_threshold: Schema.optional(Threshold), return_cropped_images: Schema.optional(Bool) }).pipe(
        fieldMessage("must be an object")
      )
      : Schema.Struct({ confidence_threshold: Schema.optional(Threshold), include_previews: Schema.optional(Bool) }).pipe(
        fieldMessage("must be an object")
      ),
    {}
  ),
  derived: nullableObject(Derived, NO_DERIVED)
})

export interface GroundBody {
  readonly items: ReadonlyArray<{
    readonly item_id: string
    readonly query: string
    readonly semantic: boolean
    readonly hints: {
      readonly visual: { readonly anchor_text: string | null; readonly page_hints: ReadonlyArray<number> }
      readonly spreadsheet: { readonly sheet_name: string | null; readonly cell_hint: string | null; readonly range_hint: string | null }
    }
  }>
  readonly options: { readonly confidence_threshold?: number; readonly return_cropped_images?: boolean; readonly include_previews?: boolean }
  readonly derived: GroundParams["derived"]
}

export const groundParams = (body: GroundBody, caller: Caller, form: JobForm, _fileName: string) =>
  Effect.gen(function*() {
    const items: Array<GroundItemParams> = body.items.map((item) => ({
      item_id: item.item_id,
      query: item.query,
      semantic: item.semantic,
      hints: {
        anchor_text: item.hints.visual.anchor_text,
        page_hints: item.hints.visual.page_hints,
        sheet_name: item.hints.spreadsheet.sheet_name,
        cell_hint: item.hints.spreadsheet.cell_hint,
        range_hint: item.hints.spreadsheet.range_hint
      }
    }))
    const previews = (form === "flat" ? body.options.return_cropped_images : body.options.include_previews) === true
    for (const key of ["markdown_url", "transcript_url", "jsonl_url"] as const) {
      const url = body.derived[key]
      if (url !== null) yield* urlSource(caller, `derived.${key}`, url)
    }
    return {
      items,
      confidence_threshold: body.options.confidence_threshold ?? DEFAULT_CONFIDENCE_THRESHOLD,
      previews,
      derived: body.derived
    } satisfies GroundParams
  })
