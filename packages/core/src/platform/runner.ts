/**
 * Running the application for one request on a runtime: each request gets a scope that lives
 * until its response has been sent (what the request holds, such as an in-flight slot, is
 * released then), and a client that goes away interrupts it. Adapters call `runRequest` and
 * write the response out their own way.
 */
import { Cause, Effect, Exit, FiberId, Runtime } from "effect"
import type { DocketRequest } from "./request.js"
import { ClosableRequestScope, type RequestScope } from "./request-scope.js"
import { type DocketResponse, jsonResponse } from "./response.js"

export interface RequestRun {
  /**
   * The client went away before its response was sent: interrupts the request if it is still
   * running, and closes its scope.
   */
  readonly abort: () => void
}

/**
 * Receives the response of a request; calls `sent` once it has been written out (or handed
 * over), which closes the request's scope. Called at most once.
 */
export type Respond = (response: DocketResponse, sent: () => void) => void

/** A handler failure that no service answered (a defect in the HTTP layer itself). */
const INTERNAL_ERROR = jsonResponse(500, { error: { type: "internal_error", message: "unexpected failure" } })

export const makeRequestRunner = <R>(
  runtime: Runtime.Runtime<R>,
  handler: (request: DocketRequest, scope: RequestScope) => Effect.Effect<DocketResponse, never, R>
): (request: DocketRequest, respond: Respond) => RequestRun => {
  const runFork = Runtime.runFork(runtime)
  return (request, respond) => {
    const scope = new ClosableRequestScope(runFork)
    const close = (): void => scope.close()
    const fiber = runFork(handler(request, scope))
    fiber.addObserver((exit) => {
      if (Exit.isSuccess(exit)) return respond(exit.value, close)
      close()
      if (Cause.isInterruptedOnly(exit.cause)) return
      runFork(Effect.logError("unhandled failure of an HTTP request", exit.cause))
      respond(INTERNAL_ERROR, () => undefined)
    })
    return {
      abort: () => {
        if (fiber.unsafePoll() === null) fiber.unsafeInterruptAsFork(FiberId.none)
        else close()
      }
    }
  }
}
