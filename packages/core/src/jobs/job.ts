/**
 * The one internal job of the document service (spec 2, "Job", "States and transitions"). The
 * flat form and the v1 form are two projections of it (`projections.ts`); there is one store.
 */

/**
 * The kinds of document-operation jobs: `parse`, `categorize` (flat `/categorize` and the v1 alias
 * `/v1/document-operations/categorize`), `classify` (v1 `/v1/classify`), `extract`, `ground`,
 * `split`.
 */
export type JobKind = "parse" | "categorize" | "classify" | "extract" | "ground" | "split"

export const JOB_KINDS: ReadonlyArray<JobKind> = ["parse", "categorize", "classify", "extract", "ground", "split"]

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
 * Where the job's file comes from: an upload handle (`svc://file/<id>`, v1 `upload_id`), or a
 * URL (`https://…`, `s3://bucket/key`) read when the job runs.
 */
export type JobSource =
  | { readonly type: "upload"; readonly file_id: string }
  | { readonly type: "url"; readonly url: string }

/**
 * Where an operation reads an earlier parse instead of parsing again (`markdown_url`): a parse job
 * of the same tenant (a link Docket signed), or markdown at an `s3://` location of the tenant.
 */
export type MarkdownSource =
  | { readonly type: "parse_job"; readonly job_id: string }
  | { readonly type: "url"; readonly url: string }

export interface JobInput {
  readonly source: JobSource
  readonly file_name: string
  /** the operation's own parameters, frozen at acceptance (absent for parse) */
  readonly params?: Readonly<Record<string, unknown>> | undefined
  /** the form that created the job (absent: flat) */
  readonly form?: JobForm | undefined
}

export interface Job<Result = unknown> {
  readonly job_id: string
  readonly tenant_id: string
  readonly kind: JobKind
  readonly status: JobStatus
  readonly input: JobInput
  readonly result: Result | null
  readonly error: JobError | null
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
