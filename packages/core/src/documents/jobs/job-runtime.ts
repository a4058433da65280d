/**
 * The in-process side of running jobs: which job runs in which fiber (so that a cancel
 * interrupts the work), and who waits for a job to settle (sync calls, `wait_seconds`).
 * Waits are timed by the Effect `Clock`, so a manual clock drives them.
 */
import { Context, Deferred, Duration, Effect, Fiber, Layer, Option } from "effect"
import { isTerminal, type Job } from "./job.js"
import { eventOf, JobEventLog } from "./job-event-log.js"
import { JobStore } from "./job-store.js"
import { recordJobUsage } from "../billing/record-usage.js"
import type { JobEvent } from "./state-machine.js"

export interface JobRuntimeService {
  readonly running: Map<string, Fiber.RuntimeFiber<unknown, unknown>>
  readonly watchers: Map<string, Set<Deferred.Deferred<void>>>
  /** sync waits in progress per tenant (spec 2: concurrent sync waits, default 4) */
  readonly syncWaits: Map<string, number>
}

export class JobRuntime extends Context.Tag("@docket/core/JobRuntime")<JobRuntime, JobRuntimeService>() {}

export const JobRuntimeLive: Layer.Layer<JobRuntime> = Layer.sync(JobRuntime, () => ({ running: new Map(), watchers: new Map(), syncWaits: new Map() }))

/** Wakes every waiter of the job. */
export const notifyJob = (jobId: string) =>
  Effect.flatMap(JobRuntime, (rt) => {
    const set = rt.watchers.get(jobId)
    if (set === undefined) return Effect.void
    rt.watchers.delete(jobId)
    return Effect.forEach(set, (d) => Deferred.succeed(d, undefined), { discard: true })
  })

/**
 * Records the job's current state in its event log (a failure to record is logged, never fails
 * the transition that already happened).
 */
export const recordJobEvent = (job: Job, at: number) =>
  Effect.flatMap(JobEventLog, (log) => log.append(job.job_id, eventOf(job, at))).pipe(
    Effect.catchAll((e) => Effect.logWarning(`job ${job.job_id}: event not recorded`, e))
  )

/** Applies an event, records it in the job's event log and wakes the job's waiters when it changed the job. */
export const applyJobEvent = (jobId: string, event: JobEvent) =>
  Effect.gen(function*() {
    const store = yield* JobStore
    const outcome = yield* store.apply(jobId, event)
    // deleting an expired result changes no status: nothing to record or wake
    if (Option.isSome(outcome) && outcome.value.changed && event.type !== "expire") {
      yield* recordJobEvent(outcome.value.job, event.at)
      // charged when it finishes: only a success records usage
      yield* recordJobUsage(outcome.value.job)
      yield* notifyJob(jobId)
    }
    return outcome
  })

/**
 * The job once it is terminal, or as it is after `waitMs` (on the service clock). The waiter is
 * registered before the job is read, so a completion in between is not missed.
 */
export const awaitSettled = (jobId: string, waitMs: number) =>
  Effect.gen(function*() {
    const rt = yield* JobRuntime
    const store = yield* JobStore
    const deadline = waitMs
    let left = deadline
    for (;;) {
      const signal = yield* Deferred.make<void>()
      let set = rt.watchers.get(jobId)
      if (set === undefined) rt.watchers.set(jobId, (set = new Set()))
      set.add(signal)
      const job = yield* store.get(jobId)
      if (Option.isNone(job) || isTerminal(job.value.status) || left <= 0) {
        set.delete(signal)
        return job
      }
      const before = yield* effectNow
      const woke = yield* Deferred.await(signal).pipe(Effect.timeout(Duration.millis(left)), Effect.option)
      set.delete(signal)
      if (Option.isNone(woke)) return yield* store.get(jobId)
      left -= (yield* effectNow) - before
    }
  })

const effectNow = Effect.clockWith((c) => c.currentTimeMillis)

/** Interrupts the job's running work, if it runs in this process. */
export const interruptWork = (jobId: string) =>
  Effect.flatMap(JobRuntime, (rt) => {
    const fiber = rt.running.get(jobId)
    return fiber === undefined ? Effect.void : Fiber.interruptFork(fiber)
  })

export type { Job }
