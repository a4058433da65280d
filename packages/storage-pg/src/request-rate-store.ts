/**
 * The requests-per-minute windows on PostgreSQL (migration 5), shared by every instance on the
 * database: exact across them, as the limiter is.
 *
 * `hit` is one round trip: a call of the plpgsql function `docket_request_rate_hit`, which locks
 * the key's row (creating it on first use), drops the admitted times that left the window, and
 * counts the request only when fewer than `limit` remain — all under that lock, so concurrent hits
 * of one key from any instance take turns and never admit more than the limit. A refused request
 * records nothing. The row holds only the times still in the window (at most `limit` of them), and
 * rows of keys idle for a whole window are deleted now and then (`docket_request_rate_gc`), so the
 * table stays as small as the set of recently active keys.
 *
 * Time is the service clock passed in (`RateHit.now`), never the database's `now()`. As for the
 * limiter, the commit does not wait for the WAL flush (`synchronous_commit = off`, these rows
 * only): a crash of the database server may forget the last fraction of a second of hits.
 */
import { Kernel, Tenancy } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Tenancy.RequestRateStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "RequestRateStore", cause }))
  return {
    hit: ({ key, limit, windowMs, now }) =>
      run(sql<{ readonly admitted: boolean; readonly retry_after_ms: string | number | null }>`
        SELECT admitted, retry_after_ms FROM docket_request_rate_hit(
          ${key}::text, ${limit}::integer, ${windowMs}::bigint, ${now}::bigint)`).pipe(
        Effect.map(([row]) =>
          row.admitted ? { admitted: true as const } : { admitted: false as const, retryAfterMs: Number(row.retry_after_ms ?? windowMs) }
        )
      )
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Tenancy.RequestRateStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Tenancy.RequestRateStore, never, SqlClient.SqlClient> = Layer.effect(Tenancy.RequestRateStore, make)
