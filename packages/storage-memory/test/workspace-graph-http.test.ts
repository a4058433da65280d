import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceGraphHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// the knowledge graph in process, through the fetch handler, on memory storage.
workspaceGraphHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))
