import { blobStoreSuite, jobEventLogSuite, jobQueueSuite, tenantStoreSuite, uploadSessionStoreSuite, uploadStoreSuite } from "@docket/core/testing"
import { MemoryBlobStore, MemoryJobEventLog, MemoryJobQueue, MemoryTenantStore, MemoryUploadSessionStore, MemoryUploadStore } from "@docket/storage-memory"

tenantStoreSuite("memory", MemoryTenantStore.layer)
uploadStoreSuite("memory", MemoryUploadStore.layer)
blobStoreSuite("memory", MemoryBlobStore.layer)
jobQueueSuite("memory", MemoryJobQueue.layer)
jobEventLogSuite("memory", MemoryJobEventLog.layer)
uploadSessionStoreSuite("memory", MemoryUploadSessionStore.layer)
