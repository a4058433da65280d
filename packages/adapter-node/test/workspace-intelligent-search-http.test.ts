import { listen } from "@docket/adapter-node"
import { Intelligence, makeDocket, ManualClock } from "@docket/core"
import { remoteTarget, testParserLayer, workspaceIntelligentSearchHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Layer } from "effect"

// fact and deep search over a real socket through the node:http listener; the local engine with its high tier switched off
const intelligence = Layer.merge(Intelligence.LocalIntelligence.LocalIntelligenceLive, Intelligence.LocalIntelligence.localSearchAgentLayer({ low: 6, medium: 12, high: null }))

workspaceIntelligentSearchHttpSuite("node:http", async (settings) => {
  const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings, intelligence })
  const server = await listen(docket, { port: 0 })
  return remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
})
