/**
 * The v1 form (spec 2): `POST /v1/parse` (`source`, `wait_seconds`, `Idempotency-Key`),
 * `GET /v1/jobs`, `GET /v1/jobs/{job_id}`, `POST /v1/jobs/{job_id}/cancel`.
 */
import { Clock, Effect } from "effect"
import { route } from "../../http/router.js"
import { createAdmittedJob } from "../limits/admit-job.js"
import { isTerminal, type Job, type JobInput, type JobKind, type JobStatus } from "../jobs/job.js"
import { v1Job, v1Summary } from "../jobs/projections.js"
import type { Caller } from "../tenants/authenticate.js"
import {
  type FieldError,
  invalid,
  JobCancelled,
  JobNotCancellable,
  ResultExpired
} from "./api-errors.js"
import { docsJson } from "./envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import {
  checkExtension,
  failIfAny,
  fileNameError,
  idempotencyKeyError,
  intParam,
  isFieldError,
  isObject,
  type Json,
  jsonBody,
  queryOf,
  unknownFields,
  UUID
} from "./inputs.js"
import { cancelJob, jobOf, jobsPageOf, uploadOf, waitForJob } from "./job-access.js"
import { urlSource } from "../sources/source-url.js"

const V1_STATUSES: ReadonlyArray<JobStatus> = ["queued", "running", "succeeded", "failed", "cancelled"]
const V1_KINDS = [
  "parse", "split", "classify", "categorize", "extract", "ground", "ingestion", "reconciliation", "kg_build", "file_upload",
  "file_replace", "file_delete", "workspace_delete", "intelligent_search", "filtered_search"
]

const renderV1 = (job: Job) => Effect.map(Clock.currentTimeMillis, (now) => v1Job(job, now))

/** `source` of a v1 body → the job's input. */
const v1SourceInput = (caller: Caller, source: unknown) =>
  Effect.gen(function*() {
    if (!isObject(source)) return yield* invalid("source", source === undefined ? "is required" : "must be an object with type")
    if (source.type === "upload") {
      const errors = unknownFields(source, ["type", "upload_id"], "source.")
      if (typeof source.upload_id !== "string" || !UUID.test(source.upload_id)) {
        errors.push({ field: "source.upload_id", message: "must be the file_id of an upload" })
      }
      yield* failIfAny(errors)
      const upload = yield* uploadOf(caller, source.upload_id as string)
      yield* checkExtension("source.upload_id", upload.file_name)
      return { source: { type: "upload", file_id: upload.file_id }, file_name: upload.file_name } satisfies JobInput
    }
    if (source.type === "url") {
      const errors = unknownFields(source, ["type", "url", "file_name"], "source.")
      if (typeof source.url !== "string") errors.push({ field: "source.url", message: "must be an https:// or s3:// URL" })
      const e = fileNameError("source.file_name", source.file_name)
      if (e !== undefined) errors.push(e)
      yield* failIfAny(errors)
      const url = yield* urlSource(caller, "source.url", source.url as string)
      yield* checkExtension("source.file_name", source.file_name as string)
      return { source: url, file_name: source.file_name as string } satisfies JobInput
    }
    return yield* invalid("source.type", "must be upload or url")
  })

const parse = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const body: Json = yield* jsonBody(ctx.request)
    const errors = unknownFields(body, ["source", "wait_seconds"])
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
    const input = yield* v1SourceInput(caller, body.source)
    const { job } = yield* createAdmittedJob(caller.tenant, {
      tenantId: caller.tenant.tenant_id,
      kind: "parse",
      input,
      idempotencyKey: key ?? null,
      requestId: ctx.requestId
    })
    const settled = (wait as number) > 0 ? (yield* waitForJob(caller, job, (wait as number) * 1000)) ?? job : job
    if (settled.status === "cancelled") return yield* new JobCancelled({ jobId: settled.job_id })
    // a replay (same Idempotency-Key) of a job whose payload retention has passed
    if (settled.status === "succeeded" && (yield* Clock.currentTimeMillis) >= settled.payload_expires_at) {
      return yield* new ResultExpired({ jobId: settled.job_id })
    }
    return docsJson(isTerminal(settled.status) ? 200 : 202, yield* renderV1(settled), ctx.requestId)
  })

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
        kinds: kinds.filter((k): k is JobKind => k === "parse"),
        createdAfter,
        cursor,
        limit: limit as number
      })
    const onlyOtherKinds = kinds.length > 0 && !kinds.includes("parse")
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
    return docsJson(200, yield* renderV1(job), ctx.requestId)
  })

export const v1Routes = [
  route("POST", "/v1/parse", authedHandler("v1", parse)),
  route("GET", "/v1/jobs", authedHandler("v1", list, "unlimited")),
  route(
    "GET",
    "/v1/jobs/:job_id",
    authedHandler("v1", (ctx, caller) =>
      Effect.flatMap(jobOf(caller, ctx.params.job_id), (job) => Effect.map(renderV1(job), (view) => docsJson(200, view, ctx.requestId))), "unlimited")
  ),
  route("POST", "/v1/jobs/:job_id/cancel", authedHandler("v1", cancel))
]
