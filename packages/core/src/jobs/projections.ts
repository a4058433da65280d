/**
 * The two projections of the one internal job (spec 2, "Job (flat form)", "Job (v1 form)"):
 * - flat: `queued` shows as `pending`; `cancelled` as `failed` with `error.code` `cancelled`;
 * - v1: the internal statuses as they are, `result_state`, `progress`, `payload_expires_at`.
 * Results: flat `item` of `file` or `table` with signed `markdown_url`s; v1 `document`.
 */
import { flatCategorizeResult, type StoredCategorizeResult, v1CategorizeResult } from "../documents/categorize/categorize-result.js"
import type { StoredParseResult } from "../documents/parse/parse-result.js"
import { flatExtractResult, type StoredExtractResult, v1ExtractResult } from "../documents/extract/extract-result.js"
import { flatGroundResult, type StoredGroundResult, v1GroundResult } from "../documents/ground/ground-result.js"
import { type StoredSplitResult, v1SplitResult } from "../documents/split/split-result.js"
import type { Job, JobStatus } from "./job.js"

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export type FlatStatus = "pending" | "running" | "succeeded" | "failed"

export const flatStatus = (s: JobStatus): FlatStatus =>
  s === "queued" ? "pending" : s === "cancelled" ? "failed" : s

/** The internal statuses a flat status filter stands for. */
export const statusesOfFlat = (s: FlatStatus): ReadonlyArray<JobStatus> =>
  s === "pending" ? ["queued"] : s === "failed" ? ["failed", "cancelled"] : [s]

const flatError = (job: Job) =>
  job.status === "cancelled"
    ? { code: "cancelled", message: job.error?.message ?? "The job was cancelled." }
    : job.error === null ? null : { code: job.error.code, message: job.error.message }

/** `part` names an artifact of the job's result (`document`, `sheet-<n>`, `item-<n>`…); returns an absolute, signed, expiring URL. */
export type LinkOf = (part: string) => string

export const flatParseResult = (r: StoredParseResult, link: LinkOf) => ({
  result_type: "parse",
  status: "success",
  error: null,
  item: r.kind === "document"
    ? {
        item_type: "file",
        markdown_url: link("document"),
        page_count: r.page_count,
        char_count: r.char_count,
        extraction_duration_ms: r.extraction_duration_ms
      }
    : {
        item_type: "table",
        sheets: r.sheets.map((s, i) => ({
          sheet_name: s.sheet_name,
          markdown_url: link(`sheet-${i}`),
          max_row: s.max_row,
          max_col: s.max_col,
          char_count: s.char_count
        }))
      }
})

/** The flat result of a succeeded job, by kind. */
const flatResult = (job: Job, link: LinkOf): unknown => {
  switch (job.kind) {
    case "parse":
      return flatParseResult(job.result as StoredParseResult, link)
    case "categorize":
    case "classify":
      return flatCategorizeResult(job.result as StoredCategorizeResult, link)
    case "extract":
      return flatExtractResult(job.result as StoredExtractResult, link)
    case "ground":
      return flatGroundResult(job.result as StoredGroundResult, link)
    default:
      return job.result
  }
}

/** The v1 result of a succeeded job, by kind. */
const v1Result = (job: Job, link: LinkOf, origin: string): unknown => {
  switch (job.kind) {
    case "parse":
      return v1ParseResult(job.result as StoredParseResult, job.units)
    case "categorize":
    case "classify":
      return v1CategorizeResult(job.result as StoredCategorizeResult, job.kind, job.units, link)
    case "extract":
      return v1ExtractResult(job.result as StoredExtractResult, job.units, link)
    case "ground":
      return v1GroundResult(job.result as StoredGroundResult, job.units, origin, job.job_id)
    case "split":
      return v1SplitResult(job.result as StoredSplitResult, job.units)
    default:
      return job.result
  }
}

/** What a running job's progress calls its stage. */
export const stageOf = (job: Job): string => {
  switch (job.kind) {
    case "parse":
      return "parsing"
    case "categorize":
    case "classify":
      return "classifying"
    case "extract":
      return "extracting"
    case "ground":
      return "grounding"
    case "split":
      return "splitting"
  }
}

export const flatJob = (job: Job, link: LinkOf) => ({
  job_id: job.job_id,
  action: job.kind,
  status: flatStatus(job.status),
  result: job.status === "succeeded" && job.result !== null ? flatResult(job, link) : null,
  error: flatError(job),
  created_at: iso(job.created_at),
  started_at: iso(job.started_at),
  completed_at: iso(job.finished_at)
})

export const flatSummary = (job: Job) => {
  const status = flatStatus(job.status)
  return {
    job_id: job.job_id,
    action: job.kind,
    status,
    ...(status === "failed" ? { error: flatError(job) } : {}),
    created_at: iso(job.created_at),
    completed_at: iso(job.finished_at)
  }
}

/** `standard` when the text came from the file itself, `ocr` when OCR read some of it. */
export const v1ParseResult = (r: StoredParseResult, units: number) => ({
  result_type: "parse",
  file_name: r.file_name,
  lane: r.ocr_applied ? "ocr" : "standard",
  document: { page_count: r.page_count, markdown: r.markdown, text: r.text, blocks: r.blocks, chunks: r.chunks },
  ocr_applied: r.ocr_applied,
  units
})

const resultState = (job: Job, now: number) => {
  switch (job.status) {
    case "succeeded":
      return now < job.payload_expires_at ? "available" : "expired"
    case "failed":
      return "not_retained"
    case "cancelled":
      return "cancelled"
    default:
      return null
  }
}

export const v1Job = (job: Job, now: number, link: LinkOf, origin = "") => {
  const state = resultState(job, now)
  return {
    job_id: job.job_id,
    kind: job.kind,
    status: job.status,
    workspace_id: null,
    force: null,
    result: state === "available" && job.result !== null ? v1Result(job, link, origin) : null,
    result_state: state,
    error: (job.status === "failed" || job.status === "cancelled") && job.error !== null
      ? { code: job.error.code, message: job.error.message, retryable: job.error.retryable, request_id: job.request_id, detail: null }
      : null,
    progress: job.status === "running"
      ? { units_total: null, units_done: 0, items_total: 1, items_done: 0, stage: stageOf(job) }
      : null,
    units: job.units,
    created_at: iso(job.created_at),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    payload_expires_at: iso(job.payload_expires_at)
  }
}

export const v1Summary = (job: Job) => ({
  job_id: job.job_id,
  kind: job.kind,
  status: job.status,
  workspace_id: null,
  created_at: iso(job.created_at),
  finished_at: iso(job.finished_at),
  units: job.units
})
