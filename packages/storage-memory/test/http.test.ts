import { Documents, makeDocket, ManualClock } from "@docket/core"
import { decisionDocumentsHttpSuite, decisionHttpSuite, inProcessTarget, testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The decision service in process, through the web-standard fetch handler, on memory storage.
decisionHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings })))

// its document routes, parsing with the test parser and reading http://127.0.0.1 sources
decisionDocumentsHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({
    storage: MemoryStorage.layer,
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings
  })))
