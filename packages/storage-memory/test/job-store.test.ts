import { jobStoreSuite } from "@docket/core/testing"
import { MemoryJobStore } from "@docket/storage-memory"

jobStoreSuite("memory", MemoryJobStore.layer)
