/**
 * A job as each form shows it (`../jobs/projections.ts`), with the links its result carries
 * (`markdown_url`, `json_url`): absolute, signed and expiring, built on the request's own origin
 * (`X-Forwarded-Proto` and `Host`). Past `payload_expires_at` the result has been deleted by
 * retention and is shown as none.
 */
import { Clock, Effect } from "effect"
import type { Job } from "../../jobs/job.js"
import { flatJob, type LinkOf, v1Job } from "../../jobs/projections.js"
import { artifactPath, LinkSigner } from "../parse/artifact-links.js"
import type { DocsContext } from "./handler.js"

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
    return { link, now, origin }
  })

export const renderFlatJob = (ctx: DocsContext, job: Job) =>
  Effect.map(linksOf(ctx, job), ({ link, now }) => flatJob(now >= job.payload_expires_at ? { ...job, result: null } : job, link))

export const renderV1Job = (ctx: DocsContext, job: Job) =>
  Effect.map(linksOf(ctx, job), ({ link, now, origin }) => v1Job(job, now, link, origin))
