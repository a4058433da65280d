/**
 * A Node `IncomingMessage` as a Docket request. Its body is read through the message's own
 * events, with a hard cap: reading stops (the message is paused, not destroyed) as soon as the
 * cap is crossed, and the listener closes such a connection once its answer has been written.
 */
import {
  type BodyError,
  BodyReadFailed,
  BodyTooLarge,
  capped,
  concatChunks,
  declaredOver,
  type DocketRequest,
  type RequestBody,
  splitTarget
} from "@docket/core"
import { Effect, Stream } from "effect"
import type { IncomingHttpHeaders, IncomingMessage } from "node:http"

export class NodeRequestBody implements RequestBody {
  /** reading stopped part-way: the rest of the body is unread, so the connection cannot be reused */
  abandoned = false

  constructor(private readonly message: IncomingMessage) {}

  /**
   * The whole body has arrived: the message is complete, or its buffer already holds as many
   * bytes as `Content-Length` declares (Node marks a message complete a moment later).
   */
  isReceived = (): boolean => {
    const message = this.message
    if (message.complete) return true
    const declared = message.headers["content-length"]
    return declared !== undefined && !message.readableEnded && message.readableLength > 0 && String(message.readableLength) === declared
  }

  read = (limit: number): Effect.Effect<Uint8Array, BodyError> => Effect.suspend(() => this.readNow(limit))

  /**
   * The body as a stream with backpressure: the message is paused while a chunk is handed on.
   * Stopping early (cap crossed, interrupted) pauses the message like `read` does.
   */
  stream = (limit: number): Stream.Stream<Uint8Array, BodyError> =>
    Stream.suspend(() => {
      const message = this.message
      if (declaredOver(message.headers["content-length"], limit)) {
        this.abandon()
        return Stream.fail(new BodyTooLarge({ limit }))
      }
      if (message.readableEnded) return Stream.empty
      const chunks = Stream.async<Uint8Array, BodyError>((emit) => {
        const cleanup = () => {
          message.off("data", onData)
          message.off("end", onEnd)
          message.off("error", onError)
          message.off("aborted", onAborted)
        }
        const onData = (chunk: Uint8Array) => {
          message.pause()
          void emit.single(chunk).then(() => message.resume())
        }
        const onEnd = () => {
          cleanup()
          void emit.end()
        }
        const onError = (cause: unknown) => {
          cleanup()
          void emit.fail(new BodyReadFailed({ cause }))
        }
        const onAborted = () => onError(new Error("request aborted"))
        message.on("data", onData)
        message.on("end", onEnd)
        message.on("error", onError)
        message.on("aborted", onAborted)
        message.resume()
        return Effect.sync(() => {
          cleanup()
          this.abandon()
        })
      }, 16)
      return capped(chunks, limit).pipe(Stream.tapError(() => Effect.sync(() => this.abandon())))
    })

  private readNow(limit: number): Effect.Effect<Uint8Array, BodyError> {
    const message = this.message
    if (declaredOver(message.headers["content-length"], limit)) {
      this.abandon()
      return Effect.fail(new BodyTooLarge({ limit }))
    }
    if (this.isReceived() && !message.readableEnded) {
      // the whole body has arrived and sits in the stream's buffer: take it without waiting
      const chunks: Array<Uint8Array> = []
      let size = 0
      let chunk: Uint8Array | null
      while ((chunk = message.read() as Uint8Array | null) !== null) {
        size += chunk.byteLength
        if (size > limit) {
          this.abandon()
          return Effect.fail(new BodyTooLarge({ limit }))
        }
        chunks.push(chunk)
      }
      if (message.readableLength === 0) return Effect.succeed(concatChunks(chunks, size))
    }
    // the rest arrives later: collect the stream (which stops at the cap and on interruption)
    const chunks: Array<Uint8Array> = []
    let size = 0
    return Stream.runForEach(this.stream(limit), (chunk) =>
      Effect.sync(() => {
        chunks.push(chunk)
        size += chunk.byteLength
      })).pipe(Effect.map(() => concatChunks(chunks, size)))
  }

  private abandon(): void {
    if (this.message.complete) return
    this.abandoned = true
    this.message.pause()
  }
}

const headerOf = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(", ") : value
}

export const fromNodeRequest = (message: IncomingMessage, body: NodeRequestBody): DocketRequest => {
  const { path, query } = splitTarget(message.url ?? "/")
  return {
    method: message.method ?? "GET",
    path,
    query,
    header: (name) => headerOf(message.headers, name),
    body
  }
}
