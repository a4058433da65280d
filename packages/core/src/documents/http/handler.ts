/**
 * The caller of a document-service request: a valid `X-API-Key` (401 otherwise), then counted
 * toward the tenant's requests per minute (429 past it) unless the route is a job read.
 */
import { Effect } from "effect"
import type { ApiContext } from "../../api/handler.js"
import { authenticateDocs } from "../../tenancy/tenants/authenticate.js"
import { checkRequestRate } from "../../tenancy/limits/rate-limit.js"

/** What a document-service handler knows of its request (form, request id, path parameters). */
export type DocsContext = ApiContext

/** Whether a route counts toward the tenant's requests per minute (job reads do not). */
export type Limits = "rate-limited" | "unlimited"

export const callerOf = (ctx: DocsContext, limits: Limits = "rate-limited") =>
  Effect.flatMap(authenticateDocs(ctx.request.header("x-api-key")), (caller) =>
    limits === "unlimited" ? Effect.succeed(caller) : Effect.as(checkRequestRate(caller.tenant), caller))
