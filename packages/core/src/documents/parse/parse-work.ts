/**
 * The work of a parse job: the uploaded bytes through the `DocumentParser` port. Parse failures
 * become the job's error (`unsupported_file_type`, `corrupt_file`, `encrypted_file`,
 * `file_too_complex`); an upload that expired before the job started fails it with
 * `upload_expired` (spec 2, "Upload handle").
 */
import { Clock, Effect, Option } from "effect"
import { DocumentParser } from "../document-parser.js"
import type { ParseFailure } from "../errors.js"
import type { Job, JobError } from "../jobs/job.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, UploadStore } from "../uploads/upload.js"
import { parseUnits, storedParseResult } from "./parse-result.js"

const jobError = (code: string, message: string, retryable = false): JobError => ({ code, message, retryable })

const parseFailure = (e: ParseFailure): JobError => {
  switch (e._tag) {
    case "UnsupportedFileType":
      return jobError("unsupported_file_type", e.message)
    case "CorruptFile":
      return jobError("corrupt_file", e.message)
    case "EncryptedFile":
      return jobError("encrypted_file", e.message)
    case "FileTooComplex":
      return jobError("file_too_complex", e.message)
  }
}

const storageFailure = () => jobError("internal_error", "storage was unavailable; retry with the same idempotency key", true)

export const parseWork = (job: Job) =>
  Effect.gen(function*() {
    const uploads = yield* UploadStore
    const blobs = yield* BlobStore
    const parser = yield* DocumentParser
    const fileId = job.input.source.file_id
    const upload = yield* uploads.get(fileId).pipe(Effect.mapError(storageFailure))
    if (Option.isNone(upload)) return yield* Effect.fail(jobError("file_not_found", `upload ${fileId} no longer exists`))
    const startedAt = yield* Clock.currentTimeMillis
    if (startedAt >= upload.value.expires_at) {
      return yield* Effect.fail(jobError("upload_expired", `upload ${fileId} expired before the job started; upload the file again`))
    }
    const bytes = yield* blobs.get(blobKeyOf(fileId)).pipe(Effect.mapError(storageFailure))
    if (Option.isNone(bytes)) return yield* Effect.fail(jobError("file_not_found", `upload ${fileId} no longer exists`))
    const parsed = yield* parser.parse({ bytes: bytes.value, fileName: job.input.file_name }).pipe(Effect.mapError(parseFailure))
    const result = storedParseResult(parsed, (yield* Clock.currentTimeMillis) - startedAt)
    return { result, units: parseUnits(result) }
  })
