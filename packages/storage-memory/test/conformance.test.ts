import { Immediate } from "@docket/core"
import { decisionStoreSuite, limiterStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { MemoryLimiterStore } from "@docket/storage-memory"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"

decisionStoreSuite("memory", MemoryStorage.layer)
limiterStoreSuite("memory", MemoryStorage.layer)

describe("the memory limiter's release", () => {
  // the request scope then frees the slot without running an effect (the speed of small requests)
  it("is immediate: its synchronous work is there to run", () => {
    const limiter = Effect.runSync(MemoryLimiterStore.make)
    expect(Immediate.syncWorkOf(limiter.release("slot_any"))).toBeTypeOf("function")
  })
})
