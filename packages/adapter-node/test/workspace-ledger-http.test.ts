import { listen } from "@docket/adapter-node"
import { makeDocket, ManualClock } from "@docket/core"
import { remoteTarget, testParserLayer, workspaceLedgerHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// ledger understanding over a real socket through the node:http listener.
workspaceLedgerHttpSuite("node:http", async (settings) => {
  const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings })
  const server = await listen(docket, { port: 0 })
  return remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
})
