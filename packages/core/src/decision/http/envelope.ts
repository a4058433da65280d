/**
 * The decision service's HTTP envelope (spec 1, "Errors"): `{error: {type, message, issues?},
 * request_id}`, the request-id headers on every response, and the retry headers.
 */
import { type DocketResponse, jsonResponse as json } from "../../platform/response.js"
import { type ErrorExtra, errorBody, type ErrorType } from "../answers.js"
import { issueSummary } from "../issue.js"
import { type DecisionError, MESSAGES } from "../errors.js"

export const REQUEST_ID_HEADERS = ["x-request-id", "x-sdk-request-id"] as const
export const RETRY_HEADERS = ["retry-after", "retry-after-ms"] as const
/** exposed to browsers through `access-control-expose-headers` */
export const EXPOSED_HEADERS = [...REQUEST_ID_HEADERS, ...RETRY_HEADERS]

/** status 529 is not in every HTTP table; it is what the spec says */
export const STATUS_OVERLOADED = 529

const requestIdHeaders = (requestId: string): Record<string, string> => ({
  "x-request-id": requestId,
  "x-sdk-request-id": requestId
})

const retryHeaders = (ms: number): Record<string, string> => ({
  "retry-after": String(Math.ceil(ms / 1000)),
  "retry-after-ms": String(ms)
})

/** A JSON response of the decision service: `request_id` in the body and in both headers. */
export const jsonResponse = (
  status: number,
  body: Record<string, unknown>,
  requestId: string,
  headers?: Record<string, string>
): DocketResponse =>
  json(status, { ...body, request_id: requestId }, headers === undefined ? requestIdHeaders(requestId) : Object.assign(requestIdHeaders(requestId), headers))

export const errorResponse = (
  status: number,
  type: ErrorType,
  message: string,
  requestId: string,
  extra: ErrorExtra = {}
): DocketResponse =>
  jsonResponse(
    status,
    errorBody(type, message, extra),
    requestId,
    { ...(extra.retryAfterMs === undefined ? {} : retryHeaders(extra.retryAfterMs)), ...extra.headers }
  )

export const decisionErrorResponse = (e: DecisionError, requestId: string): DocketResponse => {
  switch (e._tag) {
    case "Unauthenticated":
      return errorResponse(401, "authentication_error", MESSAGES.unauthenticated, requestId)
    case "PaymentRequired":
      return errorResponse(402, "payment_required", MESSAGES.paymentRequired, requestId)
    case "InsufficientCredit":
      return errorResponse(402, "insufficient_credit", MESSAGES.insufficientCredit, requestId)
    case "InvalidRequest":
      return errorResponse(422, "invalid_request_error", issueSummary(e.issues[0]), requestId, { issues: e.issues })
    case "RateLimited":
      return errorResponse(429, "rate_limit_error", e.reason === "rpm" ? MESSAGES.rpm : MESSAGES.inFlight, requestId, {
        retryAfterMs: e.retryAfterMs
      })
    case "DocumentsRateLimited":
      return errorResponse(429, "rate_limit_error", MESSAGES.rpm, requestId, { retryAfterMs: e.retryAfterMs, code: "rate_limited" })
    case "NotFound":
      return errorResponse(404, "not_found", e.message, requestId)
    case "RangeNotSatisfiable":
      return errorResponse(416, "invalid_request_error", `the Range is outside the file (${e.size} bytes)`, requestId, {
        issues: [{ path: "Range", message: `must name bytes within the file's ${e.size}` }],
        headers: { "content-range": `bytes */${e.size}` }
      })
    case "Overloaded":
      return errorResponse(
        STATUS_OVERLOADED,
        "overloaded",
        e.reason === "model_timeout" || e.reason === "route_timeout" ? MESSAGES.unavailable : MESSAGES.atCapacity,
        requestId,
        { retryAfterMs: e.retryAfterMs }
      )
    case "InternalError":
      return errorResponse(500, "internal_error", MESSAGES.internal, requestId)
  }
}
