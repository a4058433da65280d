/** The refusals of the document service's own rules (files, uploads, sources), as `ApiError`s. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../api/errors.js"

/** 422 `validation_error` (flat) / `unsupported_file_type` (v1) */
export class UnsupportedFile extends Data.TaggedError("UnsupportedFile")<{ readonly field: string; readonly message: string }>
  implements ApiError
{
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", message: `${this.field}: ${this.message}`, errors: [{ field: this.field, message: this.message }] }
  }
  get v1(): V1Error {
    return { status: 422, code: "unsupported_file_type", detail: { errors: [{ field: this.field, message: this.message }] } }
  }
}

/** 410 (flat) / 409 `upload_expired` (v1) */
export class UploadExpired extends Data.TaggedError("UploadExpired")<{ readonly fileId: string }> implements ApiError {
  get text() {
    return `upload ${this.fileId} has expired; upload the file again`
  }
  get flat(): FlatError {
    return { status: 410, code: "upload_expired" }
  }
  get v1(): V1Error {
    return { status: 409, code: "upload_expired" }
  }
}

/** 404 `session_not_found` (v1): no resumable upload session of the caller has this id */
export class SessionNotFound extends Data.TaggedError("SessionNotFound")<{ readonly sessionId: string }> implements ApiError {
  get text() {
    return `upload session ${this.sessionId} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "session_not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "session_not_found" }
  }
}

/** 409 `upload_expired` (v1): the upload session has expired, or was completed or aborted */
export class UploadSessionClosed extends Data.TaggedError("UploadSessionClosed")<{
  readonly sessionId: string
  readonly state: "expired" | "completed" | "aborted"
}> implements ApiError {
  get text() {
    return this.state === "expired"
      ? `upload session ${this.sessionId} has expired; create a new session`
      : `upload session ${this.sessionId} is already ${this.state}; create a new session`
  }
  get flat(): FlatError {
    return { status: 409, code: "upload_expired" }
  }
  get v1(): V1Error {
    return { status: 409, code: "upload_expired", detail: { state: this.state } }
  }
}

/** 409 `upload_offset_mismatch` (v1): a part must start where the session's received bytes end */
export class UploadOffsetMismatch extends Data.TaggedError("UploadOffsetMismatch")<{ readonly expected: number; readonly got: number }>
  implements ApiError
{
  get text() {
    return `the part must start at offset ${this.expected} (the bytes received so far), not ${this.got}`
  }
  get flat(): FlatError {
    return { status: 409, code: "upload_offset_mismatch" }
  }
  get v1(): V1Error {
    return { status: 409, code: "upload_offset_mismatch", detail: { expected_offset: this.expected, offset: this.got } }
  }
}

/** 403 `forbidden` (flat) / `access_denied` (v1): a storage location that is not the caller's */
export class AccessDenied extends Data.TaggedError("AccessDenied")<{ readonly message: string }> implements ApiError {
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 403, code: "forbidden" }
  }
  get v1(): V1Error {
    return { status: 403, code: "access_denied" }
  }
}

/** 403 `forbidden`: an artifact link that was tampered with or is past its hour (the link is the credential) */
export class ArtifactLinkRefused extends Data.TaggedError("ArtifactLinkRefused")<{ readonly reason: "expired" | "invalid" }> implements ApiError {
  get text() {
    return this.reason === "expired"
      ? "this link has expired; fetch the job again for a fresh markdown_url"
      : "this link is not valid; use the markdown_url of the job unchanged"
  }
  get flat(): FlatError {
    return { status: 403, code: "forbidden" }
  }
  get v1(): V1Error {
    return { status: 403, code: "access_denied" }
  }
}
