import { jobStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

jobStoreSuite("memory", MemoryStorage.layer)
