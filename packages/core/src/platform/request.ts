/**
 * A request as Docket's HTTP layer sees it, platform-neutral: method, path, query, headers and a
 * body that is read on demand with a hard cap. Adapters build one from their platform's request
 * (a Node `IncomingMessage`, a web `Request`, an `@effect/platform` `HttpServerRequest`).
 */
import { Data, Effect as EffectOps, type Effect, Stream as StreamOps, type Stream } from "effect"

export class BodyTooLarge extends Data.TaggedError("BodyTooLarge")<{ readonly limit: number }> {}
export class BodyReadFailed extends Data.TaggedError("BodyReadFailed")<{ readonly cause: unknown }> {}

export type BodyError = BodyTooLarge | BodyReadFailed

export interface RequestBody {
  /**
   * True when the whole body has already arrived, so reading it cannot wait on the client (and
   * needs no deadline).
   */
  readonly isReceived: () => boolean
  /**
   * Reads the whole body, failing with `BodyTooLarge` as soon as it crosses `limit` bytes (or at
   * once when `Content-Length` says so), never buffering more than that.
   */
  readonly read: (limit: number) => Effect.Effect<Uint8Array, BodyError>
  /**
   * The body chunk by chunk, as it arrives (for uploads: nothing is held beyond the chunk in
   * hand), failing with `BodyTooLarge` once it crosses `limit` bytes.
   */
  readonly stream: (limit: number) => Stream.Stream<Uint8Array, BodyError>
}

export interface DocketRequest {
  /** upper case, e.g. `POST` */
  readonly method: string
  /** the path, without the query, e.g. `/v1/systemone` */
  readonly path: string
  /** the query string without its `?` (`""` when there is none) */
  readonly query: string
  /** a header by its lower-case name (several values joined with `, `) */
  readonly header: (name: string) => string | undefined
  /** the lower-case names of the headers sent (for a request echo: each value through `header`) */
  readonly headerNames: () => ReadonlyArray<string>
  readonly body: RequestBody
}

/** Fails a body stream with `BodyTooLarge` as soon as it crosses `limit` bytes. */
export const capped = <E>(stream: Stream.Stream<Uint8Array, E>, limit: number): Stream.Stream<Uint8Array, E | BodyTooLarge> =>
  StreamOps.mapAccumEffect(stream, 0, (size, chunk) => {
    const next = size + chunk.byteLength
    return next > limit ? EffectOps.fail(new BodyTooLarge({ limit })) : EffectOps.succeed([next, chunk] as const)
  })

/** Splits a request target (`/path?query`) into its path and query. */
export const splitTarget = (target: string): { readonly path: string; readonly query: string } => {
  const q = target.indexOf("?")
  return q < 0 ? { path: target, query: "" } : { path: target.slice(0, q), query: target.slice(q + 1) }
}

/** True when a `Content-Length` header already says the body is over `limit` bytes. */
export const declaredOver = (contentLength: string | undefined, limit: number): boolean =>
  contentLength !== undefined && /^\d+$/.test(contentLength) && Number(contentLength) > limit

const EMPTY = new Uint8Array(0)

/** Joins body chunks of `size` bytes in all. */
export const concatChunks = (chunks: ReadonlyArray<Uint8Array>, size: number): Uint8Array => {
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

const utf8 = new TextDecoder("utf-8", { fatal: false })

/** Decodes UTF-8 (a leading BOM is dropped; invalid sequences become U+FFFD). */
export const decodeUtf8 = (bytes: Uint8Array): string => utf8.decode(bytes)
