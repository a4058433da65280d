/**
 * The two projections of the one internal job (spec 2, "Job (flat form)", "Job (v1 form)"):
 * - flat: `queued` shows as `pending`; `cancelled` as `failed` with `error.code` `cancelled`;
 * - v1: the internal statuses as they are, `workspace_id`, `force`, `result_state`, `progress`
 *   (as the work reported it, while the job runs), `payload_expires_at`.
 * Each kind shows its own result in each form (`JobKindDefinition.flatResult`, `v1Result`).
 */
import { initialProgress, type Job, type JobStatus } from "./job.js"
import type { AnyJobKind, ResultLinks } from "./job-kind.js"
import type { JobPage } from "./job-store.js"

export type { LinkOf } from "./job-kind.js"

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

/** The kind of a job, when this instance has it registered. */
export type KindOf = (job: Job) => AnyJobKind<never> | undefined

/** The progress of a running job: as last reported, else its kind's start. */
export const progressOf = (job: Job, kind: AnyJobKind<never> | undefined) =>
  job.progress ?? initialProgress(kind?.stage ?? "running")

export const flatJob = (job: Job, kind: AnyJobKind<never> | undefined, links: ResultLinks) => ({
  job_id: job.job_id,
  action: job.kind,
  status: flatStatus(job.status),
  result: job.status === "succeeded" && job.result !== null
    ? kind?.flatResult === undefined ? job.result : kind.flatResult(job, job.result, links)
    : null,
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

export const v1Job = (job: Job, kind: AnyJobKind<never> | undefined, now: number, links: ResultLinks) => {
  const state = resultState(job, now)
  return {
    job_id: job.job_id,
    kind: job.kind,
    status: job.status,
    workspace_id: job.workspace_id ?? null,
    force: job.force ?? null,
    result: state === "available" && job.result !== null
      ? kind?.v1Result === undefined ? job.result : kind.v1Result(job, job.result, links)
      : null,
    result_state: state,
    error: (job.status === "failed" || job.status === "cancelled") && job.error !== null
      ? { code: job.error.code, message: job.error.message, retryable: job.error.retryable, request_id: job.request_id, detail: null }
      : null,
    progress: job.status === "running" ? progressOf(job, kind) : null,
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
  workspace_id: job.workspace_id ?? null,
  created_at: iso(job.created_at),
  finished_at: iso(job.finished_at),
  units: job.units
})

/** `GET /v1/jobs`: the page of summaries, newest first, its cursor and the filtered total. */
export const v1JobList = (page: JobPage) => ({ items: page.jobs.map(v1Summary), next_cursor: page.nextCursor, total_count: page.total })

/** A job as the v1 form shows it (`GET /v1/jobs/{job_id}`, and every job-creating route's answer); `result` is its kind's. */
export type V1Job = ReturnType<typeof v1Job>
export type V1JobSummary = ReturnType<typeof v1Summary>
export type V1JobList = ReturnType<typeof v1JobList>
