/** `GET /v1/usage` and `GET /v1/usage/overview` (spec 2, "Usage"). */
import { Effect } from "effect"
import { route } from "../../platform/router.js"
import { MAX_USAGE_DAYS, OVERVIEW_WINDOWS, type OverviewWindow, parseUtcDate, usageOverview, usageReport, DAY_MS } from "../../tenancy/billing/usage-report.js"
import type { UsageGrouping } from "../../tenancy/billing/usage-store.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { type FieldError, invalid } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import { failIfAny, queryOf } from "../../api/inputs.js"

const GROUPINGS: ReadonlyArray<UsageGrouping> = ["day", "kind", "workspace"]

const usage = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const q = queryOf(ctx.request)
    const errors: Array<FieldError> = []
    const date = (name: string) => {
      const raw = q.get(name)
      if (raw === null) errors.push({ field: name, message: "is required (a date YYYY-MM-DD)" })
      else if (parseUtcDate(raw) === undefined) errors.push({ field: name, message: "must be a date YYYY-MM-DD" })
      return raw === null ? undefined : parseUtcDate(raw)
    }
    const start = date("period_start")
    const end = date("period_end")
    const groupBy = q.get("group_by") ?? "day"
    if (!GROUPINGS.includes(groupBy as UsageGrouping)) errors.push({ field: "group_by", message: "must be one of day, kind, workspace" })
    const workspaceId = q.get("workspace_id") ?? undefined
    if (workspaceId !== undefined && (workspaceId === "" || workspaceId.length > 128)) {
      errors.push({ field: "workspace_id", message: "must be a workspace id" })
    }
    yield* failIfAny(errors)
    if (end! < start!) return yield* invalid("period_end", "must not be before period_start")
    if ((end! - start!) / DAY_MS + 1 > MAX_USAGE_DAYS) {
      return yield* invalid("period_end", `the period must span at most ${MAX_USAGE_DAYS} days`)
    }
    const report = yield* usageReport({
      tenantId: caller.tenant.tenant_id,
      start: start!,
      end: end!,
      groupBy: groupBy as UsageGrouping,
      workspaceId
    })
    return docsJson(200, report, ctx.requestId)
  })

const overview = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const window = queryOf(ctx.request).get("window") ?? "7d"
    if (!Object.hasOwn(OVERVIEW_WINDOWS, window)) return yield* invalid("window", "must be one of 7d, 30d, 90d")
    return docsJson(200, yield* usageOverview(caller.tenant.tenant_id, window as OverviewWindow), ctx.requestId)
  })

export const usageRoutes = [
  route("GET", "/v1/usage", authedHandler("v1", usage)),
  route("GET", "/v1/usage/overview", authedHandler("v1", overview))
]
