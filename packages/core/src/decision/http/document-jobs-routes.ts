/**
 * The jobs of the document routes (spec 1, "Document routes"): `GET /v1/documents/jobs` (newest
 * first, cursor paging), `GET /v1/documents/jobs/{id}` and `DELETE /v1/documents/jobs/{id}`. Each
 * counts on the routes' RPM counter and needs no credit.
 *
 * List query: `limit` 1–100 (default 20), `cursor` (a `next_cursor`), `status` (repeatable, one of
 * the v1 statuses). The answer: `{data, next_cursor, has_more, total_count}`.
 */
import { Effect } from "effect"
import type { JobStatus } from "../../jobs/job.js"
import type { DocketRequest } from "../../platform/request.js"
import { InvalidRequest } from "../errors.js"
import { type Issue, issue } from "../issue.js"
import { accountJobOf, accountJobsPage, deleteAccountJob } from "../documents/account-jobs.js"
import { documentsCaller } from "../documents/documents-caller.js"
import { documentJobSummary, documentJobView } from "./document-job-view.js"
import { jsonResponse } from "./envelope.js"

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
const STATUSES: ReadonlyArray<JobStatus> = ["queued", "running", "succeeded", "failed", "cancelled"]
const KNOWN_PARAMS = ["limit", "cursor", "status"]

const listQuery = (query: string) => {
  const params = new URLSearchParams(query)
  const issues: Array<Issue> = []
  let limit = DEFAULT_PAGE_SIZE
  const rawLimit = params.get("limit")
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_PAGE_SIZE) {
      issues.push(issue(["limit"], `must be an integer from 1 to ${MAX_PAGE_SIZE}`))
    } else limit = Number(rawLimit)
  }
  const cursor = params.get("cursor") ?? undefined
  if (cursor !== undefined && cursor.trim() === "") issues.push(issue(["cursor"], "must be the next_cursor of a previous page"))
  const statuses: Array<JobStatus> = []
  for (const s of params.getAll("status")) {
    if ((STATUSES as ReadonlyArray<string>).includes(s)) statuses.push(s as JobStatus)
    else issues.push(issue(["status"], `must be one of ${STATUSES.join(", ")}`))
  }
  for (const name of new Set(params.keys())) {
    if (!KNOWN_PARAMS.includes(name)) issues.push(issue([name], `is not a query parameter of this route (${KNOWN_PARAMS.join(", ")})`))
  }
  return issues.length > 0 ? Effect.fail(new InvalidRequest({ issues })) : Effect.succeed({ limit, cursor, statuses })
}

export const listDocumentJobs = (request: DocketRequest, requestId: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: true })
    const query = yield* listQuery(request.query)
    const page = yield* accountJobsPage(account.account_id, query).pipe(
      Effect.catchTag("CursorNotFound", (e) =>
        new InvalidRequest({ issues: [issue(["cursor"], `${e.cursor} is not the next_cursor of a page of this account's jobs`)] }))
    )
    return jsonResponse(200, {
      data: page.jobs.map(documentJobSummary),
      next_cursor: page.nextCursor,
      has_more: page.nextCursor !== null,
      total_count: page.total
    }, requestId)
  })

export const readDocumentJob = (request: DocketRequest, requestId: string, jobId: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: true })
    const job = yield* accountJobOf(account.account_id, jobId)
    return jsonResponse(200, yield* documentJobView(request, job), requestId)
  })

export const deleteDocumentJob = (request: DocketRequest, requestId: string, jobId: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: true })
    const job = yield* deleteAccountJob(account.account_id, jobId)
    return jsonResponse(200, { job_id: job.job_id, deleted: true }, requestId)
  })

