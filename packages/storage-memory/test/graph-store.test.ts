/** The knowledge graph store's conformance suite on memory. */
import { graphStoreSuite } from "@docket/core/testing"
import { MemoryGraphStore } from "@docket/storage-memory"

graphStoreSuite("memory", MemoryGraphStore.layer)
