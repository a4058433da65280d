/** The deep-search session store's conformance suite on memory. */
import { searchSessionStoreSuite } from "@docket/core/testing"
import { MemorySearchSessionStore } from "@docket/storage-memory"

searchSessionStoreSuite("memory", MemorySearchSessionStore.layer)
