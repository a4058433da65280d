import { listen } from "@docket/adapter-node"
import { makeDocket, ManualClock } from "@docket/core"
import { inProcessToolsTarget, remoteTarget, testParserLayer, workspaceToolsHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The file tools over a real socket through the node:http listener (control plane over HTTP too);
// files are set up as ingestion leaves them through the instance's services.
workspaceToolsHttpSuite("node:http", async (settings) => {
  const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })
  const server = await listen(docket, { port: 0 })
  const target = remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
  return inProcessToolsTarget(target, (effect) => docket.runtime.runPromise(effect))
})
