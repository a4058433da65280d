/**
 * The previews of a ground job's visual matches (spec 2, "v1 job and document endpoints"):
 *
 *   GET /v1/jobs/{job_id}/ground-crops/{artifact_ref}
 *
 * streams the PNG behind a v1 result's `cropped_image_url`. It needs the `X-API-Key` (401), is
 * never rate-limited (a job read), and answers in the v1 envelope: another tenant's or an unknown
 * job is 404 `job_not_found`; a reference that is not one of the job's crops, or a job that is not
 * a succeeded ground job, is 404 `file_not_found`; past the job's `payload_expires_at` the crops
 * are deleted with the result (410 `result_expired`).
 *
 * The body is `image/png` with `Content-Length`, `Accept-Ranges: bytes` and `ETag` (the crop never
 * changes). A `Range` header with one byte range gives 206 with `Content-Range`; a range outside
 * the crop gives 416 `range_not_satisfiable` with `Content-Range: bytes *\/size`; a malformed or
 * multi-range header is ignored (200, the whole crop), as is a `Range` under an `If-Range` that
 * does not name the crop's ETag (RFC 9110, 13.1.5 and 14.2).
 *
 * The flat form's `cropped_image_url` (a signed artifact link, part `crop-<ref>`) is served the
 * same way by `artifact-route.ts`.
 */
import { Effect, Schema } from "effect"
import type { DocketResponse } from "../../platform/response.js"
import { RangeNotSatisfiable } from "../../api/errors.js"
import { groundCropOf } from "../ground/ground-crops.js"
import { rangedBytes } from "../../platform/ranged-bytes.js"
import { docsEndpoint } from "./endpoints.js"
import type { DocsContext } from "./handler.js"

/** The crop as a response: whole (200) or one byte range (206), or 416 for a range outside it. */
export const cropResponse = (ctx: DocsContext, png: Uint8Array, ref: string): Effect.Effect<DocketResponse, RangeNotSatisfiable> => {
  const served = rangedBytes(ctx.request, png, {
    contentType: "image/png",
    etag: `"${ref}"`,
    headers: { "cache-control": "private, max-age=3600", "x-request-id": ctx.requestId }
  })
  return served._tag === "Response" ? Effect.succeed(served.response) : Effect.fail(new RangeNotSatisfiable({ size: served.size }))
}

export const groundCropEndpoints = [
  docsEndpoint({
    method: "GET",
    path: "/v1/jobs/:job_id/ground-crops/:artifact_ref",
    form: "v1",
    tag: "v1",
    summary: "The PNG preview of a ground match (its cropped_image_url)",
    limits: "unlimited",
    params: Schema.Struct({ job_id: Schema.String, artifact_ref: Schema.String }),
    headers: [
      { name: "Range", description: "one byte range (`bytes=0-99`): 206 with that part" },
      { name: "If-Range", description: "the crop's ETag: the Range applies only while it matches" }
    ],
    responses: [
      { status: 200, description: "the crop", content: { "image/png": { type: "string", contentMediaType: "image/png" } } },
      { status: 206, description: "one byte range of the crop", content: { "image/png": { type: "string", contentMediaType: "image/png" } } }
    ],
    errors: [[404, "job_not_found"], [404, "file_not_found"], [410, "result_expired"], [416, "range_not_satisfiable"]],
    handler: ({ ctx, caller, params }) =>
      Effect.flatMap(groundCropOf(caller, params.job_id, params.artifact_ref), (png) => cropResponse(ctx, png, params.artifact_ref))
  })
]
