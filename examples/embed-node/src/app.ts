/**
 * An existing `node:http` server that keeps its own routes and hands everything else to Docket.
 */
import { makeNodeListener } from "@docket/adapter-node"
import { createDocket } from "@docket/server"
import { createServer, type Server } from "node:http"

export const makeServer = async (): Promise<{ server: Server; docket: ReturnType<typeof createDocket> }> => {
  const docket = createDocket()
  const docketListener = await makeNodeListener(docket)
  const server = createServer((req, res) => {
    // the host's own routes come first
    if (req.url === "/health") {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ ok: true }))
      return
    }
    // everything else is Docket's: /v1/systemone, /v1/models, ...
    docketListener(req, res)
  })
  return { server, docket }
}
