/**
 * Jobs on PostgreSQL. A job is one JSON document beside the columns lists filter and order on.
 *
 * - `insert` is one statement: the per-tenant unique index on the idempotency key makes a second
 *   insert with the same key do nothing, and the existing job is then read back.
 * - `insertWithin` is one transaction that first takes a transaction-level advisory lock of the
 *   tenant (`pg_advisory_xact_lock(class, hashtext(tenant_id))`), so that concurrent inserts of one
 *   tenant, from any instance, take turns; then one statement (read committed: its snapshot is
 *   taken after the lock, so it sees every job the previous holder inserted) looks up the
 *   idempotency key, counts the tenant's queued and running jobs (the partial index of migration
 *   6) and inserts only when the key is new and the count is below the cap (and, with `sole`, no job
 *   of the same kind and workspace is queued or running). Other tenants never
 *   wait (two tenants whose ids hash alike merely take turns).
 * - `apply` locks the job's row (`FOR UPDATE`), runs the state machine (`transition`) in code and
 *   writes the result, in one transaction: concurrent events on one job take turns, so a cancel
 *   racing a completion has exactly one outcome — whichever locked the row first.
 * - `workspace_id` is a column too (migration 9), so that a workspace's jobs are listed by index; a
 *   job stored before it existed reads with `workspace_id`, `force` and `progress` as none.
 * - `list` orders by `created_at DESC, seq DESC` (creation time, then insertion order) and pages
 *   by the cursor job's position (`(created_at, seq) < cursor's`), whether or not the cursor
 *   matches the filters, as the memory store does.
 */
import { Jobs, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface DocRow {
  readonly doc: string
}

const toJob = (r: DocRow): Jobs.Job => Jobs.withJobDefaults(JSON.parse(r.doc) as Jobs.Job)

/** First key of the per-tenant advisory locks of `insertWithin` ("dock"); the second is the tenant's hash. */
export const ACTIVE_JOBS_LOCK_CLASS = 0x646f636b

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Jobs.JobStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "JobStore", cause }))
  const oneJob = (rows: ReadonlyArray<DocRow>) => Option.map(Option.fromNullable(rows[0]), toJob)

  const filters = (q: Jobs.JobQuery) => {
    const clauses = [sql`tenant_id = ${q.tenantId}`]
    if (q.statuses !== undefined && q.statuses.length > 0) clauses.push(sql`status IN ${sql.in(q.statuses)}`)
    if (q.kinds !== undefined && q.kinds.length > 0) clauses.push(sql`kind IN ${sql.in(q.kinds)}`)
    if (q.workspaceId !== undefined) clauses.push(sql`workspace_id = ${q.workspaceId}`)
    if (q.createdAfter !== undefined) clauses.push(sql`created_at > ${q.createdAfter}`)
    return clauses
  }

  return {
    insert: (job) =>
      run(
        Effect.gen(function*() {
          const inserted = yield* sql<DocRow>`
            INSERT INTO docket_jobs (job_id, tenant_id, kind, status, idempotency_key, created_at, workspace_id, doc)
            VALUES (${job.job_id}, ${job.tenant_id}, ${job.kind}, ${job.status}, ${job.idempotency_key}, ${job.created_at}, ${job.workspace_id}, ${JSON.stringify(job)})
            ON CONFLICT DO NOTHING
            RETURNING doc`
          if (inserted.length > 0 || job.idempotency_key === null) return { job, created: inserted.length > 0 }
          const existing = yield* sql<DocRow>`
            SELECT doc FROM docket_jobs WHERE tenant_id = ${job.tenant_id} AND idempotency_key = ${job.idempotency_key}`
          return existing.length > 0 ? { job: toJob(existing[0]), created: false } : { job, created: false }
        })
      ),
    insertWithin: (job, maxActive, options) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            yield* sql`SELECT pg_advisory_xact_lock(${ACTIVE_JOBS_LOCK_CLASS}::int, hashtext(${job.tenant_id}::text))`
            const sole = options?.sole === true
            const [row] = yield* sql<{ readonly existing: string | null; readonly created: boolean; readonly busy: string | null }>`
              WITH existing AS (
                SELECT doc FROM docket_jobs WHERE tenant_id = ${job.tenant_id}::text AND idempotency_key = ${job.idempotency_key}::text
              ), active AS (
                SELECT count(*) AS n FROM docket_jobs
                WHERE tenant_id = ${job.tenant_id}::text AND status IN ('queued', 'running')
              ), busy AS (
                SELECT job_id FROM docket_jobs
                WHERE ${sole}::boolean AND tenant_id = ${job.tenant_id}::text AND workspace_id IS NOT DISTINCT FROM ${job.workspace_id}::text
                  AND kind = ${job.kind}::text AND status IN ('queued', 'running')
                LIMIT 1
              ), inserted AS (
                INSERT INTO docket_jobs (job_id, tenant_id, kind, status, idempotency_key, created_at, workspace_id, doc)
                SELECT ${job.job_id}::text, ${job.tenant_id}::text, ${job.kind}::text, ${job.status}::text,
                       ${job.idempotency_key}::text, ${job.created_at}::bigint, ${job.workspace_id}::text, ${JSON.stringify(job)}::text
                WHERE NOT EXISTS (SELECT 1 FROM existing) AND NOT EXISTS (SELECT 1 FROM busy) AND (SELECT n FROM active) < ${maxActive}::bigint
                ON CONFLICT DO NOTHING
                RETURNING 1
              )
              SELECT (SELECT doc FROM existing) AS existing, EXISTS (SELECT 1 FROM inserted) AS created, (SELECT job_id FROM busy) AS busy`
            if (row.existing !== null) return { job: toJob({ doc: row.existing }), created: false }
            if (row.created) return { job, created: true }
            if (row.busy !== null) return new Jobs.SoleJobActive({ jobId: row.busy })
            // the key taken meanwhile by a plain `insert` (which takes no lock), or the cap reached
            if (job.idempotency_key !== null) {
              const raced = yield* sql<DocRow>`
                SELECT doc FROM docket_jobs WHERE tenant_id = ${job.tenant_id} AND idempotency_key = ${job.idempotency_key}`
              if (raced.length > 0) return { job: toJob(raced[0]), created: false }
            }
            return undefined
          })
        )
      ).pipe(
        Effect.flatMap((stored): Effect.Effect<Jobs.InsertedJob, Jobs.ActiveJobsAtLimit | Jobs.SoleJobActive> =>
          stored === undefined
            ? Effect.fail(new Jobs.ActiveJobsAtLimit({ limit: maxActive }))
            : stored instanceof Jobs.SoleJobActive
            ? Effect.fail(stored)
            : Effect.succeed(stored)
        )
      ),
    get: (id) => run(sql<DocRow>`SELECT doc FROM docket_jobs WHERE job_id = ${id}`).pipe(Effect.map(oneJob)),
    findByIdempotencyKey: (tenantId, key) =>
      run(sql<DocRow>`SELECT doc FROM docket_jobs WHERE tenant_id = ${tenantId} AND idempotency_key = ${key}`).pipe(Effect.map(oneJob)),
    apply: (id, event) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            const rows = yield* sql<DocRow>`SELECT doc FROM docket_jobs WHERE job_id = ${id} FOR UPDATE`
            if (rows.length === 0) return Option.none()
            const job = toJob(rows[0])
            const next = Jobs.transition(job, event)
            if (next === undefined) return Option.some({ job, changed: false })
            yield* sql`UPDATE docket_jobs SET status = ${next.status}, doc = ${JSON.stringify(next)} WHERE job_id = ${id}`
            return Option.some({ job: next, changed: true })
          })
        )
      ),
    remove: (id) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            const rows = yield* sql<{ readonly job_id: string }>`DELETE FROM docket_jobs WHERE job_id = ${id} RETURNING job_id`
            yield* sql`DELETE FROM docket_job_queue WHERE job_id = ${id}`
            yield* sql`DELETE FROM docket_job_events WHERE job_id = ${id}`
            yield* sql`DELETE FROM docket_job_event_logs WHERE job_id = ${id}`
            return rows.length > 0
          })
        )
      ),
    // the expression and the condition are those of the partial index of migration 7
    listPayloadExpired: (now, limit) =>
      run(sql<DocRow>`
        SELECT doc FROM docket_jobs
        WHERE status = 'succeeded' AND (doc::jsonb -> 'result') <> 'null'::jsonb
          AND ((doc::jsonb ->> 'payload_expires_at')::bigint) <= ${now}::bigint
        ORDER BY ((doc::jsonb ->> 'payload_expires_at')::bigint)
        LIMIT ${Math.max(0, Math.floor(limit))}`).pipe(Effect.map((rows) => rows.map(toJob))),
    list: (q) =>
      Effect.gen(function*() {
        const clauses = filters(q)
        const total = yield* run(sql<{ readonly n: string | number }>`SELECT count(*) AS n FROM docket_jobs WHERE ${sql.and(clauses)}`)
        const paged = [...clauses]
        if (q.cursor !== undefined) {
          const at = yield* run(sql<{ readonly created_at: string | number; readonly seq: string | number }>`
            SELECT created_at, seq FROM docket_jobs WHERE job_id = ${q.cursor} AND tenant_id = ${q.tenantId}`)
          if (at.length === 0) return yield* new Jobs.CursorNotFound({ cursor: q.cursor })
          paged.push(sql`(created_at, seq) < (${Number(at[0].created_at)}::bigint, ${Number(at[0].seq)}::bigint)`)
        }
        const limit = Math.max(0, Math.floor(q.limit))
        const rows = yield* run(sql<DocRow>`
          SELECT doc FROM docket_jobs WHERE ${sql.and(paged)}
          ORDER BY created_at DESC, seq DESC LIMIT ${limit + 1}`)
        const jobs = rows.slice(0, limit).map(toJob)
        const more = rows.length > limit
        return {
          jobs,
          nextCursor: more && jobs.length > 0 ? jobs[jobs.length - 1].job_id : null,
          total: Number(total[0].n)
        }
      })
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Jobs.JobStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Jobs.JobStore, never, SqlClient.SqlClient> = Layer.effect(Jobs.JobStore, make)
