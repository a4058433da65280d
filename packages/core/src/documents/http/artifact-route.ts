/**
 * `GET /artifacts/{job_id}/{part}?expires=…&signature=…`: the markdown behind a result's
 * `markdown_url` (parse: the document or a sheet; categorize: a segment or a sheet), `json_url`
 * (extract: the data as JSON) or the PNG behind a ground match's `cropped_image_url` (part
 * `crop-<ref>`, served as `ground-crop-route.ts` serves the v1 crop route: `Accept-Ranges`, one
 * byte range). The signed link is the credential (no API key); a link that is tampered with or
 * past its hour is 403 `forbidden` (flat envelope); past the job's `payload_expires_at` every
 * artifact is 410 `result_expired` (and a ground job's crops are deleted).
 */
import { Clock, Effect, Option } from "effect"
import { route } from "../../platform/router.js"
import { JobStore } from "../../jobs/job-store.js"
import { checkLink, LinkSigner } from "../parse/artifact-links.js"
import type { StoredParseResult } from "../parse/parse-result.js"
import { categorizeArtifact, type StoredCategorizeResult } from "../categorize/categorize-result.js"
import type { Job } from "../../jobs/job.js"
import { extractArtifact, type StoredExtractResult } from "../extract/extract-result.js"
import { ResourceNotFound, storageUnavailable } from "../../api/errors.js"
import { ResultExpired } from "../../jobs/errors.js"
import { deleteExpiredCrops } from "../ground/ground-crops.js"
import { cropOf, cropResponse } from "./ground-crop-route.js"
import { docsErrorResponse } from "../../api/envelope.js"
import { docsHandler } from "./handler.js"
import { queryOf } from "./inputs.js"

const parseArtifact = (result: StoredParseResult, part: string): string | undefined => {
  if (part === "document") return result.kind === "document" ? result.markdown : undefined
  const m = /^sheet-(\d+)$/.exec(part)
  return m === null ? undefined : result.sheets[Number(m[1])]?.markdown
}

/** The markdown behind a link of the job's result, by kind. */
const artifactOf = (job: Job, part: string): { readonly body: string; readonly type: string } | undefined => {
  if (job.kind === "extract" && job.result !== null) {
    const json = extractArtifact(job.result as StoredExtractResult, part)
    return json === undefined ? undefined : { body: json, type: "application/json; charset=utf-8" }
  }
  const markdown = markdownOf(job, part)
  return markdown === undefined ? undefined : { body: markdown, type: "text/markdown; charset=utf-8" }
}

const markdownOf = (job: Job, part: string): string | undefined => {
  if (job.result === null) return undefined
  switch (job.kind) {
    case "parse":
      return parseArtifact(job.result as StoredParseResult, part)
    case "categorize":
    case "classify":
      return categorizeArtifact(job.result as StoredCategorizeResult, part)
    default:
      return undefined
  }
}

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
          Effect.mapError(() => storageUnavailable())
        )
        if (Option.isSome(job) && (yield* Clock.currentTimeMillis) >= job.value.payload_expires_at) {
          yield* deleteExpiredCrops(job.value)
          return yield* new ResultExpired({ jobId })
        }
        const crop = /^crop-([0-9a-f]{1,64})$/.exec(part)
        if (crop !== null) {
          if (Option.isNone(job)) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
          return yield* cropResponse(ctx, yield* cropOf(job.value, crop[1]!), crop[1]!)
        }
        const artifact = Option.isSome(job) ? artifactOf(job.value, part) : undefined
        if (artifact === undefined) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
        return {
          status: 200,
          headers: { "content-type": artifact.type, "x-request-id": ctx.requestId, "cache-control": "private, max-age=3600" },
          body: artifact.body
        }
      }))
  )
]
