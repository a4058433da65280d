/** The frame of every decision-service route: its request id, its envelope, its defects. */
import { Cause, Effect } from "effect"
import { Ids, newRequestId } from "../../kernel/ids.js"
import type { DocketRequest } from "../../platform/request.js"
import type { RequestScope } from "../../platform/request-scope.js"
import type { DocketResponse } from "../../platform/response.js"
import type { PathParams } from "../../platform/router.js"
import { type DecisionError, InternalError } from "../errors.js"
import { decisionErrorResponse } from "./envelope.js"

/**
 * Runs a decision handler with its request id: every response, error or not, carries the id in
 * the body and in `x-request-id` / `x-sdk-request-id`; defects become 500 `internal_error`.
 */
export const decisionHandler = <R>(
  handler: (request: DocketRequest, requestId: string, scope: RequestScope, params: PathParams) => Effect.Effect<DocketResponse, DecisionError, R>
) =>
(request: DocketRequest, params: PathParams, scope: RequestScope): Effect.Effect<DocketResponse, never, R | Ids> =>
  Effect.flatMap(Ids, (ids) => {
    const requestId = newRequestId(ids)
    return handler(request, requestId, scope, params).pipe(
      Effect.catchAllCause((cause) => {
        const failure = Cause.failureOption(cause)
        if (failure._tag === "Some") return Effect.succeed(decisionErrorResponse(failure.value, requestId))
        if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
        return Effect.logError("unexpected failure", cause).pipe(
          Effect.as(decisionErrorResponse(new InternalError({ message: "defect" }), requestId))
        )
      })
    )
  })

