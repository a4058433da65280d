/**
 * What an extract job keeps as its result, and how each form shows it (spec 2, "Extract result"):
 * `data` shaped like the schema, `json_url` (a signed, expiring link to `data` as a JSON file),
 * `page_count` (0 for spreadsheets), `sheet_count` (0 for documents); the v1 result also records
 * `schema_id` and `schema_version` when a registry schema was used, the file name and `units`.
 */
import type { LinkOf } from "../../jobs/job-kind.js"
import type { ExtractedObject } from "../schema/shape.js"

export interface StoredExtractResult {
  readonly result_type: "extract"
  readonly file_name: string
  readonly data: ExtractedObject
  readonly page_count: number
  readonly sheet_count: number
  readonly schema_id: string | null
  readonly schema_version: number | null
  /** batches the document was read in */
  readonly batches: number
}

export const JSON_PART = "data.json"

export const flatExtractResult = (r: StoredExtractResult, link: LinkOf) => ({
  result_type: "extract",
  status: "success",
  error: null,
  data: r.data,
  json_url: link(JSON_PART),
  page_count: r.page_count,
  sheet_count: r.sheet_count
})

export const v1ExtractResult = (r: StoredExtractResult, units: number, link: LinkOf) => ({
  ...flatExtractResult(r, link),
  file_name: r.file_name,
  schema_id: r.schema_id,
  schema_version: r.schema_version,
  units
})

/** An extract job's v1 `result`. */
export type V1ExtractResult = ReturnType<typeof v1ExtractResult>

export const extractArtifact = (r: StoredExtractResult, part: string): string | undefined =>
  part === JSON_PART ? JSON.stringify(r.data, null, 2) : undefined
