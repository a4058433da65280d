import { listen } from "@docket/adapter-node"
import { Documents, makeDocket, ManualClock } from "@docket/core"
import { decisionDocumentsHttpSuite, decisionHttpSuite, journalHttpSuite, remoteTarget, type StartTarget, testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The same suites over a real socket, through the node:http listener, with the control plane
// driven over HTTP as well (as for a server in another process).
const onNode: StartTarget = async (settings) => {
  const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings })
  const server = await listen(docket, { port: 0 })
  return remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
}

decisionHttpSuite("node:http", onNode)
journalHttpSuite("node:http", onNode)

// the document routes over a real socket
decisionDocumentsHttpSuite("node:http", async (settings) => {
  const docket = makeDocket({
    storage: MemoryStorage.layer,
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings
  })
  const server = await listen(docket, { port: 0 })
  return remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
})
