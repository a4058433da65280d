/**
 * A `node:http` request listener serving Docket, for embedding in an existing Node server (and
 * what `listen` serves). The request runs on the instance's runtime; its scope (holding e.g. its
 * in-flight slot) closes once the response has been written, and a client that disconnects
 * first interrupts it. Complete responses are written at the end of the event-loop turn in which
 * they became ready (`makeTurnBatch`, core's http/turn-batch.ts).
 */
import { type Docket, type DocketResponse, makeRequestRunner, makeTurnBatch } from "@docket/core"
import { Effect, Exit, FiberId, Stream } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import { fromNodeRequest, NodeRequestBody } from "./request.js"

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

export const makeNodeListener = async (docket: Docket): Promise<NodeListener> => {
  const run = makeRequestRunner(await docket.runtime.runtime(), docket.handler)
  const later = makeTurnBatch()
  const serve: NodeListener = (message, res) => {
    const body = new NodeRequestBody(message)
    const { abort } = run(fromNodeRequest(message, body), (response, sent) => {
      if (res.destroyed) return sent()
      if (response.stream !== undefined) return writeStream(res, response, response.stream, sent)
      res.once("finish", sent)
      if (body.abandoned) res.once("finish", () => setImmediate(() => message.destroy()))
      later(() => {
        // a client gone meanwhile: its `close` has already closed the request's scope
        if (res.destroyed) return
        try {
          write(res, response, body.abandoned)
        } catch (error) {
          // a response Node refuses to write (a defect): the connection cannot carry it
          res.destroy(error as Error)
        }
      })
    })
    // after the response has finished this only closes the request's scope (if not yet closed)
    res.once("close", abort)
  }
  // Node emits a request once its headers are parsed; the body that came in the same packets is
  // parsed right after, before any microtask runs. Starting a moment later lets a small request
  // find its whole body received, so reading it needs no route-deadline timer.
  return (message, res) => queueMicrotask(() => serve(message, res))
}

/**
 * Writes a response. When the request's body was abandoned part-way, the connection cannot carry
 * another request: it is marked `connection: close` and closed once the answer is out.
 */
const write = (res: ServerResponse, response: DocketResponse, closeConnection: boolean): void => {
  const body = response.body
  const headers: Record<string, string | number> = Object.assign({}, response.headers)
  if (body !== undefined) headers["content-length"] = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength
  if (closeConnection) headers["connection"] = "close"
  res.writeHead(response.status, headers)
  res.end(body)
}

/**
 * Writes a streamed body (Server-Sent Events) chunk by chunk; the response ends with the stream,
 * and a client that goes away interrupts the stream.
 */
const writeStream = (res: ServerResponse, response: DocketResponse, stream: Stream.Stream<Uint8Array>, sent: () => void): void => {
  res.writeHead(response.status, Object.assign({}, response.headers))
  res.flushHeaders()
  const fiber = Effect.runFork(Stream.runForEach(stream, (chunk) => Effect.sync(() => void res.write(chunk))))
  const stop = () => fiber.unsafeInterruptAsFork(FiberId.none)
  res.once("close", stop)
  fiber.addObserver((exit) => {
    res.off("close", stop)
    if (Exit.isSuccess(exit) && !res.destroyed) {
      res.once("finish", sent)
      res.end()
    } else {
      if (!res.destroyed) res.destroy()
      sent()
    }
  })
}
