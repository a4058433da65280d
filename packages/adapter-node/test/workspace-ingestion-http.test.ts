/** Ingestion and reconciliation over a real socket, through the node:http listener (control plane over HTTP too). */
import { listen } from "@docket/adapter-node"
import { makeDocket, ManualClock } from "@docket/core"
import { ADMIN_TOKEN, remoteTarget, testParserLayer, workspaceIngestionHttpSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"

workspaceIngestionHttpSuite(
  "node:http, memory storage",
  async () =>
    makeDocket({
      storage: MemoryStorage.layer,
      clock: new ManualClock(),
      parser: testParserLayer,
      settings: { adminToken: ADMIN_TOKEN, sweepIntervalMs: 0 }
    }),
  async (docket) => {
    const server = await listen(docket, { port: 0 })
    return remoteTarget(server.url, ADMIN_TOKEN, () => server.close())
  }
)
