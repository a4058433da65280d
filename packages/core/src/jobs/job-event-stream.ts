/**
 * A job's events as Server-Sent Events (spec 2, "Events"), for every service that streams a job:
 * one frame per event (`id:` the sequence, `data:` the event's JSON), resumed after a
 * `Last-Event-ID` without loss or duplicates (events come from the job's event log). An event
 * recorded on any instance sharing the store is sent as soon as its signal arrives
 * (`JobSignals`). The stream ends after the frame of a terminal status, after `ceilingMs` on the
 * service clock, or when the client goes away.
 */
import { Duration, Effect, FiberId, Runtime, Stream } from "effect"
import type { StorageUnavailable } from "../kernel/storage-unavailable.js"
import { isTerminal } from "./job.js"
import { eventFrame, JobEventLog, type JobEventRecord } from "./job-event-log.js"
import { JobSignals } from "./job-signals.js"

const encoder = new TextEncoder()
const frameOf = (e: JobEventRecord) => encoder.encode(`id: ${e.sequence}\ndata: ${JSON.stringify(eventFrame(e))}\n\n`)

/** The sequence a `Last-Event-ID` header names: 0 when absent or blank, undefined when it is no sequence number. */
export const lastEventIdOf = (header: string | undefined): number | undefined => {
  if (header === undefined || header.trim() === "") return 0
  const value = header.trim()
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined
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

/**
 * The job's event stream after `after`. The log is read once first, so a store that cannot be
 * reached fails here (the route answers its error) rather than ending the stream at once. The
 * stream is consumed after the handler has answered: it runs on the caller's runtime (its
 * services and its clock), in a fiber that the stream's end or interruption stops.
 */
export const jobEventStream = (
  jobId: string,
  after: number,
  ceilingMs: number
): Effect.Effect<Stream.Stream<Uint8Array>, StorageUnavailable, JobSignals | JobEventLog> =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<JobSignals | JobEventLog>()
    yield* Effect.flatMap(JobEventLog, (log) => log.since(jobId, after))
    return Stream.async<Uint8Array>((emit) => {
      const fiber = Runtime.runFork(runtime)(
        pump(jobId, after, ceilingMs, (frame) => Effect.promise(() => emit.single(frame)).pipe(Effect.asVoid)).pipe(
          Effect.ensuring(Effect.promise(() => emit.end()))
        )
      )
      return Effect.sync(() => {
        if (fiber.unsafePoll() === null) fiber.unsafeInterruptAsFork(FiberId.none)
      })
    })
  })
