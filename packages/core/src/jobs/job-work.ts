/**
 * The work of a job, by kind: what a worker runs once it has claimed the job. Each operation's
 * work reads the job's file, does the operation and returns the result to keep and the units
 * (credits) it costs, or fails with the job's error.
 */
import { Effect } from "effect"
import { categorizeWork } from "../documents/categorize/categorize-work.js"
import { extractWork } from "../documents/extract/extract-work.js"
import { groundWork } from "../documents/ground/ground-work.js"
import { parseWork } from "../documents/parse/parse-work.js"
import { splitWork } from "../documents/split/split-work.js"
import type { Job, JobError } from "./job.js"

const notOffered = (job: Job): JobError => ({
  code: "not_implemented",
  message: `${job.kind} is not offered by this deployment`,
  retryable: false
})

export interface JobOutcome {
  readonly result: unknown
  readonly units: number
}

type WorkContext =
  | Effect.Effect.Context<ReturnType<typeof parseWork>>
  | Effect.Effect.Context<ReturnType<typeof categorizeWork>>
  | Effect.Effect.Context<ReturnType<typeof extractWork>>
  | Effect.Effect.Context<ReturnType<typeof groundWork>>
  | Effect.Effect.Context<ReturnType<typeof splitWork>>

export const jobWork = (job: Job): Effect.Effect<JobOutcome, JobError, WorkContext> => {
  switch (job.kind) {
    case "parse":
      return parseWork(job)
    case "categorize":
    case "classify":
      return categorizeWork(job)
    case "extract":
      return extractWork(job)
    case "ground":
      return groundWork(job)
    case "split":
      return splitWork(job)
    default:
      return Effect.fail(notOffered(job))
  }
}
