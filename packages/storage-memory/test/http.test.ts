import { makeDocket, ManualClock } from "@docket/core"
import { decisionHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The decision service in process, through the web-standard fetch handler, on memory storage.
decisionHttpSuite("in-process fetch, memory storage", async (settings) => {
  const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings })
  return {
    docket,
    fetch: (path, init) => docket.fetch(new Request(`http://docket.test${path}`, init)),
    close: () => docket.dispose()
  }
})
