/**
 * A multipart body whose `file` part is streamed into the blob store as it arrives — the one
 * reader behind spec 2's `POST /upload` and spec 3's workspace uploads and replaces.
 *
 * Reading is pulled by the store: the body is read one chunk further only when the store asks for
 * more of the file, so what is held between the socket and the store is one body chunk (plus
 * whatever the store itself gathers), whatever the file's size and however slow the store. The
 * rest of the body (other parts, the closing boundary) is read before the file ends, and a request
 * found unacceptable by then fails the stream, so the store never keeps its blob; any failure
 * deletes what was stored.
 */
import { Chunk, Effect, Option, Stream } from "effect"
import * as Multipasta from "multipasta"
import { type FieldError, InvalidInput, MalformedRequest, PayloadTooLarge, ServiceUnavailable } from "../../api/errors.js"
import { type BodyError, type DocketRequest } from "../../platform/request.js"
import { BlobStore } from "./blob-store.js"

export interface MultipartFileOptions {
  readonly request: DocketRequest
  /** where the file's bytes go */
  readonly blobKey: string
  /** the file's cap: past it 413 and nothing is kept */
  readonly maxFileBytes: number
  /** what the body may hold on top of the file: other parts, part headers, boundaries */
  readonly overheadBytes: number
  readonly maxParts: number
  /** the 400 when the body is not multipart, saying which parts are expected */
  readonly notMultipartMessage: string
  /** each chunk of the file as the store takes it (hashing, keeping its head) */
  readonly onFileChunk?: (chunk: Uint8Array) => void
  /** a part not named `file`: the sink of a part the caller reads, or undefined for an unknown field */
  readonly otherPart?: (info: Multipasta.PartInfo) => ((chunk: Uint8Array) => void) | undefined
  /** what else is wrong once the whole body is read, given the file part's `filename` (undefined: no file part) */
  readonly problems?: (fileName: string | undefined) => ReadonlyArray<FieldError>
}

export interface ReceivedFile {
  readonly size: number
  /** the `file` part's `filename` as sent ("" when it has none) */
  readonly fileName: string
  /** the `file` part's declared content type */
  readonly declaredType: string | undefined
}

/** Receives the body; the file's blob exists exactly when this succeeds. */
export const receiveMultipartFile = (options: MultipartFileOptions) =>
  Effect.gen(function*() {
    const { request } = options
    const contentType = request.header("content-type") ?? ""
    if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
      return yield* new MalformedRequest({ message: options.notMultipartMessage })
    }
    const blobs = yield* BlobStore
    const errors: Array<FieldError> = []
    let files = 0
    let fileName = ""
    let declaredType: string | undefined
    let failure: Multipasta.MultipartError | undefined
    /** the file's bytes parsed from the last body chunk, not yet handed to the store */
    let pending: Array<Uint8Array> = []
    let ended = false

    const parser = Multipasta.make({
      headers: { "content-type": contentType },
      maxParts: options.maxParts,
      // every part comes through `onFile`, so the parser itself buffers nothing
      isFile: () => true,
      onField: () => undefined,
      onFile: (info) => {
        if (info.name === "file") {
          files++
          if (files > 1) return () => undefined
          fileName = info.filename ?? ""
          declaredType = info.contentType
          return (chunk) => {
            if (chunk !== null && chunk.byteLength > 0) pending.push(chunk)
          }
        }
        const sink = options.otherPart?.(info)
        if (sink === undefined) {
          errors.push({ field: info.name, message: "unknown field" })
          return () => undefined
        }
        return (chunk) => {
          if (chunk !== null && chunk.byteLength > 0) sink(chunk)
        }
      },
      onError: (e) => {
        failure ??= e
      },
      onDone: () => undefined
    })

    /** Whether the request is acceptable once the whole body has been parsed. */
    const verdict = Effect.suspend((): Effect.Effect<void, MalformedRequest | InvalidInput> => {
      if (failure !== undefined) {
        return Effect.fail(new MalformedRequest({
          message: failure._tag === "ReachedLimit" ? "the multipart body has too many parts" : "the multipart body is malformed"
        }))
      }
      const all = [...errors]
      if (files === 0) all.unshift({ field: "file", message: "a multipart part named `file` is required" })
      if (files > 1) all.push({ field: "file", message: "only one `file` part is allowed" })
      all.push(...(options.problems?.(files === 0 ? undefined : fileName) ?? []))
      return all.length > 0 ? Effect.fail(new InvalidInput({ errors: all })) : Effect.void
    })

    const received = Effect.scoped(Effect.gen(function*() {
      const pullBody = yield* Stream.toPull(request.body.stream(options.maxFileBytes + options.overheadBytes))
      /** parses the next body chunk (the parser's callbacks collect the file's bytes in `pending`) */
      const step: Effect.Effect<void, BodyError> = pullBody.pipe(
        Effect.matchEffect({
          onSuccess: (chunk) => Effect.sync(() => Chunk.forEach(chunk, (c) => parser.write(c))),
          onFailure: Option.match({
            onNone: () =>
              Effect.sync(() => {
                parser.end()
                ended = true
              }),
            onSome: Effect.fail
          })
        })
      )
      // up to the start of the file part (only other parts and part headers come before)
      while (files === 0 && !ended) yield* step
      if (files === 0) return yield* Effect.as(verdict, 0)
      /** each pull hands on what the last body chunk held of the file, reading the next chunk only when none is left */
      const nextFile: Effect.Effect<Option.Option<Chunk.Chunk<Uint8Array>>, BodyError | MalformedRequest | InvalidInput> = Effect
        .suspend(() => {
          if (pending.length > 0) {
            const chunks = pending
            pending = []
            if (options.onFileChunk !== undefined) for (const c of chunks) options.onFileChunk(c)
            return Effect.succeed(Option.some(Chunk.unsafeFromArray(chunks)))
          }
          if (ended) return Effect.as(verdict, Option.none())
          return Effect.zipRight(step, nextFile)
        })
      const pullFile = nextFile.pipe(
        Effect.mapError(Option.some),
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(Option.none()), onSome: Effect.succeed }))
      )
      return yield* blobs.put(options.blobKey, Stream.repeatEffectChunkOption(pullFile), options.maxFileBytes)
    }))

    const size = yield* received.pipe(
      Effect.catchTags({
        BodyTooLarge: () => new PayloadTooLarge({ limit: options.maxFileBytes }),
        BlobTooLarge: () => new PayloadTooLarge({ limit: options.maxFileBytes }),
        BodyReadFailed: () => new MalformedRequest({ message: "the body could not be read" }),
        StorageUnavailable: () => new ServiceUnavailable({ message: "the file could not be stored; retry shortly" })
      }),
      Effect.onExit((exit) => (exit._tag === "Failure" ? Effect.ignore(blobs.delete(options.blobKey)) : Effect.void))
    )
    return { size, fileName, declaredType } satisfies ReceivedFile
  })
