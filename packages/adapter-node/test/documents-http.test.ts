import { listen } from "@docket/adapter-node"
import { type DocketOptions, Documents, makeDocket, ManualClock } from "@docket/core"
import { documentsBillingHttpSuite, documentsCategorizeHttpSuite, documentsExtractHttpSuite, documentsFaultsHttpSuite, documentsGroundHttpSuite, documentsHttpSuite, documentsJobsSuite, documentsRetentionHttpSuite, documentsSchemaHttpSuite, jobKindsHttpSuite, remoteTarget, type StartTarget, testParserLayer, workspaceFilesHttpSuite, workspacesConfigHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

// The document service's suites over a real socket, through the node:http listener, with the
// control plane driven over HTTP as well.
const onNodeWith = (extension: Pick<DocketOptions, "jobKinds" | "routes"> = {}): StartTarget => async (settings) => {
  const docket = makeDocket({
    ...extension,
    storage: MemoryStorage.layer,
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings: { maxUploadBytes: 1024 * 1024, ...settings }
  })
  const server = await listen(docket, { port: 0 })
  return remoteTarget(server.url, settings.adminToken ?? "", async () => {
    await server.close()
    await docket.dispose()
  })
}
const onNode = onNodeWith()

documentsHttpSuite("node:http", onNode)
documentsJobsSuite("node:http", onNode)
documentsSchemaHttpSuite("node:http", onNode)
documentsBillingHttpSuite("node:http", onNode)
documentsCategorizeHttpSuite("node:http", onNode)
documentsExtractHttpSuite("node:http", onNode)
documentsGroundHttpSuite("node:http", onNode)
documentsRetentionHttpSuite("node:http", onNode)
documentsFaultsHttpSuite("node:http", onNode)
workspacesConfigHttpSuite("node:http", onNode)
workspaceFilesHttpSuite("node:http", onNode)
// a kind registered by the host (makeDocket's jobKinds and routes), served through the listener
jobKindsHttpSuite("node:http", onNodeWith)
