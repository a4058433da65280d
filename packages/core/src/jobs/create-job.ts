/**
 * Creating a job: stored once per idempotency key (a replay returns the existing job; a replay
 * that asks for something else is refused, `IdempotencyKeyReused`), then queued. A job that is
 * still queued when replayed is offered again, so a create refused because the queue was full is
 * safe to retry with the same key (a job starts once whatever its queue entries). How the job is
 * stored is the caller's (`insert`): the store's plain insert by default, or one behind the
 * tenant's limits (`tenancy/limits/admit-job.ts`), whose refusals pass through.
 */
import { Clock, Data, Effect } from "effect"
import { Ids } from "../kernel/ids.js"
import { type Job, type JobKind, PAYLOAD_RETENTION_MS } from "./job.js"
import { fingerprintOf, hasInputShape, JobKinds } from "./job-kinds.js"
import { JobQueue } from "./job-queue.js"
import { recordJobEvent } from "./job-runtime.js"
import type { StorageUnavailable } from "../kernel/storage-unavailable.js"
import { type InsertedJob, JobStore } from "./job-store.js"

export interface CreateJob<Input = unknown> {
  readonly tenantId: string
  readonly kind: JobKind
  readonly input: Input
  /** the workspace of a spec-3 job (none: null) */
  readonly workspaceId?: string | null | undefined
  /** spec 3's `force` of the request (none: null) */
  readonly force?: boolean | null | undefined
  readonly idempotencyKey: string | null
  readonly requestId: string
  /** how long the input and result are kept after creation (spec 3: the workspace's `job_ttl_days`); 7 days by default */
  readonly payloadRetentionMs?: number | undefined
}

/** The idempotency key names a job of the tenant that asked for something else (409). */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{ readonly jobId: string }> {}
/** The job was stored but the queue is full: retry with the same idempotency key (503). */
export class JobQueueFull extends Data.TaggedError("JobQueueFull")<{}> {}

export const createJob = <E = StorageUnavailable, R = never>(
  c: CreateJob,
  insert?: (job: Job) => Effect.Effect<InsertedJob, E, R>
) =>
  Effect.gen(function*() {
    const ids = yield* Ids
    const store = yield* JobStore
    const queue = yield* JobQueue
    const kind = (yield* JobKinds).get(c.kind)
    if (kind === undefined) return yield* Effect.dieMessage(`job kind ${c.kind} is not registered`)
    if (!hasInputShape(kind, c.input)) return yield* Effect.dieMessage(`the input of a ${c.kind} job does not match its schema`)
    const now = yield* Clock.currentTimeMillis
    const job: Job = {
      job_id: ids.uuid(),
      tenant_id: c.tenantId,
      kind: c.kind,
      status: "queued",
      input: c.input,
      result: null,
      error: null,
      workspace_id: c.workspaceId ?? null,
      force: c.force ?? null,
      progress: null,
      units: 0,
      request_id: c.requestId,
      idempotency_key: c.idempotencyKey,
      fingerprint: fingerprintOf(kind, c.kind, c.input),
      created_at: now,
      started_at: null,
      finished_at: null,
      payload_expires_at: now + (c.payloadRetentionMs ?? PAYLOAD_RETENTION_MS)
    }
    const stored = insert === undefined ? yield* store.insert(job) : yield* insert(job)
    if (stored.created) yield* recordJobEvent(stored.job, now)
    if (!stored.created && stored.job.fingerprint !== job.fingerprint) {
      return yield* new IdempotencyKeyReused({ jobId: stored.job.job_id })
    }
    if (stored.job.status === "queued") {
      const queued = yield* queue.offer(stored.job.job_id)
      if (!queued) return yield* new JobQueueFull()
    }
    return stored
  })
