/** Ingestion and reconciliation over HTTP, in process, on memory storage (the test parser). */
import { makeDocket, ManualClock } from "@docket/core"
import { testParserLayer, workspaceIngestionHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

workspaceIngestionHttpSuite("in-process fetch, memory storage", async () =>
  makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: { adminToken: "test-admin-token", sweepIntervalMs: 0 } }))
