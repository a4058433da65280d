/// <reference types="bun" />
/**
 * Serving a Docket instance on its own Bun server: `listen` runs `Bun.serve` (Bun's own server,
 * not its `node:http` emulation, which has not always reported client disconnects) with the
 * Docket handler; `layer` serves the same application as an `@effect/platform` `HttpApp` with
 * `BunHttpServer`, for programs built of layers. A client that goes away aborts its request's
 * `signal`, which interrupts the request fiber and releases its in-flight slot.
 */
import { type Docket, docketApp, type DocketServices, Platform } from "@docket/core"
import { HttpServer } from "@effect/platform"
import { BunHttpServer } from "@effect/platform-bun"
import { Layer } from "effect"

export interface ListenOptions {
  /** default 8080; 0 picks a free port */
  readonly port?: number | undefined
  /** default `127.0.0.1` */
  readonly hostname?: string | undefined
  /** the same as `hostname` (the spelling of `@docket/adapter-node`'s `listen`) */
  readonly host?: string | undefined
  /**
   * Seconds a connection may stay silent before Bun closes it (Bun's default is 10, shorter than
   * the decision service's 55 s model wait and 60 s route duration). Default 120, at most 255.
   */
  readonly idleTimeout?: number | undefined
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string
  /** the address the server listens on */
  readonly address: { readonly hostname: string; readonly port: number }
  /**
   * stops the server: requests still in flight are interrupted and answered 503; the Docket
   * instance stays usable (dispose it yourself)
   */
  readonly close: () => Promise<void>
}

/** Idle timeout of connections served by Docket on Bun, seconds: past the 60 s route duration. */
export const IDLE_TIMEOUT_SECONDS = 120

/**
 * Bun's own cap on a request body, lifted: Docket caps every body itself, per route, and answers
 * in the service's envelope (413 `payload_too_large` / `file_too_large` for an upload past 200
 * MB), where Bun's default of 128 MB would cut a legitimate upload and answer an empty 413.
 * A host serving `makeBunFetchHandler` from its own `Bun.serve` sets the same.
 */
export const MAX_REQUEST_BODY_SIZE = Number.MAX_SAFE_INTEGER

/**
 * The layer that serves `docketApp` with `BunHttpServer`; it needs the Docket services (provide
 * `docketLayer(options)` from `@docket/core`, or build it on a Docket instance's runtime as
 * `listen` does).
 */
export const layer = (options: ListenOptions = {}): Layer.Layer<HttpServer.HttpServer, never, DocketServices> =>
  HttpServer.serve(docketApp).pipe(
    Layer.provideMerge(
      BunHttpServer.layer({
        port: options.port ?? 8080,
        hostname: options.hostname ?? options.host ?? "127.0.0.1",
        idleTimeout: options.idleTimeout ?? IDLE_TIMEOUT_SECONDS,
        maxRequestBodySize: MAX_REQUEST_BODY_SIZE
      })
    )
  )

interface Running {
  readonly resolve: (response: Response) => void
  abort: () => void
}

/** How long `close` lets answers being written (streams included) finish before cutting them. */
const CLOSE_GRACE_MS = 1_000

/** The answer of a request still running when the server closes (as `BunHttpServer` gives). */
const closingResponse = (): Response =>
  new Response(JSON.stringify({ error: { type: "service_unavailable", message: "the server is shutting down; retry" } }), {
    status: 503,
    headers: { "content-type": "application/json", connection: "close" }
  })

/**
 * Serves `docket` on its own `Bun.serve`, handing each request straight to the Docket handler
 * (as `makeBunFetchHandler` does, with no `@effect/platform` layer on the request path: that
 * costs a small request about half of its throughput on Bun), complete answers handed to Bun at
 * the end of the event-loop turn (`makeTurnBatch`). Resolves once the server listens.
 * `close` answers the requests still running 503 and interrupts them (which releases what they
 * hold), stops accepting connections, and cuts what is still being written after a second.
 */
export const listen = async (docket: Docket, options: ListenOptions = {}): Promise<RunningServer> => {
  const run = Platform.makeRequestRunner(await docket.runtime.runtime(), docket.handler)
  const idleTimeout = options.idleTimeout ?? IDLE_TIMEOUT_SECONDS
  /** requests whose answer is not yet handed to Bun: what `close` answers 503 */
  const running = new Set<Running>()
  let closing = false
  // complete answers are handed to Bun at the end of the event-loop turn
  const later = Platform.makeTurnBatch()
  const clientGone = (entry: Running): void => {
    running.delete(entry)
    entry.abort()
  }

  const server = Bun.serve({
    port: options.port ?? 8080,
    hostname: options.hostname ?? options.host ?? "127.0.0.1",
    idleTimeout,
    maxRequestBodySize: MAX_REQUEST_BODY_SIZE,
    fetch(request, bun) {
      if (closing) return closingResponse()
      // Bun's idle timeout also cuts a request that waits without sending (a bodiless GET)
      bun.timeout(request, idleTimeout)
      return new Promise<Response>((resolve) => {
        const entry: Running = { resolve, abort: () => {} }
        running.add(entry)
        const { abort } = run(Platform.fromWebRequest(request), (response, sent) => {
          // answered 503 by `close` meanwhile: this answer goes nowhere
          if (!running.delete(entry)) return sent()
          if (response.stream !== undefined) return resolve(Platform.toWebResponse(response, sent))
          later(() => {
            resolve(Platform.toWebResponse(response))
            sent()
          })
        })
        entry.abort = abort
        if (request.signal.aborted) return clientGone(entry)
        request.signal.addEventListener("abort", () => clientGone(entry), { once: true })
      })
    }
  })
  const host = server.hostname!.includes(":") ? `[${server.hostname}]` : server.hostname!
  let closed: Promise<void> | undefined
  const close = async (): Promise<void> => {
    closing = true
    for (const entry of running) {
      entry.resolve(closingResponse())
      entry.abort()
    }
    running.clear()
    const graceful = server.stop(false)
    const cut = new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(server.stop(true)), CLOSE_GRACE_MS)
      void graceful.then(() => clearTimeout(timer))
    })
    await Promise.race([graceful, cut])
  }
  return {
    url: `http://${host}:${server.port}`,
    address: { hostname: server.hostname!, port: server.port! },
    close: () => (closed ??= close())
  }
}
