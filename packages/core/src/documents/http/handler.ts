/**
 * Runs a document-service handler: resolves the request id (the caller's when valid), answers
 * every refusal in the envelope of the form (flat or v1), turns defects into 500
 * `internal_error`, and puts `X-Request-Id` on every response.
 */
import { Cause, Effect } from "effect"
import type { DocketRequest } from "../../platform/request.js"
import type { DocketResponse } from "../../platform/response.js"
import type { PathParams } from "../../platform/router.js"
import type { Ids } from "../../kernel/ids.js"
import { authenticateDocs, type Caller } from "../../tenancy/tenants/authenticate.js"
import type { TenantStore } from "../../tenancy/tenants/tenant-store.js"
import { checkRequestRate } from "../../tenancy/limits/rate-limit.js"
import type { RequestRateStore } from "../../tenancy/limits/request-rate-store.js"
import { type ApiError, InternalFailure } from "../../api/errors.js"
import { type ApiForm, docsErrorResponse } from "../../api/envelope.js"
import { requestIdOf } from "./request-id.js"

export interface DocsContext {
  readonly form: ApiForm
  readonly requestId: string
  readonly request: DocketRequest
  readonly params: PathParams
}

export const docsHandler = <R>(
  form: ApiForm,
  handler: (ctx: DocsContext) => Effect.Effect<DocketResponse, ApiError, R>
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

/**
 * A handler that needs a valid `X-API-Key` first (401 otherwise), then counts toward the tenant's
 * requests per minute (429 past it) unless `limits` is `"unlimited"` (job reads).
 */
export const authedHandler = <R>(
  form: ApiForm,
  handler: (ctx: DocsContext, caller: Caller) => Effect.Effect<DocketResponse, ApiError, R>,
  limits: "rate-limited" | "unlimited" = "rate-limited"
) =>
  docsHandler<R | TenantStore | RequestRateStore>(form, (ctx) =>
    Effect.flatMap(authenticateDocs(ctx.request.header("x-api-key")), (caller) =>
      limits === "unlimited" ? handler(ctx, caller) : Effect.zipRight(checkRequestRate(caller.tenant), handler(ctx, caller))))
