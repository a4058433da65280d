/**
 * The whole HTTP application (the routes of every context), platform-neutral: the services' routes, the control plane, CORS and
 * the not-found answer, as one function from a request to a response. Adapters serve it: Node
 * (`@docket/adapter-node`), web-standard fetch (`platform/web.ts`), `@effect/platform` (`platform/platform.ts`,
 * which Bun's `BunHttpServer` serves).
 */
import { Effect } from "effect"
import { adminRoutes } from "./admin/http.js"
import { errorResponse, EXPOSED_HEADERS as DECISION_EXPOSED_HEADERS } from "./decision/http/envelope.js"
import { decisionRoutes } from "./decision/http/routes.js"
import { documentRoutes } from "./documents/http/routes.js"
import { workspaceRoutes } from "./workspaces/http/routes.js"
import { Ids, newRequestId } from "./kernel/ids.js"
import { corsPolicy } from "./platform/cors.js"
import type { DocketRequest } from "./platform/request.js"
import type { RequestScope } from "./platform/request-scope.js"
import type { DocketResponse } from "./platform/response.js"
import { makeRouter, type Route } from "./platform/router.js"
import { httpAppOf } from "./platform/platform.js"
import { journaledRoutes, journalRequest } from "./journal/journaled.js"

/**
 * The services' routes, each service's journaled (`GET /_admin/journal`): a route added to a
 * service is journaled with it. The control plane's own calls are not: reading or clearing the
 * journal, or setting up a test, is not what the services were asked.
 */
const routes = [
  ...journaledRoutes("decision", decisionRoutes),
  ...journaledRoutes("documents", documentRoutes),
  ...journaledRoutes("workspaces", workspaceRoutes),
  ...adminRoutes
]

/** What the routes need, read off them (docket.ts's layer provides it). */
export type AppServices = typeof routes[number] extends infer T ? T extends Route<infer R> ? R : never : never

export const docketRoutes: ReadonlyArray<Route<AppServices>> = routes

const { isPreflight, preflightResponse, withCors } = corsPolicy({
  // spec 1 ("Errors"): the request-id and retry headers; spec 2's X-Request-Id is among them
  exposeHeaders: DECISION_EXPOSED_HEADERS,
  allowHeaders: ["authorization", "content-type", "x-api-key", "x-request-id", "idempotency-key", "last-event-id"]
})

const notFound = (request: DocketRequest) =>
  journalRequest("unrouted", request, () =>
    Effect.map(Ids, (ids) =>
      errorResponse(404, "not_found" as never, `no route for ${request.method} ${request.path}`, newRequestId(ids))
    ))

/**
 * Serves one request, the host's own `extra` routes first (e.g. a test-only context's, journaled as
 * `host`), then the services'. A preflight is answered by the CORS policy, before any service, and
 * is not journaled. `scope` is the request's (closed once the response has been sent). It is passed, not
 * provided as an Effect `Scope` service: providing a service copies the whole context of the
 * application (some forty services), which cost more than the rest of the framework's work on a
 * small request.
 */
export const makeDocketHandler = <R = never>(extra: ReadonlyArray<Route<R>> = []) => {
  const findRoute = makeRouter<AppServices | R>([...journaledRoutes("host", extra), ...docketRoutes])
  return (request: DocketRequest, scope: RequestScope): Effect.Effect<DocketResponse, never, AppServices | R | Ids> => {
    if (isPreflight(request)) return Effect.succeed(preflightResponse)
    const match = findRoute(request.method, request.path)
    const response = match === undefined ? notFound(request) : match.handler(request, match.params, scope)
    return Effect.map(response, withCors)
  }
}

/** The services' routes as one handler. */
export const docketHandler = makeDocketHandler()

/** The whole application as an `@effect/platform` `HttpApp` (`HttpServer.serve(docketApp)`). */
export const docketApp = httpAppOf(docketHandler)
