/**
 * The whole HTTP application, platform-neutral: the services' routes, the control plane, CORS and
 * the not-found answer, as one function from a request to a response. Adapters serve it: Node
 * (`@docket/adapter-node`), web-standard fetch (`web.ts`), `@effect/platform` (`platform.ts`,
 * which Bun's `BunHttpServer` serves).
 */
import { Effect, type Scope } from "effect"
import { adminRoutes } from "../admin/http.js"
import { errorResponse } from "../decision/http/envelope.js"
import { decisionRoutes } from "../decision/http/routes.js"
import { documentRoutes } from "../documents/http/routes.js"
import type { DocketServices } from "../docket.js"
import { Ids, newRequestId } from "../shared/ids.js"
import { isPreflight, preflightResponse, withCors } from "./cors.js"
import type { DocketRequest } from "./request.js"
import type { DocketResponse } from "./response.js"
import { makeRouter, type Route } from "./router.js"

/** Serves one request; the scope is the request's (closed once the response has been sent). */
export type DocketHandler = (request: DocketRequest) => Effect.Effect<DocketResponse, never, DocketServices | Scope.Scope>

export const docketRoutes: ReadonlyArray<Route<DocketServices>> = [...decisionRoutes, ...documentRoutes, ...adminRoutes]

const findRoute = makeRouter(docketRoutes)

const notFound = (request: DocketRequest) =>
  Effect.map(Ids, (ids) =>
    errorResponse(404, "not_found" as never, `no route for ${request.method} ${request.path}`, newRequestId(ids))
  )

export const docketHandler: DocketHandler = (request) => {
  if (isPreflight(request)) return Effect.succeed(preflightResponse)
  const match = findRoute(request.method, request.path)
  const response = match === undefined ? notFound(request) : match.handler(request, match.params)
  return Effect.map(response, withCors)
}
