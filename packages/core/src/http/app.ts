/**
 * The whole HTTP application, platform-neutral: the services' routers, the control plane, CORS
 * and the not-found answer. Adapters serve it (Node, Bun) or wrap it as a fetch handler.
 */
import { HttpMiddleware, HttpRouter, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { adminRouter } from "../admin/http.js"
import { decisionRouter } from "../decision/http/routes.js"
import { errorResponse, EXPOSED_HEADERS } from "../decision/http/envelope.js"
import { Ids, newRequestId } from "../shared/ids.js"

export const docketRouter = HttpRouter.concatAll(decisionRouter, adminRouter)

const notFound = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const requestId = newRequestId(yield* Ids)
  return errorResponse(404, "not_found" as never, `no route for ${request.method} ${request.url.split("?")[0]}`, requestId)
})

export const docketApp = docketRouter.pipe(
  Effect.catchTag("RouteNotFound", () => notFound),
  HttpMiddleware.cors({
    allowedOrigins: ["*"],
    allowedMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["authorization", "content-type", "x-api-key", "x-request-id", "idempotency-key", "last-event-id"],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600
  })
)
