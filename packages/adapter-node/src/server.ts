/** Serving a Docket instance on its own `node:http` server. */
import type { Docket } from "@docket/core"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { makeNodeListener } from "./listener.js"

export interface RunningServer {
  readonly server: Server
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string
  readonly close: () => Promise<void>
}

export const listen = async (docket: Docket, options: { readonly port?: number; readonly host?: string } = {}): Promise<RunningServer> => {
  const server = createServer(await makeNodeListener(docket))
  // a slow or stalled client cannot hold a connection open forever
  server.requestTimeout = 120_000
  server.headersTimeout = 30_000
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 8080, options.host ?? "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        server.closeAllConnections()
      })
  }
}
