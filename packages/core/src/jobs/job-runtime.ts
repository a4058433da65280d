/**
 * The in-process side of running jobs: the fibers of the works running here, by job (a
 * `FiberMap`: a fiber leaves it when it ends, and all are interrupted when the instance stops;
 * a cancel interrupts the job's), and waiting for a job to settle (sync calls, `wait_seconds`). Waiters are
 * woken through `JobSignals` — at once by a change made in this process, and by one made on any
 * other instance sharing the store as soon as its signal arrives. Waits are timed by the Effect
 * `Clock`, so a manual clock drives them.
 */
import { Clock, Context, Duration, Effect, FiberMap, Layer, Option } from "effect"
import { isTerminal, type Job } from "./job.js"
import { eventOf, JobEventLog } from "./job-event-log.js"
import { JobKinds } from "./job-kinds.js"
import { JobSignals } from "./job-signals.js"
import { JobStore } from "./job-store.js"
import { recordJobUsage } from "../tenancy/billing/record-usage.js"
import type { JobEvent } from "./state-machine.js"

export interface JobRuntimeService {
  /** the works running in this process, by job id */
  readonly running: FiberMap.FiberMap<string, unknown, unknown>
}

export class JobRuntime extends Context.Tag("@docket/core/JobRuntime")<JobRuntime, JobRuntimeService>() {}

export const JobRuntimeLive: Layer.Layer<JobRuntime> = Layer.scoped(
  JobRuntime,
  Effect.map(FiberMap.make<string, unknown, unknown>(), (running) => ({ running }))
)

/** Wakes every waiter of the job, on this instance and on those sharing its store. */
export const notifyJob = (jobId: string) => Effect.flatMap(JobSignals, (signals) => signals.publish(jobId))

/**
 * Records the job's current state in its event log (a failure to record is logged, never fails
 * the transition that already happened).
 */
export const recordJobEvent = (job: Job, at: number, stage?: string) =>
  Effect.flatMap(JobEventLog, (log) => log.append(job.job_id, eventOf(job, at, stage))).pipe(
    Effect.catchAll((e) => Effect.logWarning(`job ${job.job_id}: event not recorded`, e))
  )

/** Applies an event, records it in the job's event log and wakes the job's waiters when it changed the job. */
export const applyJobEvent = (jobId: string, event: JobEvent) =>
  Effect.gen(function*() {
    const store = yield* JobStore
    const outcome = yield* store.apply(jobId, event)
    // deleting an expired result changes no status: nothing to record or wake
    if (Option.isSome(outcome) && outcome.value.changed && event.type !== "expire") {
      const job = outcome.value.job
      const kind = (yield* JobKinds).get(job.kind)
      yield* recordJobEvent(job, event.at, kind?.stage)
      // charged when it finishes: only a success records usage
      if (job.status === "succeeded") yield* recordJobUsage(job, kind?.usage?.(job))
      yield* notifyJob(jobId)
    }
    return outcome
  })

/**
 * The job once it is terminal, or as it is after `waitMs` (on the service clock). The waiter is
 * registered before the job is read, so a completion in between — here or on another instance —
 * is not missed.
 */
export const awaitSettled = (jobId: string, waitMs: number) =>
  Effect.gen(function*() {
    const signals = yield* JobSignals
    const store = yield* JobStore
    let left = waitMs
    for (;;) {
      const outcome = yield* Effect.scoped(
        Effect.gen(function*() {
          const changed = yield* signals.watch(jobId)
          const job = yield* store.get(jobId)
          if (Option.isNone(job) || isTerminal(job.value.status) || left <= 0) return Option.some(job)
          const before = yield* effectNow
          const woke = yield* changed.pipe(Effect.timeout(Duration.millis(left)), Effect.option)
          if (Option.isNone(woke)) return Option.some(yield* store.get(jobId))
          left -= (yield* effectNow) - before
          return Option.none()
        })
      )
      if (Option.isSome(outcome)) return outcome.value
    }
  })

const effectNow = Effect.clockWith((c) => c.currentTimeMillis)

/**
 * Interrupts the job's running work, if it runs in this process, and waits for it to stop — at
 * most `INTERRUPT_WAIT_MS` of real time (the service clock may stand still), so that a cancel
 * answers once the work stopped. (A job running on another instance is stopped there, by the
 * worker that watches its signal.)
 */
export const interruptWork = (jobId: string) =>
  Effect.flatMap(JobRuntime, (rt) =>
    FiberMap.remove(rt.running, jobId).pipe(
      Effect.timeoutOption(Duration.millis(INTERRUPT_WAIT_MS)),
      Effect.withClock(Clock.make()),
      Effect.asVoid
    ))

export const INTERRUPT_WAIT_MS = 1_000

export type { Job }
