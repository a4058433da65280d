/**
 * The request id of the document service (spec 2, "Flat form envelope"): every response carries
 * `X-Request-Id`. A caller's own id is propagated when it is valid: 1 to 128 characters, each an
 * ASCII letter, digit, `-` or `_`. Anything else (empty, longer, other characters) is ignored and
 * a fresh `req_<32 hex>` is used, so a bad header never fails a request.
 */
import { Effect } from "effect"
import { Ids, newRequestId } from "../kernel/ids.js"

export const CALLER_REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/

export const requestIdOf = (header: string | undefined) =>
  header !== undefined && CALLER_REQUEST_ID.test(header) ? Effect.succeed(header) : Effect.map(Ids, newRequestId)
