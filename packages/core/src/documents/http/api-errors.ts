/**
 * Every way a request to the document service can be refused (spec 2, "Errors"). Each is one
 * value; `envelope.ts` answers it in the envelope of the form that was called (flat or v1).
 */
import { Data } from "effect"
import type { InvalidSchema, InvalidSchemaRequest, SchemaNotFound } from "../schema/errors.js"

/** One refused field: `field` is a dotted path into the body or the query (`file.source_url`). */
export interface FieldError {
  readonly field: string
  readonly message: string
}

/** 401 `unauthorized` (both forms) */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{}> {}
/** 404 `not_found` (flat) / `job_not_found`, `file_not_found` (v1) */
export class ResourceNotFound extends Data.TaggedError("ResourceNotFound")<{
  readonly resource: "job" | "file" | "cursor"
  readonly id: string
}> {}
/** 422 `validation_error` (flat) / `invalid_request` (v1), with the refused fields */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly errors: ReadonlyArray<FieldError> }> {}
/** 422 `validation_error` (flat) / `unsupported_file_type` (v1) */
export class UnsupportedFile extends Data.TaggedError("UnsupportedFile")<{ readonly field: string; readonly message: string }> {}
/** 400 `bad_request` (flat) / 422 `invalid_request` (v1): not JSON, not multipart, unreadable */
export class MalformedRequest extends Data.TaggedError("MalformedRequest")<{ readonly message: string }> {}
/** 413 `payload_too_large` (flat) / `file_too_large` (v1) */
export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<{ readonly limit: number }> {}
/** 410 (flat) / 409 `upload_expired` (v1) */
export class UploadExpired extends Data.TaggedError("UploadExpired")<{ readonly fileId: string }> {}
/** 408 (flat): the sync call did not finish within `timeout_seconds`; the job keeps running */
export class SyncTimeout extends Data.TaggedError("SyncTimeout")<{ readonly jobId: string; readonly seconds: number }> {}
/** 409 `job_not_cancellable` (v1) */
export class JobNotCancellable extends Data.TaggedError("JobNotCancellable")<{ readonly jobId: string; readonly status: string }> {}
/** 409 `job_cancelled` (v1): the result of a cancelled job was asked for */
export class JobCancelled extends Data.TaggedError("JobCancelled")<{ readonly jobId: string }> {}
/** 410 `result_expired` (v1; flat artifacts too): the job's payload was deleted by retention */
export class ResultExpired extends Data.TaggedError("ResultExpired")<{ readonly jobId: string }> {}
/** 416 `range_not_satisfiable`: the `Range` header's byte range lies outside the object of `size` bytes */
export class RangeNotSatisfiable extends Data.TaggedError("RangeNotSatisfiable")<{ readonly size: number }> {}
/** 404 `session_not_found` (v1): no resumable upload session of the caller has this id */
export class SessionNotFound extends Data.TaggedError("SessionNotFound")<{ readonly sessionId: string }> {}
/** 409 `upload_expired` (v1): the upload session has expired, or was completed or aborted */
export class UploadSessionClosed extends Data.TaggedError("UploadSessionClosed")<{ readonly sessionId: string; readonly state: "expired" | "completed" | "aborted" }> {}
/** 409 `upload_offset_mismatch` (v1): a part must start where the session's received bytes end */
export class UploadOffsetMismatch extends Data.TaggedError("UploadOffsetMismatch")<{ readonly expected: number; readonly got: number }> {}
/** 403 `forbidden` (flat) / `access_denied` (v1): a storage location that is not the caller's */
export class AccessDenied extends Data.TaggedError("AccessDenied")<{ readonly message: string }> {}
/** 409 `idempotency_key_reused`: the key names a job created from a different request */
export class IdempotencyConflict extends Data.TaggedError("IdempotencyConflict")<{ readonly jobId: string }> {}
/** 501 `not_implemented` */
export class NotImplemented extends Data.TaggedError("NotImplemented")<{ readonly operation: string }> {}
/** 503 `service_unavailable` (flat) / `upstream_unavailable` (v1): storage or queue unavailable */
export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<{ readonly message: string }> {}
/** 402 `quota_exceeded` (both forms): included credits used up and paid usage not enabled */
export class QuotaExceeded extends Data.TaggedError("QuotaExceeded")<{ readonly credits: number; readonly used: number }> {}
/** 429 `too_many_requests` (flat) / `rate_limited` (v1), with `Retry-After` */
export class RequestRateLimited extends Data.TaggedError("RequestRateLimited")<{ readonly limit: number; readonly retryAfterSeconds: number }> {}
/** 429 `too_many_requests` (flat) / `concurrency_limit_reached` (v1): pending + running jobs at the cap */
export class ConcurrencyLimitReached extends Data.TaggedError("ConcurrencyLimitReached")<{ readonly limit: number }> {}
/** 500 `internal_error` */
export class InternalFailure extends Data.TaggedError("InternalFailure")<{ readonly cause?: unknown }> {}

export type DocsApiError =
  | Unauthorized
  | ResourceNotFound
  | InvalidInput
  | UnsupportedFile
  | MalformedRequest
  | PayloadTooLarge
  | UploadExpired
  | SyncTimeout
  | JobNotCancellable
  | JobCancelled
  | ResultExpired
  | RangeNotSatisfiable
  | SessionNotFound
  | UploadSessionClosed
  | UploadOffsetMismatch
  | AccessDenied
  | IdempotencyConflict
  | NotImplemented
  | ServiceUnavailable
  | InternalFailure
  | QuotaExceeded
  | RequestRateLimited
  | ConcurrencyLimitReached
  | SchemaNotFound
  | InvalidSchema
  | InvalidSchemaRequest

export const invalid = (field: string, message: string) => new InvalidInput({ errors: [{ field, message }] })
