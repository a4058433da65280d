/**
 * The application as a web-standard fetch handler (`Request` → `Response`): for `docket.fetch`,
 * `Bun.serve`, Deno, workers, or no server at all. A request whose `signal` aborts is
 * interrupted.
 */
import { Effect, type Runtime, Stream } from "effect"
import { type BodyError, BodyReadFailed, BodyTooLarge, capped, concatChunks, declaredOver, type DocketRequest, type RequestBody } from "./request.js"
import type { RequestScope } from "./request-scope.js"
import type { DocketResponse } from "./response.js"
import { makeRequestRunner } from "./runner.js"

const EMPTY = new Uint8Array(0)

/** The body of a request that declares its length within the cap, read whole. */
const readDeclared = (source: Request, limit: number): Effect.Effect<Uint8Array, BodyError> =>
  Effect.async<Uint8Array, BodyError>((resume) => {
    let done = false
    source.arrayBuffer().then(
      (buffer) => {
        if (done) return
        done = true
        resume(buffer.byteLength > limit ? Effect.fail(new BodyTooLarge({ limit })) : Effect.succeed(new Uint8Array(buffer)))
      },
      (cause: unknown) => {
        if (done) return
        done = true
        resume(Effect.fail(new BodyReadFailed({ cause })))
      }
    )
    return Effect.sync(() => {
      done = true
    })
  })

/** Reads a web `Request`'s body with a hard cap, cancelling the stream once it is crossed. */
export const webRequestBody = (source: Request): RequestBody => ({
  isReceived: () => false,
  stream: (limit) => {
    if (declaredOver(source.headers.get("content-length") ?? undefined, limit)) return Stream.fail(new BodyTooLarge({ limit }))
    const body = source.body
    if (body === null) return Stream.empty
    return capped(Stream.fromReadableStream(() => body, (cause) => new BodyReadFailed({ cause })), limit)
  },
  read: (limit) => {
    const declared = source.headers.get("content-length") ?? undefined
    if (declaredOver(declared, limit)) return Effect.fail(new BodyTooLarge({ limit }))
    // A declared length within the cap: the platform reads the body whole in one call, which is
    // much cheaper than pumping its stream (a server's transport holds the body to the declared
    // length; a hand-built Request that declares less than it carries is still refused, after
    // the read, and only an in-process caller can build one).
    if (declared !== undefined && /^\d+$/.test(declared)) return readDeclared(source, limit)
    const body = source.body
    if (body === null) return Effect.succeed(EMPTY)
    return Effect.async<Uint8Array, BodyError>((resume) => {
      const reader = body.getReader()
      const chunks: Array<Uint8Array> = []
      let size = 0
      let done = false
      const finish = (effect: Effect.Effect<Uint8Array, BodyError>) => {
        if (done) return
        done = true
        resume(effect)
      }
      const pump = (): void => {
        reader.read().then(
          (r) => {
            if (done) return
            if (r.done) return finish(Effect.succeed(concatChunks(chunks, size)))
            size += r.value.byteLength
            if (size > limit) {
              reader.cancel().catch(() => undefined)
              return finish(Effect.fail(new BodyTooLarge({ limit })))
            }
            chunks.push(r.value)
            pump()
          },
          (cause: unknown) => finish(Effect.fail(new BodyReadFailed({ cause })))
        )
      }
      pump()
      return Effect.sync(() => {
        done = true
        reader.cancel().catch(() => undefined)
      })
    })
  }
})

/**
 * The path and query of an absolute URL as a `Request` holds it (already serialized, so its path
 * is what `new URL(url).pathname` gives), without parsing the whole URL; the fragment, if any, is
 * dropped. `new URL` serves what does not look like `scheme://authority/…`.
 */
export const targetOf = (url: string): { readonly path: string; readonly query: string } => {
  const authority = url.indexOf("://")
  if (authority < 0) {
    const parsed = new URL(url)
    return { path: parsed.pathname, query: parsed.search.length > 0 ? parsed.search.slice(1) : "" }
  }
  let end = url.indexOf("#", authority + 3)
  if (end < 0) end = url.length
  let start = authority + 3
  while (start < end && url.charCodeAt(start) !== 47 /* / */ && url.charCodeAt(start) !== 63 /* ? */) start++
  const q = url.indexOf("?", start)
  if (q < 0 || q > end) return { path: start < end ? url.slice(start, end) : "/", query: "" }
  return { path: start < q ? url.slice(start, q) : "/", query: url.slice(q + 1, end) }
}

/** A web `Request` as a Docket request. */
export const fromWebRequest = (request: Request): DocketRequest => {
  const { path, query } = targetOf(request.url)
  return {
    method: request.method,
    path,
    query,
    header: (name) => request.headers.get(name) ?? undefined,
    headerNames: () => [...request.headers.keys()],
    body: webRequestBody(request)
  }
}

/** `sent` is called once a streamed body has ended (or the reader cancelled it). */
export const toWebResponse = (response: DocketResponse, sent: () => void = () => undefined): Response => {
  if (response.stream !== undefined) {
    const body = Stream.toReadableStream(Stream.ensuring(response.stream, Effect.sync(sent)))
    return new Response(body, { status: response.status, headers: response.headers as Record<string, string> })
  }
  return new Response((response.body ?? null) as BodyInit | null, { status: response.status, headers: response.headers as Record<string, string> })
}

/** A fetch handler serving `handler` on a runtime that provides what it needs. */
export const makeWebHandler = <R>(
  runtime: Runtime.Runtime<R>,
  handler: (request: DocketRequest, scope: RequestScope) => Effect.Effect<DocketResponse, never, R>
): (request: Request) => Promise<Response> => {
  const run = makeRequestRunner(runtime, handler)
  return (request) =>
    new Promise<Response>((resolve) => {
      const { abort } = run(fromWebRequest(request), (response, sent) => {
        if (response.stream !== undefined) return resolve(toWebResponse(response, sent))
        resolve(toWebResponse(response))
        sent()
      })
      if (request.signal.aborted) abort()
      else request.signal.addEventListener("abort", abort, { once: true })
    })
}
