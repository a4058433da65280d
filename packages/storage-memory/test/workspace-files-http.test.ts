import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceFilesHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// Workspace files in process, through the web-standard fetch handler, on memory storage.
workspaceFilesHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))
