/**
 * The v1 form (spec 2): `POST /v1/parse` (`source`, `wait_seconds`, `Idempotency-Key`),
 * `GET /v1/jobs`, `GET /v1/jobs/{job_id}`, `POST /v1/jobs/{job_id}/cancel`.
 */
import { Effect } from "effect"
import { route } from "../../platform/router.js"
import { JOB_KINDS, type JobKind, type JobStatus } from "../../jobs/job.js"
import { v1Summary } from "../../jobs/projections.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { type FieldError } from "../../api/errors.js"
import { JobNotCancellable } from "../../jobs/errors.js"
import { docsJson } from "../../api/envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import { failIfAny, intParam, isFieldError, type Json, jsonBody, queryOf, unknownFields, UUID } from "../../api/inputs.js"
import { cancelJob, jobOf, jobsPageOf } from "../job-access.js"
import { v1OperationRoute } from "./operation-routes.js"
import { PARSE } from "./parse-operation.js"
import { renderV1Job } from "./render-job.js"

const V1_STATUSES: ReadonlyArray<JobStatus> = ["queued", "running", "succeeded", "failed", "cancelled"]
const V1_KINDS = [
  "parse", "split", "classify", "categorize", "extract", "ground", "ingestion", "reconciliation", "kg_build", "file_upload",
  "file_replace", "file_delete", "workspace_delete", "intelligent_search", "filtered_search"
]

const list = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const q = queryOf(ctx.request)
    const errors: Array<FieldError> = []
    const limit = intParam(q, "limit", 1, 200, 50)
    if (isFieldError(limit)) errors.push(limit)
    const statuses = q.getAll("status")
    for (const s of statuses) {
      if (!V1_STATUSES.includes(s as JobStatus)) errors.push({ field: "status", message: `${s} is not one of ${V1_STATUSES.join(", ")}` })
    }
    const kinds = q.getAll("kind")
    for (const k of kinds) if (!V1_KINDS.includes(k)) errors.push({ field: "kind", message: `${k} is not a job kind` })
    const createdAfterText = q.get("created_after") ?? undefined
    const createdAfter = createdAfterText === undefined ? undefined : Date.parse(createdAfterText)
    if (createdAfterText !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(createdAfterText) || Number.isNaN(createdAfter))) {
      errors.push({ field: "created_after", message: "must be an ISO 8601 date-time" })
    }
    const cursor = q.get("cursor") ?? undefined
    if (cursor !== undefined && !UUID.test(cursor)) errors.push({ field: "cursor", message: "must be a next_cursor value" })
    yield* failIfAny(errors)
    const page = q.has("workspace_id")
      // document-operation jobs belong to no workspace
      ? { jobs: [], nextCursor: null, total: 0 }
      : yield* jobsPageOf({
        tenantId: caller.tenant.tenant_id,
        statuses: statuses as Array<JobStatus>,
        kinds: kinds.filter((k): k is JobKind => JOB_KINDS.includes(k as JobKind)),
        createdAfter,
        cursor,
        limit: limit as number
      })
    const onlyOtherKinds = kinds.length > 0 && !kinds.some((k) => JOB_KINDS.includes(k as JobKind))
    return docsJson(
      200,
      onlyOtherKinds
        ? { items: [], next_cursor: null, total_count: 0 }
        : { items: page.jobs.map(v1Summary), next_cursor: page.nextCursor, total_count: page.total },
      ctx.requestId
    )
  })

const cancel = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const body: Json = yield* jsonBody(ctx.request, true)
    const errors = unknownFields(body, ["reason"])
    if (body.reason !== undefined && (typeof body.reason !== "string" || body.reason.length > 1000)) {
      errors.push({ field: "reason", message: "must be a string of at most 1000 characters" })
    }
    yield* failIfAny(errors)
    const { job, changed } = yield* cancelJob(caller, ctx.params.job_id, (body.reason as string | undefined) ?? null)
    if (!changed) return yield* new JobNotCancellable({ jobId: job.job_id, status: job.status })
    return docsJson(200, yield* renderV1Job(ctx, job), ctx.requestId)
  })

export const v1Routes = [
  v1OperationRoute("/v1/parse", PARSE),
  route("GET", "/v1/jobs", authedHandler("v1", list, "unlimited")),
  route(
    "GET",
    "/v1/jobs/:job_id",
    authedHandler("v1", (ctx, caller) =>
      Effect.flatMap(jobOf(caller, ctx.params.job_id), (job) => Effect.map(renderV1Job(ctx, job), (view) => docsJson(200, view, ctx.requestId))), "unlimited")
  ),
  route("POST", "/v1/jobs/:job_id/cancel", authedHandler("v1", cancel))
]
