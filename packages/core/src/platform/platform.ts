/**
 * The application as an `@effect/platform` `HttpApp`, for hosts that serve Effect HTTP apps
 * (`HttpServer.serve(docketApp)`: Bun's `BunHttpServer`, `NodeHttpServer`, your own router).
 * The platform's request scope is the request's scope.
 */
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import { Effect, Scope, Stream } from "effect"
import { BodyReadFailed, BodyTooLarge, capped, concatChunks, declaredOver, type DocketRequest, type RequestBody, splitTarget } from "./request.js"
import { type RequestScope, requestScopeOf } from "./request-scope.js"
import type { DocketResponse } from "./response.js"
import { webRequestBody } from "./web.js"

const streamBody = (request: HttpServerRequest.HttpServerRequest): RequestBody => ({
  isReceived: () => false,
  stream: (limit) =>
    declaredOver(request.headers["content-length"], limit)
      ? Stream.fail(new BodyTooLarge({ limit }))
      : capped(Stream.mapError(request.stream, (cause) => new BodyReadFailed({ cause })), limit),
  read: (limit) => {
    if (declaredOver(request.headers["content-length"], limit)) return Effect.fail(new BodyTooLarge({ limit }))
    const chunks: Array<Uint8Array> = []
    let size = 0
    return request.stream.pipe(
      Stream.mapError((cause) => new BodyReadFailed({ cause })),
      Stream.runForEach((chunk) => {
        size += chunk.byteLength
        if (size > limit) return new BodyTooLarge({ limit })
        chunks.push(chunk)
        return Effect.void
      }),
      Effect.map(() => concatChunks(chunks, size))
    )
  }
})

export const fromPlatformRequest = (request: HttpServerRequest.HttpServerRequest): DocketRequest => {
  const { path, query } = splitTarget(request.url)
  const source = request.source
  return {
    method: request.method,
    path,
    query,
    header: (name) => request.headers[name],
    headerNames: () => Object.keys(request.headers),
    body: typeof Request !== "undefined" && source instanceof Request ? webRequestBody(source) : streamBody(request)
  }
}

export const toPlatformResponse = (response: DocketResponse): HttpServerResponse.HttpServerResponse => {
  const { "content-type": contentType, ...headers } = response.headers
  const options = { status: response.status, headers, contentType }
  if (response.stream !== undefined) return HttpServerResponse.stream(response.stream, options)
  if (response.body === undefined) return HttpServerResponse.empty({ status: response.status, headers: response.headers })
  return typeof response.body === "string"
    ? HttpServerResponse.text(response.body, options)
    : HttpServerResponse.uint8Array(response.body, options)
}

/**
 * The whole application as an `HttpApp`. Platform servers run apps uninterruptibly (their
 * routers make each route interruptible), so it is made interruptible here: a client that goes
 * away, or a server that closes, interrupts the request.
 */
export const httpAppOf = <R>(
  handler: (request: DocketRequest, scope: RequestScope) => Effect.Effect<DocketResponse, never, R>
): HttpApp.Default<never, R | Scope.Scope | HttpServerRequest.HttpServerRequest> =>
  Effect.interruptible(Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (request) =>
      Effect.flatMap(Scope.Scope, (scope) => Effect.map(handler(fromPlatformRequest(request), requestScopeOf(scope)), toPlatformResponse))
  ))
