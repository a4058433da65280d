/**
 * Errors as values (DESIGN.md, "Errors are values"): a refusal carries what each envelope of the
 * document (and workspace) service shows — its status, code and message in the flat form
 * (`error.code`, `errors`), its status, code, `detail` and `retryable` in the v1 form — so each
 * envelope is one renderer (`envelope.ts`) and adding an error is adding a class in the context
 * that owns it. This module holds the request-level errors every context shares.
 */
import { Data } from "effect"

/** One refused field: `field` is a dotted path into the body or the query (`file.source_url`). */
export interface FieldError {
  readonly field: string
  readonly message: string
}

/** What the flat envelope `{error: {code, message, request_id, errors?, …extra}}` shows. */
export interface FlatError {
  readonly status: number
  readonly code: string
  /** the message when it differs from the error's common one */
  readonly message?: string
  readonly errors?: ReadonlyArray<FieldError>
  /** extra fields on the flat `error` object */
  readonly extra?: Record<string, unknown>
}

/** What the v1 envelope `{error: {code, message, detail, retryable, request_id}, request_id}` shows. */
export interface V1Error {
  readonly status: number
  readonly code: string
  readonly message?: string
  readonly detail?: Record<string, unknown> | null
  readonly retryable?: boolean
}

/** A refusal of an API request: what each envelope shows of it. */
export interface ApiError {
  readonly _tag: string
  /** the message both forms show unless a form gives its own */
  readonly text: string
  readonly flat: FlatError
  readonly v1: V1Error
  /** extra response headers (`Retry-After`, `Content-Range`) */
  readonly headers?: Record<string, string>
}

/** The message of a list of refused fields: the first one, named. */
export const fieldSummary = (errors: ReadonlyArray<FieldError>) =>
  errors.length === 0 ? "invalid request" : `${errors[0].field === "" ? "" : `${errors[0].field}: `}${errors[0].message}`

/** 404 `not_found` (flat) / `job_not_found`, `file_not_found` (v1) */
export class ResourceNotFound extends Data.TaggedError("ResourceNotFound")<{
  readonly resource: "job" | "file" | "cursor"
  readonly id: string
}> implements ApiError {
  get text() {
    return `${this.resource} ${this.id} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: this.resource === "file" ? "file_not_found" : this.resource === "job" ? "job_not_found" : "not_found" }
  }
}

/** 422 `validation_error` (flat) / `invalid_request` (v1), with the refused fields */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly errors: ReadonlyArray<FieldError> }> implements ApiError {
  get text() {
    return fieldSummary(this.errors)
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: this.errors }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { errors: this.errors } }
  }
}

/** 400 `bad_request` (flat) / 422 `invalid_request` (v1): not JSON, not multipart, unreadable */
export class MalformedRequest extends Data.TaggedError("MalformedRequest")<{ readonly message: string }> implements ApiError {
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 400, code: "bad_request" }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { errors: [{ field: "", message: this.message }] } }
  }
}

/** 413 `payload_too_large` (flat) / `file_too_large` (v1) */
export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<{ readonly limit: number }> implements ApiError {
  get text() {
    return `the file must be at most ${this.limit} bytes`
  }
  get flat(): FlatError {
    return { status: 413, code: "payload_too_large" }
  }
  get v1(): V1Error {
    return { status: 413, code: "file_too_large" }
  }
}

/** 416 `range_not_satisfiable`: the `Range` header's byte range lies outside the object of `size` bytes */
export class RangeNotSatisfiable extends Data.TaggedError("RangeNotSatisfiable")<{ readonly size: number }> implements ApiError {
  get text() {
    return `the requested byte range lies outside the object (${this.size} bytes)`
  }
  get flat(): FlatError {
    return { status: 416, code: "range_not_satisfiable" }
  }
  get v1(): V1Error {
    return { status: 416, code: "range_not_satisfiable", detail: { size: this.size } }
  }
  get headers() {
    return { "content-range": `bytes */${this.size}` }
  }
}

/** 501 `not_implemented` */
export class NotImplemented extends Data.TaggedError("NotImplemented")<{ readonly operation: string }> implements ApiError {
  get text() {
    return `${this.operation} is not offered by this deployment`
  }
  get flat(): FlatError {
    return { status: 501, code: "not_implemented" }
  }
  get v1(): V1Error {
    return { status: 501, code: "not_implemented" }
  }
}

/** 503 `service_unavailable` (flat) / `upstream_unavailable` (v1): storage or queue unavailable */
export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<{ readonly message: string }> implements ApiError {
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 503, code: "service_unavailable" }
  }
  get v1(): V1Error {
    return { status: 503, code: "upstream_unavailable", retryable: true }
  }
}

/**
 * The one mapping of a storage failure to what the caller sees: 503, retry shortly. `what` names
 * the storage when the message says so ("upload storage unavailable; retry shortly").
 */
export const storageUnavailable = (what = "storage") => new ServiceUnavailable({ message: `${what} unavailable; retry shortly` })

/** 500 `internal_error` */
export class InternalFailure extends Data.TaggedError("InternalFailure")<{ readonly cause?: unknown }> implements ApiError {
  get text() {
    return "An unexpected error occurred; retry with the same idempotency key."
  }
  get flat(): FlatError {
    return { status: 500, code: "internal_error" }
  }
  get v1(): V1Error {
    return { status: 500, code: "internal_error", retryable: true }
  }
}

export const invalid = (field: string, message: string) => new InvalidInput({ errors: [{ field, message }] })
