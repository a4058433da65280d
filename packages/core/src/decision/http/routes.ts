/**
 * The decision service's routes (spec 1, "Endpoints"): POST /v1/systemone, GET /v1/models and the
 * document routes (`document-routes.ts`).
 */
import { Clock, Duration, Effect } from "effect"
import { type BodyError, type DocketRequest, decodeUtf8 } from "../../platform/request.js"
import { route } from "../../platform/router.js"
import { jsonResponse as json } from "../../platform/response.js"
import { Settings } from "../../kernel/config.js"
import { authenticate } from "../authenticate.js"
import { InvalidRequest, Overloaded } from "../errors.js"
import { evaluate } from "../evaluate.js"
import { issue } from "../issue.js"
import { OVERLOADED_RETRY_MS } from "../limiter/limits.js"
import { evaluateBody, modelsBody } from "../answers.js"
import { jsonResponse } from "./envelope.js"
import { decisionHandler } from "./decision-handler.js"
import { decisionDocumentRoutes } from "./document-routes.js"
import { decisionOpenApi } from "./openapi.js"

/**
 * Total route duration (spec 1, "Limits"). It is enforced where a request can wait: reading the
 * body and the model wait (never past the deadline); store calls have their own short timeouts.
 */
export const ROUTE_DURATION_MS = 60_000

/**
 * The body as text, read once the route deadline is known. Reading it is where a client can make
 * a request wait (a body trickling in), so it runs under the route deadline — unless the whole
 * body has already arrived.
 */
const bodyText = (request: DocketRequest, maxBodyBytes: number) => (deadline: number) => {
  const read = request.body.read(maxBodyBytes)
  const bounded = request.body.isReceived() ? read : Effect.flatMap(Clock.currentTimeMillis, (now) =>
    read.pipe(
      Effect.timeoutFail({
        duration: Duration.millis(Math.max(0, deadline - now)),
        onTimeout: () => new Overloaded({ reason: "route_timeout", retryAfterMs: OVERLOADED_RETRY_MS })
      })
    ))
  return Effect.mapBoth(bounded, { onFailure: bodyReadError, onSuccess: decodeUtf8 })
}

const bodyReadError = (e: BodyError | Overloaded): InvalidRequest | Overloaded => {
  switch (e._tag) {
    case "BodyTooLarge":
      return new InvalidRequest({ issues: [issue([], `request body must be at most ${e.limit} bytes`)] })
    case "BodyReadFailed":
      return new InvalidRequest({ issues: [issue([], "request body could not be read")] })
    default:
      return e
  }
}

const openApiResponse = json(200, decisionOpenApi)

export const decisionRoutes = [
  ...decisionDocumentRoutes,
  route(
    "POST",
    "/v1/systemone",
    decisionHandler((request, requestId, scope) =>
      Effect.flatMap(Settings, ({ maxBodyBytes }) =>
        Effect.map(
          evaluate(request.header("authorization"), bodyText(request, maxBodyBytes), scope, ROUTE_DURATION_MS),
          (result) => jsonResponse(200, evaluateBody(result), requestId)
        ))
    )
  ),
  route("GET", "/openapi/decision.json", () => Effect.succeed(openApiResponse)),
  route(
    "GET",
    "/v1/models",
    decisionHandler((request, requestId) =>
      Effect.as(authenticate(request.header("authorization")), jsonResponse(200, modelsBody, requestId))
    )
  )
]
