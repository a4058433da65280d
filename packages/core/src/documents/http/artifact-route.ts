/**
 * `GET /artifacts/{job_id}/{part}?expires=…&signature=…`: the markdown behind a result's
 * `markdown_url` (parse: the document or a sheet; categorize: a segment or a sheet), `json_url`
 * (extract: the data as JSON) or the PNG behind a ground match's `cropped_image_url` (part
 * `crop-<ref>`, served as `ground-crop-route.ts` serves the v1 crop route: `Accept-Ranges`, one
 * byte range). The signed link is the credential (no API key); a link that is tampered with or
 * past its hour is 403 `forbidden` (flat envelope); past the job's `payload_expires_at` every
 * artifact is 410 `result_expired` (and the kind's retention hook runs: a ground job's crops go).
 */
import { Clock, Effect, Option } from "effect"
import { route } from "../../platform/router.js"
import { JobStore } from "../../jobs/job-store.js"
import { checkLink, LinkSigner } from "../parse/artifact-links.js"
import type { Job } from "../../jobs/job.js"
import type { JobArtifact } from "../../jobs/job-kind.js"
import { JobKinds } from "../../jobs/job-kinds.js"
import { onPayloadExpiredBestEffort } from "../../jobs/job-retention.js"
import { ResourceNotFound, ResultExpired, ServiceUnavailable } from "./api-errors.js"
import { cropOf, cropResponse } from "./ground-crop-route.js"
import { docsErrorResponse } from "./envelope.js"
import { docsHandler } from "./handler.js"
import { queryOf } from "./inputs.js"

/** The file behind a link of the job's result, as its kind serves it. */
const artifactOf = (job: Job, part: string) =>
  Effect.map(JobKinds, (kinds): JobArtifact | undefined => {
    const artifact = kinds.get(job.kind)?.artifact
    return artifact === undefined || job.result === null ? undefined : artifact(job, job.result, part)
  })

export const artifactRoutes = [
  route(
    "GET",
    "/artifacts/:job_id/:part",
    docsHandler("flat", (ctx) =>
      Effect.gen(function*() {
        const { job_id: jobId, part } = ctx.params
        const { secret } = yield* LinkSigner
        const check = checkLink(secret, jobId, part, queryOf(ctx.request), yield* Clock.currentTimeMillis)
        if (check !== "valid") {
          const response = docsErrorResponse("flat", new ResourceNotFound({ resource: "file", id: part }), ctx.requestId)
          const message = check === "expired"
            ? "this link has expired; fetch the job again for a fresh markdown_url"
            : "this link is not valid; use the markdown_url of the job unchanged"
          return {
            ...response,
            status: 403,
            body: JSON.stringify({ error: { code: "forbidden", message, request_id: ctx.requestId } })
          }
        }
        const job = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(
          Effect.mapError(() => new ServiceUnavailable({ message: "storage unavailable; retry shortly" }))
        )
        if (Option.isSome(job) && (yield* Clock.currentTimeMillis) >= job.value.payload_expires_at) {
          yield* onPayloadExpiredBestEffort(job.value)
          return yield* new ResultExpired({ jobId })
        }
        const crop = /^crop-([0-9a-f]{1,64})$/.exec(part)
        if (crop !== null) {
          if (Option.isNone(job)) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
          return yield* cropResponse(ctx, yield* cropOf(job.value, crop[1]!), crop[1]!)
        }
        const artifact = Option.isSome(job) ? yield* artifactOf(job.value, part) : undefined
        if (artifact === undefined) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
        return {
          status: 200,
          headers: { "content-type": artifact.type, "x-request-id": ctx.requestId, "cache-control": "private, max-age=3600" },
          body: artifact.body
        }
      }))
  )
]
