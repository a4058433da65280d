/**
 * The one job of every service (spec 2, "Job", "States and transitions"; spec 3's workspace jobs).
 * A job is of a registered kind (`job-kind.ts`), whose input and result it carries; the flat form
 * and the v1 form are two projections of it (`projections.ts`); there is one store.
 */

/**
 * The name of a job's kind, as the v1 job shows it (`kind`) and the flat job (`action`). Which
 * kinds exist is what is registered (`JobKinds`).
 */
export type JobKind = string

/** Every kind name the specs give (v1 `GET /v1/jobs?kind=`): spec 2's document operations and spec 3's workspace jobs. */
export const SPEC_JOB_KINDS: ReadonlyArray<JobKind> = [
  "parse", "split", "classify", "categorize", "extract", "ground", "ingestion", "reconciliation", "kg_build", "file_upload",
  "file_replace", "file_delete", "workspace_delete", "intelligent_search", "filtered_search"
]

/** Which form created the job: results are rendered for it (flat links vs v1 routes). */
export type JobForm = "flat" | "v1"

/** The internal statuses are the v1 ones; the flat form shows `queued` as `pending` and `cancelled` as `failed`. */
export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled"

export const TERMINAL_STATUSES: ReadonlyArray<JobStatus> = ["succeeded", "failed", "cancelled"]
export const isTerminal = (status: JobStatus): boolean => TERMINAL_STATUSES.includes(status)

export interface JobError {
  readonly code: string
  readonly message: string
  readonly retryable: boolean
}

/**
 * How far a running job has come (v1 `progress`, and the frames of its event stream). The work
 * reports it; a job starts at its kind's stage with one item and no units counted.
 */
export type JobProgress = {
  /** the units the job will count, when known */
  readonly units_total: number | null
  readonly units_done: number
  /** the items (files, documents) the job works through, when known */
  readonly items_total: number | null
  readonly items_done: number
  readonly stage: string
}

/** The progress a job starts with: its kind's stage, one item, nothing done. */
export const initialProgress = (stage: string): JobProgress => ({
  units_total: null,
  units_done: 0,
  items_total: 1,
  items_done: 0,
  stage
})

export interface Job<Input = unknown, Result = unknown> {
  readonly job_id: string
  readonly tenant_id: string
  readonly kind: JobKind
  readonly status: JobStatus
  /** what the kind needs to run, frozen at acceptance (the kind's input schema) */
  readonly input: Input
  readonly result: Result | null
  readonly error: JobError | null
  /** the workspace the job belongs to (spec 3); null for document operations */
  readonly workspace_id: string | null
  /** spec 3's `force` of the creating request; null for kinds without one */
  readonly force: boolean | null
  /** as last reported by the work (null until the job starts) */
  readonly progress: JobProgress | null
  /** `units` consumed (spec 2 credits: 1 per page, 1 per 500 cells per sheet) */
  readonly units: number
  /** the request that created the job (v1 `error.request_id`) */
  readonly request_id: string
  readonly idempotency_key: string | null
  /** what the creating request asked for; a reused idempotency key must ask for the same */
  readonly fingerprint: string
  readonly created_at: number
  readonly started_at: number | null
  readonly finished_at: number | null
  /** when the input and result payloads are deleted */
  readonly payload_expires_at: number
}

/** Payloads (input and result) are kept 7 days after the job was created. */
export const PAYLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/**
 * A job as stored before `workspace_id`, `force` and `progress` existed (read from a store written
 * by an earlier version), with those fields as none (a running job's projection then shows its
 * kind's starting progress).
 */
export const withJobDefaults = (job: Job): Job =>
  job.workspace_id !== undefined && job.force !== undefined && job.progress !== undefined
    ? job
    : { ...job, workspace_id: job.workspace_id ?? null, force: job.force ?? null, progress: job.progress ?? null }
