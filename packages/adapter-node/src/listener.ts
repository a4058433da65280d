/**
 * A `node:http` request listener serving Docket, for embedding in an existing Node server (and
 * what `listen` serves). The request runs on the instance's runtime; its scope (holding e.g. its
 * in-flight slot) closes once the response has been written, and a client that disconnects
 * first interrupts it. Complete responses are written at the end of the event-loop turn in which
 * they became ready (`makeTurnBatch`, core's http/turn-batch.ts).
 */
import { type Docket, Platform } from "@docket/core"
import { Effect, Exit, FiberId, Stream } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import { fromNodeRequest, NodeRequestBody } from "./request.js"

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

export const makeNodeListener = async (docket: Docket): Promise<NodeListener> => {
  const run = Platform.makeRequestRunner(await docket.runtime.runtime(), docket.handler)
  const later = Platform.makeTurnBatch()
  const serve: NodeListener = (message, res) => {
    const body = new NodeRequestBody(message)
    const { abort } = run(fromNodeRequest(message, body), (response, sent) => {
      if (res.destroyed) return sent()
      if (response.stream !== undefined) return writeStream(res, response, response.stream, sent)
      const abandoned = body.abandoned
      if (!abandoned) res.once("finish", sent)
      later(() => {
        // a client gone meanwhile: its `close` has already closed the request's scope
        if (res.destroyed) return
        try {
          if (abandoned) writeAndLinger(message, res, response, sent)
          else write(res, response)
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

const headersOf = (response: Platform.DocketResponse): Record<string, string | number> => {
  const headers: Record<string, string | number> = Object.assign({}, response.headers)
  const body = response.body
  if (body !== undefined) headers["content-length"] = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength
  return headers
}

/** Writes a complete response. */
const write = (res: ServerResponse, response: Platform.DocketResponse): void => {
  res.writeHead(response.status, headersOf(response))
  res.end(response.body)
}

/**
 * How long a connection whose request body was refused part-way (over a cap) is still read after
 * the answer, the bytes discarded: at most `LINGER_MS` in all, and `LINGER_IDLE_MS` without any
 * (as nginx's lingering close).
 */
export const LINGER_MS = 30_000
export const LINGER_IDLE_MS = 5_000

/**
 * Answers a request whose body was abandoned part-way. The connection cannot carry another
 * request (`connection: close`), but closing it at once would reset it while the client is still
 * sending, and a client that writes its whole body before reading (fetch does) would get EPIPE or
 * ECONNRESET instead of the answer. So the answer is written whole (its `content-length` tells
 * the client where it ends) and the rest of the body is read and discarded until it ends, or for
 * a bounded time; only then is the response ended and the connection closed. The request counts
 * as answered (`sent`) once the answer is out.
 */
const writeAndLinger = (message: IncomingMessage, res: ServerResponse, response: Platform.DocketResponse, sent: () => void): void => {
  const headers = headersOf(response)
  headers["connection"] = "close"
  res.writeHead(response.status, headers)
  if (response.body !== undefined) res.write(response.body, () => sent())
  else {
    res.flushHeaders()
    sent()
  }
  let idle: ReturnType<typeof setTimeout> | undefined
  const done = () => {
    clearTimeout(total)
    clearTimeout(idle)
    message.off("data", onData)
    message.off("end", done)
    message.off("close", done)
    message.off("error", done)
    res.off("close", done)
    if (res.destroyed) return
    const complete = message.complete
    res.end()
    if (!complete) res.once("finish", () => message.destroy())
  }
  const onData = () => {
    clearTimeout(idle)
    idle = setTimeout(done, LINGER_IDLE_MS)
  }
  const total = setTimeout(done, LINGER_MS)
  if (message.readableEnded || message.destroyed) return done()
  onData()
  message.on("data", onData)
  message.once("end", done)
  message.once("close", done)
  message.once("error", done)
  res.once("close", done)
  message.resume()
}

/** Resumes once the response can take more (`drain`), or has closed. */
const drained = (res: ServerResponse) =>
  Effect.async<void>((resume) => {
    const go = () => {
      res.off("drain", go)
      res.off("close", go)
      resume(Effect.void)
    }
    res.once("drain", go)
    res.once("close", go)
    return Effect.sync(() => {
      res.off("drain", go)
      res.off("close", go)
    })
  })

/**
 * Writes a streamed body (Server-Sent Events, a file) chunk by chunk, with backpressure; the response ends with the stream,
 * and a client that goes away interrupts the stream.
 */
const writeStream = (res: ServerResponse, response: Platform.DocketResponse, stream: Stream.Stream<Uint8Array>, sent: () => void): void => {
  res.writeHead(response.status, Object.assign({}, response.headers))
  res.flushHeaders()
  // a chunk the socket cannot take yet waits for `drain`: a large file is never buffered whole here
  const fiber = Effect.runFork(Stream.runForEach(stream, (chunk) => (res.write(chunk) ? Effect.void : drained(res))))
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
