/**
 * A document-questions job as the decision service shows it: the v1 projection of the one job
 * model (status, `result_state`, `error`, `progress`, `units` = the input tokens billed,
 * timestamps), without spec 3's `workspace_id` and `force`; its result carries the answers and the
 * absolute paths of its files, on the request's own origin (`X-Forwarded-Proto` and `Host`).
 */
import { Clock, Effect } from "effect"
import type { Job } from "../../jobs/job.js"
import { JobKinds } from "../../jobs/job-kinds.js"
import { v1Job, v1Summary } from "../../jobs/projections.js"
import type { DocketRequest } from "../../platform/request.js"

export const originOf = (request: DocketRequest) => {
  const proto = request.header("x-forwarded-proto")?.split(",")[0]?.trim()
  return `${proto === "https" ? "https" : "http"}://${request.header("host") ?? "localhost"}`
}

export const documentJobView = (request: DocketRequest, job: Job) =>
  Effect.gen(function*() {
    const kind = (yield* JobKinds).get(job.kind)
    const now = yield* Clock.currentTimeMillis
    const origin = originOf(request)
    const { workspace_id: _w, force: _f, ...view } = v1Job(job, kind, now, { origin, link: (part) => `${origin}/${part}` })
    return view
  })

/** A job in a list: no result. */
export const documentJobSummary = (job: Job) => {
  const { workspace_id: _w, ...summary } = v1Summary(job)
  return summary
}
