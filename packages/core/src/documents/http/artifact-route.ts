/**
 * `GET /artifacts/{job_id}/{part}?expires=…&signature=…`: the markdown behind a result's
 * `markdown_url` (parse: the document or a sheet; categorize: a segment or a sheet), `json_url`
 * (extract: the data as JSON) or the PNG behind a ground match's `cropped_image_url` (part
 * `crop-<ref>`, served as `ground-crop-route.ts` serves the v1 crop route: `Accept-Ranges`, one
 * byte range). The signed link is the credential (no API key); a link that is tampered with or
 * past its hour is 403 `forbidden` (flat envelope); past the job's `payload_expires_at` every
 * artifact is 410 `result_expired` (and a ground job's crops are deleted).
 */
import { Clock, Effect } from "effect"
import { route } from "../../platform/router.js"
import { docsErrorResponse } from "../../api/envelope.js"
import { ResourceNotFound } from "../../api/errors.js"
import { queryOf } from "../../api/inputs.js"
import { artifactOf } from "../artifacts.js"
import { checkLink, LinkSigner } from "../parse/artifact-links.js"
import { cropResponse } from "./ground-crop-route.js"
import { docsHandler } from "./handler.js"

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
        const artifact = yield* artifactOf(jobId, part)
        if (artifact.type === "crop") return yield* cropResponse(ctx, artifact.png, artifact.ref)
        return {
          status: 200,
          headers: { "content-type": artifact.contentType, "x-request-id": ctx.requestId, "cache-control": "private, max-age=3600" },
          body: artifact.body
        }
      }))
  )
]
