import { Documents, makeDocket, ManualClock } from "@docket/core"
import { documentsBillingHttpSuite, documentsCategorizeHttpSuite, documentsExtractHttpSuite, documentsFaultsHttpSuite, documentsGroundHttpSuite, documentsHttpSuite, documentsJobsSuite, documentsRetentionHttpSuite, documentsSchemaHttpSuite, inProcessTarget, jobKindsHttpSuite, retentionSweepSuite, testParserLayer, workspaceFilesHttpSuite, workspacesConfigHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The document service in process, through the web-standard fetch handler, on memory storage.
documentsHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: { maxUploadBytes: 1024 * 1024, ...settings } })))

documentsJobsSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({
    storage: MemoryStorage.layer,
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings: { maxUploadBytes: 1024 * 1024, ...settings }
  })))

documentsSchemaHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsBillingHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsCategorizeHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsExtractHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsGroundHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsRetentionHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

documentsFaultsHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

workspacesConfigHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

workspaceFilesHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))

retentionSweepSuite("memory storage", async () =>
  makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: { sweepIntervalMs: 0 } }))

jobKindsHttpSuite("in-process fetch, memory storage", (extension) => async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), ...extension, settings })))
