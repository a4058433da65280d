import { requestRateStoreSuite, syncWaitStoreSuite, usageStoreSuite } from "@docket/core/testing"
import { MemoryRequestRateStore, MemorySyncWaitStore, MemoryUsageStore } from "@docket/storage-memory"

usageStoreSuite("memory", MemoryUsageStore.layer)
requestRateStoreSuite("memory", MemoryRequestRateStore.layer)
syncWaitStoreSuite("memory", MemorySyncWaitStore.layer)
