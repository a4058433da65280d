import { Intelligence, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceIntelligentSearchHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Layer } from "effect"

// fact and deep search in process, through the fetch handler, on memory storage; the local engine with its high tier switched off
const intelligence = Layer.merge(Intelligence.LocalIntelligence.LocalIntelligenceLive, Intelligence.LocalIntelligence.localSearchAgentLayer({ low: 6, medium: 12, high: null }))

workspaceIntelligentSearchHttpSuite("in-process fetch, memory storage", async (settings) =>
  inProcessTarget(makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings, intelligence })))
