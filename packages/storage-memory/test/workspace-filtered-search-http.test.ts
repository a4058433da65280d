import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceFilteredSearchHttpSuite, workspaceTestRoutes } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// filtered search in process, through the fetch handler, on memory storage; the local engine
workspaceFilteredSearchHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, routes: workspaceTestRoutes, settings })))
