/**
 * @docket/storage-memory: every Docket port in memory. The embedded default and the test harness.
 */
import { Layer } from "effect"
import * as MemoryDecisionStore from "./decision-store.js"
import * as MemoryLimiterStore from "./limiter-store.js"
import * as MemoryBlobStore from "./blob-store.js"
import * as MemoryJobQueue from "./job-queue.js"
import * as MemoryJobEventLog from "./job-event-log.js"
import * as MemoryJobSignals from "./job-signals.js"
import * as MemoryUploadSessionStore from "./upload-session-store.js"
import * as MemoryObjectStore from "./object-store.js"
import * as MemoryJobStore from "./job-store.js"
import * as MemoryTenantStore from "./tenant-store.js"
import * as MemoryUploadStore from "./upload-store.js"

export { MemoryJobEventLog, MemoryJobSignals, MemoryObjectStore, MemoryUploadSessionStore }
export { MemoryBlobStore, MemoryDecisionStore, MemoryJobQueue, MemoryJobStore, MemoryLimiterStore, MemoryTenantStore, MemoryUploadStore }

import * as MemoryExtractionSchemaStore from "./extraction-schema-store.js"
import * as MemoryUsageStore from "./usage-store.js"
import * as MemoryRequestRateStore from "./request-rate-store.js"
import * as MemorySyncWaitStore from "./sync-wait-store.js"

export { MemoryExtractionSchemaStore, MemoryRequestRateStore, MemorySyncWaitStore, MemoryUsageStore }

/** The document service's storage ports in memory; each build starts empty. */
export const documentsLayer = Layer.mergeAll(
  MemoryTenantStore.layer,
  MemoryJobStore.layer,
  MemoryJobQueue.layer,
  MemoryJobEventLog.layer,
  MemoryJobSignals.layer,
  MemoryUploadSessionStore.layer,
  MemoryObjectStore.layer,
  MemoryUploadStore.layer,
  MemoryBlobStore.layer,
  MemoryExtractionSchemaStore.layer,
  MemoryUsageStore.layer,
  MemoryRequestRateStore.layer,
  MemorySyncWaitStore.layer
)

/** All storage ports in memory; each build of the layer starts empty. */
export const layer = Layer.mergeAll(MemoryDecisionStore.layer, MemoryLimiterStore.layer, documentsLayer)
