/**
 * Runs an API handler: resolves the request id (the caller's when valid), answers every refusal in
 * the envelope of the form (flat or v1), turns defects into 500 `internal_error`, and puts
 * `X-Request-Id` on every response.
 */
import { Cause, Effect } from "effect"
import type { Ids } from "../kernel/ids.js"
import type { DocketRequest } from "../platform/request.js"
import type { DocketResponse } from "../platform/response.js"
import type { PathParams } from "../platform/router.js"
import { type ApiForm, docsErrorResponse } from "./envelope.js"
import { type ApiError, InternalFailure } from "./errors.js"
import { requestIdOf } from "./request-id.js"

export interface ApiContext {
  readonly form: ApiForm
  readonly requestId: string
  readonly request: DocketRequest
  readonly params: PathParams
}

export const apiHandler = <R>(
  form: ApiForm,
  handler: (ctx: ApiContext) => Effect.Effect<DocketResponse, ApiError, R>
) =>
(request: DocketRequest, params: PathParams): Effect.Effect<DocketResponse, never, R | Ids> =>
  Effect.flatMap(requestIdOf(request.header("x-request-id")), (requestId) =>
    handler({ form, requestId, request, params }).pipe(
      Effect.catchAllCause((cause) => {
        const failure = Cause.failureOption(cause)
        if (failure._tag === "Some") return Effect.succeed(docsErrorResponse(form, failure.value, requestId))
        if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
        return Effect.logError("document service failure", cause).pipe(
          Effect.as(docsErrorResponse(form, new InternalFailure({ cause }), requestId))
        )
      })
    ))
