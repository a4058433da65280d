import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, journalHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The request journal in process, through the web-standard fetch handler, on memory storage,
// with the typed control plane of the instance (`docket.admin.journal`).
journalHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings })))
