import { makeDocket, ManualClock } from "@docket/core"
import { documentsBillingHttpSuite, inProcessTarget, testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

documentsBillingHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })))
