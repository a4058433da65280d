/**
 * Creating a job: stored once per idempotency key (a replay returns the existing job; a replay
 * that asks for something else is refused with 409 `idempotency_key_reused`), then queued. A job
 * that is still queued when replayed is offered again, so a create answered 503 (queue full) is
 * safe to retry with the same key (a job starts once whatever its queue entries). With `maxActive`,
 * the job is stored only while its tenant has fewer jobs queued or running (429 otherwise), counted
 * and stored in one step by the store.
 */
import { Clock, Effect } from "effect"
import { Ids } from "../kernel/ids.js"
import { IdempotencyConflict } from "./errors.js"
import { ServiceUnavailable } from "../api/errors.js"
import { type Job, type JobInput, type JobKind, PAYLOAD_RETENTION_MS } from "./job.js"
import { JobQueue } from "./job-queue.js"
import { recordJobEvent } from "./job-runtime.js"
import { JobStore } from "./job-store.js"
import { insertWithinConcurrency } from "../tenancy/limits/concurrency.js"

export interface CreateJob {
  readonly tenantId: string
  readonly kind: JobKind
  readonly input: JobInput
  readonly idempotencyKey: string | null
  readonly requestId: string
}

const unavailable = () => new ServiceUnavailable({ message: "the job could not be stored; retry with the same idempotency key" })

/** What a create asks for: kind, source, file name and the operation's parameters (key order as built). */
export const fingerprintOf = (c: Pick<CreateJob, "kind" | "input">) =>
  JSON.stringify(c.input.params === undefined ? [c.kind, c.input.source, c.input.file_name] : [c.kind, c.input.source, c.input.file_name, c.input.params])

export interface CreateJobOptions {
  /** the tenant's concurrent-jobs cap (none: not checked) */
  readonly maxActive?: number | undefined
}

export const createJob = (c: CreateJob, options: CreateJobOptions = {}) =>
  Effect.gen(function*() {
    const ids = yield* Ids
    const store = yield* JobStore
    const queue = yield* JobQueue
    const now = yield* Clock.currentTimeMillis
    const job: Job = {
      job_id: ids.uuid(),
      tenant_id: c.tenantId,
      kind: c.kind,
      status: "queued",
      input: c.input,
      result: null,
      error: null,
      units: 0,
      request_id: c.requestId,
      idempotency_key: c.idempotencyKey,
      fingerprint: fingerprintOf(c),
      created_at: now,
      started_at: null,
      finished_at: null,
      payload_expires_at: now + PAYLOAD_RETENTION_MS
    }
    const stored = options.maxActive === undefined
      ? yield* store.insert(job).pipe(Effect.mapError(unavailable))
      : yield* insertWithinConcurrency(job, options.maxActive)
    if (stored.created) yield* recordJobEvent(stored.job, now)
    if (!stored.created && stored.job.fingerprint !== job.fingerprint) {
      return yield* new IdempotencyConflict({ jobId: stored.job.job_id })
    }
    if (stored.job.status === "queued") {
      const queued = yield* queue.offer(stored.job.job_id)
      if (!queued) return yield* new ServiceUnavailable({ message: "the job queue is full; retry with the same idempotency key" })
    }
    return stored
  })
