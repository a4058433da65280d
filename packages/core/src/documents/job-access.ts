/**
 * Reading a caller's jobs and uploads: another tenant's job or handle is 404, never its data
 * (spec 2, "Authentication" 4); waiting for a job counts against the tenant's sync-wait cap.
 */
import { Clock, Effect, Option } from "effect"
import { Ids } from "../kernel/ids.js"
import { SyncWaitStore } from "../tenancy/limits/sync-wait-store.js"
import { type JobQuery, JobStore } from "../jobs/job-store.js"
import { applyJobEvent, awaitSettled, interruptWork } from "../jobs/job-runtime.js"
import type { Job } from "../jobs/job.js"
import type { Caller } from "../tenancy/tenants/authenticate.js"
import { UploadStore } from "./uploads/upload.js"
import { onPayloadExpiredBestEffort } from "../jobs/job-retention.js"
import { ResourceNotFound, storageUnavailable } from "../api/errors.js"
import { UploadExpired } from "./api-errors.js"

const unavailable = () => storageUnavailable()

/**
 * A job of the caller. Retention: a succeeded job read past its `payload_expires_at` has its
 * result deleted from the store (the job itself stays, with `result_state: "expired"`).
 */
export const jobOf = (caller: Caller, jobId: string) =>
  Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(
    Effect.mapError(unavailable),
    Effect.flatMap((job) =>
      Option.isSome(job) && job.value.tenant_id === caller.tenant.tenant_id
        ? Effect.succeed(job.value)
        : Effect.fail(new ResourceNotFound({ resource: "job", id: jobId }))
    ),
    Effect.flatMap((job) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        job.result === null || now < job.payload_expires_at
          ? Effect.succeed(job)
          // the kind's retention hook first (ground's crops): once the result is gone nothing names them
          : Effect.zipRight(onPayloadExpiredBestEffort(job), applyJobEvent(job.job_id, { type: "expire", at: now })).pipe(
            Effect.mapError(unavailable),
            Effect.map((outcome) => Option.isSome(outcome) ? outcome.value.job : job)
          ))
    )
  )

/** A page of the caller's jobs (`query.tenantId` is the caller's); an unknown cursor is 404. */
export const jobsPageOf = (query: JobQuery) =>
  Effect.flatMap(JobStore, (s) => s.list(query)).pipe(
    Effect.catchTags({
      CursorNotFound: (e) => new ResourceNotFound({ resource: "cursor", id: e.cursor }),
      StorageUnavailable: unavailable
    })
  )

/** A live upload of the caller (404 when missing or another tenant's, expired → `UploadExpired`). */
export const uploadOf = (caller: Caller, fileId: string) =>
  Effect.gen(function*() {
    const uploads = yield* UploadStore
    const upload = yield* uploads.get(fileId).pipe(Effect.mapError(unavailable))
    if (Option.isNone(upload) || upload.value.tenant_id !== caller.tenant.tenant_id) {
      return yield* new ResourceNotFound({ resource: "file", id: fileId })
    }
    if ((yield* Clock.currentTimeMillis) >= upload.value.expires_at) return yield* new UploadExpired({ fileId })
    return upload.value
  })

/** Cancels a job of the caller: the job as it is after the attempt, and whether it changed. */
export const cancelJob = (caller: Caller, jobId: string, reason: string | null) =>
  Effect.gen(function*() {
    yield* jobOf(caller, jobId)
    const outcome = yield* applyJobEvent(jobId, { type: "cancel", at: yield* Clock.currentTimeMillis, reason }).pipe(
      Effect.mapError(unavailable)
    )
    if (Option.isNone(outcome)) return yield* new ResourceNotFound({ resource: "job", id: jobId })
    if (outcome.value.changed) yield* interruptWork(jobId)
    return outcome.value
  })

/** A sync wait's place frees itself this long after its wait would have ended (an instance that died). */
const SYNC_WAIT_GRACE_MS = 60_000

/**
 * Waits up to `waitMs` for the job to settle, within the tenant's cap of concurrent sync waits
 * (counted across the instances sharing the store): `undefined` when the cap is reached — or the
 * cap cannot be checked — and the call degrades to 202 (not an error: the client polls).
 */
export const waitForJob = (caller: Caller, job: Job, waitMs: number) =>
  Effect.gen(function*() {
    const waits = yield* SyncWaitStore
    const waitId = (yield* Ids).uuid()
    const now = yield* Clock.currentTimeMillis
    const held = yield* waits.acquire({
      tenantId: caller.tenant.tenant_id,
      waitId,
      cap: caller.tenant.sync_waits,
      now,
      expiresAt: now + waitMs + SYNC_WAIT_GRACE_MS
    }).pipe(Effect.orElseSucceed(() => false))
    if (!held) return undefined
    return yield* awaitSettled(job.job_id, waitMs).pipe(
      Effect.mapError(unavailable),
      Effect.map(Option.getOrElse(() => job)),
      Effect.ensuring(Effect.ignore(waits.release(waitId)))
    )
  })
