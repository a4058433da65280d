import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceLedgerHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// ledger understanding in process, through the fetch handler, on memory storage.
workspaceLedgerHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))
