/**
 * Usage events on PostgreSQL (migration 5), shared by every instance on the database.
 *
 * - `record` is one statement: the event is inserted unless its job already has one (`job_id` is
 *   the primary key, so of two instances recording one job at once exactly one inserts), and only
 *   when it was inserted are its units added to the tenant's running total.
 * - `unitsUsed` reads that total: one primary-key probe.
 * - `summarize` aggregates in the database (`GROUP BY` the day, kind or workspace), so no history
 *   is read into the process. A day is the UTC date of `at`; keys are ordered by code point
 *   (`COLLATE "C"`), null last.
 */
import { Kernel, Tenancy } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

/** numeric and bigint: the driver returns them as strings */
type Num = string | number

interface TotalsRow {
  readonly key: string | null
  readonly units: Num
  readonly jobs: Num
  readonly pages: Num
  readonly bytes_ingested: Num
  readonly processing_ms: Num
}

const MS_PER_DAY = 24 * 60 * 60 * 1000

/** The group key of each grouping, as SQL (fixed text: nothing of the query goes in). */
const KEYS: Record<Tenancy.UsageGrouping, string> = {
  // the UTC date of `at`: days since the epoch, floored (also before 1970), added to its date
  day: `to_char(DATE '1970-01-01' + floor(at / ${MS_PER_DAY}.0)::integer, 'YYYY-MM-DD')`,
  kind: "kind",
  workspace: "workspace_id"
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Tenancy.UsageStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "UsageStore", cause }))
  return {
    record: (e) =>
      run(sql<{ readonly n: Num }>`
        WITH inserted AS (
          INSERT INTO docket_usage_events
            (job_id, tenant_id, kind, workspace_id, units, pages, bytes_ingested, processing_ms, at)
          VALUES (${e.job_id}::text, ${e.tenant_id}::text, ${e.kind}::text, ${e.workspace_id}::text, ${e.units}::numeric,
                  ${e.pages}::numeric, ${e.bytes_ingested}::numeric, ${e.processing_ms}::numeric, ${e.at}::bigint)
          ON CONFLICT (job_id) DO NOTHING
          RETURNING tenant_id, units
        ), total AS (
          INSERT INTO docket_usage_totals AS t (tenant_id, units)
          SELECT tenant_id, units FROM inserted
          ON CONFLICT (tenant_id) DO UPDATE SET units = t.units + EXCLUDED.units
        )
        SELECT count(*) AS n FROM inserted`).pipe(Effect.map(([row]) => Number(row.n) > 0)),

    unitsUsed: (tenantId) =>
      run(sql<{ readonly units: Num }>`SELECT units FROM docket_usage_totals WHERE tenant_id = ${tenantId}::text`).pipe(
        Effect.map((rows) => (rows.length === 0 ? 0 : Number(rows[0].units)))
      ),

    summarize: (q) => {
      const clauses = [sql`tenant_id = ${q.tenantId}::text`, sql`at >= ${q.from}::numeric`, sql`at < ${q.to}::numeric`]
      if (q.workspaceId !== undefined) clauses.push(sql`workspace_id = ${q.workspaceId}::text`)
      return run(sql<TotalsRow>`
        SELECT (${sql.literal(KEYS[q.groupBy])}) COLLATE "C" AS key,
               sum(units) AS units, count(*) AS jobs, sum(pages) AS pages,
               sum(bytes_ingested) AS bytes_ingested, sum(processing_ms) AS processing_ms
        FROM docket_usage_events
        WHERE ${sql.and(clauses)}
        GROUP BY 1
        ORDER BY key NULLS LAST`).pipe(
        Effect.map((rows) =>
          rows.map((r): Tenancy.UsageTotals => ({
            key: r.key,
            units: Number(r.units),
            jobs: Number(r.jobs),
            pages: Number(r.pages),
            bytes_ingested: Number(r.bytes_ingested),
            processing_ms: Number(r.processing_ms)
          }))
        )
      )
    }
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Tenancy.UsageStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Tenancy.UsageStore, never, SqlClient.SqlClient> = Layer.effect(Tenancy.UsageStore, make)
