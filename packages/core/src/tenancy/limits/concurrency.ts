/**
 * Concurrent jobs (spec 2, "Limits": 10 pending + running by default, 429): a new job is refused
 * while the tenant has that many jobs queued or running. The job store counts and stores in one
 * step per tenant (`JobStore.insertWithin`), so every instance sharing the store sees the same jobs
 * and two creates racing for the last slot — on one instance or on two — never both pass.
 */
import { Effect } from "effect"
import { ConcurrencyLimitReached } from "../errors.js"
import { type ApiError, ServiceUnavailable, storageUnavailable } from "../../api/errors.js"
import type { Job } from "../../jobs/job.js"
import { JobStore } from "../../jobs/job-store.js"

const unavailable = () => storageUnavailable()

/** The tenant's jobs queued or running now. */
export const activeJobCount = (tenantId: string) =>
  Effect.flatMap(JobStore, (s) => s.list({ tenantId, statuses: ["queued", "running"], limit: 1 })).pipe(
    Effect.map((page) => page.total),
    Effect.catchAll(() => unavailable())
  )

/**
 * Stores a new job unless its tenant already has `maxActive` jobs queued or running (429); a
 * replay of an idempotency key returns its job whatever the count. With `onSole`, a job of the
 * same kind and workspace queued or running refuses it too, with the error `onSole` makes of that
 * job's id.
 */
export const insertWithinConcurrency = (job: Job, maxActive: number, onSole?: (activeJobId: string) => ApiError) =>
  Effect.flatMap(JobStore, (s) => s.insertWithin(job, maxActive, { sole: onSole !== undefined })).pipe(
    Effect.catchTags({
      ActiveJobsAtLimit: (e) => new ConcurrencyLimitReached({ limit: e.limit }),
      StorageUnavailable: () => new ServiceUnavailable({ message: "the job could not be stored; retry with the same idempotency key" }),
      SoleJobActive: (e): Effect.Effect<never, ApiError> =>
        onSole === undefined ? Effect.dieMessage("a job stored without sole was refused as sole") : Effect.fail(onSole(e.jobId))
    })
  )
