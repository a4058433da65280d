import { blobStoreSuite, jobQueueSuite, tenantStoreSuite, uploadStoreSuite } from "@docket/core/testing"
import { MemoryBlobStore, MemoryJobQueue, MemoryTenantStore, MemoryUploadStore } from "@docket/storage-memory"

tenantStoreSuite("memory", MemoryTenantStore.layer)
uploadStoreSuite("memory", MemoryUploadStore.layer)
blobStoreSuite("memory", MemoryBlobStore.layer)
jobQueueSuite("memory", MemoryJobQueue.layer)
