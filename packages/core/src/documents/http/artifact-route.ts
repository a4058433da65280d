/**
 * `GET /artifacts/{job_id}/{part}?expires=…&signature=…`: the markdown behind a result's
 * `markdown_url` (parse: the document or a sheet; categorize: a segment or a sheet), `json_url`
 * (extract: the data as JSON) or the PNG behind a ground match's `cropped_image_url` (part
 * `crop-<ref>`, served as `ground-crop-route.ts` serves the v1 crop route: `Accept-Ranges`, one
 * byte range). The signed link is the credential (no API key); a link that is tampered with or
 * past its hour is 403 `forbidden` (flat envelope); past the job's `payload_expires_at` every
 * artifact is 410 `result_expired` (and the kind's retention hook runs: a ground job's crops go).
 */
import { Clock, Effect, Schema } from "effect"
import { endpoint } from "../../api/endpoint.js"
import { QueryValue } from "../../api/schemas.js"
import { queryOf } from "../../api/inputs.js"
import { ArtifactLinkRefused } from "../api-errors.js"
import { artifactOf } from "../artifacts.js"
import { checkLink, LinkSigner } from "../parse/artifact-links.js"
import { cropResponse } from "./ground-crop-route.js"
import { DOCUMENTS_SERVICE } from "./endpoints.js"

export const artifactEndpoints = [
  endpoint({
    method: "GET",
    path: "/artifacts/:job_id/:part",
    form: "flat",
    tag: "artifacts",
    service: DOCUMENTS_SERVICE,
    summary: "What a result's signed link names: markdown, JSON or a crop's PNG (the link is the credential)",
    params: Schema.Struct({ job_id: Schema.String, part: Schema.String }),
    query: Schema.Struct({
      expires: Schema.optional(QueryValue).annotations({ description: "part of the signed link" }),
      signature: Schema.optional(QueryValue).annotations({ description: "part of the signed link" })
    }),
    headers: [{ name: "Range", description: "one byte range of a crop" }],
    responses: [
      { status: 200, description: "the artifact", content: { "text/markdown": { type: "string" }, "application/json": {}, "image/png": { type: "string", contentMediaType: "image/png" } } },
      { status: 206, description: "one byte range of a crop", content: { "image/png": { type: "string", contentMediaType: "image/png" } } }
    ],
    errors: [[403, "forbidden"], [404, "not_found"], [410, "result_expired"], [416, "range_not_satisfiable"], [500, "internal_error"], [503, "service_unavailable"]],
    handler: ({ ctx }) =>
      Effect.gen(function*() {
        const { job_id: jobId, part } = ctx.params
        const { secret } = yield* LinkSigner
        const check = checkLink(secret, jobId, part, queryOf(ctx.request), yield* Clock.currentTimeMillis)
        if (check !== "valid") return yield* new ArtifactLinkRefused({ reason: check })
        const artifact = yield* artifactOf(jobId, part)
        if (artifact.type === "crop") return yield* cropResponse(ctx, artifact.png, artifact.ref)
        return {
          status: 200,
          headers: { "content-type": artifact.contentType, "x-request-id": ctx.requestId, "cache-control": "private, max-age=3600" },
          body: artifact.body
        }
      })
  })
]
