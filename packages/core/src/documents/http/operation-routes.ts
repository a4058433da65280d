/**
 * The create routes of every document operation, in both forms (spec 2, "Endpoints"):
 * - flat `POST /<op>` (sync: waits up to `timeout_seconds`, 1–300, default 120; 408 when the job
 *   is still running; 202 when the tenant's concurrent sync waits are at their cap) and
 *   `POST /<op>_async` (202 `{job_id}`), body `file`, `idempotency_key` and the operation's fields,
 *   unknown fields refused;
 * - v1 `POST /v1/<op>`: body `source`, `wait_seconds` (0–300; 200 with the finished job when it
 *   finishes in time, else 202) and the operation's fields, header `Idempotency-Key`.
 * What differs per operation is an `OperationSpec`: the extension list, its body fields (as
 * `Schema`s, per form) and how they become the job's frozen parameters.
 */
import { Clock, Effect, Schema } from "effect"
import { docsJson } from "../../api/envelope.js"
import { type ApiError, invalid } from "../../api/errors.js"
import type { ApiContext } from "../../api/handler.js"
import { decodeStage, jsonBodyOf } from "../../api/endpoint.js"
import { IdempotencyKey, queryNumber, withDefault } from "../../api/schemas.js"
import { fieldMessage } from "../../api/decode.js"
import { JobCancelled, ResultExpired, SyncTimeout } from "../../jobs/errors.js"
import { isTerminal, type JobForm, type JobKind } from "../../jobs/job.js"
import type { DocumentJobInput } from "../document-job.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { waitForJob } from "../job-access.js"
import { FlatFile, flatFileInput, V1Source, v1SourceInput } from "../sources/source-input.js"
import type { DocumentOperation } from "../supported-extensions.js"
import { docsEndpoint } from "./endpoints.js"
import { renderFlatJob, renderV1Job } from "./render-job.js"

export interface OperationSpec<B = {}, R = never> {
  /** the job kind created */
  readonly kind: JobKind
  /** whose extension list applies */
  readonly operation: DocumentOperation
  /** the operation's own body fields (besides the file, the idempotency key and `wait_seconds`) */
  readonly fields: (form: JobForm) => Schema.Struct.Fields
  /** the job's parameters from those fields, decoded (a refusal names the field) */
  readonly params?: (
    body: B,
    caller: Caller,
    form: JobForm,
    fileName: string
  ) => Effect.Effect<Readonly<Record<string, unknown>>, ApiError, R>
}

/** An operation spec with its requirements inferred. */
export const operationSpec = <B, R>(spec: OperationSpec<B, R>): OperationSpec<B, R> => spec

/** The job of a checked create: the operation's parameters added to the file, behind the tenant's limits. */
const createOperationJob = <B, R>(
  ctx: ApiContext,
  caller: Caller,
  spec: OperationSpec<B, R>,
  request: { readonly body: B; readonly form: JobForm; readonly file: Pick<DocumentJobInput, "source" | "file_name">; readonly idempotencyKey: string | null }
) =>
  Effect.gen(function*() {
    const { body, file, form } = request
    const input: DocumentJobInput = spec.params === undefined
      ? file
      : { ...file, params: yield* spec.params(body, caller, form, file.file_name), form }
    return yield* createAdmittedJob(caller.tenant, {
      tenantId: caller.tenant.tenant_id,
      kind: spec.kind,
      input,
      idempotencyKey: request.idempotencyKey,
      requestId: ctx.requestId
    })
  })

/**
 * A create's body is checked in the order users have always seen: its own fields and the
 * idempotency key (stage 1), then the file (stage 2: its shape, then whether it is the caller's),
 * then the operation's fields (stage 3). A later stage's problems are told once the earlier pass.
 */
const opKeys = (spec: OperationSpec<any, any>, form: JobForm) =>
  Object.fromEntries(Object.keys(spec.fields(form)).map((k) => [k, Schema.optional(Schema.Unknown)]))

const stages = (first: Schema.Struct.Fields, second: Schema.Struct.Fields) =>
  Schema.Struct(first).pipe(Schema.compose(Schema.Struct(second), { strict: false }))

const flatBody = (spec: OperationSpec<any, any>) =>
  stages(
    { file: Schema.optional(Schema.Unknown), idempotency_key: Schema.optional(IdempotencyKey), ...opKeys(spec, "flat") },
    { file: FlatFile, idempotency_key: Schema.optional(Schema.String), ...opKeys(spec, "flat") }
  ) as unknown as Schema.Schema<{ readonly file: typeof FlatFile.Type; readonly idempotency_key?: string } & Record<string, unknown>>

const flatDocument = (spec: OperationSpec<any, any>) =>
  Schema.Struct({ file: FlatFile, idempotency_key: Schema.optional(IdempotencyKey), ...spec.fields("flat") })

/** Stage 3: the operation's own fields, decoded by one schema built with the endpoint. */
const operationFields = <B>(spec: OperationSpec<B, any>, form: JobForm) => {
  const fields = spec.fields(form)
  const schema = Schema.Struct(fields) as unknown as Schema.Schema<B, any>
  return (body: Record<string, unknown>) =>
    decodeStage(schema, Object.fromEntries(Object.keys(fields).filter((k) => k in body).map((k) => [k, body[k]])))
}

const flatCreate = <B, R>(
  ctx: ApiContext,
  caller: Caller,
  spec: OperationSpec<B, R>,
  ownFields: (body: Record<string, unknown>) => Effect.Effect<B, ApiError>,
  body: { readonly file: typeof FlatFile.Type; readonly idempotency_key?: string } & Record<string, unknown>
) =>
  Effect.gen(function*() {
    const file = yield* flatFileInput(caller, body.file, spec.operation)
    const own = yield* ownFields(body)
    return yield* createOperationJob(ctx, caller, spec, { body: own, form: "flat", file, idempotencyKey: body.idempotency_key ?? null })
  })

/** What a create of the flat form may answer besides every route's errors. */
const FLAT_CREATE_ERRORS = [
  [400, "bad_request"],
  [402, "quota_exceeded"],
  [403, "forbidden"],
  [404, "not_found"],
  [409, "idempotency_key_reused"],
  [410, "upload_expired"],
  [422, "validation_error"]
] as const

const FLAT_JOB = { status: 200, description: "the finished job (flat form)" }

/** `POST <path>` (sync) and `POST <path>_async` of the flat form. */
export const flatOperationEndpoints = <B, R>(path: string, spec: OperationSpec<B, R>, summary: string) => {
  const body = jsonBodyOf(flatBody(spec), { document: flatDocument(spec) })
  const ownFields = operationFields(spec, "flat")
  return [
    docsEndpoint({
      method: "POST",
      path,
      form: "flat",
      tag: "flat form",
      summary: `${summary} and wait for the result`,
      query: Schema.Struct({ timeout_seconds: withDefault(queryNumber(1, 300), 120) }),
      body,
      responses: [FLAT_JOB, { status: 202, description: "`{job_id}`: the tenant's concurrent sync waits are at their cap; poll the job" }],
      errors: [...FLAT_CREATE_ERRORS, [408, "timeout"]],
      handler: ({ ctx, caller, query, body }) =>
        Effect.gen(function*() {
          const timeout = query.timeout_seconds
          const { job } = yield* flatCreate(ctx, caller, spec, ownFields, body)
          const settled = yield* waitForJob(caller, job, timeout * 1000)
          if (settled === undefined) return docsJson(202, { job_id: job.job_id }, ctx.requestId)
          if (settled.status === "queued" || settled.status === "running") {
            return yield* new SyncTimeout({ jobId: job.job_id, seconds: timeout })
          }
          return docsJson(200, yield* renderFlatJob(ctx, settled), ctx.requestId)
        })
    }),
    docsEndpoint({
      method: "POST",
      path: `${path}_async`,
      form: "flat",
      tag: "flat form",
      summary: `${summary} as a job`,
      body,
      responses: [{ status: 202, description: "`{job_id}`" }],
      errors: FLAT_CREATE_ERRORS,
      handler: ({ ctx, caller, body }) =>
        Effect.map(flatCreate(ctx, caller, spec, ownFields, body), ({ job }) => docsJson(202, { job_id: job.job_id }, ctx.requestId))
    })
  ]
}

const WaitSeconds = Schema.Number.pipe(Schema.finite(), Schema.between(0, 300), fieldMessage("must be a number from 0 to 300"))

const v1Body = (spec: OperationSpec<any, any>) =>
  stages(
    { source: Schema.optional(Schema.Unknown), wait_seconds: Schema.optionalWith(WaitSeconds, { nullable: true }), ...opKeys(spec, "v1") },
    { source: V1Source, wait_seconds: Schema.optional(Schema.Number), ...opKeys(spec, "v1") }
  ) as unknown as Schema.Schema<{ readonly source: typeof V1Source.Type; readonly wait_seconds?: number } & Record<string, unknown>>

/**
 * `wait_seconds` in the query (where spec 3 puts it for every job-creating call) or in the body
 * (spec 2): either, or both with the same value; both with different values is 422 (README,
 * "Decisions where the spec is silent").
 */
const waitSecondsOf = (query: number | undefined, body: number | undefined) =>
  query !== undefined && body !== undefined && query !== body
    ? Effect.fail(invalid("wait_seconds", `is ${query} in the query and ${body} in the body; give it once, or the same in both`))
    : Effect.succeed(query ?? body ?? 0)

const v1Document = (spec: OperationSpec<any, any>) =>
  Schema.Struct({ source: V1Source, wait_seconds: Schema.optional(WaitSeconds), ...spec.fields("v1") })

/** `POST <path>` of the v1 form. */
export const v1OperationEndpoint = <B, R>(path: string, spec: OperationSpec<B, R>, summary: string) => {
  const ownFields = operationFields(spec, "v1")
  return docsEndpoint({
    method: "POST",
    path,
    form: "v1",
    tag: "v1",
    summary,
    query: Schema.Struct({
      wait_seconds: Schema.optional(queryNumber(0, 300)).annotations({
        description: "how long to wait for the job to finish (as wait_seconds in the body)"
      })
    }),
    headers: [{ name: "Idempotency-Key", description: "a replay with the same key returns the same job", schema: IdempotencyKey }],
    body: jsonBodyOf(v1Body(spec), { document: v1Document(spec) }),
    responses: [
      { status: 200, description: "the finished job (v1 form)" },
      { status: 202, description: "the job, still queued or running after `wait_seconds`" }
    ],
    errors: [
      [402, "quota_exceeded"],
      [403, "access_denied"],
      [404, "file_not_found"],
      [404, "job_not_found"],
      [409, "idempotency_key_reused"],
      [409, "upload_expired"],
      [409, "job_cancelled"],
      [410, "result_expired"],
      [422, "invalid_request"],
      [422, "unsupported_file_type"],
      [429, "concurrency_limit_reached"]
    ],
    handler: ({ ctx, caller, query, body, headers }) =>
      Effect.gen(function*() {
        const wait = yield* waitSecondsOf(query.wait_seconds, body.wait_seconds)
        const key = headers["Idempotency-Key"] as string | undefined
        const file = yield* v1SourceInput(caller, body.source, spec.operation)
        const own = yield* ownFields(body)
        const { job } = yield* createOperationJob(ctx, caller, spec, { body: own, form: "v1", file, idempotencyKey: key ?? null })
        const settled = wait > 0 ? (yield* waitForJob(caller, job, wait * 1000)) ?? job : job
        if (settled.status === "cancelled") return yield* new JobCancelled({ jobId: settled.job_id })
        // a replay (same Idempotency-Key) of a job whose payload retention has passed
        if (settled.status === "succeeded" && (yield* Clock.currentTimeMillis) >= settled.payload_expires_at) {
          return yield* new ResultExpired({ jobId: settled.job_id })
        }
        return docsJson(isTerminal(settled.status) ? 200 : 202, yield* renderV1Job(ctx, settled), ctx.requestId)
      })
  })
}
