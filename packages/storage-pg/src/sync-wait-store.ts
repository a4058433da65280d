/**
 * The cap of concurrent sync waits on PostgreSQL (migration 8), shared by every instance on the
 * database. `acquire` is one short transaction under a per-tenant advisory lock: it drops the
 * tenant's expired places, counts the rest, and inserts the new place only below the cap — so
 * concurrent acquires of one tenant from any instance take turns and never pass the cap.
 * Time is the service clock passed in, never the database's `now()`.
 */
import { Kernel, Tenancy } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Tenancy.SyncWaitStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "SyncWaitStore", cause }))
  return {
    acquire: ({ tenantId, waitId, cap, now, expiresAt }) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            yield* sql`SELECT pg_advisory_xact_lock(hashtextextended(${`docket_sync_waits:${tenantId}`}, 0))`
            yield* sql`DELETE FROM docket_sync_waits WHERE tenant_id = ${tenantId} AND expires_at <= ${now}`
            const inserted = yield* sql<{ readonly wait_id: string }>`
              INSERT INTO docket_sync_waits (wait_id, tenant_id, expires_at)
              SELECT ${waitId}, ${tenantId}, ${expiresAt}
              WHERE (SELECT count(*) FROM docket_sync_waits WHERE tenant_id = ${tenantId}) < ${cap}
              RETURNING wait_id`
            return inserted.length > 0
          })
        )
      ),
    release: (waitId) => run(sql`DELETE FROM docket_sync_waits WHERE wait_id = ${waitId}`).pipe(Effect.asVoid)
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Tenancy.SyncWaitStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Tenancy.SyncWaitStore, never, SqlClient.SqlClient> = Layer.effect(Tenancy.SyncWaitStore, make)
