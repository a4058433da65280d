import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceSearchHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// hybrid-search in process, through the fetch handler, on memory storage.
workspaceSearchHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))
