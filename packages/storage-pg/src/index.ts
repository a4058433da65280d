/**
 * @docket/storage-pg: every Docket storage port on PostgreSQL, through `@effect/sql-pg`.
 *
 *   import * as PgStorage from "@docket/storage-pg"
 *   makeDocket({ storage: PgStorage.layer({ url: "postgres://…" }) })
 *   makeDocket({ storage: PgStorage.layerConfig() })   // DATABASE_URL
 *
 * One layer per context of core (`decisionLayer`, `tenancyLayer`, `jobsLayer`, `documentsLayer`),
 * each on the `SqlClient` in context: every store module's `make` is an Effect that reads the
 * client (and `PgTuning`, the operation bound) from the context.
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
import type { Decision, Documents, Jobs, StoragePorts, Tenancy, Workspaces } from "@docket/core"
import { type Migrator, type SqlClient, type SqlError } from "@effect/sql"
import type { PgClient } from "@effect/sql-pg"
import { type Config, type ConfigError, Duration, Effect, Layer } from "effect"
import { clientLayer, config, operationTimeoutOf, type PgStorageOptions } from "./client.js"
import * as PgBlobStore from "./blob-store.js"
import * as PgDecisionStore from "./decision-store.js"
import * as PgExtractionSchemaStore from "./extraction-schema-store.js"
import { DEFAULT_POLL_INTERVAL, PgTuning } from "./internal/guard.js"
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
import * as PgWorkspaceFileStore from "./workspace-file-store.js"
import * as PgAccessLabelStore from "./access-label-store.js"
import * as PgWorkspaceStore from "./workspace-store.js"
import * as PgDomainStore from "./domain-store.js"
import * as PgFileIngestionStore from "./file-ingestion-store.js"
import * as PgCatalogStore from "./catalog-store.js"
import * as PgSearchSessionStore from "./search-session-store.js"
import * as PgGraphStore from "./graph-store.js"
import * as PgLedgerStore from "./ledger-store.js"
import * as PgWorkspaceSql from "./workspace-sql.js"
import * as PgSearchIndex from "./search-index.js"

export { PgBlobStore, PgDecisionStore, PgExtractionSchemaStore, PgJobQueue, PgJobStore, PgLimiterStore, PgMigrations, PgTenantStore, PgUploadStore }
export { PgGraphStore, PgLedgerStore, PgSearchIndex, PgWorkspaceSql }
export { PgJobEventLog, PgJobSignals, PgObjectStore, PgRequestRateStore, PgStorageAdmin, PgSyncWaitStore, PgUploadSessionStore, PgUsageStore }
export { PgAccessLabelStore, PgCatalogStore, PgDomainStore, PgFileIngestionStore, PgSearchSessionStore, PgWorkspaceFileStore, PgWorkspaceStore }
export { clientLayer, config, DEFAULTS, type PgStorageOptions } from "./client.js"
export { PgTuning, type PgTuningValue } from "./internal/guard.js"

export type PgStorageError = SqlError.SqlError | Migrator.MigrationError

/** Spec 1's accounts, keys and limiter. */
export const decisionLayer: Layer.Layer<Decision.DecisionStorage, never, SqlClient.SqlClient> = Layer.mergeAll(
  PgDecisionStore.layer,
  PgLimiterStore.layer
)

/** Document-service tenants and keys, usage, request windows, sync waits. */
export const tenancyLayer: Layer.Layer<Tenancy.TenancyStorage, never, SqlClient.SqlClient> = Layer.mergeAll(
  PgTenantStore.layer,
  PgUsageStore.layer,
  PgRequestRateStore.layer,
  PgSyncWaitStore.layer
)

/** Jobs, their queue and event log, and their signals (LISTEN/NOTIFY on a connection of its own). */
export const jobsLayer: Layer.Layer<Jobs.JobStorage, never, SqlClient.SqlClient | PgClient.PgClient> = Layer.mergeAll(
  PgJobStore.layer,
  PgJobQueue.layer,
  PgJobEventLog.layer,
  PgJobSignals.layer
)

/** Uploads, their sessions and bytes, objects behind `s3://` (kept as blobs), extraction schemas. */
export const documentsLayer: Layer.Layer<Documents.DocumentStorage, never, SqlClient.SqlClient> = Layer.mergeAll(
  PgUploadStore.layer,
  PgUploadSessionStore.layer,
  PgExtractionSchemaStore.layer,
  Layer.provideMerge(PgObjectStore.layer, PgBlobStore.layer)
)

/**
 * The search index (spec 3 "Search"): its keyword statistics and postings in tables, its vectors
 * cached per workspace in this process and caught up on each search (`search-index.ts`).
 */
export const searchIndexLayer: Layer.Layer<Workspaces.Search.SearchIndex, never, SqlClient.SqlClient> = PgSearchIndex.layer

/** The workspace service's stores: access labels, workspaces, tenant domains, files, ingestions, tables, the search index, the catalog, deep-search sessions, the knowledge graph, ledger understanding. */
export const workspacesLayer: Layer.Layer<Workspaces.WorkspaceStorage | Workspaces.Search.SearchIndex, never, SqlClient.SqlClient> = Layer.mergeAll(
  PgAccessLabelStore.layer,
  PgWorkspaceStore.layer,
  PgDomainStore.layer,
  PgWorkspaceFileStore.layer,
  PgFileIngestionStore.layer,
  PgWorkspaceSql.layer,
  searchIndexLayer,
  PgCatalogStore.layer,
  PgSearchSessionStore.layer,
  PgGraphStore.layer,
  PgLedgerStore.layer
)

/**
 * The storage ports on the `PgClient` already in context (for a host that has its own): migrates,
 * then provides the stores of every context and `StorageAdmin`; job signals listen (on a
 * connection of the client's own, outside its pool) for the life of the layer.
 */
export const layerFromClient = (
  options: Pick<PgStorageOptions, "operationTimeout" | "jobQueuePollInterval"> = {}
): Layer.Layer<StoragePorts, PgStorageError, SqlClient.SqlClient | PgClient.PgClient> => {
  const tuning = Layer.succeed(PgTuning, {
    operationTimeout: operationTimeoutOf(options),
    jobQueuePollInterval: Duration.decode(options.jobQueuePollInterval ?? DEFAULT_POLL_INTERVAL)
  })
  const stores: Layer.Layer<StoragePorts, never, SqlClient.SqlClient | PgClient.PgClient> = Layer.mergeAll(
    decisionLayer,
    tenancyLayer,
    jobsLayer,
    documentsLayer,
    workspacesLayer,
    PgStorageAdmin.layer
  ).pipe(Layer.provide(tuning))
  // the migrations complete before any store is built
  return Layer.provide(stores, Layer.effectDiscard(PgMigrations.run))
}

/** The storage ports on a pool of its own; the pool closes with the layer's scope. */
export const layer = (options: PgStorageOptions): Layer.Layer<StoragePorts, PgStorageError> =>
  layerFromClient(options).pipe(Layer.provide(clientLayer(options)))

/** `layer` with its options from `Config` — by default `config` (reads `DATABASE_URL`). */
export const layerConfig = (
  options: Config.Config<PgStorageOptions> = config
): Layer.Layer<StoragePorts, PgStorageError | ConfigError.ConfigError> =>
  Layer.unwrapEffect(Effect.map(options, layer))
