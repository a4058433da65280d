/**
 * The two envelopes of the document service (spec 2, "Errors"):
 * - flat form: `{error: {code, message, request_id, errors?}}` (`errors` on 422);
 * - v1 form: `{error: {code, message, detail, retryable, request_id}, request_id}`.
 * Every response, error or not, carries `X-Request-Id`.
 */
import { type DocketResponse, jsonResponse } from "../../platform/response.js"
import { SCHEMA_MESSAGES } from "../schema/errors.js"
import type { SchemaProblem } from "../schema/schema-problem.js"
import type { DocsApiError, FieldError } from "./api-errors.js"

export type ApiForm = "flat" | "v1"

export const docsJson = (status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): DocketResponse =>
  jsonResponse(status, body, Object.assign({ "x-request-id": requestId }, headers))

interface Described {
  readonly status: number
  readonly code: string
  readonly message: string
  readonly errors?: ReadonlyArray<FieldError>
  readonly detail?: Record<string, unknown> | null
  readonly retryable?: boolean
  /** extra fields on the flat `error` object */
  readonly extra?: Record<string, unknown>
  /** extra response headers (`Retry-After`) */
  readonly headers?: Record<string, string>
}

/** Schema problems as field errors: `schema` + the JSON pointer (`schema/properties/total`). */
const schemaFieldErrors = (problems: ReadonlyArray<SchemaProblem>, prefix: string): Array<FieldError> =>
  problems.map((p) => ({ field: `${prefix}${p.path}`, message: p.message }))

export const QUOTA_MESSAGES = {
  flat: "Included credits used up. Enable paid usage or ask for more credits; this is not retryable.",
  v1: "Included credit used and paid usage not enabled; not charged. File and workspace deletion and uploads still work."
} as const

export const UNAUTHORIZED_MESSAGE = "Missing, invalid or revoked API key. Pass your key in the X-API-Key header."

const summary = (errors: ReadonlyArray<FieldError>) =>
  errors.length === 0 ? "invalid request" : `${errors[0].field === "" ? "" : `${errors[0].field}: `}${errors[0].message}`

const describe = (form: ApiForm, e: DocsApiError): Described => {
  const flat = form === "flat"
  switch (e._tag) {
    case "Unauthorized":
      return { status: 401, code: "unauthorized", message: UNAUTHORIZED_MESSAGE }
    case "ResourceNotFound": {
      const message = `${e.resource} ${e.id} not found`
      return { status: 404, code: flat ? "not_found" : e.resource === "file" ? "file_not_found" : e.resource === "job" ? "job_not_found" : "not_found", message }
    }
    case "InvalidInput":
      return flat
        ? { status: 422, code: "validation_error", message: summary(e.errors), errors: e.errors }
        : { status: 422, code: "invalid_request", message: summary(e.errors), detail: { errors: e.errors } }
    case "UnsupportedFile":
      return flat
        ? { status: 422, code: "validation_error", message: `${e.field}: ${e.message}`, errors: [{ field: e.field, message: e.message }] }
        : { status: 422, code: "unsupported_file_type", message: e.message, detail: { errors: [{ field: e.field, message: e.message }] } }
    case "MalformedRequest":
      return flat
        ? { status: 400, code: "bad_request", message: e.message }
        : { status: 422, code: "invalid_request", message: e.message, detail: { errors: [{ field: "", message: e.message }] } }
    case "PayloadTooLarge":
      return { status: 413, code: flat ? "payload_too_large" : "file_too_large", message: `the file must be at most ${e.limit} bytes` }
    case "UploadExpired":
      return { status: flat ? 410 : 409, code: "upload_expired", message: `upload ${e.fileId} has expired; upload the file again` }
    case "SyncTimeout":
      return {
        status: 408,
        code: "timeout",
        message: `the job did not finish within ${e.seconds} s; it keeps running: poll GET /jobs/${e.jobId}`,
        extra: { job_id: e.jobId },
        detail: { job_id: e.jobId }
      }
    case "JobNotCancellable":
      return { status: 409, code: "job_not_cancellable", message: `job ${e.jobId} is already ${e.status}`, detail: { status: e.status } }
    case "JobCancelled":
      return { status: 409, code: "job_cancelled", message: `job ${e.jobId} was cancelled; it has no result` }
    case "ResultExpired":
      return {
        status: 410,
        code: "result_expired",
        message: `the result of job ${e.jobId} was deleted by retention (payload_expires_at has passed); create a new job`
      }
    case "RangeNotSatisfiable":
      return {
        status: 416,
        code: "range_not_satisfiable",
        message: `the requested byte range lies outside the object (${e.size} bytes)`,
        detail: { size: e.size },
        headers: { "content-range": `bytes */${e.size}` }
      }
    case "SessionNotFound":
      return { status: 404, code: "session_not_found", message: `upload session ${e.sessionId} not found` }
    case "UploadSessionClosed":
      return {
        status: 409,
        code: "upload_expired",
        message: e.state === "expired"
          ? `upload session ${e.sessionId} has expired; create a new session`
          : `upload session ${e.sessionId} is already ${e.state}; create a new session`,
        detail: { state: e.state }
      }
    case "UploadOffsetMismatch":
      return {
        status: 409,
        code: "upload_offset_mismatch",
        message: `the part must start at offset ${e.expected} (the bytes received so far), not ${e.got}`,
        detail: { expected_offset: e.expected, offset: e.got }
      }
    case "AccessDenied":
      return { status: 403, code: flat ? "forbidden" : "access_denied", message: e.message }
    case "IdempotencyConflict":
      return {
        status: 409,
        code: "idempotency_key_reused",
        message: `this idempotency key already created job ${e.jobId} from a different request; use a new key`,
        extra: { job_id: e.jobId },
        detail: { job_id: e.jobId }
      }
    case "NotImplemented":
      return { status: 501, code: "not_implemented", message: `${e.operation} is not offered by this deployment` }
    case "ServiceUnavailable":
      return { status: 503, code: flat ? "service_unavailable" : "upstream_unavailable", message: e.message, retryable: true }
    case "QuotaExceeded":
      return { status: 402, code: "quota_exceeded", message: flat ? QUOTA_MESSAGES.flat : QUOTA_MESSAGES.v1, detail: { credits: e.credits, used: e.used } }
    case "RequestRateLimited":
      return {
        status: 429,
        code: flat ? "too_many_requests" : "rate_limited",
        message: `Rate limit of ${e.limit} requests per minute reached; retry after ${e.retryAfterSeconds} s (Retry-After header).`,
        retryable: true,
        detail: { limit: e.limit, retry_after_seconds: e.retryAfterSeconds },
        headers: { "retry-after": String(e.retryAfterSeconds) }
      }
    case "ConcurrencyLimitReached":
      return {
        status: 429,
        code: flat ? "too_many_requests" : "concurrency_limit_reached",
        message: `Concurrent jobs limit of ${e.limit} (pending + running) reached; retry once a job finishes.`,
        retryable: true,
        detail: { limit: e.limit },
        headers: { "retry-after": "1" }
      }
    case "SchemaNotFound":
      return { status: 404, code: flat ? "not_found" : "schema_not_found", message: SCHEMA_MESSAGES.notFound(e.schemaId, e.version) }
    case "InvalidSchema": {
      const errors = schemaFieldErrors(e.problems, "schema")
      return flat
        ? { status: 422, code: "validation_error", message: SCHEMA_MESSAGES.invalidSchema, errors }
        : { status: 422, code: "invalid_schema", message: SCHEMA_MESSAGES.invalidSchema, detail: { errors } }
    }
    case "InvalidSchemaRequest": {
      const errors = schemaFieldErrors(e.problems, "")
      return flat
        ? { status: 422, code: "validation_error", message: summary(errors), errors }
        : { status: 422, code: "invalid_request", message: summary(errors), detail: { errors } }
    }
    case "InternalFailure":
      return { status: 500, code: "internal_error", message: "An unexpected error occurred; retry with the same idempotency key.", retryable: true }
  }
}

export const docsErrorResponse = (form: ApiForm, e: DocsApiError, requestId: string): DocketResponse => {
  const d = describe(form, e)
  if (form === "flat") {
    const error: Record<string, unknown> = { code: d.code, message: d.message, request_id: requestId, ...d.extra }
    if (d.errors !== undefined) error.errors = d.errors
    return docsJson(d.status, { error }, requestId, d.headers)
  }
  return docsJson(
    d.status,
    {
      error: { code: d.code, message: d.message, detail: d.detail ?? null, retryable: d.retryable ?? false, request_id: requestId },
      request_id: requestId
    },
    requestId,
    d.headers
  )
}
