/**
 * A `node:http` request listener serving Docket, for embedding in an existing Node server. Client
 * disconnects interrupt the request (releasing its in-flight slot).
 */
import { docketApp, type Docket } from "@docket/core"
import { NodeHttpServer } from "@effect/platform-node"
import type { IncomingMessage, ServerResponse } from "node:http"

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

export const makeNodeListener = async (docket: Docket): Promise<NodeListener> =>
  docket.runtime.runPromise(NodeHttpServer.makeHandler(docketApp))
