/**
 * `GET /v1/jobs/{job_id}/events` (spec 2, "Events"): Server-Sent Events, one job event per frame
 * (`id:` the sequence, `data:` the event's JSON). `Last-Event-ID` resumes after that sequence
 * without loss or duplicates (events come from the job's event log). An event recorded on any
 * instance sharing the store is sent as soon as its signal arrives (`JobSignals`). The stream ends
 * after the frame of a terminal status, after 300 s on the service clock, or when the client goes
 * away.
 */
import { Duration, Effect, FiberId, Runtime, Stream } from "effect"
import { eventFrame, JobEventLog, type JobEventRecord } from "../../jobs/job-event-log.js"
import { isTerminal } from "../../jobs/job.js"
import { JobSignals } from "../../jobs/job-signals.js"
import { invalid, ServiceUnavailable } from "../../api/errors.js"
import { docsEndpoint, JobIdParams } from "./endpoints.js"
import type { DocsContext } from "./handler.js"
import { jobOf } from "../job-access.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

/** The ceiling of one stream (spec 2, "Limits": event stream ceiling 300 s). */
export const EVENT_STREAM_CEILING_MS = 300_000

const encoder = new TextEncoder()
const frameOf = (e: JobEventRecord) => encoder.encode(`id: ${e.sequence}\ndata: ${JSON.stringify(eventFrame(e))}\n\n`)

const lastEventIdOf = (header: string | undefined) => {
  if (header === undefined || header.trim() === "") return Effect.succeed(0)
  const value = header.trim()
  return /^\d{1,15}$/.test(value)
    ? Effect.succeed(Number(value))
    : Effect.fail(invalid("Last-Event-ID", "must be the sequence number of an event (a non-negative integer)"))
}

/**
 * Sends the events after `after` as they are recorded until one is terminal or `ceilingMs` have
 * passed on the service clock. A waiter is registered before the log is read, so an event
 * recorded in between — on this instance or on another one sharing the store — wakes it.
 */
const pump = (jobId: string, after: number, ceilingMs: number, send: (frame: Uint8Array) => Effect.Effect<void>) =>
  Effect.gen(function*() {
    const signals = yield* JobSignals
    const log = yield* JobEventLog
    const startedAt = yield* Effect.clockWith((c) => c.currentTimeMillis)
    let last = after
    let ended = false
    while (!ended) {
      ended = yield* Effect.scoped(
        Effect.gen(function*() {
          const changed = yield* signals.watch(jobId)
          // the whole (bounded) log: a client resuming after the terminal event gets an ended stream
          const events = yield* log.since(jobId, 0).pipe(Effect.orElseSucceed(() => []))
          for (const e of events) {
            if (e.sequence > last) {
              yield* send(frameOf(e))
              last = e.sequence
            }
            if (isTerminal(e.status) && e.sequence <= last) return true
          }
          const left = startedAt + ceilingMs - (yield* Effect.clockWith((c) => c.currentTimeMillis))
          if (left <= 0) return true
          yield* changed.pipe(Effect.timeout(Duration.millis(left)), Effect.option)
          return false
        })
      )
    }
  })

const events = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const job = yield* jobOf(caller, ctx.params.job_id)
    const after = yield* lastEventIdOf(ctx.request.header("last-event-id"))
    // the stream is consumed after the handler has answered: it runs on this request's runtime
    // (its services and its clock), in a fiber that the stream's end or interruption stops
    const runtime = yield* Effect.runtime<JobSignals | JobEventLog>()
    yield* Effect.flatMap(JobEventLog, (log) => log.since(job.job_id, after)).pipe(
      Effect.mapError(() => new ServiceUnavailable({ message: "job events unavailable; retry shortly" }))
    )
    const stream = Stream.async<Uint8Array>((emit) => {
      const fiber = Runtime.runFork(runtime)(
        pump(job.job_id, after, EVENT_STREAM_CEILING_MS, (frame) => Effect.promise(() => emit.single(frame)).pipe(Effect.asVoid)).pipe(
          Effect.ensuring(Effect.promise(() => emit.end()))
        )
      )
      return Effect.sync(() => {
        if (fiber.unsafePoll() === null) fiber.unsafeInterruptAsFork(FiberId.none)
      })
    })
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

