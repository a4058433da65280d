/**
 * Reading request bodies with a hard cap: a body larger than the cap is refused as soon as the
 * cap is crossed (or at once when Content-Length already says so), never buffered whole.
 *
 * The common sources are read directly, without a Stream per request (that was the largest
 * single cost of a small request): a Node `IncomingMessage` through its events, a web `Request`
 * through its body reader. Anything else goes through the platform's `request.stream`.
 * When reading stops early the source is paused or cancelled, never destroyed: the adapter
 * closes the connection after the answer has been written.
 */
import { HttpServerRequest } from "@effect/platform"
import { Data, Effect, Stream } from "effect"

export class BodyTooLarge extends Data.TaggedError("BodyTooLarge")<{ readonly limit: number }> {}
export class BodyReadFailed extends Data.TaggedError("BodyReadFailed")<{ readonly cause: unknown }> {}

type BodyError = BodyTooLarge | BodyReadFailed

const EMPTY = new Uint8Array(0)

const concat = (chunks: ReadonlyArray<Uint8Array>, size: number): Uint8Array => {
  if (chunks.length === 0) return EMPTY
  if (chunks.length === 1) return chunks[0]
  const out = new Uint8Array(size)
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.byteLength
  }
  return out
}

/** The parts of a Node `IncomingMessage` this reader uses (no import of node:http in core). */
interface NodeReadable {
  readonly complete: boolean
  readonly readableEnded: boolean
  on(event: string, listener: (...args: Array<any>) => void): unknown
  off(event: string, listener: (...args: Array<any>) => void): unknown
  pause(): unknown
  resume(): unknown
}

/**
 * Set on a Node request whose body was abandoned part-way (over the cap, or interrupted): the
 * adapter closes such a connection after the answer, since the unread rest makes it unusable.
 */
export const BODY_ABANDONED: unique symbol = Symbol.for("@docket/core/body-abandoned") as any

const abandon = (source: NodeReadable) => {
  ;(source as any)[BODY_ABANDONED] = true
  source.pause()
}

const isNodeReadable = (u: unknown): u is NodeReadable =>
  typeof u === "object" && u !== null && typeof (u as NodeReadable).on === "function" &&
  typeof (u as NodeReadable).pause === "function" && "complete" in u

const readNode = (source: NodeReadable, limit: number): Effect.Effect<Uint8Array, BodyError> =>
  Effect.async<Uint8Array, BodyError>((resume) => {
    if (source.readableEnded) {
      resume(Effect.succeed(EMPTY))
      return
    }
    const chunks: Array<Uint8Array> = []
    let size = 0
    const cleanup = () => {
      source.off("data", onData)
      source.off("end", onEnd)
      source.off("error", onError)
      source.off("aborted", onAborted)
    }
    const onData = (chunk: Uint8Array) => {
      size += chunk.byteLength
      if (size > limit) {
        cleanup()
        abandon(source)
        resume(Effect.fail(new BodyTooLarge({ limit })))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resume(Effect.succeed(concat(chunks, size)))
    }
    const onError = (cause: unknown) => {
      cleanup()
      resume(Effect.fail(new BodyReadFailed({ cause })))
    }
    const onAborted = () => onError(new Error("request aborted"))
    source.on("data", onData)
    source.on("end", onEnd)
    source.on("error", onError)
    source.on("aborted", onAborted)
    source.resume()
    return Effect.sync(() => {
      cleanup()
      abandon(source)
    })
  })

const readWeb = (source: Request, limit: number): Effect.Effect<Uint8Array, BodyError> => {
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
          if (r.done) return finish(Effect.succeed(concat(chunks, size)))
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

const readStream = (request: HttpServerRequest.HttpServerRequest, limit: number): Effect.Effect<Uint8Array, BodyError> => {
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
    Effect.map(() => concat(chunks, size))
  )
}

/**
 * True when the whole body has already arrived (a Node request whose message is complete), so
 * reading it cannot wait on the client and needs no deadline.
 */
export const bodyAlreadyReceived = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const source = request.source
  return isNodeReadable(source) && source.complete
}

/** Reads the whole body as bytes, failing with `BodyTooLarge` past `limit` bytes. */
export const readBodyCapped = (
  limit: number
): Effect.Effect<Uint8Array, BodyError, HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const declared = request.headers["content-length"]
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
      return Effect.fail(new BodyTooLarge({ limit }))
    }
    const source = request.source
    if (typeof Request !== "undefined" && source instanceof Request) return readWeb(source, limit)
    if (isNodeReadable(source)) return readNode(source, limit)
    return readStream(request, limit)
  })

const utf8 = new TextDecoder("utf-8", { fatal: false })

/** Decodes UTF-8 (a leading BOM is dropped; invalid sequences become U+FFFD). */
export const decodeUtf8 = (bytes: Uint8Array): string => utf8.decode(bytes)
