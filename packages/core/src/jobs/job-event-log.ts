/**
 * The job-event port (spec 2, "Job event (v1 stream frame)", "Events"): every status change of a
 * job is recorded as an event with a sequence number, monotonic per job, so that
 * `GET /v1/jobs/{job_id}/events` can replay what a client missed (`Last-Event-ID`). The log of
 * a job is bounded (`MAX_EVENTS_PER_JOB`); adapters implement it (storage-memory).
 */
import { Context, type Effect } from "effect"
import { initialProgress, type Job, type JobProgress, type JobStatus } from "./job.js"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"


/** What a stream frame carries, without its sequence (the log assigns it). */
export interface JobEventData {
  /** epoch ms */
  readonly at: number
  readonly status: JobStatus
  readonly progress: Readonly<Record<string, unknown>> | null
  readonly message: string | null
}

export interface JobEventRecord extends JobEventData {
  /** 1, 2, 3, … per job */
  readonly sequence: number
}

/** A job has a few events (queued, running, its progress reports, terminal); the log keeps the latest 64. */
export const MAX_EVENTS_PER_JOB = 64

export interface JobEventLogService {
  /** appends the event with the job's next sequence number and returns it */
  readonly append: (jobId: string, event: JobEventData) => Effect.Effect<JobEventRecord, StorageUnavailable>
  /** the job's retained events with a sequence above `after`, oldest first */
  readonly since: (jobId: string, after: number) => Effect.Effect<ReadonlyArray<JobEventRecord>, StorageUnavailable>
}

export class JobEventLog extends Context.Tag("@docket/core/JobEventLog")<JobEventLog, JobEventLogService>() {}

/** The progress of a running job, as the v1 job shows it: reported by its work; before any, its kind's start (`stage`). */
export const runningProgress = (job: Job, stage = "running"): JobProgress => job.progress ?? initialProgress(stage)

/**
 * The event that a job in its current state stands for. A finished job's progress is its last
 * one at stage `done`; a succeeded job has done all its units and items.
 */
export const eventOf = (job: Job, at: number, stage?: string): JobEventData => {
  switch (job.status) {
    case "queued":
      return { at, status: "queued", progress: null, message: null }
    case "running":
      return { at, status: "running", progress: runningProgress(job, stage), message: null }
    case "succeeded": {
      const items = job.progress === null ? 1 : job.progress.items_total ?? job.progress.items_done
      return {
        at,
        status: "succeeded",
        progress: { units_total: job.units, units_done: job.units, items_total: items, items_done: items, stage: "done" },
        message: null
      }
    }
    default:
      return {
        at,
        status: job.status,
        progress: job.started_at === null ? null : { ...runningProgress(job, stage), stage: "done" },
        message: job.error?.message ?? null
      }
  }
}

/** The frame's JSON (`message` only when there is one). */
export const eventFrame = (e: JobEventRecord) => ({
  sequence: e.sequence,
  at: new Date(e.at).toISOString(),
  status: e.status,
  progress: e.progress,
  ...(e.message === null ? {} : { message: e.message })
})

/**
 * A frame of `GET /v1/jobs/{job_id}/events`, as its `data` JSON. The log keeps any JSON progress;
 * the frames a job's runtime appends are `eventOf`'s, whose progress is a `JobProgress`.
 */
export type JobEventFrame = Omit<ReturnType<typeof eventFrame>, "progress"> & { readonly progress: JobProgress | null }
