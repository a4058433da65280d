/**
 * `markdown_url` on categorize and extract ("from an earlier parse of the same file; skips the
 * internal parse") and `derived.markdown_url` on ground: either a link Docket signed for a parse
 * job (`/artifacts/<job_id>/<part>?expires=…&signature=…`, as a parse result shows it) or an
 * `s3://` location in one of the caller's buckets. A link that was tampered with or has expired,
 * or that names a job that is not a succeeded parse, is 422; another tenant's job is 404; a bucket
 * that is not the caller's is 403.
 */
import { Clock, Effect, Option, Schema } from "effect"
import type { MarkdownSource } from "../document-job.js"
import { JobStore } from "../../jobs/job-store.js"
import { checkLink, LinkSigner } from "./artifact-links.js"
import { urlSource } from "../sources/source-url.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { invalid, ResourceNotFound, storageUnavailable } from "../../api/errors.js"

/** `markdown_url` in a body: its value is checked by `markdownSourceOf`, after the operation's other fields. */
export const MarkdownUrl = Schema.Unknown.annotations({
  jsonSchema: {
    type: "string",
    maxLength: 4096,
    description: "the markdown_url of an earlier parse of the same file, unchanged, or an s3:// URL in one of your buckets"
  }
})

export const markdownSourceOf = (caller: Caller, field: string, value: unknown) =>
  Effect.gen(function*() {
    if (typeof value !== "string" || value.length > 4096) return yield* invalid(field, "must be a markdown_url string from a parse result")
    if (value.startsWith("s3://")) {
      yield* urlSource(caller, field, value)
      return { type: "url", url: value } satisfies MarkdownSource
    }
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return yield* invalid(field, "must be the markdown_url of a parse result, unchanged, or an s3:// URL")
    }
    const m = /^\/artifacts\/([^/]+)\/([^/]+)$/.exec(url.pathname)
    if (m === null || (url.protocol !== "https:" && url.protocol !== "http:")) {
      return yield* invalid(field, "must be the markdown_url of a parse result, unchanged, or an s3:// URL")
    }
    const jobId = decodeURIComponent(m[1]!)
    const { secret } = yield* LinkSigner
    const check = checkLink(secret, jobId, m[2]!, url.searchParams, yield* Clock.currentTimeMillis)
    if (check === "invalid") return yield* invalid(field, "is not a valid markdown_url; use the one of the parse result unchanged")
    if (check === "expired") return yield* invalid(field, "has expired; fetch the parse job again for a fresh markdown_url")
    const job = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(
      Effect.mapError(() => storageUnavailable())
    )
    if (Option.isNone(job) || job.value.tenant_id !== caller.tenant.tenant_id) return yield* new ResourceNotFound({ resource: "job", id: jobId })
    if (job.value.kind !== "parse" || job.value.status !== "succeeded") {
      return yield* invalid(field, "must come from a parse job that succeeded")
    }
    return { type: "parse_job", job_id: jobId } satisfies MarkdownSource
  })
