/**
 * A job kind of the tests' own, `test_echo`, in a context of its own: what a context outside
 * `jobs/` (spec 3's workspaces, a host) declares to add a kind — its schemas, its work (which
 * reports progress), both projections, usage and a retention hook — and the create routes that
 * make its jobs (`POST /v1/workspaces/{workspace_id}/echo`, `POST /test_echo_async`). Registered
 * through `makeDocket({ jobKinds, routes })`, nothing else: the job routes of both forms read,
 * wait on, stream, cancel and list its jobs.
 */
import { Duration, Effect, Schema } from "effect"
import type { DocketOptions } from "../docket.js"
import { isTerminal } from "../jobs/job.js"
import { defineJobKind } from "../jobs/job-kind.js"
import { createAdmittedJob } from "../tenancy/limits/admit-job.js"
import type { Caller } from "../tenancy/tenants/authenticate.js"
import { jsonBodyOf } from "../api/endpoint.js"
import { docsJson } from "../api/envelope.js"
import type { ApiContext } from "../api/handler.js"
import { queryNumber, withDefault } from "../api/schemas.js"
import { waitForJob } from "../documents/job-access.js"
import { docsEndpoint } from "../documents/http/endpoints.js"
import { renderV1Job } from "../documents/http/render-job.js"

export const TEST_ECHO = "test_echo"

export const EchoInput = Schema.Struct({
  text: Schema.String,
  /** each step waits this long on the service clock, then reports */
  step_ms: Schema.Number,
  steps: Schema.Number
})
export type EchoInput = typeof EchoInput.Type

export const EchoResult = Schema.Struct({ echo: Schema.String, steps: Schema.Number })

/** The kind, and what its retention hook has seen (the job ids whose payload expired). */
export const makeEchoContext = () => {
  const expired: Array<string> = []
  const kind = defineJobKind({
    kind: TEST_ECHO,
    input: EchoInput,
    result: EchoResult,
    stage: "echoing",
    run: (job, report) =>
      Effect.gen(function*() {
        const { step_ms, steps, text } = job.input
        for (let i = 1; i <= steps; i++) {
          if (step_ms > 0) yield* Effect.sleep(Duration.millis(step_ms))
          yield* report({ units_total: steps, units_done: i, items_total: steps, items_done: i })
        }
        return { result: { echo: text, steps }, units: steps }
      }),
    flatResult: (_job, result) => ({ result_type: TEST_ECHO, status: "success", error: null, echo: result.echo }),
    v1Result: (job, result) => ({ result_type: TEST_ECHO, echo: result.echo, steps: result.steps, units: job.units }),
    usage: (job) => ({ pages: job.input.steps, bytes_ingested: job.input.text.length }),
    onPayloadExpired: (job) => Effect.sync(() => (expired.push(job.job_id), 0))
  })

  const EchoBody = Schema.Struct({
    text: Schema.String,
    step_ms: Schema.optionalWith(Schema.Number, { default: () => 0 }),
    steps: Schema.optionalWith(Schema.Number, { default: () => 1 }),
    force: Schema.optional(Schema.Boolean)
  })
  type EchoBody = typeof EchoBody.Type

  const createEcho = (ctx: ApiContext, caller: Caller, options: { readonly workspaceId: string | null; readonly body: EchoBody }) =>
    createAdmittedJob(caller.tenant, {
      tenantId: caller.tenant.tenant_id,
      kind: TEST_ECHO,
      input: { text: options.body.text, step_ms: options.body.step_ms, steps: options.body.steps } satisfies EchoInput,
      workspaceId: options.workspaceId,
      force: options.workspaceId === null ? null : options.body.force === true,
      idempotencyKey: ctx.request.header("idempotency-key") ?? null,
      requestId: ctx.requestId
    })

  const endpoints = [
    // spec 3's shape of a job-creating call: 202 Job, or 200 once it finished within `wait_seconds` (query)
    docsEndpoint({
      method: "POST",
      path: "/v1/workspaces/:workspace_id/echo",
      form: "v1",
      tag: "test",
      summary: "Create a test_echo job in a workspace",
      params: Schema.Struct({ workspace_id: Schema.String }),
      query: Schema.Struct({ wait_seconds: withDefault(queryNumber(0, 300), 0) }),
      body: jsonBodyOf(EchoBody),
      responses: [{ status: 202, description: "the job" }],
      errors: [[422, "invalid_request"]],
      handler: ({ ctx, caller, params, query, body }) =>
        Effect.gen(function*() {
          const { job } = yield* createEcho(ctx, caller, { workspaceId: params.workspace_id, body })
          const settled = query.wait_seconds > 0 ? (yield* waitForJob(caller, job, query.wait_seconds * 1000)) ?? job : job
          return docsJson(isTerminal(settled.status) ? 200 : 202, yield* renderV1Job(ctx, settled), ctx.requestId)
        })
    }),
    docsEndpoint({
      method: "POST",
      path: "/test_echo_async",
      form: "flat",
      tag: "test",
      summary: "Create a test_echo job (flat form)",
      body: jsonBodyOf(EchoBody),
      responses: [{ status: 202, description: "`{job_id}`" }],
      errors: [[422, "validation_error"]],
      handler: ({ ctx, caller, body }) =>
        Effect.gen(function*() {
          const { job } = yield* createEcho(ctx, caller, { workspaceId: null, body })
          return docsJson(202, { job_id: job.job_id }, ctx.requestId)
        })
    })
  ]
  const routes = endpoints.map((e) => e.route)

  const options: Pick<DocketOptions, "jobKinds" | "routes"> = { jobKinds: [kind], routes }
  return { kind, routes, options, expired }
}
