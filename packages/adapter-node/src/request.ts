/**
 * A Node `IncomingMessage` as a Docket request. Its body is read through the message's own
 * events, with a hard cap: reading stops (the message is paused, not destroyed) as soon as the
 * cap is crossed, and the listener answers such a request with `connection: close`, reads and
 * discards the rest of the body for a bounded time, then closes the connection.
 */
import { Platform } from "@docket/core"
import { Chunk, Effect, Option, Stream } from "effect"
import type { IncomingHttpHeaders, IncomingMessage } from "node:http"

export class NodeRequestBody implements Platform.RequestBody {
  /** reading stopped part-way: the rest of the body is unread, so the connection cannot be reused */
  abandoned = false

  constructor(private readonly message: IncomingMessage) {}

  /**
   * The whole body has arrived: the message is complete, or its buffer already holds as many
   * bytes as `Content-Length` declares (Node marks a message complete a moment later).
   */
  isReceived(): boolean {
    const message = this.message
    if (message.complete) return true
    const declared = message.headers["content-length"]
    return declared !== undefined && !message.readableEnded && message.readableLength > 0 && String(message.readableLength) === declared
  }

  read(limit: number): Effect.Effect<Uint8Array, Platform.BodyError> {
    return Effect.suspend(() => this.readNow(limit))
  }

  /**
   * The body as a stream, pulled: each pull reads what the message holds (`message.read()`), and
   * waits for more only when it holds nothing. Nothing is read from the message between pulls,
   * so a consumer that stops pulling leaves the bytes in the socket: Node stops reading it once
   * the message's small buffer is full. Stopping early (cap crossed, interrupted) pauses the
   * message like `read` does.
   */
  stream(limit: number): Stream.Stream<Uint8Array, Platform.BodyError> {
    return Stream.suspend(() => {
      const message = this.message
      if (Platform.declaredOver(message.headers["content-length"], limit)) {
        this.abandon()
        return Stream.fail(new Platform.BodyTooLarge({ limit }))
      }
      if (message.readableEnded) return Stream.empty
      const chunks = Stream.repeatEffectChunkOption(this.pull()).pipe(Stream.ensuring(Effect.sync(() => this.abandon())))
      return Platform.capped(chunks, limit).pipe(Stream.tapError(() => Effect.sync(() => this.abandon())))
    })
  }

  /**
   * Pulls the next bytes of the body: what the message holds now, else the next that arrive.
   * (Made when a stream is, not per request: most bodies are read whole by `read`.)
   */
  private pull(): Effect.Effect<Chunk.Chunk<Uint8Array>, Option.Option<Platform.BodyError>> {
    return Effect.async((resume) => {
      const message = this.message
      let waiting = true
      /** answers the pull when the message has something to say; false to keep waiting */
      const attempt = (): boolean => {
        if (message.readableEnded) return done(Effect.fail(Option.none()))
        if (message.destroyed && !message.complete) {
          return done(Effect.fail(Option.some(new Platform.BodyReadFailed({ cause: message.errored ?? new Error("request aborted") }))))
        }
        const chunk = message.read() as Uint8Array | null
        if (chunk !== null) return done(Effect.succeed(Chunk.of(chunk)))
        // destroyed once the whole body had arrived, and all of it taken: Node emits no `end` then
        return message.destroyed ? done(Effect.fail(Option.none())) : false
      }
      const done = (answer: Effect.Effect<Chunk.Chunk<Uint8Array>, Option.Option<Platform.BodyError>>): true => {
        if (waiting) {
          waiting = false
          cleanup()
          resume(answer)
        }
        return true
      }
      const onReadable = () => void attempt()
      const onEnd = () => void done(Effect.fail(Option.none()))
      const onError = (cause: unknown) => void done(Effect.fail(Option.some(new Platform.BodyReadFailed({ cause }))))
      const onAborted = () => onError(new Error("request aborted"))
      const onClose = () => void attempt()
      const cleanup = () => {
        message.off("readable", onReadable)
        message.off("end", onEnd)
        message.off("error", onError)
        message.off("aborted", onAborted)
        message.off("close", onClose)
      }
      if (attempt()) return
      message.on("readable", onReadable)
      message.on("end", onEnd)
      message.on("error", onError)
      message.on("aborted", onAborted)
      message.on("close", onClose)
      return Effect.sync(() => {
        waiting = false
        cleanup()
      })
    })
  }

  private readNow(limit: number): Effect.Effect<Uint8Array, Platform.BodyError> {
    const message = this.message
    if (Platform.declaredOver(message.headers["content-length"], limit)) {
      this.abandon()
      return Effect.fail(new Platform.BodyTooLarge({ limit }))
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
          return Effect.fail(new Platform.BodyTooLarge({ limit }))
        }
        chunks.push(chunk)
      }
      if (message.readableLength === 0) return Effect.succeed(Platform.concatChunks(chunks, size))
    }
    // the rest arrives later: collect the stream (which stops at the cap and on interruption)
    const chunks: Array<Uint8Array> = []
    let size = 0
    return Stream.runForEach(this.stream(limit), (chunk) =>
      Effect.sync(() => {
        chunks.push(chunk)
        size += chunk.byteLength
      })).pipe(Effect.map(() => Platform.concatChunks(chunks, size)))
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

export const fromNodeRequest = (message: IncomingMessage, body: NodeRequestBody): Platform.DocketRequest => {
  const { path, query } = Platform.splitTarget(message.url ?? "/")
  return {
    method: message.method ?? "GET",
    path,
    query,
    header: (name) => headerOf(message.headers, name),
    headerNames: () => Object.keys(message.headers),
    body
  }
}
