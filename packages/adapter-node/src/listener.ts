/**
 * A `node:http` request listener serving Docket, for embedding in an existing Node server. Client
 * disconnects interrupt the request (releasing its in-flight slot).
 */
import { BODY_ABANDONED, docketApp, type Docket } from "@docket/core"
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
 * still trickles in), the rest of the body is never read: the connection cannot carry another
 * request, so it is closed once the answer is written. Effect's own body stream destroys the
 * request when it stops, which would close the socket before the answer: that destroy is deferred
 * until the response is finished.
 */
const deferDestroyUntilResponded = (request: IncomingMessage, response: ServerResponse): void => {
  const destroy = request.destroy.bind(request)
  const closeAfterResponse = (error?: Error) => {
    if (!response.headersSent) response.setHeader("connection", "close")
    const later = () => setImmediate(() => destroy(error))
    response.once("finish", later)
    response.once("close", later)
  }
  request.destroy = (error?: Error) => {
    if (request.complete || response.writableFinished || response.destroyed) return destroy(error)
    request.pause()
    closeAfterResponse(error)
    return request
  }
  response.once("finish", () => {
    if ((request as any)[BODY_ABANDONED] === true && !request.complete && !request.destroyed) setImmediate(() => destroy())
  })
}
