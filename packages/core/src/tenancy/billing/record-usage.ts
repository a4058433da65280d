/**
 * Charging a job when it finishes: a job that succeeded records its usage event (its units are
 * its credits); a failed or cancelled job records nothing. A store failure is logged and does not
 * undo the job's outcome.
 */
import { Effect } from "effect"
import type { Job } from "../../jobs/job.js"
import type { JobUsage } from "../../jobs/job-kind.js"
import { usageEventOf } from "./usage-event.js"
import { UsageStore } from "./usage-store.js"

export const recordJobUsage = (job: Job, usage?: JobUsage) => {
  const event = usageEventOf(job, usage)
  if (event === undefined) return Effect.void
  return Effect.flatMap(UsageStore, (store) => store.record(event)).pipe(
    Effect.asVoid,
    Effect.catchAll((e) => Effect.logWarning(`job ${job.job_id}: usage not recorded`, e))
  )
}
