/** Ingestion and reconciliation over HTTP, in process, on memory storage (the test parser; the suite's test routes). */
import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceIngestionHttpSuite, workspaceTestRoutes } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

workspaceIngestionHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, routes: workspaceTestRoutes, settings })))
