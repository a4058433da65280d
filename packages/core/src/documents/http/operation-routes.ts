/**
 * The create routes of every document operation, in both forms (spec 2, "Endpoints"):
 * - flat `POST /<op>` (sync: waits up to `timeout_seconds`, 1–300, default 120; 408 when the job
 *   is still running; 202 when the tenant's concurrent sync waits are at their cap) and
 *   `POST /<op>_async` (202 `{job_id}`), body `file`, `idempotency_key` and the operation's fields,
 *   unknown fields refused;
 * - v1 `POST /v1/<op>`: body `source`, `wait_seconds` (0–300; 200 with the finished job when it
 *   finishes in time, else 202) and the operation's fields, header `Idempotency-Key`.
 * What differs per operation is an `OperationSpec`: the extension list, its body fields and how
 * they become the job's frozen parameters.
 */
import { Clock, Effect } from "effect"
import { route } from "../../platform/router.js"
import { isTerminal, type JobForm, type JobInput, type JobKind } from "../../jobs/job.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import type { DocumentOperation } from "../supported-extensions.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { type ApiError, invalid } from "../../api/errors.js"
import { JobCancelled, ResultExpired, SyncTimeout } from "../../jobs/errors.js"
import { docsJson } from "../../api/envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import { failIfAny, idempotencyKeyError, isFieldError, type Json, jsonBody, numberParam, queryOf, unknownFields } from "../../api/inputs.js"
import { waitForJob } from "../job-access.js"
import { renderFlatJob, renderV1Job } from "./render-job.js"
import { flatFileInput, v1SourceInput } from "../sources/source-input.js"

export interface OperationSpec<R = never> {
  /** the job kind created */
  readonly kind: JobKind
  /** whose extension list applies */
  readonly operation: DocumentOperation
  /** the operation's own body fields (besides the file, the idempotency key and `wait_seconds`) */
  readonly fields: ReadonlyArray<string>
  /** the job's parameters from those fields (a refusal names the field) */
  readonly params?: (
    body: Json,
    caller: Caller,
    form: JobForm,
    fileName: string
  ) => Effect.Effect<Readonly<Record<string, unknown>>, ApiError, R>
}

/** An operation spec with its requirements inferred. */
export const operationSpec = <R>(spec: OperationSpec<R>): OperationSpec<R> => spec

/** The job of a checked create: the operation's parameters added to the file, behind the tenant's limits. */
const createOperationJob = <R>(
  ctx: DocsContext,
  caller: Caller,
  spec: OperationSpec<R>,
  request: { readonly body: Json; readonly form: JobForm; readonly file: Pick<JobInput, "source" | "file_name">; readonly idempotencyKey: string | null }
) =>
  Effect.gen(function*() {
    const { body, file, form } = request
    const input: JobInput = spec.params === undefined
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

const flatCreate = <R>(ctx: DocsContext, caller: Caller, spec: OperationSpec<R>) =>
  Effect.gen(function*() {
    const body: Json = yield* jsonBody(ctx.request)
    const errors = unknownFields(body, ["file", "idempotency_key", ...spec.fields])
    if (body.idempotency_key !== undefined) {
      const e = idempotencyKeyError("idempotency_key", body.idempotency_key)
      if (e !== undefined) errors.push(e)
    }
    yield* failIfAny(errors)
    const file = yield* flatFileInput(caller, body.file, spec.operation)
    return yield* createOperationJob(ctx, caller, spec, {
      body,
      form: "flat",
      file,
      idempotencyKey: (body.idempotency_key as string | undefined) ?? null
    })
  })

/** `POST <path>` (sync) and `POST <path>_async` of the flat form. */
export const flatOperationRoutes = <R>(path: string, spec: OperationSpec<R>) => [
  route(
    "POST",
    path,
    authedHandler("flat", (ctx, caller) =>
      Effect.gen(function*() {
        const timeout = numberParam(queryOf(ctx.request), "timeout_seconds", 1, 300, 120)
        if (isFieldError(timeout)) return yield* invalid(timeout.field, timeout.message)
        const { job } = yield* flatCreate(ctx, caller, spec)
        const settled = yield* waitForJob(caller, job, timeout * 1000)
        if (settled === undefined) return docsJson(202, { job_id: job.job_id }, ctx.requestId)
        if (settled.status === "queued" || settled.status === "running") {
          return yield* new SyncTimeout({ jobId: job.job_id, seconds: timeout })
        }
        return docsJson(200, yield* renderFlatJob(ctx, settled), ctx.requestId)
      }))
  ),
  route(
    "POST",
    `${path}_async`,
    authedHandler("flat", (ctx, caller) =>
      Effect.map(flatCreate(ctx, caller, spec), ({ job }) => docsJson(202, { job_id: job.job_id }, ctx.requestId)))
  )
]

/** `POST <path>` of the v1 form. */
export const v1OperationRoute = <R>(path: string, spec: OperationSpec<R>) =>
  route(
    "POST",
    path,
    authedHandler("v1", (ctx, caller) =>
      Effect.gen(function*() {
        const body: Json = yield* jsonBody(ctx.request)
        const errors = unknownFields(body, ["source", "wait_seconds", ...spec.fields])
        const wait = body.wait_seconds ?? 0
        if (typeof wait !== "number" || !Number.isFinite(wait) || wait < 0 || wait > 300) {
          errors.push({ field: "wait_seconds", message: "must be a number from 0 to 300" })
        }
        const key = ctx.request.header("idempotency-key")
        if (key !== undefined) {
          const e = idempotencyKeyError("Idempotency-Key", key)
          if (e !== undefined) errors.push(e)
        }
        yield* failIfAny(errors)
        const file = yield* v1SourceInput(caller, body.source, spec.operation)
        const { job } = yield* createOperationJob(ctx, caller, spec, { body, form: "v1", file, idempotencyKey: key ?? null })
        const settled = (wait as number) > 0 ? (yield* waitForJob(caller, job, (wait as number) * 1000)) ?? job : job
        if (settled.status === "cancelled") return yield* new JobCancelled({ jobId: settled.job_id })
        // a replay (same Idempotency-Key) of a job whose payload retention has passed
        if (settled.status === "succeeded" && (yield* Clock.currentTimeMillis) >= settled.payload_expires_at) {
          return yield* new ResultExpired({ jobId: settled.job_id })
        }
        return docsJson(isTerminal(settled.status) ? 200 : 202, yield* renderV1Job(ctx, settled), ctx.requestId)
      }))
  )
