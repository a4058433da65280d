/** Refusals of the deep-search sessions (spec 3, "Errors"), each carrying its v1 status and code. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 404: no such session in this workspace, or one another key began (indistinguishable). */
export class SessionNotFound extends Data.TaggedError("SessionNotFound")<{ readonly session_id: string }> implements ApiError {
  get text() {
    return `session ${this.session_id} not found: a session is continued only in its workspace, by the key that began it`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "session_not_found", detail: { session_id: this.session_id } }
  }
}

/** 409: a run of the session is queued or in flight. */
export class SessionBusy extends Data.TaggedError("SessionBusy")<{ readonly session_id: string; readonly job_id: string | null }> implements ApiError {
  get text() {
    return `session ${this.session_id} is busy: a run of it is queued or in flight${this.job_id === null ? "" : ` (job ${this.job_id})`}; poll it, then continue`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "session_busy", detail: { session_id: this.session_id, job_id: this.job_id } }
  }
}
