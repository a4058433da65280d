/**
 * CORS for every route: any origin, the request-id and retry headers exposed to browsers (spec 1,
 * "Errors"), preflight requests answered 204.
 */
import { EXPOSED_HEADERS as DECISION_EXPOSED_HEADERS } from "../decision/http/envelope.js"
import type { DocketRequest } from "./request.js"
import { type DocketResponse, mergeHeaders } from "./response.js"

/** the headers every service exposes to browsers */
const EXPOSED_HEADERS = [...new Set([...DECISION_EXPOSED_HEADERS])]

const ALLOWED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
const ALLOWED_HEADERS = ["authorization", "content-type", "x-api-key", "x-request-id", "idempotency-key", "last-event-id"]
const MAX_AGE_SECONDS = 600

const SIMPLE: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED_HEADERS.join(",")
}

const PREFLIGHT: DocketResponse = {
  status: 204,
  headers: {
    ...SIMPLE,
    "access-control-allow-methods": ALLOWED_METHODS.join(", "),
    "access-control-allow-headers": ALLOWED_HEADERS.join(","),
    "access-control-max-age": String(MAX_AGE_SECONDS)
  }
}

/** An `OPTIONS` request is a preflight, whatever its path: it gets `preflightResponse`. */
export const isPreflight = (request: DocketRequest): boolean => request.method === "OPTIONS"
export const preflightResponse = PREFLIGHT

/** The CORS headers of every other response. */
export const withCors = (response: DocketResponse): DocketResponse => ({
  ...response,
  headers: mergeHeaders(response.headers, SIMPLE)
})
