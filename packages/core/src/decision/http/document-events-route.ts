/**
 * `GET /v1/documents/jobs/{id}/events`: the job's events as Server-Sent Events, as the document
 * service streams its jobs (one frame per event, `id:` its sequence; `Last-Event-ID` resumes
 * after it; the stream ends after a terminal status or 300 s on the service clock). Opening the
 * stream counts on the routes' RPM counter; a bad `Last-Event-ID` is 422.
 */
import { Effect } from "effect"
import { jobEventStream, lastEventIdOf } from "../../jobs/job-event-stream.js"
import type { DocketRequest } from "../../platform/request.js"
import type { DocketResponse } from "../../platform/response.js"
import { InvalidRequest, storeUnavailable } from "../errors.js"
import { issue } from "../issue.js"
import { accountJobOf } from "../documents/account-jobs.js"
import { documentsCaller } from "../documents/documents-caller.js"

/** As the document service's streams (spec 2, "Limits": event stream ceiling 300 s). */
export const DOCUMENT_EVENTS_CEILING_MS = 300_000

export const documentJobEvents = (request: DocketRequest, requestId: string, jobId: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: true })
    const job = yield* accountJobOf(account.account_id, jobId)
    const after = lastEventIdOf(request.header("last-event-id"))
    if (after === undefined) {
      return yield* new InvalidRequest({ issues: [issue(["Last-Event-ID"], "must be the sequence number of an event (a non-negative integer)")] })
    }
    const stream = yield* jobEventStream(job.job_id, after, DOCUMENT_EVENTS_CEILING_MS).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))
    return {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
        "x-request-id": requestId,
        "x-sdk-request-id": requestId
      },
      stream
    } satisfies DocketResponse
  })
