/**
 * `GET /v1/jobs/{job_id}/events` (spec 2, "Events"): Server-Sent Events, one job event per frame
 * (`id:` the sequence, `data:` the event's JSON). `Last-Event-ID` resumes after that sequence
 * without loss or duplicates (events come from the job's event log). An event recorded on any
 * instance sharing the store is sent as soon as its signal arrives (`JobSignals`). The stream ends
 * after the frame of a terminal status, after 300 s on the service clock, or when the client goes
 * away.
 */
import { Effect } from "effect"
import { jobEventStream, lastEventIdOf } from "../../jobs/job-event-stream.js"
import { invalid, ServiceUnavailable } from "../../api/errors.js"
import { docsEndpoint, JobIdParams } from "./endpoints.js"
import type { DocsContext } from "./handler.js"
import { jobOf } from "../job-access.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

/** The ceiling of one stream (spec 2, "Limits": event stream ceiling 300 s). */
export const EVENT_STREAM_CEILING_MS = 300_000

const events = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const job = yield* jobOf(caller, ctx.params.job_id)
    const after = lastEventIdOf(ctx.request.header("last-event-id"))
    if (after === undefined) return yield* invalid("Last-Event-ID", "must be the sequence number of an event (a non-negative integer)")
    const stream = yield* jobEventStream(job.job_id, after, EVENT_STREAM_CEILING_MS).pipe(
      Effect.mapError(() => new ServiceUnavailable({ message: "job events unavailable; retry shortly" }))
    )
    return {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-request-id": ctx.requestId,
        "x-accel-buffering": "no"
      },
      stream
    }
  })

export const jobEventEndpoints = [
  docsEndpoint({
    method: "GET",
    path: "/v1/jobs/:job_id/events",
    form: "v1",
    tag: "v1",
    summary: "The job's events as Server-Sent Events, until a terminal status (at most 300 s)",
    params: JobIdParams,
    headers: [{ name: "Last-Event-ID", description: "resume after this event's sequence number" }],
    responses: [{ status: 200, description: "one frame per event: `id:` its sequence, `data:` the event", content: { "text/event-stream": { type: "string" } } }],
    errors: [[404, "job_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller }) => events(ctx, caller)
  })
]

