/**
 * The job event log on PostgreSQL (migration 5), shared by every instance on the database.
 *
 * - `append` is one statement: it bumps the job's last sequence in `docket_job_event_logs`
 *   (`INSERT … ON CONFLICT DO UPDATE`, which locks the job's row, so concurrent appends of one job
 *   from any instance take turns and get consecutive sequences: none repeated, none skipped),
 *   inserts the event with it, and deletes the job's events that fell out of the latest
 *   `MAX_EVENTS_PER_JOB`.
 * - `since` reads the retained events above `after`, oldest first. It also bounds them by the
 *   job's last sequence, so it never returns more than `MAX_EVENTS_PER_JOB` even while the delete
 *   of a concurrent append is not yet visible.
 */
import { Jobs, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface EventRow {
  /** bigint: the driver returns it as a string */
  readonly sequence: string | number
  readonly at: string | number
  readonly status: Jobs.JobEventData["status"]
  readonly progress: string | null
  readonly message: string | null
}

const toRecord = (r: EventRow): Jobs.JobEventRecord => ({
  at: Number(r.at),
  status: r.status,
  progress: r.progress === null ? null : (JSON.parse(r.progress) as Jobs.JobEventRecord["progress"]),
  message: r.message,
  sequence: Number(r.sequence)
})

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Jobs.JobEventLogService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "JobEventLog", cause }))
  return {
    append: (jobId, event) =>
      run(sql<{ readonly sequence: string | number }>`
        WITH log AS (
          INSERT INTO docket_job_event_logs AS l (job_id, last) VALUES (${jobId}::text, 1)
          ON CONFLICT (job_id) DO UPDATE SET last = l.last + 1
          RETURNING last
        ), appended AS (
          INSERT INTO docket_job_events (job_id, sequence, at, status, progress, message)
          SELECT ${jobId}::text, last, ${event.at}::bigint, ${event.status}::text,
                 ${event.progress === null ? null : JSON.stringify(event.progress)}::text, ${event.message}::text
          FROM log
          RETURNING sequence
        ), trimmed AS (
          DELETE FROM docket_job_events
          WHERE job_id = ${jobId}::text AND sequence <= (SELECT last FROM log) - ${Jobs.MAX_EVENTS_PER_JOB}::bigint
        )
        SELECT sequence FROM appended`).pipe(
        Effect.map(([row]): Jobs.JobEventRecord => ({ ...event, sequence: Number(row.sequence) }))
      ),
    since: (jobId, after) =>
      run(sql<EventRow>`
        SELECT e.sequence, e.at, e.status, e.progress, e.message
        FROM docket_job_events e JOIN docket_job_event_logs l ON l.job_id = e.job_id
        WHERE e.job_id = ${jobId}::text AND e.sequence > ${after}::numeric
          AND e.sequence > l.last - ${Jobs.MAX_EVENTS_PER_JOB}::bigint
        ORDER BY e.sequence`).pipe(Effect.map((rows) => rows.map(toRecord)))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Jobs.JobEventLogService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Jobs.JobEventLog, never, SqlClient.SqlClient> = Layer.effect(Jobs.JobEventLog, make)
