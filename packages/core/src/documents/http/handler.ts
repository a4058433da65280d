/**
 * The document service's handlers: `docsHandler` answers in the envelope of its form
 * (`../../api/handler.ts`); `authedHandler` needs a valid `X-API-Key` first.
 */
import { Effect } from "effect"
import { type ApiContext, apiHandler } from "../../api/handler.js"
import type { ApiForm } from "../../api/envelope.js"
import type { ApiError } from "../../api/errors.js"
import type { DocketResponse } from "../../platform/response.js"
import { authenticateDocs, type Caller } from "../../tenancy/tenants/authenticate.js"
import type { TenantStore } from "../../tenancy/tenants/tenant-store.js"
import { checkRequestRate } from "../../tenancy/limits/rate-limit.js"
import type { RequestRateStore } from "../../tenancy/limits/request-rate-store.js"

export type DocsContext = ApiContext

export const docsHandler = apiHandler

/** Whether a route counts toward the tenant's requests per minute (job reads do not). */
export type Limits = "rate-limited" | "unlimited"

/**
 * The caller of a request: a valid `X-API-Key` (401 otherwise), then counted toward the tenant's
 * requests per minute (429 past it) unless `limits` is `"unlimited"`.
 */
export const callerOf = (ctx: DocsContext, limits: Limits = "rate-limited") =>
  Effect.flatMap(authenticateDocs(ctx.request.header("x-api-key")), (caller) =>
    limits === "unlimited" ? Effect.succeed(caller) : Effect.as(checkRequestRate(caller.tenant), caller))

export const authedHandler = <R>(
  form: ApiForm,
  handler: (ctx: DocsContext, caller: Caller) => Effect.Effect<DocketResponse, ApiError, R>,
  limits: Limits = "rate-limited"
) =>
  docsHandler<R | TenantStore | RequestRateStore>(form, (ctx) => Effect.flatMap(callerOf(ctx, limits), (caller) => handler(ctx, caller)))
