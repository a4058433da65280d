import { createDocket, listen } from "@docket/adapter-node"
import { ManualClock } from "@docket/core"
import { decisionHttpSuite } from "@docket/core/testing"

// The same suite over a real socket, through the node:http listener.
decisionHttpSuite("node:http", async (settings) => {
  const docket = createDocket({ clock: new ManualClock(), settings })
  const server = await listen(docket, { port: 0 })
  return {
    docket,
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
    close: async () => {
      await server.close()
      await docket.dispose()
    }
  }
})
