/**
 * The v1 form (spec 2): `POST /v1/parse` (`source`, `wait_seconds`, `Idempotency-Key`),
 * `GET /v1/jobs`, `GET /v1/jobs/{job_id}`, `POST /v1/jobs/{job_id}/cancel`.
 */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { invalid } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { UUID } from "../../api/inputs.js"
import { optionalParam, queryInt, queryPattern, QueryValues, withDefault } from "../../api/schemas.js"
import { JobNotCancellable } from "../../jobs/errors.js"
import { SPEC_JOB_KINDS, type JobStatus } from "../../jobs/job.js"
import { JobKinds } from "../../jobs/job-kinds.js"
import { v1JobList } from "../../jobs/projections.js"
import { cancelJob, jobOf, jobsPageOf } from "../job-access.js"
import { docsEndpoint, JobIdParams } from "./endpoints.js"
import { v1OperationEndpoint } from "./operation-routes.js"
import { PARSE } from "./parse-operation.js"
import { renderV1Job } from "./render-job.js"

const V1_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const satisfies ReadonlyArray<JobStatus>
/** A repeatable query parameter whose every value is one of `values`. */
const each = <const L extends ReadonlyArray<string>>(values: L, message: (value: unknown) => string) =>
  Schema.optionalWith(
    QueryValues.pipe(Schema.compose(Schema.Array(Schema.Literal(...values).pipe(fieldMessage({ invalid: message }))))).annotations({
      jsonSchema: { type: "array", items: { type: "string", enum: values }, description: "repeat the parameter for several values" }
    }),
    { default: () => [] }
  )

const JobsQuery = Schema.Struct({
  limit: withDefault(queryInt(1, 200), 50),
  status: each(V1_STATUSES, (s) => `${s} is not one of ${V1_STATUSES.join(", ")}`),
  // the specs' kind names, and any other kind the instance registers (checked by the handler)
  kind: Schema.optionalWith(
    QueryValues.annotations({ jsonSchema: { type: "array", items: { type: "string", enum: SPEC_JOB_KINDS }, description: "repeat the parameter for several values" } }),
    { default: () => [] }
  ),
  created_after: optionalParam(
    queryPattern(
      /^\d{4}-\d{2}-\d{2}/,
      "must be an ISO 8601 date-time",
      { type: "string", format: "date-time" }
    ).pipe(Schema.filter((s) => !Number.isNaN(Date.parse(s))), fieldMessage("must be an ISO 8601 date-time"))
  ),
  cursor: optionalParam(queryPattern(UUID, "must be a next_cursor value", { type: "string", format: "uuid" })),
  workspace_id: optionalParam(queryPattern(/[^]*/, "must be a workspace id"))
})

const CancelBody = Schema.Struct({
  reason: Schema.optional(Schema.String.pipe(Schema.maxLength(1000), fieldMessage("must be a string of at most 1000 characters")))
})

export const v1Endpoints = [
  v1OperationEndpoint("/v1/parse", PARSE, "Parse a file"),
  docsEndpoint({
    method: "GET",
    path: "/v1/jobs",
    form: "v1",
    tag: "v1",
    summary: "List jobs, newest first",
    limits: "unlimited",
    query: JobsQuery,
    responses: [{ status: 200, description: "`{items, next_cursor, total_count}`" }],
    errors: [[404, "not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.gen(function*() {
        const registered = (yield* JobKinds).kinds
        const unknown = query.kind.find((k) => !SPEC_JOB_KINDS.includes(k) && !registered.includes(k))
        if (unknown !== undefined) return yield* invalid("kind", `${unknown} is not a job kind`)
        const page = yield* jobsPageOf({
          tenantId: caller.tenant.tenant_id,
          statuses: [...query.status],
          kinds: [...query.kind],
          // document-operation jobs belong to no workspace: none of them is listed with one
          workspaceId: query.workspace_id,
          createdAfter: query.created_after === undefined ? undefined : Date.parse(query.created_after),
          cursor: query.cursor,
          limit: query.limit
        })
        return docsJson(200, v1JobList(page), ctx.requestId)
      })
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/jobs/:job_id",
    form: "v1",
    tag: "v1",
    summary: "Read a job",
    limits: "unlimited",
    params: JobIdParams,
    responses: [{ status: 200, description: "the job (v1 form)" }],
    errors: [[404, "job_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.flatMap(jobOf(caller, params.job_id), (job) => Effect.map(renderV1Job(ctx, job), (view) => docsJson(200, view, ctx.requestId)))
  }),
  docsEndpoint({
    method: "POST",
    path: "/v1/jobs/:job_id/cancel",
    form: "v1",
    tag: "v1",
    summary: "Cancel a queued or running job",
    params: JobIdParams,
    body: jsonBodyOf(CancelBody, { emptyIsObject: true, optional: true }),
    responses: [{ status: 200, description: "the job, cancelled (v1 form)" }],
    errors: [[404, "job_not_found"], [409, "job_not_cancellable"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { job, changed } = yield* cancelJob(caller, params.job_id, body.reason ?? null)
        if (!changed) return yield* new JobNotCancellable({ jobId: job.job_id, status: job.status })
        return docsJson(200, yield* renderV1Job(ctx, job), ctx.requestId)
      })
  })
]
