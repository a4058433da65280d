import { blobStoreSuite, jobEventLogSuite, jobQueueSuite, tenantStoreSuite, uploadSessionStoreSuite, uploadStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

tenantStoreSuite("memory", MemoryStorage.layer)
uploadStoreSuite("memory", MemoryStorage.layer)
blobStoreSuite("memory", MemoryStorage.layer)
jobQueueSuite("memory", MemoryStorage.layer)
jobEventLogSuite("memory", MemoryStorage.layer)
uploadSessionStoreSuite("memory", MemoryStorage.layer)
