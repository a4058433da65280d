/**
 * Retention in the background: what has expired is deleted by a sweep, not only when it is read
 * late (the lazy paths stay: `jobOf` and the crop route). A sweep, in batches of at most
 * `SWEEP_BATCH` per kind:
 *
 * 1. uploads past `expires_at` (+ `RETENTION_GRACE_MS`): the blob (`uploads/<file_id>`), then the
 *    record is marked (`markBlobDeleted`). The record stays: spec 2 has a job started with an
 *    expired handle fail with 410, which needs the handle to be known;
 * 2. upload sessions past `expires_at` (+ the grace) that still hold parts, in any state — open
 *    ones whose window passed, aborted ones (whose `expires_at` is the window they had), completed
 *    ones (whose `expires_at` is their upload handle's: completion copied the parts into the
 *    upload's blob and deleted them, best effort, and the handle is expired by then): the part
 *    blobs, then the parts leave the record (`dropParts`; the session stays, so a late request is
 *    still 409 `upload_expired`, not 404);
 * 3. succeeded jobs past `payload_expires_at` that still hold a result: the kind's retention hook
 *    (`onPayloadExpired`: ground deletes the crops the result names), then the `expire` transition (the result is deleted, the job stays: a late poll shows
 *    `result_state: "expired"`). A job's input file is its upload, swept by 1.
 *
 * 4. the workspace service's retention (`workspaces/ingestion/retention.ts`): files past their
 *    workspace's `source_ttl_days` deleted, derived representations past `derived_ttl_days`
 *    dropped (the file `expired`).
 *
 * The mark goes last, so a failure leaves the item for the next sweep to find again. The grace
 * keeps a sweep clear of work that checked an expiry a moment before it passed (a completion
 * joining a session's parts, a job reading its upload). Every deletion is idempotent and `expire`
 * is a state-machine transition, so instances sweeping the same storage at once do no harm.
 *
 * Periodically on the service clock (`Settings.sweepIntervalMs`, 0 = never; a manual clock moved
 * past it triggers a sweep), and on demand: `POST /_admin/docs/sweep`, `docket.admin.docs.sweep()`.
 */
import { Clock, Duration, Effect, Either, Layer, Option } from "effect"
import { AdminUnavailable } from "../../admin/errors.js"
import { DEFAULT_SWEEP_INTERVAL_MS } from "../../kernel/config.js"
import { onPayloadExpired } from "../../jobs/job-retention.js"
import { JobStore } from "../../jobs/job-store.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, UploadStore } from "../uploads/upload.js"
import { UploadSessionStore } from "../uploads/upload-session.js"
import { sweepWorkspaceRetention } from "../../workspaces/ingestion/retention.js"

/** the default period of the background sweep (`Settings.sweepIntervalMs`) */
export const SWEEP_INTERVAL_MS = DEFAULT_SWEEP_INTERVAL_MS
/** at most this many items of each kind per sweep */
export const SWEEP_BATCH = 500
/** uploads and sessions are swept this long after they expire */
export const RETENTION_GRACE_MS = 60 * 60 * 1000

export interface SweepCounts {
  /** expired uploads whose blob was deleted */
  readonly uploads: number
  /** expired upload sessions whose part blobs were deleted */
  readonly upload_sessions: number
  /** job results deleted (`expire`) */
  readonly job_results: number
  /** blobs deleted: uploads, session parts and what jobs' retention hooks deleted (ground crops) */
  readonly blobs: number
  /** items left for the next sweep because a deletion failed */
  readonly failed: number
  /** workspace files deleted by their workspace's `source_ttl_days` */
  readonly workspace_sources: number
  /** workspace files whose derived representations expired (`derived_ttl_days`) */
  readonly workspace_derived: number
}

interface Swept {
  /** the item changed (false: another sweep got there first) */
  readonly done: boolean
  /** blobs deleted */
  readonly blobs: number
}

/** each item on its own: a failure is counted and leaves the item to the next sweep */
const eachItem = <A, E, R>(items: ReadonlyArray<A>, f: (a: A) => Effect.Effect<Swept, E, R>) =>
  Effect.map(
    Effect.forEach(items, (a) => Effect.either(f(a)), { concurrency: 8 }),
    (results) => ({
      done: results.filter((r) => Either.isRight(r) && r.right.done).length,
      blobs: results.reduce((n, r) => n + (Either.isRight(r) ? r.right.blobs : 0), 0),
      failed: results.filter(Either.isLeft).length
    })
  )

const deleteBlobs = (keys: ReadonlyArray<string>) =>
  Effect.flatMap(BlobStore, (blobs) => Effect.as(Effect.forEach(keys, (k) => blobs.delete(k), { discard: true }), keys.length))

/** One sweep at the service clock's time. Fails only when a store cannot list what expired. */
export const sweep = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  const uploads = yield* UploadStore
  const sessions = yield* UploadSessionStore
  const jobs = yield* JobStore

  const expiredUploads = yield* uploads.listExpired(now - RETENTION_GRACE_MS, SWEEP_BATCH)
  const u = yield* eachItem(expiredUploads, (upload) =>
    Effect.map(
      Effect.zipLeft(deleteBlobs([blobKeyOf(upload.file_id)]), uploads.markBlobDeleted(upload.file_id)),
      (blobs) => ({ done: true, blobs })
    ))

  const expiredSessions = yield* sessions.listExpired(now - RETENTION_GRACE_MS, SWEEP_BATCH)
  const s = yield* eachItem(expiredSessions, (session) => {
    const keys = session.parts.map((p) => p.key)
    return Effect.map(Effect.zipLeft(deleteBlobs(keys), sessions.dropParts(session.session_id, keys)), (blobs) => ({ done: true, blobs }))
  })

  const expiredJobs = yield* jobs.listPayloadExpired(now, SWEEP_BATCH)
  const j = yield* eachItem(expiredJobs, (job) =>
    Effect.zipWith(
      onPayloadExpired(job),
      jobs.apply(job.job_id, { type: "expire", at: now }),
      (blobs, outcome) => ({ done: Option.isSome(outcome) && outcome.value.changed, blobs })
    ))

  const w = yield* sweepWorkspaceRetention

  const counts: SweepCounts = {
    uploads: u.done,
    upload_sessions: s.done,
    job_results: j.done,
    blobs: u.blobs + s.blobs + j.blobs + w.blobs,
    failed: u.failed + s.failed + j.failed + w.failed,
    workspace_sources: w.sources_deleted,
    workspace_derived: w.derived_expired
  }
  if (counts.failed > 0) yield* Effect.logWarning("retention sweep: some deletions failed; the next sweep retries them", counts)
  return counts
})

/** `POST /_admin/docs/sweep`: one sweep now, its counts (503 when a store cannot list). */
export const sweepAdmin = sweep.pipe(
  Effect.mapError((e) => new AdminUnavailable({ message: `storage unavailable: ${String(e.cause ?? e._tag)}` }))
)

/**
 * Sweeps every `intervalMs` on the service clock for the lifetime of the layer (nothing for 0).
 * A failed sweep is logged; the next one tries again.
 */
export const retentionSweeperLayer = (intervalMs: number) =>
  intervalMs <= 0
    ? Layer.empty
    : Layer.scopedDiscard(
      Effect.forkScoped(
        Effect.forever(
          Effect.sleep(Duration.millis(intervalMs)).pipe(
            Effect.zipRight(sweep),
            Effect.catchAllCause((cause) => Effect.logWarning("retention sweep failed", cause))
          )
        )
      )
    )
