/**
 * What a ground job keeps as its result, and how each form shows it (spec 2, "Ground result"):
 * `results` (correlate by `item_id`) with `found` (the best match cleared
 * `confidence_threshold`), `matches` (best first, each with `match_type`, `confidence`,
 * `matched_text` and its location fields) and `error`; `total_items_found`,
 * `total_items_requested`, `duration_ms`. Visual matches carry `cropped_image_url` when previews
 * were asked for.
 */
import type { LinkOf } from "../../jobs/job-kind.js"

export type GroundLocation =
  | { readonly match_type: "visual_region"; readonly page: number; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  | { readonly match_type: "spreadsheet_range"; readonly sheet_name: string; readonly cell_range: string }
  | { readonly match_type: "text_range"; readonly start_char: number; readonly end_char: number }
  | { readonly match_type: "jsonl_record"; readonly line_index: number; readonly keys: ReadonlyArray<string> }
  | { readonly match_type: "audio_range"; readonly start_ms: number; readonly end_ms: number }

export type StoredMatch = GroundLocation & {
  readonly confidence: number
  readonly matched_text: string
  /** the stored crop of a visual match, when previews were asked for */
  readonly crop_ref?: string | undefined
}

export interface StoredGroundItemResult {
  readonly item_id: string
  readonly found: boolean
  readonly matches: ReadonlyArray<StoredMatch>
  readonly error: string | null
}

export interface StoredGroundResult {
  readonly result_type: "ground"
  readonly file_name: string
  readonly results: ReadonlyArray<StoredGroundItemResult>
  readonly total_items_found: number
  readonly total_items_requested: number
  readonly duration_ms: number
}

/** How a crop is addressed: the flat form's signed link part, or the v1 crop route. */
export type CropUrlOf = (ref: string) => string

export const cropPart = (ref: string) => `crop-${ref}`

/** Where a crop is kept in the blob store. */
export const cropKey = (jobId: string, ref: string) => `ground-crops/${jobId}/${ref}`

const shownMatch = (m: StoredMatch, cropUrl: CropUrlOf) => {
  const { crop_ref, ...rest } = m
  return crop_ref === undefined ? rest : { ...rest, cropped_image_url: cropUrl(crop_ref) }
}

const shown = (r: StoredGroundResult, cropUrl: CropUrlOf) => ({
  result_type: "ground" as const,
  results: r.results.map((i) => ({ item_id: i.item_id, found: i.found, matches: i.matches.map((m) => shownMatch(m, cropUrl)), error: i.error })),
  total_items_found: r.total_items_found,
  total_items_requested: r.total_items_requested,
  duration_ms: r.duration_ms
})

export const flatGroundResult = (r: StoredGroundResult, link: LinkOf) => ({ ...shown(r, (ref) => link(cropPart(ref))), status: "success", error: null })

export const v1GroundResult = (r: StoredGroundResult, units: number, origin: string, jobId: string) => ({
  ...shown(r, (ref) => `${origin}/v1/jobs/${encodeURIComponent(jobId)}/ground-crops/${encodeURIComponent(ref)}`),
  file_name: r.file_name,
  units
})

/** A ground job's v1 `result`. */
export type V1GroundResult = ReturnType<typeof v1GroundResult>
