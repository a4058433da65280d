import { decisionStoreSuite, limiterStoreSuite } from "@docket/core/testing"
import { MemoryDecisionStore, MemoryLimiterStore } from "@docket/storage-memory"

decisionStoreSuite("memory", MemoryDecisionStore.layer)
limiterStoreSuite("memory", MemoryLimiterStore.layer, { inProcess: true })
