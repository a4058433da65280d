/** The ingestion-record store's conformance suite on memory. */
import { fileIngestionStoreSuite } from "@docket/core/testing"
import { MemoryFileIngestionStore } from "@docket/storage-memory"

fileIngestionStoreSuite("memory", MemoryFileIngestionStore.layer)
