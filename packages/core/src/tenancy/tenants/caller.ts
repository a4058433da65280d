/**
 * The caller of a document- or workspace-service request: a valid `X-API-Key` (401 otherwise),
 * then counted toward the tenant's requests per minute (429 past it) unless the route is a job
 * read. Shared by every context serving `X-API-Key` routes (documents, workspaces).
 */
import { Effect } from "effect"
import type { ApiContext } from "../../api/handler.js"
import { checkRequestRate } from "../limits/rate-limit.js"
import { authenticateDocs } from "./authenticate.js"

/** Whether a route counts toward the tenant's requests per minute (job reads do not). */
export type Limits = "rate-limited" | "unlimited"

export const callerOf = (ctx: ApiContext, limits: Limits = "rate-limited") =>
  Effect.flatMap(authenticateDocs(ctx.request.header("x-api-key")), (caller) =>
    limits === "unlimited" ? Effect.succeed(caller) : Effect.as(checkRequestRate(caller.tenant), caller))
