import { extractionSchemaStoreSuite } from "@docket/core/testing"
import { MemoryExtractionSchemaStore } from "@docket/storage-memory"

extractionSchemaStoreSuite("memory", MemoryExtractionSchemaStore.layer)
