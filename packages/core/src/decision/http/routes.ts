/**
 * The decision service's routes (spec 1, "Endpoints"): POST /v1/systemone and GET /v1/models.
 */
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Clock, Duration, Effect } from "effect"
import { Settings } from "../../shared/config.js"
import { Ids, newRequestId } from "../../shared/ids.js"
import { bodyAlreadyReceived, decodeUtf8, readBodyCapped } from "../../shared/http/body.js"
import { authenticate } from "../authenticate.js"
import { type DecisionError, InternalError, InvalidRequest, Overloaded } from "../errors.js"
import { evaluate } from "../evaluate.js"
import { issue } from "../issue.js"
import { OVERLOADED_RETRY_MS } from "../limiter/limits.js"
import { CATALOG } from "../models.js"
import { decisionErrorResponse, jsonResponse } from "./envelope.js"
import { decisionOpenApi } from "./openapi.js"

/**
 * Total route duration (spec 1, "Limits"). It is enforced where a request can wait: reading the
 * body and the model wait (never past the deadline); store calls have their own short timeouts.
 */
export const ROUTE_DURATION_MS = 60_000

/**
 * Runs a decision handler with its request id: every response, error or not, carries the id in
 * the body and in `x-request-id` / `x-sdk-request-id`; defects become 500 `internal_error`.
 */
const decisionHandler = <R>(
  handler: (requestId: string) => Effect.Effect<HttpServerResponse.HttpServerResponse, DecisionError, R>
) =>
  Effect.gen(function*() {
    const requestId = newRequestId(yield* Ids)
    return yield* handler(requestId).pipe(
      Effect.catchAll((e) => Effect.succeed(decisionErrorResponse(e, requestId))),
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("unexpected failure", cause).pipe(
            Effect.as(decisionErrorResponse(new InternalError({ message: "defect" }), requestId))
          )
      )
    )
  })

const authorizationHeader = Effect.map(HttpServerRequest.HttpServerRequest, (r) => r.headers["authorization"])

/**
 * The body as text. Reading it is where a client can make a request wait (a body trickling in),
 * so it runs under the route deadline — unless the whole body has already arrived.
 */
const bodyText = (deadline: number) => Effect.gen(function*() {
  const { maxBodyBytes } = yield* Settings
  const request = yield* HttpServerRequest.HttpServerRequest
  const read = readBodyCapped(maxBodyBytes)
  const bytes = yield* (bodyAlreadyReceived(request) ? read : Effect.flatMap(Clock.currentTimeMillis, (now) =>
    read.pipe(
      Effect.timeoutFail({
        duration: Duration.millis(Math.max(0, deadline - now)),
        onTimeout: () => new Overloaded({ reason: "route_timeout", retryAfterMs: OVERLOADED_RETRY_MS })
      })
    )
  )).pipe(
    Effect.catchTags({
      BodyTooLarge: (e) => new InvalidRequest({ issues: [issue([], `request body must be at most ${e.limit} bytes`)] }),
      BodyReadFailed: () => new InvalidRequest({ issues: [issue([], "request body could not be read")] })
    })
  )
  return decodeUtf8(bytes)
})

export const decisionRouter = HttpRouter.empty.pipe(
  HttpRouter.post(
    "/v1/systemone",
    decisionHandler((requestId) =>
      Effect.gen(function*() {
        const deadline = (yield* Clock.currentTimeMillis) + ROUTE_DURATION_MS
        const result = yield* evaluate(yield* authorizationHeader, bodyText(deadline), deadline)
        return jsonResponse(200, { answers: result.answers, model: result.model, usage: result.usage }, requestId)
      })
    )
  ),
  HttpRouter.get("/openapi/decision.json", HttpServerResponse.json(decisionOpenApi)),
  HttpRouter.get(
    "/v1/models",
    decisionHandler((requestId) =>
      Effect.gen(function*() {
        yield* authenticate(yield* authorizationHeader)
        return jsonResponse(200, { models: CATALOG }, requestId)
      })
    )
  )
)
