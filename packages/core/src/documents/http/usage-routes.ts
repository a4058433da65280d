/** `GET /v1/usage` and `GET /v1/usage/overview` (spec 2, "Usage"). */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { docsJson } from "../../api/envelope.js"
import { invalid } from "../../api/errors.js"
import { optionalParam, queryLiteral, queryPattern, withDefault } from "../../api/schemas.js"
import { DAY_MS, MAX_USAGE_DAYS, OVERVIEW_WINDOWS, parseUtcDate, usageOverview, usageReport } from "../../tenancy/billing/usage-report.js"
import { docsEndpoint } from "./endpoints.js"

const UsageDate = queryPattern(/^/, "must be a date YYYY-MM-DD", { type: "string", format: "date" }).pipe(
  Schema.filter((raw) => parseUtcDate(raw) !== undefined),
  fieldMessage({ invalid: "must be a date YYYY-MM-DD", missing: "is required (a date YYYY-MM-DD)" })
)

const UsageQuery = Schema.Struct({
  period_start: UsageDate,
  period_end: UsageDate,
  group_by: withDefault(queryLiteral(["day", "kind", "workspace"] as const, "must be one of day, kind, workspace"), "day"),
  workspace_id: optionalParam(
    queryPattern(/^.{1,128}$/s, "must be a workspace id")
  )
})

const WINDOWS = Object.keys(OVERVIEW_WINDOWS) as ReadonlyArray<keyof typeof OVERVIEW_WINDOWS>

export const usageEndpoints = [
  docsEndpoint({
    method: "GET",
    path: "/v1/usage",
    form: "v1",
    tag: "v1 usage",
    summary: "Usage over a period of at most 366 days, by day, kind or workspace",
    query: UsageQuery,
    responses: [{ status: 200, description: "the usage report" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.gen(function*() {
        const start = parseUtcDate(query.period_start)!
        const end = parseUtcDate(query.period_end)!
        if (end < start) return yield* invalid("period_end", "must not be before period_start")
        if ((end - start) / DAY_MS + 1 > MAX_USAGE_DAYS) {
          return yield* invalid("period_end", `the period must span at most ${MAX_USAGE_DAYS} days`)
        }
        const report = yield* usageReport({
          tenantId: caller.tenant.tenant_id,
          start,
          end,
          groupBy: query.group_by,
          workspaceId: query.workspace_id
        })
        return docsJson(200, report, ctx.requestId)
      })
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/usage/overview",
    form: "v1",
    tag: "v1 usage",
    summary: "Usage over the last 7, 30 or 90 days",
    query: Schema.Struct({ window: withDefault(queryLiteral(WINDOWS, "must be one of 7d, 30d, 90d"), "7d") }),
    responses: [{ status: 200, description: "the usage overview" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) => Effect.map(usageOverview(caller.tenant.tenant_id, query.window), (o) => docsJson(200, o, ctx.requestId))
  })
]
