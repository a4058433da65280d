/**
 * The job state machine (spec 2, "States and transitions"), one for both forms:
 *
 *   queued  --start-->    running      (started_at)
 *   running --progress--> running      (progress, as the work reports it)
 *   running --succeed-->  succeeded    (result, units, finished_at)
 *   running --fail-->     failed       (error, finished_at)
 *   queued | running --cancel--> cancelled (error job_cancelled with the reason, finished_at)
 *   succeeded --expire-->  succeeded    (result deleted, once payload_expires_at has passed)
 *
 * Anything else is refused (`undefined`): a terminal job never changes, so whichever of a cancel
 * and a completion reaches the store first is the real outcome.
 */
import { isTerminal, type Job, type JobError, type JobProgress } from "./job.js"

export type JobEvent =
  | { readonly type: "start"; readonly at: number }
  /** the work reports how far it has come */
  | { readonly type: "progress"; readonly at: number; readonly progress: JobProgress }
  | { readonly type: "succeed"; readonly at: number; readonly result: unknown; readonly units: number }
  | { readonly type: "fail"; readonly at: number; readonly error: JobError }
  | { readonly type: "cancel"; readonly at: number; readonly reason: string | null }
  /** retention: deletes the result of a succeeded job whose payload_expires_at has passed */
  | { readonly type: "expire"; readonly at: number }

export const CANCELLED_MESSAGE = "The job was cancelled."

export const transition = (job: Job, event: JobEvent): Job | undefined => {
  switch (event.type) {
    case "start":
      return job.status === "queued" ? { ...job, status: "running", started_at: event.at } : undefined
    case "progress":
      return job.status === "running" ? { ...job, progress: event.progress } : undefined
    case "succeed":
      return job.status === "running"
        ? { ...job, status: "succeeded", result: event.result, units: event.units, finished_at: event.at }
        : undefined
    case "fail":
      return job.status === "running" ? { ...job, status: "failed", error: event.error, finished_at: event.at } : undefined
    case "expire":
      return job.status === "succeeded" && job.result !== null && event.at >= job.payload_expires_at
        ? { ...job, result: null }
        : undefined
    case "cancel":
      return isTerminal(job.status)
        ? undefined
        : {
            ...job,
            status: "cancelled",
            error: { code: "job_cancelled", message: event.reason ?? CANCELLED_MESSAGE, retryable: false },
            finished_at: event.at
          }
  }
}
