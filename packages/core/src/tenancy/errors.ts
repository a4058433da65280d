/** The refusals of tenancy (spec 2, "Authentication", "Limits", "Credits"), as `ApiError`s. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../api/errors.js"

export const UNAUTHORIZED_MESSAGE = "Missing, invalid or revoked API key. Pass your key in the X-API-Key header."

export const QUOTA_MESSAGES = {
  flat: "Included credits used up. Enable paid usage or ask for more credits; this is not retryable.",
  v1: "Included credit used and paid usage not enabled; not charged. File and workspace deletion and uploads still work."
} as const

/** 401 `unauthorized` (both forms) */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{}> implements ApiError {
  get text() {
    return UNAUTHORIZED_MESSAGE
  }
  get flat(): FlatError {
    return { status: 401, code: "unauthorized" }
  }
  get v1(): V1Error {
    return { status: 401, code: "unauthorized" }
  }
}

/** 402 `quota_exceeded` (both forms): included credits used up and paid usage not enabled */
export class QuotaExceeded extends Data.TaggedError("QuotaExceeded")<{ readonly credits: number; readonly used: number }> implements ApiError {
  get text() {
    return QUOTA_MESSAGES.v1
  }
  get flat(): FlatError {
    return { status: 402, code: "quota_exceeded", message: QUOTA_MESSAGES.flat }
  }
  get v1(): V1Error {
    return { status: 402, code: "quota_exceeded", detail: { credits: this.credits, used: this.used } }
  }
}

/** 429 `too_many_requests` (flat) / `rate_limited` (v1), with `Retry-After` */
export class RequestRateLimited extends Data.TaggedError("RequestRateLimited")<{ readonly limit: number; readonly retryAfterSeconds: number }>
  implements ApiError
{
  get text() {
    return `Rate limit of ${this.limit} requests per minute reached; retry after ${this.retryAfterSeconds} s (Retry-After header).`
  }
  get flat(): FlatError {
    return { status: 429, code: "too_many_requests" }
  }
  get v1(): V1Error {
    return { status: 429, code: "rate_limited", retryable: true, detail: { limit: this.limit, retry_after_seconds: this.retryAfterSeconds } }
  }
  get headers() {
    return { "retry-after": String(this.retryAfterSeconds) }
  }
}

/** 429 `too_many_requests` (flat) / `concurrency_limit_reached` (v1): pending + running jobs at the cap */
export class ConcurrencyLimitReached extends Data.TaggedError("ConcurrencyLimitReached")<{ readonly limit: number }> implements ApiError {
  get text() {
    return `Concurrent jobs limit of ${this.limit} (pending + running) reached; retry once a job finishes.`
  }
  get flat(): FlatError {
    return { status: 429, code: "too_many_requests" }
  }
  get v1(): V1Error {
    return { status: 429, code: "concurrency_limit_reached", retryable: true, detail: { limit: this.limit } }
  }
  get headers() {
    return { "retry-after": "1" }
  }
}
