/**
 * The flat form (spec 2): `POST /upload`, `POST /parse` (sync, `timeout_seconds`),
 * `POST /parse_async`, `GET /jobs`, `GET /jobs/{job_id}`, `POST /jobs/{job_id}/cancel`.
 */
import { Effect } from "effect"
import { route } from "../../platform/router.js"
import { type FlatStatus, flatSummary, statusesOfFlat } from "../../jobs/projections.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { uploadFile } from "./upload-route.js"
import { type FieldError } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import { failIfAny, intParam, isFieldError, queryOf, UUID } from "../../api/inputs.js"
import { cancelJob, jobOf, jobsPageOf } from "../job-access.js"
import { flatOperationRoutes } from "./operation-routes.js"
import { PARSE } from "./parse-operation.js"
import { renderFlatJob } from "./render-job.js"

const jobsPage = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const q = queryOf(ctx.request)
    const errors: Array<FieldError> = []
    const limit = intParam(q, "limit", 1, 200, 50)
    if (isFieldError(limit)) errors.push(limit)
    const cursor = q.get("cursor") ?? undefined
    if (cursor !== undefined && !UUID.test(cursor)) errors.push({ field: "cursor", message: "must be a job_id (uuid) from next_cursor" })
    const status = q.get("status") ?? undefined
    if (status !== undefined && !["pending", "running", "succeeded", "failed"].includes(status)) {
      errors.push({ field: "status", message: "must be one of pending, running, succeeded, failed" })
    }
    yield* failIfAny(errors)
    const page = yield* jobsPageOf({
      tenantId: caller.tenant.tenant_id,
      statuses: status === undefined ? undefined : statusesOfFlat(status as FlatStatus),
      cursor,
      limit: limit as number
    })
    return docsJson(200, { jobs: page.jobs.map(flatSummary), next_cursor: page.nextCursor }, ctx.requestId)
  })

export const flatRoutes = [
  route("POST", "/upload", authedHandler("flat", uploadFile)),
  ...flatOperationRoutes("/parse", PARSE),
  route("GET", "/jobs", authedHandler("flat", jobsPage, "unlimited")),
  route(
    "GET",
    "/jobs/:job_id",
    authedHandler("flat", (ctx, caller) =>
      Effect.flatMap(jobOf(caller, ctx.params.job_id), (job) =>
        Effect.map(renderFlatJob(ctx, job), (view) => docsJson(200, view, ctx.requestId))), "unlimited")
  ),
  route(
    "POST",
    "/jobs/:job_id/cancel",
    authedHandler("flat", (ctx, caller) =>
      Effect.flatMap(cancelJob(caller, ctx.params.job_id, null), ({ job }) =>
        Effect.map(renderFlatJob(ctx, job), (view) => docsJson(200, view, ctx.requestId))))
  )
]
