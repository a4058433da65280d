/**
 * @docket/storage-memory: every Docket port in memory. The embedded default and the test harness.
 *
 * One layer per context of core (`decisionLayer`, `tenancyLayer`, `jobsLayer`, `documentsLayer`),
 * merged into `layer` with the `StorageAdmin` that empties them all.
 */
import type { Decision, Documents, Jobs, StoragePorts, Tenancy, Workspaces } from "@docket/core"
import { Layer } from "effect"
import * as MemoryBlobStore from "./blob-store.js"
import * as MemoryWorkspaceSql from "./workspace-sql.js"
import * as MemoryDecisionStore from "./decision-store.js"
import * as MemoryExtractionSchemaStore from "./extraction-schema-store.js"
import { resetsLayer, storageAdminLayer } from "./internal/resets.js"
import * as MemoryJobEventLog from "./job-event-log.js"
import * as MemoryJobQueue from "./job-queue.js"
import * as MemoryJobSignals from "./job-signals.js"
import * as MemoryJobStore from "./job-store.js"
import * as MemoryLimiterStore from "./limiter-store.js"
import * as MemoryObjectStore from "./object-store.js"
import * as MemoryRequestRateStore from "./request-rate-store.js"
import * as MemorySyncWaitStore from "./sync-wait-store.js"
import * as MemoryTenantStore from "./tenant-store.js"
import * as MemoryUploadSessionStore from "./upload-session-store.js"
import * as MemoryUploadStore from "./upload-store.js"
import * as MemoryUsageStore from "./usage-store.js"
import * as MemoryWorkspaceFileStore from "./workspace-file-store.js"
import * as MemoryAccessLabelStore from "./access-label-store.js"
import * as MemoryWorkspaceStore from "./workspace-store.js"
import * as MemoryDomainStore from "./domain-store.js"
import * as MemoryFileIngestionStore from "./file-ingestion-store.js"
import * as MemorySearchIndex from "./search-index.js"
import * as MemoryCatalogStore from "./catalog-store.js"
import * as MemorySearchSessionStore from "./search-session-store.js"
import * as MemoryGraphStore from "./graph-store.js"
import * as MemoryLedgerStore from "./ledger-store.js"

export { MemoryBlobStore, MemoryDecisionStore, MemoryExtractionSchemaStore, MemoryJobEventLog, MemoryJobQueue, MemoryJobSignals }
export { MemoryJobStore, MemoryLimiterStore, MemoryObjectStore, MemoryRequestRateStore, MemorySyncWaitStore, MemoryTenantStore }
export { MemoryUploadSessionStore, MemoryUploadStore, MemoryUsageStore, MemoryWorkspaceFileStore }
export { MemoryAccessLabelStore, MemoryDomainStore, MemoryFileIngestionStore, MemoryWorkspaceStore }
export { MemoryCatalogStore, MemoryGraphStore, MemoryLedgerStore, MemorySearchIndex, MemorySearchSessionStore, MemoryWorkspaceSql }

/** The search index, built alone (it clears on reset only when built inside a storage layer). */
export const searchIndexLayer: Layer.Layer<Workspaces.Search.SearchIndex> = MemorySearchIndex.layer

/** Spec 1's accounts, keys and limiter. */
export const decisionLayer: Layer.Layer<Decision.DecisionStorage> = Layer.mergeAll(MemoryDecisionStore.layer, MemoryLimiterStore.layer)

/** Document-service tenants and keys, usage, request windows, sync waits. */
export const tenancyLayer: Layer.Layer<Tenancy.TenancyStorage> = Layer.mergeAll(
  MemoryTenantStore.layer,
  MemoryUsageStore.layer,
  MemoryRequestRateStore.layer,
  MemorySyncWaitStore.layer
)

/** Jobs, their queue, event log and signals. */
export const jobsLayer: Layer.Layer<Jobs.JobStorage> = Layer.mergeAll(
  MemoryJobStore.layer,
  MemoryJobQueue.layer,
  MemoryJobEventLog.layer,
  MemoryJobSignals.layer
)

/** Uploads, their sessions and bytes, objects behind `s3://`, extraction schemas. */
export const documentsLayer: Layer.Layer<Documents.DocumentStorage> = Layer.mergeAll(
  MemoryUploadStore.layer,
  MemoryUploadSessionStore.layer,
  MemoryBlobStore.layer,
  MemoryObjectStore.layer,
  MemoryExtractionSchemaStore.layer
)

/** The workspace service's stores: access labels, workspaces, tenant domains, files, ingestion records, tables, the search index, the catalog, deep-search sessions, the knowledge graph, ledger understanding. */
export const workspacesLayer: Layer.Layer<Workspaces.WorkspaceStorage> = Layer.mergeAll(
  MemoryAccessLabelStore.layer,
  MemoryWorkspaceStore.layer,
  MemoryDomainStore.layer,
  MemoryWorkspaceFileStore.layer,
  MemoryFileIngestionStore.layer,
  MemoryWorkspaceSql.layer,
  MemorySearchIndex.layer,
  MemoryCatalogStore.layer,
  MemorySearchSessionStore.layer,
  MemoryGraphStore.layer,
  MemoryLedgerStore.layer
)

/** All storage ports in memory and the `StorageAdmin` that empties them; each build starts empty. */
export const layer: Layer.Layer<StoragePorts> = Layer.mergeAll(
  decisionLayer,
  tenancyLayer,
  jobsLayer,
  documentsLayer,
  workspacesLayer,
  storageAdminLayer
).pipe(Layer.provide(resetsLayer))
