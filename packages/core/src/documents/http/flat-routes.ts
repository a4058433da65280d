/**
 * The flat form (spec 2): `POST /upload`, `POST /parse` (sync, `timeout_seconds`),
 * `POST /parse_async`, `GET /jobs`, `GET /jobs/{job_id}`, `POST /jobs/{job_id}/cancel`.
 */
import { Clock, Effect } from "effect"
import { route } from "../../http/router.js"
import { createAdmittedJob } from "../limits/admit-job.js"
import type { Job, JobInput } from "../jobs/job.js"
import { type FlatStatus, flatJob, flatSummary, statusesOfFlat } from "../jobs/projections.js"
import { LinkSigner, artifactPath } from "../parse/artifact-links.js"
import type { Caller } from "../tenants/authenticate.js"
import { HANDLE_PREFIX } from "../uploads/upload.js"
import { uploadFile } from "../uploads/upload-route.js"
import { type FieldError, invalid, SyncTimeout } from "./api-errors.js"
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
  numberParam,
  queryOf,
  unknownFields,
  UUID
} from "./inputs.js"
import { cancelJob, jobOf, jobsPageOf, uploadOf, waitForJob } from "./job-access.js"
import { urlSource } from "../sources/source-url.js"

/** The origin links are built on: the request's own (`X-Forwarded-Proto` and `Host`). */
const originOf = (ctx: DocsContext) => {
  const proto = ctx.request.header("x-forwarded-proto")?.split(",")[0].trim()
  return `${proto === "https" ? "https" : "http"}://${ctx.request.header("host") ?? "localhost"}`
}

export const renderFlatJob = (ctx: DocsContext, job: Job) =>
  Effect.gen(function*() {
    const { secret } = yield* LinkSigner
    const now = yield* Clock.currentTimeMillis
    const origin = originOf(ctx)
    // past payload_expires_at the result has been deleted by retention: the job shows none
    const shown = now >= job.payload_expires_at ? { ...job, result: null } : job
    return flatJob(shown, (part) => origin + artifactPath(secret, job.job_id, part, now))
  })

/** `file` of a flat body: `{source_url, file_name?}` → the job's input. */
export const flatFileInput = (caller: Caller, file: unknown) =>
  Effect.gen(function*() {
    if (!isObject(file)) return yield* invalid("file", file === undefined ? "is required" : "must be an object with source_url")
    const errors: Array<FieldError> = unknownFields(file, ["source_url", "file_name"], "file.")
    const url = file.source_url
    if (typeof url !== "string") errors.push({ field: "file.source_url", message: "is required and must be a string" })
    if (file.file_name !== undefined) {
      const e = fileNameError("file.file_name", file.file_name)
      if (e !== undefined) errors.push(e)
    }
    yield* failIfAny(errors)
    const sourceUrl = url as string
    if (!sourceUrl.startsWith(HANDLE_PREFIX)) {
      if (file.file_name === undefined && /^(https|s3):\/\//.test(sourceUrl)) {
        return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      }
      const source = yield* urlSource(caller, "file.source_url", sourceUrl)
      if (file.file_name === undefined) return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      yield* checkExtension("file.file_name", file.file_name as string)
      return { source, file_name: file.file_name as string } satisfies JobInput
    }
    const fileId = sourceUrl.startsWith(HANDLE_PREFIX) ? sourceUrl.slice(HANDLE_PREFIX.length) : ""
    if (!UUID.test(fileId)) {
      return yield* invalid("file.source_url", "must be svc://file/<file_id> (an upload handle), s3://… or https://…")
    }
    const upload = yield* uploadOf(caller, fileId)
    const fileName = (file.file_name as string | undefined) ?? upload.file_name
    yield* checkExtension(file.file_name === undefined ? "file.source_url" : "file.file_name", fileName)
    return { source: { type: "upload", file_id: upload.file_id }, file_name: fileName } satisfies JobInput
  })

const parseRequest = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const body: Json = yield* jsonBody(ctx.request)
    const errors = unknownFields(body, ["file", "idempotency_key"])
    if (body.idempotency_key !== undefined) {
      const e = idempotencyKeyError("idempotency_key", body.idempotency_key)
      if (e !== undefined) errors.push(e)
    }
    yield* failIfAny(errors)
    const input = yield* flatFileInput(caller, body.file)
    return yield* createAdmittedJob(caller.tenant, {
      tenantId: caller.tenant.tenant_id,
      kind: "parse",
      input,
      idempotencyKey: (body.idempotency_key as string | undefined) ?? null,
      requestId: ctx.requestId
    })
  })

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
  route(
    "POST",
    "/parse",
    authedHandler("flat", (ctx, caller) =>
      Effect.gen(function*() {
        const timeout = numberParam(queryOf(ctx.request), "timeout_seconds", 1, 300, 120)
        if (isFieldError(timeout)) return yield* invalid(timeout.field, timeout.message)
        const { job } = yield* parseRequest(ctx, caller)
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
    "/parse_async",
    authedHandler("flat", (ctx, caller) =>
      Effect.map(parseRequest(ctx, caller), ({ job }) => docsJson(202, { job_id: job.job_id }, ctx.requestId)))
  ),
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
