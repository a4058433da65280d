/**
 * CORS for every route: any origin, the headers the services name exposed to browsers, preflight
 * requests answered 204. The services say which headers they read and expose (app.ts).
 */
import type { DocketRequest } from "./request.js"
import { type DocketResponse, mergeHeaders } from "./response.js"

const ALLOWED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
const MAX_AGE_SECONDS = 600

export interface CorsPolicy {
  /** an `OPTIONS` request is a preflight, whatever its path: it gets `preflightResponse` */
  readonly isPreflight: (request: DocketRequest) => boolean
  readonly preflightResponse: DocketResponse
  /** the CORS headers of every other response */
  readonly withCors: (response: DocketResponse) => DocketResponse
}

export const corsPolicy = (options: {
  /** response headers browsers may read (request ids, retry hints) */
  readonly exposeHeaders: ReadonlyArray<string>
  /** request headers browsers may send */
  readonly allowHeaders: ReadonlyArray<string>
}): CorsPolicy => {
  const simple: Readonly<Record<string, string>> = {
    "access-control-allow-origin": "*",
    "access-control-expose-headers": [...new Set(options.exposeHeaders)].join(",")
  }
  const preflightResponse: DocketResponse = {
    status: 204,
    headers: {
      ...simple,
      "access-control-allow-methods": ALLOWED_METHODS.join(", "),
      "access-control-allow-headers": [...new Set(options.allowHeaders)].join(","),
      "access-control-max-age": String(MAX_AGE_SECONDS)
    }
  }
  return {
    isPreflight: (request) => request.method === "OPTIONS",
    preflightResponse,
    withCors: (response) => ({ ...response, headers: mergeHeaders(response.headers, simple) })
  }
}
