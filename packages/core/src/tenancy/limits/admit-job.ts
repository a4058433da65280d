/**
 * Creating a job behind the tenant's limits: a replay of an idempotency key the tenant already
 * used returns its job whatever the limits (replays count toward requests per minute, checked
 * earlier, but not toward concurrency or credits); a new job needs credits left (402
 * `quota_exceeded`) and a free concurrent-jobs slot (429), the slot taken atomically with the
 * insert (`JobStore.insertWithin`). Jobs that cost nothing (`free`: uploads and deletions, which
 * the 402 message promises "still work") skip the credit check. The refusals of creating a job
 * become the API's errors here.
 */
import { Effect, Option } from "effect"
import { checkQuota } from "../billing/quota.js"
import { type CreateJob, createJob, IdempotencyKeyReused, JobQueueFull } from "../../jobs/create-job.js"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { JobStore } from "../../jobs/job-store.js"
import type { Tenant } from "../tenants/tenant.js"
import { type ApiError, ServiceUnavailable } from "../../api/errors.js"
import { IdempotencyConflict } from "../../jobs/errors.js"
import { insertWithinConcurrency } from "./concurrency.js"

const isReplay = (c: CreateJob) =>
  Effect.gen(function*() {
    if (c.idempotencyKey === null) return false
    const store = yield* JobStore
    const existing = yield* store.findByIdempotencyKey(c.tenantId, c.idempotencyKey).pipe(
      Effect.mapError(() => new ServiceUnavailable({ message: "storage unavailable; retry with the same idempotency key" }))
    )
    return Option.isSome(existing)
  })

export const createAdmittedJob = (
  tenant: Tenant,
  c: CreateJob,
  options: {
    readonly free?: boolean
    /** one job of the kind per workspace at a time: the refusal made of the active job's id */
    readonly onSole?: (activeJobId: string) => ApiError
  } = {}
) =>
  Effect.gen(function*() {
    if (options.free !== true && !(yield* isReplay(c))) yield* checkQuota(tenant)
    // the concurrency cap is checked by the store as it inserts (a replay found there passes)
    return yield* createJob(c, (job) => insertWithinConcurrency(job, tenant.concurrent_jobs, options.onSole)).pipe(
      Effect.mapError((e): ApiError => {
        if (e instanceof IdempotencyKeyReused) return new IdempotencyConflict({ jobId: e.jobId })
        if (e instanceof StorageUnavailable) return new ServiceUnavailable({ message: "the job could not be stored; retry with the same idempotency key" })
        if (e instanceof JobQueueFull) return new ServiceUnavailable({ message: "the job queue is full; retry with the same idempotency key" })
        return e
      })
    )
  })
