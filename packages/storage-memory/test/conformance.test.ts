import { decisionStoreSuite, limiterStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

decisionStoreSuite("memory", MemoryStorage.layer)
limiterStoreSuite("memory", MemoryStorage.layer, { inProcess: true })
