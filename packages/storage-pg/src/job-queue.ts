/**
 * The job queue on PostgreSQL, shared by every instance on the database. One row per queued job
 * id in offer order; a claim takes the first row that is unclaimed or whose lease expired, with
 * `FOR UPDATE SKIP LOCKED` so that concurrent claims (of any instance) never wait on each other
 * nor take the same row, and stamps it with a fresh lease id and expiry. `renew`, `complete` and
 * `release` name the lease id: once a lease expired and the job was claimed again, they match no
 * row and do nothing.
 *
 * Time: every expiry is the service clock (`Clock`, passed in by core) plus `JOB_LEASE_MS`, never
 * the database's `now()` — as for the limiter, instances sharing a database should run on the
 * system clock.
 *
 * Waiting: a claim that finds nothing waits for an offer made through this instance or for the
 * poll interval (real time, default 250 ms), whichever comes first, and tries again: an offer
 * made on another instance, or a lease that expires, is seen within one interval.
 *
 * Bound: an offer is refused once `capacity` rows are queued (the count is bounded by `capacity`
 * rows; concurrent offers may overshoot it by their number).
 */
import { Jobs, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Clock, Deferred, Duration, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { DEFAULT_POLL_INTERVAL, guard, PgTuning, type PgTuningValue } from "./internal/guard.js"

export const DEFAULT_CAPACITY = 10_000
export { DEFAULT_POLL_INTERVAL }

const build = (sql: SqlClient.SqlClient, options: PgTuningValue, capacity: number = DEFAULT_CAPACITY): Jobs.JobQueueService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "JobQueue", cause }))
  const pollMs = Duration.toMillis(options.jobQueuePollInterval)
  // a real-time pause: the service clock may be a manual one that a test holds still
  const pause = Effect.sleep(Duration.millis(pollMs)).pipe(Effect.withClock(Clock.make()))

  let waiters = new Set<Deferred.Deferred<void>>()
  const wake = Effect.suspend(() => {
    const woken = waiters
    waiters = new Set()
    return Effect.forEach(woken, (d) => Deferred.succeed(d, undefined), { discard: true })
  })

  const claimOnce = Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const leaseId = randomUUID()
    const rows = yield* run(sql<{ readonly job_id: string; readonly attempts: number }>`
      UPDATE docket_job_queue SET lease_id = ${leaseId}, lease_expires_at = ${now + Jobs.JOB_LEASE_MS}, attempts = attempts + 1
      WHERE job_id = (
        SELECT job_id FROM docket_job_queue
        WHERE lease_expires_at IS NULL OR lease_expires_at <= ${now}
        ORDER BY seq LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING job_id, attempts`)
    return rows.length === 0 ? undefined : { jobId: rows[0].job_id, leaseId, attempt: rows[0].attempts }
  })

  /** one try; when nothing is claimable, waits for a wake-up or the poll interval first */
  const attempt = Effect.flatMap(Deferred.make<void>(), (signal) => {
    waiters.add(signal)
    return claimOnce.pipe(
      Effect.tap((lease) => (lease === undefined ? Effect.race(Deferred.await(signal), pause) : Effect.void)),
      Effect.ensuring(Effect.sync(() => waiters.delete(signal)))
    )
  })

  const claim: Effect.Effect<Jobs.JobLease, Kernel.StorageUnavailable> = Effect.gen(function*() {
    for (;;) {
      const lease = yield* attempt
      if (lease !== undefined) return lease
    }
  })

  const complete = (lease: Jobs.JobLease) =>
    run(sql`DELETE FROM docket_job_queue WHERE job_id = ${lease.jobId} AND lease_id = ${lease.leaseId}`).pipe(Effect.asVoid)

  return {
    // false when full, and when the database cannot be reached (the create call answers 503,
    // safe to retry with the same idempotency key)
    offer: (jobId) =>
      run(sql<{ readonly queued: boolean }>`
        WITH added AS (
          INSERT INTO docket_job_queue (job_id)
          SELECT ${jobId} WHERE (SELECT count(*) FROM (SELECT 1 FROM docket_job_queue LIMIT ${capacity}) q) < ${capacity}
          ON CONFLICT (job_id) DO NOTHING
          RETURNING 1)
        SELECT EXISTS (SELECT 1 FROM added) OR EXISTS (SELECT 1 FROM docket_job_queue WHERE job_id = ${jobId}) AS queued`).pipe(
        Effect.map((rows) => rows[0]?.queued === true),
        Effect.tap((queued) => (queued ? wake : Effect.void)),
        Effect.catchAll((e) => Effect.as(Effect.logWarning(`job ${jobId} could not be queued`, e), false))
      ),
    claim,
    renew: (lease) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        run(sql`
          UPDATE docket_job_queue SET lease_expires_at = ${now + Jobs.JOB_LEASE_MS}
          WHERE job_id = ${lease.jobId} AND lease_id = ${lease.leaseId}
          RETURNING 1`)).pipe(Effect.map((rows) => rows.length > 0)),
    complete,
    // given back, not lost: the claim does not count as an attempt
    release: (lease) =>
      run(sql`
        UPDATE docket_job_queue SET lease_id = NULL, lease_expires_at = NULL, attempts = attempts - 1
        WHERE job_id = ${lease.jobId} AND lease_id = ${lease.leaseId}
        RETURNING 1`).pipe(Effect.flatMap((rows) => (rows.length > 0 ? wake : Effect.void)))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Jobs.JobQueueService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, (sql, tuning) => build(sql, tuning))

export const layer: Layer.Layer<Jobs.JobQueue, never, SqlClient.SqlClient> = Layer.effect(Jobs.JobQueue, make)
