/**
 * The flat form (spec 2): `POST /upload`, `POST /parse` (sync, `timeout_seconds`),
 * `POST /parse_async`, `GET /jobs`, `GET /jobs/{job_id}`, `POST /jobs/{job_id}/cancel`.
 */
import { Effect, Schema } from "effect"
import { docsJson } from "../../api/envelope.js"
import { rawBody } from "../../api/endpoint.js"
import { optionalParam, queryInt, queryLiteral, queryPattern, withDefault } from "../../api/schemas.js"
import { UUID } from "../../api/inputs.js"
import { flatSummary, statusesOfFlat } from "../../jobs/projections.js"
import { cancelJob, jobOf, jobsPageOf } from "../job-access.js"
import { docsEndpoint, JobIdParams, MULTIPART_FILE } from "./endpoints.js"
import { flatOperationEndpoints } from "./operation-routes.js"
import { PARSE } from "./parse-operation.js"
import { renderFlatJob } from "./render-job.js"
import { uploadFile } from "./upload-route.js"

const JobsQuery = Schema.Struct({
  limit: withDefault(queryInt(1, 200), 50),
  cursor: optionalParam(queryPattern(UUID, "must be a job_id (uuid) from next_cursor", { type: "string", format: "uuid" })),
  status: optionalParam(
    queryLiteral(["pending", "running", "succeeded", "failed"] as const, "must be one of pending, running, succeeded, failed")
  )
})

export const flatEndpoints = [
  docsEndpoint({
    method: "POST",
    path: "/upload",
    form: "flat",
    tag: "flat form",
    summary: "Upload a file; its handle (svc://file/…) is valid for 24 hours",
    body: rawBody("multipart/form-data with one part named `file`", MULTIPART_FILE),
    responses: [{ status: 200, description: "`{file_id, file_name, expires_at, source_url}`" }],
    errors: [[400, "bad_request"], [413, "payload_too_large"], [422, "validation_error"]],
    handler: ({ ctx, caller }) => uploadFile(ctx, caller)
  }),
  ...flatOperationEndpoints("/parse", PARSE, "Parse a file"),
  docsEndpoint({
    method: "GET",
    path: "/jobs",
    form: "flat",
    tag: "flat form",
    summary: "List jobs, newest first",
    limits: "unlimited",
    query: JobsQuery,
    responses: [{ status: 200, description: "`{jobs, next_cursor}`" }],
    errors: [[404, "not_found"], [422, "validation_error"]],
    handler: ({ ctx, caller, query }) =>
      Effect.map(
        jobsPageOf({
          tenantId: caller.tenant.tenant_id,
          statuses: query.status === undefined ? undefined : statusesOfFlat(query.status),
          cursor: query.cursor,
          limit: query.limit
        }),
        (page) => docsJson(200, { jobs: page.jobs.map(flatSummary), next_cursor: page.nextCursor }, ctx.requestId)
      )
  }),
  docsEndpoint({
    method: "GET",
    path: "/jobs/:job_id",
    form: "flat",
    tag: "flat form",
    summary: "Read a job",
    limits: "unlimited",
    params: JobIdParams,
    responses: [{ status: 200, description: "the job (flat form)" }],
    errors: [[404, "not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.flatMap(jobOf(caller, params.job_id), (job) => Effect.map(renderFlatJob(ctx, job), (view) => docsJson(200, view, ctx.requestId)))
  }),
  docsEndpoint({
    method: "POST",
    path: "/jobs/:job_id/cancel",
    form: "flat",
    tag: "flat form",
    summary: "Cancel a job (a finished job is returned as it is)",
    params: JobIdParams,
    responses: [{ status: 200, description: "the job (flat form)" }],
    errors: [[404, "not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.flatMap(cancelJob(caller, params.job_id, null), ({ job }) =>
        Effect.map(renderFlatJob(ctx, job), (view) => docsJson(200, view, ctx.requestId)))
  })
]
