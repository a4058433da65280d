import { extractionSchemaStoreSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

extractionSchemaStoreSuite("memory", MemoryStorage.layer)
