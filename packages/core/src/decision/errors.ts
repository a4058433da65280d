/**
 * Every way a decision-service request can fail (spec 1, "Errors"). The HTTP layer maps each to
 * its status and envelope in `http/envelope.ts`.
 */
import { Data } from "effect"
import type { Issue } from "./issue.js"
import { OVERLOADED_RETRY_MS } from "./limiter/limits.js"

/** 401: missing, malformed or revoked key */
export class Unauthenticated extends Data.TaggedError("Unauthenticated")<{}> {}
/** 402: valid key, no credit */
export class InsufficientCredit extends Data.TaggedError("InsufficientCredit")<{}> {}
/** 402: the account has an unpaid invoice */
export class PaymentRequired extends Data.TaggedError("PaymentRequired")<{}> {}
/** 422: body invalid, a request limit exceeded, model unavailable or invalid, media content */
export class InvalidRequest extends Data.TaggedError("InvalidRequest")<{ readonly issues: ReadonlyArray<Issue> }> {}
/** 429: account RPM or in-flight limit */
export class RateLimited extends Data.TaggedError("RateLimited")<{
  readonly reason: "rpm" | "in_flight"
  readonly retryAfterMs: number
}> {}
/**
 * 429 on the `/v1/documents/*` routes: their own RPM counter (spec 1, "Limits"; the envelope
 * carries `code` `rate_limited`)
 */
export class DocumentsRateLimited extends Data.TaggedError("DocumentsRateLimited")<{ readonly retryAfterMs: number }> {}
/** 404: no such job of the account, or no such file of the job (README, "Decisions where the spec is silent") */
export class NotFound extends Data.TaggedError("NotFound")<{ readonly message: string }> {}
/** 416: a byte range outside the file downloaded */
export class RangeNotSatisfiable extends Data.TaggedError("RangeNotSatisfiable")<{ readonly size: number }> {}
/** 529: a shared pool is full, the model timed out, or the limiter store is unreachable */
export class Overloaded extends Data.TaggedError("Overloaded")<{
  readonly reason: "pool_full" | "limiter_unavailable" | "store_unavailable" | "model_timeout" | "route_timeout"
  readonly retryAfterMs: number
}> {}
/** 529 when the decision store cannot be reached */
export const storeUnavailable = (): Overloaded => new Overloaded({ reason: "store_unavailable", retryAfterMs: OVERLOADED_RETRY_MS })
/** 500: unexpected failure */
export class InternalError extends Data.TaggedError("InternalError")<{ readonly message: string; readonly cause?: unknown }> {}

export type DecisionError =
  | Unauthenticated
  | InsufficientCredit
  | PaymentRequired
  | InvalidRequest
  | RateLimited
  | DocumentsRateLimited
  | NotFound
  | RangeNotSatisfiable
  | Overloaded
  | InternalError

export const MESSAGES = {
  unauthenticated:
    "Missing or invalid API key. Pass a key of the form svc_sk_... as a Bearer token: Authorization: Bearer svc_sk_...",
  insufficientCredit: "Your account has no credit left. Top up your balance on the Billing page to continue.",
  paymentRequired: "Your account has an unpaid invoice. Pay the invoice on the Billing page to continue.",
  rpm: "Requests per minute exceeded for this account.",
  inFlight: "Too many concurrent requests for this account.",
  atCapacity: "The service is at capacity. Please retry shortly.",
  unavailable: "The service is temporarily unavailable. Please retry shortly.",
  internal: "An unexpected error occurred. Please retry; contact support with the request_id if it persists."
} as const
