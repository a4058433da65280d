/**
 * `POST /upload` (spec 2): one multipart part `file`, streamed into the blob store as it arrives
 * (`receiveMultipartFile`: nothing holds the whole file but the store), at most `maxUploadBytes`
 * (200 MB): beyond it 413 `payload_too_large` and nothing is kept. Other parts are unknown fields
 * (422).
 */
import { Clock, Effect } from "effect"
import { concatChunks } from "../../platform/request.js"
import { Settings } from "../../kernel/config.js"
import { Ids } from "../../kernel/ids.js"
import { ServiceUnavailable } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import type { DocsContext } from "./handler.js"
import { fileNameError } from "../file-name.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { BlobStore } from "../uploads/blob-store.js"
import { receiveMultipartFile } from "../uploads/multipart-file.js"
import { blobKeyOf, UPLOAD_LIFETIME_MS, UploadStore, uploadView } from "../uploads/upload.js"

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
    const { maxUploadBytes } = yield* Settings
    const blobs = yield* BlobStore
    const fileId = (yield* Ids).uuid()
    const key = blobKeyOf(fileId)
    const head: Array<Uint8Array> = []
    let headSize = 0
    const received = yield* receiveMultipartFile({
      request: ctx.request,
      blobKey: key,
      maxFileBytes: maxUploadBytes,
      overheadBytes: MULTIPART_OVERHEAD,
      maxParts: 32,
      notMultipartMessage: "the body must be multipart/form-data with a part named `file`",
      onFileChunk: (chunk) => {
        if (headSize >= HEAD_BYTES) return
        const part = chunk.slice(0, HEAD_BYTES - headSize)
        head.push(part)
        headSize += part.byteLength
      },
      problems: (sent) => {
        if (sent === undefined) return []
        const nameError = fileNameError("file", baseName(sent))
        return nameError === undefined ? [] : [{ field: "file", message: `the part's filename ${nameError.message}` }]
      }
    })
    const fileName = baseName(received.fileName)
    const cleanup = Effect.ignore(blobs.delete(key))
    if (accept !== undefined) yield* accept(fileName, concatChunks(head, headSize)).pipe(Effect.tapError(() => cleanup))
    const now = yield* Clock.currentTimeMillis
    const uploads = yield* UploadStore
    const record = yield* uploads.create({
      file_id: fileId,
      tenant_id: caller.tenant.tenant_id,
      file_name: fileName,
      size: received.size,
      created_at: now,
      expires_at: now + UPLOAD_LIFETIME_MS
    }).pipe(Effect.mapError(() => new ServiceUnavailable({ message: "the upload could not be recorded; retry shortly" })))
    return { record, head: concatChunks(head, headSize) }
  })

export const uploadFile = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const { record } = yield* receiveUpload(ctx, caller)
    return docsJson(200, uploadView(record), ctx.requestId)
  })

