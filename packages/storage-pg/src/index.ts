/**
 * @docket/storage-pg: every Docket storage port on PostgreSQL, through `@effect/sql-pg`.
 *
 *   import * as PgStorage from "@docket/storage-pg"
 *   makeDocket({ storage: PgStorage.layer({ url: "postgres://…" }) })
 *   makeDocket({ storage: PgStorage.layerConfig() })   // DATABASE_URL
 *
 * Building the layer opens the pool and applies the pending migrations (safe when several
 * instances start at once). Several instances may share one database: the limiter is exact across
 * them, and pool sizes, accounts and keys are shared.
 *
 * The document service's ports are not on PostgreSQL yet: this layer provides them in memory
 * (`@docket/storage-memory`), so its tenants, jobs and uploads live in each instance.
 */
import { type StoragePorts, DecisionStore, LimiterStore } from "@docket/core"
import { type Migrator, SqlClient, type SqlError } from "@effect/sql"
import * as MemoryStorage from "@docket/storage-memory"
import { type Config, type ConfigError, Context, Effect, Layer } from "effect"
import { clientLayer, config, operationTimeoutOf, type PgStorageOptions } from "./client.js"
import * as PgDecisionStore from "./decision-store.js"
import * as PgLimiterStore from "./limiter-store.js"
import * as PgMigrations from "./migrations.js"

export { PgDecisionStore, PgLimiterStore, PgMigrations }
export { clientLayer, config, DEFAULTS, type PgStorageOptions } from "./client.js"

export type PgStorageError = SqlError.SqlError | Migrator.MigrationError

/**
 * The storage ports on the `SqlClient` already in context (for a host that has its own
 * `PgClient`): migrates, then provides the stores.
 */
export const layerFromClient = (
  options: Pick<PgStorageOptions, "operationTimeout"> = {}
): Layer.Layer<StoragePorts, PgStorageError, SqlClient.SqlClient> =>
  Layer.effectContext(
    Effect.gen(function*() {
      yield* PgMigrations.run
      const sql = yield* SqlClient.SqlClient
      const guardOptions = { operationTimeout: operationTimeoutOf(options) }
      return Context.make(DecisionStore, PgDecisionStore.make(sql, guardOptions)).pipe(
        Context.add(LimiterStore, PgLimiterStore.make(sql, guardOptions))
      )
    })
  ).pipe(Layer.merge(MemoryStorage.documentsLayer))

/** The storage ports on a pool of its own; the pool closes with the layer's scope. */
export const layer = (options: PgStorageOptions): Layer.Layer<StoragePorts, PgStorageError> =>
  layerFromClient(options).pipe(Layer.provide(clientLayer(options)))

/** `layer` with its options from `Config` — by default `config` (reads `DATABASE_URL`). */
export const layerConfig = (
  options: Config.Config<PgStorageOptions> = config
): Layer.Layer<StoragePorts, PgStorageError | ConfigError.ConfigError> =>
  Layer.unwrapEffect(Effect.map(options, layer))
