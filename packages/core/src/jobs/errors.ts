/** The refusals of the job model (spec 2, "Jobs", "Errors"), as `ApiError`s. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../api/errors.js"

/** 408 `timeout` (flat): the sync call did not finish within `timeout_seconds`; the job keeps running */
export class SyncTimeout extends Data.TaggedError("SyncTimeout")<{ readonly jobId: string; readonly seconds: number }> implements ApiError {
  get text() {
    return `the job did not finish within ${this.seconds} s; it keeps running: poll GET /jobs/${this.jobId}`
  }
  get flat(): FlatError {
    return { status: 408, code: "timeout", extra: { job_id: this.jobId } }
  }
  get v1(): V1Error {
    return { status: 408, code: "timeout", detail: { job_id: this.jobId } }
  }
}

/** 409 `job_not_cancellable` (v1) */
export class JobNotCancellable extends Data.TaggedError("JobNotCancellable")<{ readonly jobId: string; readonly status: string }>
  implements ApiError
{
  get text() {
    return `job ${this.jobId} is already ${this.status}`
  }
  get flat(): FlatError {
    return { status: 409, code: "job_not_cancellable" }
  }
  get v1(): V1Error {
    return { status: 409, code: "job_not_cancellable", detail: { status: this.status } }
  }
}

/** 409 `job_cancelled` (v1): the result of a cancelled job was asked for */
export class JobCancelled extends Data.TaggedError("JobCancelled")<{ readonly jobId: string }> implements ApiError {
  get text() {
    return `job ${this.jobId} was cancelled; it has no result`
  }
  get flat(): FlatError {
    return { status: 409, code: "job_cancelled" }
  }
  get v1(): V1Error {
    return { status: 409, code: "job_cancelled" }
  }
}

/** 410 `result_expired` (v1; flat artifacts too): the job's payload was deleted by retention */
export class ResultExpired extends Data.TaggedError("ResultExpired")<{ readonly jobId: string }> implements ApiError {
  get text() {
    return `the result of job ${this.jobId} was deleted by retention (payload_expires_at has passed); create a new job`
  }
  get flat(): FlatError {
    return { status: 410, code: "result_expired" }
  }
  get v1(): V1Error {
    return { status: 410, code: "result_expired" }
  }
}

/** 409 `idempotency_key_reused`: the key names a job created from a different request */
export class IdempotencyConflict extends Data.TaggedError("IdempotencyConflict")<{ readonly jobId: string }> implements ApiError {
  get text() {
    return `this idempotency key already created job ${this.jobId} from a different request; use a new key`
  }
  get flat(): FlatError {
    return { status: 409, code: "idempotency_key_reused", extra: { job_id: this.jobId } }
  }
  get v1(): V1Error {
    return { status: 409, code: "idempotency_key_reused", detail: { job_id: this.jobId } }
  }
}
