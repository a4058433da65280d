import { requestRateStoreSuite, usageStoreSuite } from "@docket/core/testing"
import { MemoryRequestRateStore, MemoryUsageStore } from "@docket/storage-memory"

usageStoreSuite("memory", MemoryUsageStore.layer)
requestRateStoreSuite("memory", MemoryRequestRateStore.layer)
