/**
 * @docket/storage-pg: every Docket storage port on PostgreSQL, through `@effect/sql-pg`.
 *
 *   import * as PgStorage from "@docket/storage-pg"
 *   makeDocket({ storage: PgStorage.layer({ url: "postgres://…" }) })
 *   makeDocket({ storage: PgStorage.layerConfig() })   // DATABASE_URL
 *
 * Building the layer opens the pool and applies the pending migrations (safe when several
 * instances start at once). Several instances may share one database: the limiter is exact across
 * them, and pool sizes, accounts and keys are shared; so are the document service's tenants and
 * keys, jobs, job queue (claimed under leases: a job of an instance that died is claimed again
 * once its lease expires), upload records, the uploaded bytes (blobs, as 256 KiB chunk rows),
 * extraction schemas, the job event log (`GET /v1/jobs/{id}/events` replays from any instance),
 * usage records and credit totals, the document requests-per-minute windows (exact across
 * instances), the concurrent-jobs cap (counted and inserted under a per-tenant lock), and
 * resumable upload sessions (parts may go to different instances), and the objects behind `s3://`
 * sources (put through any instance's control plane, kept as blobs), and the places of the
 * concurrent sync waits per tenant. A job changed on one instance
 * wakes its waiters (sync calls, event streams) on every instance: LISTEN/NOTIFY on one dedicated
 * connection per instance (`job-signals.ts`), with a polling fallback while it is not heard.
 */
import {
  BlobStore,
  JobSignals,
  DecisionStore,
  ExtractionSchemaStore,
  JobEventLog,
  JobQueue,
  JobStore,
  LimiterStore,
  ObjectStore,
  StorageAdmin,
  RequestRateStore,
  type StoragePorts,
  SyncWaitStore,
  TenantStore,
  UploadSessionStore,
  UploadStore,
  UsageStore
} from "@docket/core"
import { type Migrator, SqlClient, type SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { type Config, type ConfigError, Context, Effect, Layer } from "effect"
import { clientLayer, config, operationTimeoutOf, type PgStorageOptions } from "./client.js"
import * as PgBlobStore from "./blob-store.js"
import * as PgDecisionStore from "./decision-store.js"
import * as PgExtractionSchemaStore from "./extraction-schema-store.js"
import * as PgJobEventLog from "./job-event-log.js"
import * as PgJobQueue from "./job-queue.js"
import * as PgJobSignals from "./job-signals.js"
import * as PgJobStore from "./job-store.js"
import * as PgLimiterStore from "./limiter-store.js"
import * as PgMigrations from "./migrations.js"
import * as PgObjectStore from "./object-store.js"
import * as PgRequestRateStore from "./request-rate-store.js"
import * as PgStorageAdmin from "./storage-admin.js"
import * as PgSyncWaitStore from "./sync-wait-store.js"
import * as PgTenantStore from "./tenant-store.js"
import * as PgUploadSessionStore from "./upload-session-store.js"
import * as PgUploadStore from "./upload-store.js"
import * as PgUsageStore from "./usage-store.js"

export { PgBlobStore, PgDecisionStore, PgExtractionSchemaStore, PgJobQueue, PgJobStore, PgLimiterStore, PgMigrations, PgTenantStore, PgUploadStore }
export { PgJobEventLog, PgJobSignals, PgObjectStore, PgRequestRateStore, PgStorageAdmin, PgSyncWaitStore, PgUploadSessionStore, PgUsageStore }
export { clientLayer, config, DEFAULTS, type PgStorageOptions } from "./client.js"

export type PgStorageError = SqlError.SqlError | Migrator.MigrationError

/**
 * The storage ports on the `PgClient` already in context (for a host that has its own): migrates,
 * then provides the stores, and listens for job signals (on a connection of the client's own,
 * outside its pool) for the life of the layer.
 */
export const layerFromClient = (
  options: Pick<PgStorageOptions, "operationTimeout" | "jobQueuePollInterval"> = {}
): Layer.Layer<StoragePorts, PgStorageError, SqlClient.SqlClient | PgClient.PgClient> =>
  Layer.scopedContext(
    Effect.gen(function*() {
      yield* PgMigrations.run
      const sql = yield* SqlClient.SqlClient
      const guardOptions = { operationTimeout: operationTimeoutOf(options) }
      const signals = yield* PgJobSignals.make(yield* PgClient.PgClient, guardOptions)
      const blobs = PgBlobStore.make(sql, guardOptions)
      return Context.make(DecisionStore, PgDecisionStore.make(sql, guardOptions)).pipe(
        Context.add(JobSignals, signals),
        Context.add(LimiterStore, PgLimiterStore.make(sql, guardOptions)),
        Context.add(TenantStore, PgTenantStore.make(sql, guardOptions)),
        Context.add(JobStore, PgJobStore.make(sql, guardOptions)),
        Context.add(JobQueue, PgJobQueue.make(sql, { ...guardOptions, pollInterval: options.jobQueuePollInterval })),
        Context.add(UploadStore, PgUploadStore.make(sql, guardOptions)),
        Context.add(ExtractionSchemaStore, PgExtractionSchemaStore.make(sql, guardOptions)),
        Context.add(BlobStore, blobs),
        Context.add(ObjectStore, PgObjectStore.make(blobs, sql, guardOptions)),
        Context.add(JobEventLog, PgJobEventLog.make(sql, guardOptions)),
        Context.add(UsageStore, PgUsageStore.make(sql, guardOptions)),
        Context.add(RequestRateStore, PgRequestRateStore.make(sql, guardOptions)),
        Context.add(UploadSessionStore, PgUploadSessionStore.make(sql, guardOptions)),
        Context.add(SyncWaitStore, PgSyncWaitStore.make(sql, guardOptions)),
        Context.add(StorageAdmin, PgStorageAdmin.make(sql, guardOptions))
      )
    })
  )

/** The storage ports on a pool of its own; the pool closes with the layer's scope. */
export const layer = (options: PgStorageOptions): Layer.Layer<StoragePorts, PgStorageError> =>
  layerFromClient(options).pipe(Layer.provide(clientLayer(options)))

/** `layer` with its options from `Config` — by default `config` (reads `DATABASE_URL`). */
export const layerConfig = (
  options: Config.Config<PgStorageOptions> = config
): Layer.Layer<StoragePorts, PgStorageError | ConfigError.ConfigError> =>
  Layer.unwrapEffect(Effect.map(options, layer))
