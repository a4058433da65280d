/**
 * v1 staged and resumable uploads (spec 2 names `POST /v1/uploads` and its error codes; the shapes
 * are Docket's, after resumable-upload APIs such as tus and Google Cloud Storage):
 *
 *   POST   /v1/uploads                     {file_name, size} → 201 session (offset 0)
 *   POST   /v1/uploads                     multipart part `file` → 201 session, completed
 *                                          (a staged upload in one request)
 *   PUT    /v1/uploads/{upload_id}/parts?offset=N   raw bytes → the session (offset advanced)
 *   GET    /v1/uploads/{upload_id}         → the session
 *   POST   /v1/uploads/{upload_id}/complete → the session, completed: usable as
 *                                            `source: {type: "upload", upload_id}`
 *   DELETE /v1/uploads/{upload_id}         → the session, aborted (its parts are deleted)
 *
 * A part must start where the bytes received so far end (409 `upload_offset_mismatch` with
 * `detail.expected_offset`); each part streams into the blob store as a blob of its own, and
 * completing streams them, one after the other, into the upload's blob, so neither the file nor
 * a part is ever held in memory whole.
 */
import { Clock, Effect, Option, Schema, Stream } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { decodeJsonBody, jsonSchemaOf, rawBody } from "../../api/endpoint.js"
import { EmptyObject, QueryValue } from "../../api/schemas.js"
import { concatChunks } from "../../platform/request.js"
import { Settings } from "../../kernel/config.js"
import { Ids } from "../../kernel/ids.js"
import { checkFileSignature } from "../file-signature.js"
import { InvalidInput, invalid, MalformedRequest, PayloadTooLarge, ServiceUnavailable, storageUnavailable } from "../../api/errors.js"
import { SessionNotFound, UnsupportedFile, UploadOffsetMismatch, UploadSessionClosed } from "../api-errors.js"
import { docsJson } from "../../api/envelope.js"
import { docsEndpoint, MULTIPART_FILE } from "./endpoints.js"
import type { DocsContext } from "./handler.js"
import { FileName } from "../file-name.js"
import { DOCUMENT_EXTENSIONS, fileExtension } from "../supported-extensions.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, UPLOAD_LIFETIME_MS, UploadStore } from "../uploads/upload.js"
import { receiveUpload } from "./upload-route.js"
import { partKeyOf, UPLOAD_SESSION_LIFETIME_MS, type UploadSession, UploadSessionStore } from "../uploads/upload-session.js"

const unavailable = () => storageUnavailable("upload storage")
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
/** how much of the file's start decides its signature */
const HEAD_BYTES = 8192

const view = (s: UploadSession, now: number) => ({
  upload_id: s.session_id,
  file_name: s.file_name,
  size: s.size,
  offset: s.received,
  state: s.state === "open" && now >= s.expires_at ? "expired" : s.state,
  created_at: iso(s.created_at),
  expires_at: iso(s.expires_at),
  completed_at: iso(s.completed_at),
  source: s.state === "completed" ? { type: "upload", upload_id: s.session_id } : null
})

const respond = (ctx: DocsContext, status: number, s: UploadSession) =>
  Effect.map(Clock.currentTimeMillis, (now) => docsJson(status, view(s, now), ctx.requestId))

/** The caller's session (404 `session_not_found` otherwise). */
const sessionOf = (caller: Caller, id: string) =>
  Effect.gen(function*() {
    const store = yield* UploadSessionStore
    const s = yield* store.get(id).pipe(Effect.mapError(unavailable))
    if (Option.isNone(s) || s.value.tenant_id !== caller.tenant.tenant_id) return yield* new SessionNotFound({ sessionId: id })
    return s.value
  })

/** The caller's session, open and not expired (409 `upload_expired` otherwise). */
const openSessionOf = (caller: Caller, id: string) =>
  Effect.gen(function*() {
    const s = yield* sessionOf(caller, id)
    if (s.state !== "open") return yield* new UploadSessionClosed({ sessionId: id, state: s.state })
    if ((yield* Clock.currentTimeMillis) >= s.expires_at) return yield* new UploadSessionClosed({ sessionId: id, state: "expired" })
    return s
  })

const deleteParts = (s: UploadSession) =>
  Effect.flatMap(BlobStore, (blobs) => Effect.forEach(s.parts, (p) => Effect.ignore(blobs.delete(p.key)), { discard: true }))

/** The extension must be one some operation reads, and the file's signature must not contradict it. */
const acceptFile = (fileName: string, head: Uint8Array) => {
  const extension = fileExtension(fileName)
  if (!DOCUMENT_EXTENSIONS.includes(extension)) {
    return Effect.fail(new UnsupportedFile({ field: "file", message: `unsupported file extension "${extension}"` }))
  }
  const check = checkFileSignature(extension, head)
  return check.conflict
    ? Effect.fail(new UnsupportedFile({ field: "file", message: `the file's content (${check.detected}) does not match its extension "${extension}"` }))
    : Effect.void
}

/** A staged upload in one multipart request: the session is completed at once. */
const staged = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const { record } = yield* receiveUpload(ctx, caller, acceptFile)
    const session = yield* Effect.flatMap(UploadSessionStore, (store) =>
      store.create({
        session_id: record.file_id,
        tenant_id: record.tenant_id,
        file_name: record.file_name,
        size: record.size,
        received: record.size,
        parts: [],
        state: "completed",
        created_at: record.created_at,
        expires_at: record.expires_at,
        completed_at: record.created_at
      })).pipe(Effect.mapError(unavailable))
    return yield* respond(ctx, 201, session)
  })

const SessionBody = Schema.Struct({
  file_name: FileName,
  size: Schema.Number.pipe(
    Schema.filter((n) => Number.isSafeInteger(n) && n >= 1),
    fieldMessage("must be the file's size in bytes, an integer of at least 1")
  )
})

const create = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    if (/^multipart\/form-data/i.test(ctx.request.header("content-type") ?? "")) return yield* staged(ctx, caller)
    const body = yield* decodeJsonBody(ctx, SessionBody)
    const fileName = body.file_name
    if (!DOCUMENT_EXTENSIONS.includes(fileExtension(fileName))) {
      return yield* new UnsupportedFile({ field: "file_name", message: `unsupported file extension "${fileExtension(fileName)}"` })
    }
    const { maxUploadBytes } = yield* Settings
    if (body.size > maxUploadBytes) return yield* new PayloadTooLarge({ limit: maxUploadBytes })
    const now = yield* Clock.currentTimeMillis
    const session = yield* Effect.flatMap(UploadSessionStore, (store) =>
      Effect.flatMap(Ids, (ids) =>
        store.create({
          session_id: ids.uuid(),
          tenant_id: caller.tenant.tenant_id,
          file_name: fileName,
          size: body.size,
          received: 0,
          parts: [],
          state: "open",
          created_at: now,
          expires_at: now + UPLOAD_SESSION_LIFETIME_MS,
          completed_at: null
        }))).pipe(Effect.mapError(unavailable))
    return yield* respond(ctx, 201, session)
  })

const putPart = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const id = ctx.params.upload_id
    const session = yield* openSessionOf(caller, id)
    const raw = new URLSearchParams(ctx.request.query).get("offset")
    if (raw === null || !/^\d{1,15}$/.test(raw)) {
      return yield* invalid("offset", `is required: the byte offset this part starts at (the session expects ${session.received})`)
    }
    const offset = Number(raw)
    if (offset !== session.received) return yield* new UploadOffsetMismatch({ expected: session.received, got: offset })
    const room = session.size - offset
    if (room === 0) return yield* invalid("body", `the session has received all ${session.size} bytes; complete it`)
    const blobs = yield* BlobStore
    const key = partKeyOf(id, session.parts.length) + `-${offset}`
    const size = yield* blobs.put(key, ctx.request.body.stream(room), room).pipe(
      Effect.catchTags({
        BodyTooLarge: () => invalid("body", `the part goes past the declared size of ${session.size} bytes (at most ${room} more bytes)`),
        BlobTooLarge: () => invalid("body", `the part goes past the declared size of ${session.size} bytes (at most ${room} more bytes)`),
        BodyReadFailed: () => new MalformedRequest({ message: "the part could not be read" }),
        StorageUnavailable: unavailable
      })
    )
    if (size === 0) {
      yield* Effect.ignore(blobs.delete(key))
      return yield* invalid("body", "a part must not be empty")
    }
    const outcome = yield* Effect.flatMap(UploadSessionStore, (store) => store.appendPart(id, { key, offset, size })).pipe(
      Effect.mapError(unavailable)
    )
    if (Option.isNone(outcome)) return yield* new SessionNotFound({ sessionId: id })
    if (!outcome.value.appended) {
      // another part, a completion or an abort got there first
      yield* Effect.ignore(blobs.delete(key))
      const now = outcome.value.session
      if (now.state !== "open") return yield* new UploadSessionClosed({ sessionId: id, state: now.state })
      return yield* new UploadOffsetMismatch({ expected: now.received, got: offset })
    }
    return yield* respond(ctx, 200, outcome.value.session)
  })

const partMissing = () => new ServiceUnavailable({ message: "a part of the upload is missing; upload the file again" })

/** A part's bytes, a piece at a time (never the whole part in memory). */
const partBytes = (blobs: BlobStore["Type"], key: string) =>
  blobs.read(key).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(partMissing()), onSome: Effect.succeed })))

/** The first bytes of the file, read from its first parts. */
const headOf = (s: UploadSession) =>
  Effect.gen(function*() {
    const blobs = yield* BlobStore
    const chunks: Array<Uint8Array> = []
    let size = 0
    for (const p of s.parts) {
      if (size >= HEAD_BYTES) break
      yield* Stream.runForEachWhile(yield* partBytes(blobs, p.key), (bytes) =>
        Effect.sync(() => {
          const piece = bytes.slice(0, HEAD_BYTES - size)
          chunks.push(piece)
          size += piece.byteLength
          return size < HEAD_BYTES
        }))
    }
    return concatChunks(chunks, size)
  })

const complete = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    yield* decodeJsonBody(ctx, EmptyObject, true)
    const id = ctx.params.upload_id
    const session = yield* openSessionOf(caller, id)
    if (session.received !== session.size) {
      return yield* new InvalidInput({
        errors: [{ field: "size", message: `the session has received ${session.received} of ${session.size} bytes; send the rest from offset ${session.received}` }]
      })
    }
    const store = yield* UploadSessionStore
    const now = yield* Clock.currentTimeMillis
    const extension = fileExtension(session.file_name)
    const check = checkFileSignature(extension, yield* headOf(session).pipe(Effect.catchTag("StorageUnavailable", unavailable)))
    if (check.conflict) {
      yield* store.close(id, "aborted", now, session.expires_at).pipe(Effect.mapError(unavailable))
      yield* deleteParts(session)
      return yield* new UnsupportedFile({
        field: "file_name",
        message: `the file's content (${check.detected}) does not match its extension "${extension}"; the session was aborted`
      })
    }
    const blobs = yield* BlobStore
    // joined part by part, each read a piece at a time as the store takes it: no part is ever
    // in memory whole
    const joined = Stream.fromIterable(session.parts).pipe(Stream.flatMap((p) => Stream.unwrap(partBytes(blobs, p.key))))
    yield* blobs.put(blobKeyOf(id), joined, session.size).pipe(
      Effect.catchTags({ StorageUnavailable: unavailable, BlobTooLarge: unavailable })
    )
    const closed = yield* store.close(id, "completed", now, now + UPLOAD_LIFETIME_MS).pipe(Effect.mapError(unavailable))
    if (Option.isNone(closed)) return yield* new SessionNotFound({ sessionId: id })
    if (!closed.value.closed) {
      yield* Effect.ignore(blobs.delete(blobKeyOf(id)))
      return yield* new UploadSessionClosed({ sessionId: id, state: closed.value.session.state === "open" ? "expired" : closed.value.session.state })
    }
    yield* Effect.flatMap(UploadStore, (uploads) =>
      uploads.create({
        file_id: id,
        tenant_id: caller.tenant.tenant_id,
        file_name: session.file_name,
        size: session.size,
        created_at: now,
        expires_at: now + UPLOAD_LIFETIME_MS
      })).pipe(Effect.mapError(unavailable))
    yield* deleteParts(session)
    return yield* respond(ctx, 200, closed.value.session)
  })

const abort = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const id = ctx.params.upload_id
    const session = yield* openSessionOf(caller, id)
    const now = yield* Clock.currentTimeMillis
    const closed = yield* Effect.flatMap(UploadSessionStore, (store) => store.close(id, "aborted", now, session.expires_at)).pipe(
      Effect.mapError(unavailable)
    )
    if (Option.isNone(closed)) return yield* new SessionNotFound({ sessionId: id })
    if (!closed.value.closed) return yield* new UploadSessionClosed({ sessionId: id, state: closed.value.session.state === "open" ? "expired" : closed.value.session.state })
    yield* deleteParts(closed.value.session)
    return yield* respond(ctx, 200, closed.value.session)
  })

const UploadIdParams = Schema.Struct({ upload_id: Schema.String })

const SESSION = { status: 200, description: "the upload session `{upload_id, file_name, size, offset, state, created_at, expires_at, completed_at, source}`" }

export const uploadSessionEndpoints = [
  docsEndpoint({
    method: "POST",
    path: "/v1/uploads",
    form: "v1",
    tag: "v1 uploads",
    summary: "Start a resumable upload (JSON), or stage a whole file in one request (multipart)",
    body: rawBody("`{file_name, size}` to open a session, or multipart/form-data with one part `file` for a staged upload", {
      "application/json": jsonSchemaOf(SessionBody),
      ...MULTIPART_FILE
    }),
    responses: [{ ...SESSION, status: 201 }],
    errors: [[413, "file_too_large"], [422, "invalid_request"], [422, "unsupported_file_type"]],
    handler: ({ ctx, caller }) => create(ctx, caller)
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/uploads/:upload_id",
    form: "v1",
    tag: "v1 uploads",
    summary: "Read an upload session",
    params: UploadIdParams,
    responses: [SESSION],
    errors: [[404, "session_not_found"]],
    handler: ({ ctx, caller, params }) => Effect.flatMap(sessionOf(caller, params.upload_id), (s) => respond(ctx, 200, s))
  }),
  docsEndpoint({
    method: "PUT",
    path: "/v1/uploads/:upload_id/parts",
    form: "v1",
    tag: "v1 uploads",
    summary: "Send the next part of the file, starting at `offset`",
    params: UploadIdParams,
    query: Schema.Struct({
      offset: Schema.optional(QueryValue).annotations({
        description: "the byte offset this part starts at: the bytes received so far"
      })
    }),
    body: rawBody("the part's bytes", { "application/octet-stream": { type: "string", contentMediaType: "application/octet-stream" } }),
    responses: [SESSION],
    errors: [[404, "session_not_found"], [409, "upload_expired"], [409, "upload_offset_mismatch"], [422, "invalid_request"]],
    handler: ({ ctx, caller }) => putPart(ctx, caller)
  }),
  docsEndpoint({
    method: "POST",
    path: "/v1/uploads/:upload_id/complete",
    form: "v1",
    tag: "v1 uploads",
    summary: "Complete the upload: usable as `source: {type: \"upload\", upload_id}`",
    params: UploadIdParams,
    body: rawBody("empty, or `{}`", { "application/json": { type: "object", additionalProperties: false } }, false),
    responses: [SESSION],
    errors: [[404, "session_not_found"], [409, "upload_expired"], [422, "invalid_request"], [422, "unsupported_file_type"]],
    handler: ({ ctx, caller }) => complete(ctx, caller)
  }),
  docsEndpoint({
    method: "DELETE",
    path: "/v1/uploads/:upload_id",
    form: "v1",
    tag: "v1 uploads",
    summary: "Abort the upload (its parts are deleted)",
    params: UploadIdParams,
    responses: [SESSION],
    errors: [[404, "session_not_found"], [409, "upload_expired"]],
    handler: ({ ctx, caller }) => abort(ctx, caller)
  })
]
