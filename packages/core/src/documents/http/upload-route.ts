/**
 * `POST /upload` (spec 2): one multipart part `file`, streamed into the blob store as it arrives
 * (nothing holds the whole file but the store), at most `maxUploadBytes` (200 MB): beyond it
 * 413 `payload_too_large` and nothing is kept. Other parts are unknown fields (422).
 *
 * Reading is pulled by the store: the body is read one chunk further only when the store asks for
 * more of the file, so what is held between the socket and the store is one body chunk (plus
 * whatever the store itself gathers), whatever the file's size and however slow the store.
 */
import { Chunk, Clock, Effect, Option, Stream } from "effect"
import * as Multipasta from "multipasta"
import { type BodyError, concatChunks } from "../../platform/request.js"
import { Settings } from "../../kernel/config.js"
import { Ids } from "../../kernel/ids.js"
import { type FieldError, InvalidInput, MalformedRequest, PayloadTooLarge, ServiceUnavailable } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import type { DocsContext } from "./handler.js"
import { fileNameError } from "../file-name.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, HANDLE_PREFIX, UPLOAD_LIFETIME_MS, UploadStore } from "../uploads/upload.js"

/** room for part headers, boundaries and small fields on top of the file's own cap */
const MULTIPART_OVERHEAD = 1024 * 1024

const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1)

/** How much of the file's start is kept aside for checking its signature. */
export const HEAD_BYTES = 8192

/**
 * Receives the multipart body into the blob store and records the upload handle; returns the
 * record and the first `HEAD_BYTES` of the file (for a signature check).
 */
export const receiveUpload = <E = never>(
  ctx: DocsContext,
  caller: Caller,
  /** refuses the received file before the handle is recorded (its blob is then deleted) */
  accept?: (fileName: string, head: Uint8Array) => Effect.Effect<void, E>
) =>
  Effect.gen(function*() {
    const contentType = ctx.request.header("content-type") ?? ""
    if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
      return yield* new MalformedRequest({ message: "the body must be multipart/form-data with a part named `file`" })
    }
    const { maxUploadBytes } = yield* Settings
    const blobs = yield* BlobStore
    const ids = yield* Ids
    const fileId = ids.uuid()
    const key = blobKeyOf(fileId)

    const unknown: Array<FieldError> = []
    let fileName: string | undefined
    let files = 0
    let failure: Multipasta.MultipartError | undefined
    /** the file's bytes parsed from the last body chunk, not yet handed to the store */
    let pending: Array<Uint8Array> = []
    const head: Array<Uint8Array> = []
    let headSize = 0
    let ended = false

    const parser = Multipasta.make({
      headers: { "content-type": contentType },
      maxParts: 32,
      maxFieldSize: 64 * 1024,
      isFile: (info) => info.name === "file" || info.filename !== undefined,
      onField: (info) => {
        unknown.push({ field: info.name, message: "unknown field" })
      },
      onFile: (info) => {
        if (info.name !== "file") {
          unknown.push({ field: info.name, message: "unknown field" })
          return () => undefined
        }
        files++
        if (files > 1) return () => undefined
        fileName = info.filename === undefined ? "" : baseName(info.filename)
        return (chunk) => {
          if (chunk === null || chunk.byteLength === 0) return
          if (headSize < HEAD_BYTES) {
            const part = chunk.slice(0, HEAD_BYTES - headSize)
            head.push(part)
            headSize += part.byteLength
          }
          pending.push(chunk)
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
        return Effect.fail(
          new MalformedRequest({
            message: failure._tag === "ReachedLimit" ? "the multipart body has too many or too large parts" : "the multipart body is malformed"
          })
        )
      }
      if (files === 0) return Effect.fail(new InvalidInput({ errors: [{ field: "file", message: "a multipart part named `file` is required" }, ...unknown] }))
      if (files > 1) unknown.push({ field: "file", message: "only one `file` part is allowed" })
      const nameError = fileNameError("file", fileName)
      if (nameError !== undefined) unknown.unshift({ field: "file", message: `the part's filename ${nameError.message}` })
      return unknown.length > 0 ? Effect.fail(new InvalidInput({ errors: unknown })) : Effect.void
    })

    const cleanup = Effect.ignore(blobs.delete(key))
    const received = Effect.scoped(Effect.gen(function*() {
      const pullBody = yield* Stream.toPull(ctx.request.body.stream(maxUploadBytes + MULTIPART_OVERHEAD))
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
      // up to the start of the file part (only the part's headers and small fields come before)
      while (files === 0 && !ended) yield* step
      if (files === 0) return yield* Effect.as(verdict, 0)
      /**
       * The file, pulled by the store: each pull hands on what the last body chunk held of it,
       * reading the next body chunk only when none is left. The rest of the body (more parts, the
       * closing boundary) is read before the file ends, and a request found unacceptable by then
       * fails the stream, so the store never keeps its blob.
       */
      const nextFile: Effect.Effect<Option.Option<Chunk.Chunk<Uint8Array>>, BodyError | MalformedRequest | InvalidInput> = Effect
        .suspend(() => {
          if (pending.length > 0) {
            const chunks = Chunk.unsafeFromArray(pending)
            pending = []
            return Effect.succeed(Option.some(chunks))
          }
          if (ended) return Effect.as(verdict, Option.none())
          return Effect.zipRight(step, nextFile)
        })
      const pullFile = nextFile.pipe(
        Effect.mapError(Option.some),
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(Option.none()), onSome: Effect.succeed }))
      )
      return yield* blobs.put(key, Stream.repeatEffectChunkOption(pullFile), maxUploadBytes)
    }))

    const size = yield* received.pipe(
      Effect.catchTags({
        BodyTooLarge: () => new PayloadTooLarge({ limit: maxUploadBytes }),
        BlobTooLarge: () => new PayloadTooLarge({ limit: maxUploadBytes }),
        BodyReadFailed: () => new MalformedRequest({ message: "the body could not be read" }),
        StorageUnavailable: () => new ServiceUnavailable({ message: "the file could not be stored; retry shortly" })
      }),
      Effect.onExit((exit) => (exit._tag === "Failure" ? cleanup : Effect.void))
    )

    if (accept !== undefined) yield* accept(fileName!, concatChunks(head, headSize)).pipe(Effect.tapError(() => cleanup))
    const now = yield* Clock.currentTimeMillis
    const uploads = yield* UploadStore
    const record = yield* uploads.create({
      file_id: fileId,
      tenant_id: caller.tenant.tenant_id,
      file_name: fileName!,
      size,
      created_at: now,
      expires_at: now + UPLOAD_LIFETIME_MS
    }).pipe(Effect.mapError(() => new ServiceUnavailable({ message: "the upload could not be recorded; retry shortly" })))
    return { record, head: concatChunks(head, headSize) }
  })

export const uploadFile = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const { record } = yield* receiveUpload(ctx, caller)
    return docsJson(
      200,
      {
        file_id: record.file_id,
        file_name: record.file_name,
        expires_at: new Date(record.expires_at).toISOString(),
        source_url: `${HANDLE_PREFIX}${record.file_id}`
      },
      ctx.requestId
    )
  })

