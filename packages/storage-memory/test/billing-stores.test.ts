import { requestRateStoreSuite, syncWaitStoreSuite, usageStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

usageStoreSuite("memory", MemoryStorage.layer)
requestRateStoreSuite("memory", MemoryStorage.layer)
syncWaitStoreSuite("memory", MemoryStorage.layer)
