import { makeDocket, ManualClock } from "@docket/core"
import { decisionHttpSuite, inProcessTarget } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The decision service in process, through the web-standard fetch handler, on memory storage.
decisionHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings })))
