/**
 * `POST /upload` (spec 2): one multipart part `file`, streamed into the blob store as it arrives
 * (nothing holds the whole file but the store), at most `maxUploadBytes` (200 MB): beyond it
 * 413 `payload_too_large` and nothing is kept. Other parts are unknown fields (422).
 */
import { Clock, Effect, Fiber, Option, Queue, Stream } from "effect"
import * as Multipasta from "multipasta"
import { concatChunks } from "../../http/request.js"
import { Settings } from "../../shared/config.js"
import { Ids } from "../../shared/ids.js"
import {
  type FieldError,
  InvalidInput,
  MalformedRequest,
  PayloadTooLarge,
  ServiceUnavailable
} from "../http/api-errors.js"
import { docsJson } from "../http/envelope.js"
import type { DocsContext } from "../http/handler.js"
import { fileNameError } from "../http/inputs.js"
import type { Caller } from "../tenants/authenticate.js"
import { BlobStore, type BlobStoreUnavailable, type BlobTooLarge } from "./blob-store.js"
import { blobKeyOf, HANDLE_PREFIX, UPLOAD_LIFETIME_MS, UploadStore } from "./upload.js"

/** room for part headers, boundaries and small fields on top of the file's own cap */
const MULTIPART_OVERHEAD = 1024 * 1024
/** chunks waiting for the blob store before the body is read further */
const MAX_PENDING_CHUNKS = 64

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
    const queue = yield* Queue.unbounded<Uint8Array | null>()

    const unknown: Array<FieldError> = []
    let fileName: string | undefined
    let files = 0
    let failure: Multipasta.MultipartError | undefined
    let pending: Array<Uint8Array | null> = []
    const head: Array<Uint8Array> = []
    let headSize = 0
    let writer: Fiber.RuntimeFiber<number, BlobTooLarge | BlobStoreUnavailable> | undefined

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
          if (chunk !== null && headSize < HEAD_BYTES) {
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

    const startWriter = Effect.gen(function*() {
      if (writer !== undefined || files === 0) return
      const body = Stream.fromQueue(queue).pipe(Stream.takeWhile((c): c is Uint8Array => c !== null))
      // in the request's scope, not as a child of the fiber that happens to run this step: the
      // body stream's own fibers end before the upload does
      writer = yield* Effect.forkScoped(blobs.put(key, body, maxUploadBytes))
    })
    const flush = Effect.gen(function*() {
      yield* startWriter
      if (pending.length > 0) {
        const chunks = pending
        pending = []
        yield* Queue.offerAll(queue, chunks)
      }
      // let the store catch up before reading more of the body
      while (writer !== undefined && (yield* Queue.size(queue)) > MAX_PENDING_CHUNKS && writer.unsafePoll() === null) {
        yield* Effect.yieldNow()
      }
      if (writer !== undefined && writer.unsafePoll() !== null) {
        const done = writer.unsafePoll()!
        if (done._tag === "Failure") return yield* Fiber.join(writer).pipe(Effect.asVoid)
      }
    })

    const cleanup = Effect.ignore(blobs.delete(key))
    const received = Effect.gen(function*() {
      yield* ctx.request.body.stream(maxUploadBytes + MULTIPART_OVERHEAD).pipe(
        Stream.runForEach((chunk) =>
          Effect.suspend(() => {
            parser.write(chunk)
            return flush
          }))
      )
      parser.end()
      yield* flush
      if (failure !== undefined) {
        return yield* new MalformedRequest({
          message: failure._tag === "ReachedLimit" ? "the multipart body has too many or too large parts" : "the multipart body is malformed"
        })
      }
      if (files === 0) return yield* new InvalidInput({ errors: [{ field: "file", message: "a multipart part named `file` is required" }, ...unknown] })
      if (files > 1) unknown.push({ field: "file", message: "only one `file` part is allowed" })
      const nameError = fileNameError("file", fileName)
      if (nameError !== undefined) unknown.unshift({ field: "file", message: `the part's filename ${nameError.message}` })
      yield* Queue.offer(queue, null)
      const size = yield* Fiber.join(writer!)
      if (unknown.length > 0) return yield* new InvalidInput({ errors: unknown })
      return size
    })

    const size = yield* received.pipe(
      Effect.catchTags({
        BodyTooLarge: () => new PayloadTooLarge({ limit: maxUploadBytes }),
        BlobTooLarge: () => new PayloadTooLarge({ limit: maxUploadBytes }),
        BodyReadFailed: () => new MalformedRequest({ message: "the body could not be read" }),
        BlobStoreUnavailable: () => new ServiceUnavailable({ message: "the file could not be stored; retry shortly" })
      }),
      Effect.onExit((exit) => (exit._tag === "Failure" ? cleanup : Effect.void)),
      Effect.ensuring(Effect.suspend(() => (writer === undefined ? Effect.void : Fiber.interrupt(writer)))),
      Effect.ensuring(Queue.shutdown(queue))
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

export type { Option }
