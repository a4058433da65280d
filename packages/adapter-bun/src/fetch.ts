/**
 * Embedding Docket in an existing `Bun.serve`. `docket.fetch` is already a web-standard handler
 * (`fetch: docket.fetch` works), and a client that goes away aborts `request.signal`, which
 * interrupts the request and releases its in-flight slot. `makeBunFetchHandler` adds two things
 * for Bun: it gives Docket's requests their own idle timeout (`server.timeout(request, s)`), as
 * Bun's default of 10 s would cut a request that legitimately stays silent for longer (Bun 1.4
 * cuts bodiless requests, e.g. GETs, that way; a POST with a body is not cut); and it hands the
 * answers ready during one event-loop turn to Bun together at its end (`makeTurnBatch`), which
 * on a busy server costs far less than one write and wake-up per answer.
 */
import { type Docket, Platform } from "@docket/core"
import { IDLE_TIMEOUT_SECONDS } from "./server.js"

/** The part of Bun's `Server` the handler uses (so the public types need no Bun types). */
export interface BunServerLike {
  timeout?(request: Request, seconds: number): void
}

export type BunFetchHandler = (request: Request, server?: BunServerLike) => Promise<Response>

export interface BunFetchHandlerOptions {
  /**
   * Idle timeout of each request Docket serves, in seconds (`0` = none), set with Bun's
   * `server.timeout(request, seconds)`; `false` leaves the host's `idleTimeout` in force.
   * Default 120 (the Node adapter's request timeout).
   */
  readonly idleTimeout?: number | false | undefined
}

export const makeBunFetchHandler = (docket: Docket, options: BunFetchHandlerOptions = {}): BunFetchHandler => {
  const idleTimeout = options.idleTimeout ?? IDLE_TIMEOUT_SECONDS
  // answers are handed to Bun at the end of the event-loop turn
  const later = Platform.makeTurnBatch()
  const handOver = (response: Response): Promise<Response> => new Promise((resolve) => later(() => resolve(response)))
  return (request, server) => {
    if (idleTimeout !== false) server?.timeout?.(request, idleTimeout)
    return docket.fetch(request).then(handOver)
  }
}
