import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceTestRoutes, workspaceToolsHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The file tools in process, through the fetch handler, on memory storage (PGlite as the SQL engine).
workspaceToolsHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, routes: workspaceTestRoutes, settings })))
