/** Every storage suite of `@docket/core/testing` on the memory storage, each built once. */
import { Kernel } from "@docket/core"
import {
  blobStoreSuite,
  decisionStoreSuite,
  extractionSchemaStoreSuite,
  jobEventLogSuite,
  jobQueueSuite,
  jobStoreSuite,
  limiterStoreSuite,
  requestRateStoreSuite,
  storageAdminSuite,
  syncWaitStoreSuite,
  tenantStoreSuite,
  uploadSessionStoreSuite,
  uploadStoreSuite,
  usageStoreSuite,
  workspaceStoresSuite
} from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"

const { layer } = MemoryStorage

decisionStoreSuite("memory", layer)
limiterStoreSuite("memory", layer)
tenantStoreSuite("memory", layer)
workspaceStoresSuite("memory", layer)
usageStoreSuite("memory", layer)
requestRateStoreSuite("memory", layer)
syncWaitStoreSuite("memory", layer)
jobStoreSuite("memory", layer)
jobQueueSuite("memory", layer)
jobEventLogSuite("memory", layer)
uploadStoreSuite("memory", layer)
uploadSessionStoreSuite("memory", layer)
blobStoreSuite("memory", layer)
extractionSchemaStoreSuite("memory", layer)
storageAdminSuite("memory", layer)

describe("the memory limiter's release", () => {
  // the request scope then frees the slot without running an effect (the speed of small requests)
  it("is immediate: its synchronous work is there to run", () => {
    const limiter = Effect.runSync(MemoryStorage.MemoryLimiterStore.make)
    expect(Kernel.Immediate.syncWorkOf(limiter.release("slot_any"))).toBeTypeOf("function")
  })
})
