/**
 * Reading request bodies with a hard cap: a body larger than the cap is refused as soon as the
 * cap is crossed (or at once when Content-Length already says so), never buffered whole.
 */
import { HttpServerRequest } from "@effect/platform"
import { Data, Effect, Stream } from "effect"

export class BodyTooLarge extends Data.TaggedError("BodyTooLarge")<{ readonly limit: number }> {}
export class BodyReadFailed extends Data.TaggedError("BodyReadFailed")<{ readonly cause: unknown }> {}

/** Reads the whole body as bytes, failing with `BodyTooLarge` past `limit` bytes. */
export const readBodyCapped = (
  limit: number
): Effect.Effect<Uint8Array, BodyTooLarge | BodyReadFailed, HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const declared = request.headers["content-length"]
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
      return yield* new BodyTooLarge({ limit })
    }
    // a web Request without a body has no stream to read: it is the empty body
    const source = request.source as unknown
    if (typeof Request !== "undefined" && source instanceof Request && source.body === null) return new Uint8Array(0)
    const chunks: Array<Uint8Array> = []
    let size = 0
    yield* request.stream.pipe(
      Stream.mapError((cause) => new BodyReadFailed({ cause })),
      Stream.runForEach((chunk) => {
        size += chunk.byteLength
        if (size > limit) return new BodyTooLarge({ limit })
        chunks.push(chunk)
        return Effect.void
      })
    )
    if (chunks.length === 1) return chunks[0]
    const out = new Uint8Array(size)
    let offset = 0
    for (const c of chunks) {
      out.set(c, offset)
      offset += c.byteLength
    }
    return out
  })

const utf8 = new TextDecoder("utf-8", { fatal: false })

/** Decodes UTF-8 (a leading BOM is dropped; invalid sequences become U+FFFD). */
export const decodeUtf8 = (bytes: Uint8Array): string => utf8.decode(bytes)

