/**
 * A `node:http` request listener serving Docket, for embedding in an existing Node server. Client
 * disconnects interrupt the request (releasing its in-flight slot).
 */
import { docketApp, type Docket } from "@docket/core"
import { NodeHttpServer } from "@effect/platform-node"
import type { IncomingMessage, ServerResponse } from "node:http"

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

export const makeNodeListener = async (docket: Docket): Promise<NodeListener> => {
  const handler = await docket.runtime.runPromise(NodeHttpServer.makeHandler(docketApp))
  return (request, response) => {
    deferDestroyUntilResponded(request, response)
    handler(request, response)
  }
}

/**
 * When a handler stops reading a body early (over the size cap, or a route timeout while the body
 * still trickles in), Effect's stream destroys the request, which destroys the socket before the
 * answer is written: the client would see a reset instead of the 422 / 529. Here the request is
 * only paused until the response is finished, and the connection is closed after it (the unread
 * rest of the body makes it unusable for another request).
 */
const deferDestroyUntilResponded = (request: IncomingMessage, response: ServerResponse): void => {
  const destroy = request.destroy.bind(request)
  request.destroy = (error?: Error) => {
    if (request.complete || response.writableFinished || response.destroyed) return destroy(error)
    request.pause()
    if (!response.headersSent) response.setHeader("connection", "close")
    const later = () => {
      // give the client the response before the socket goes
      setImmediate(() => destroy(error))
    }
    response.once("finish", later)
    response.once("close", later)
    return request
  }
}
