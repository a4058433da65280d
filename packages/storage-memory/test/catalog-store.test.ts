/** The catalog store's conformance suite on memory. */
import { catalogStoreSuite } from "@docket/core/testing"
import { MemoryCatalogStore } from "@docket/storage-memory"

catalogStoreSuite("memory", MemoryCatalogStore.layer)
