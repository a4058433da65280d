/**
 * A job as each form shows it (`../jobs/projections.ts`, its result as its kind shows it), with the links its result carries
 * (`markdown_url`, `json_url`): absolute, signed and expiring, built on the request's own origin
 * (`X-Forwarded-Proto` and `Host`). Past `payload_expires_at` the result has been deleted by
 * retention and is shown as none.
 */
import { Clock, Effect } from "effect"
import type { Job } from "../jobs/job.js"
import type { LinkOf } from "../jobs/job-kind.js"
import { JobKinds } from "../jobs/job-kinds.js"
import { flatJob, v1Job } from "../jobs/projections.js"
import { artifactPath, LinkSigner } from "./parse/artifact-links.js"
import type { ApiContext as DocsContext } from "../api/handler.js"

const originOf = (ctx: DocsContext) => {
  const proto = ctx.request.header("x-forwarded-proto")?.split(",")[0]?.trim()
  return `${proto === "https" ? "https" : "http"}://${ctx.request.header("host") ?? "localhost"}`
}

const linksOf = (ctx: DocsContext, job: Job) =>
  Effect.gen(function*() {
    const { secret } = yield* LinkSigner
    const now = yield* Clock.currentTimeMillis
    const origin = originOf(ctx)
    const link: LinkOf = (part) => origin + artifactPath(secret, job.job_id, part, now)
    return { links: { link, origin }, now, kind: (yield* JobKinds).get(job.kind) }
  })

export const renderFlatJob = (ctx: DocsContext, job: Job) =>
  Effect.map(linksOf(ctx, job), ({ kind, links, now }) => flatJob(now >= job.payload_expires_at ? { ...job, result: null } : job, kind, links))

export const renderV1Job = (ctx: DocsContext, job: Job) =>
  Effect.map(linksOf(ctx, job), ({ kind, links, now }) => v1Job(job, kind, now, links))
