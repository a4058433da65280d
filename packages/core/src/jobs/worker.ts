/**
 * The worker runtime: `workers` fibers claim jobs from the `JobQueue` and run each job's work —
 * its kind's `run` (`JobKinds`) — in a fiber of its own, kept in `JobRuntime`'s `FiberMap` so that
 * a cancel interrupts it. The work reports its progress through the state machine as it goes; its
 * outcome is recorded through the state machine too: a job cancelled meanwhile stays cancelled.
 *
 * The claim's lease is renewed every third of `JOB_LEASE_MS` while the job runs, completed once
 * the outcome is recorded, and released if the worker stops first. A job claimed again after its
 * lease expired (the instance that ran it died) is run again from where the store has it: a
 * running job resumes its work; after `MAX_JOB_ATTEMPTS` claims it fails as `internal_error`.
 *
 * A job cancelled while its work runs has the work interrupted: by the cancel itself when made on
 * this instance, and on the job's signal (`JobSignals`) when made on another one.
 */
import { Cause, Clock, Duration, Effect, Exit, Fiber, FiberMap, Layer, Option } from "effect"
import { initialProgress, isTerminal, type Job, type JobError } from "./job.js"
import type { JobOutcome, ReportProgress } from "./job-kind.js"
import { hasResultShape, JobKinds } from "./job-kinds.js"
import { JOB_LEASE_MS, type JobLease, JobQueue } from "./job-queue.js"
import { applyJobEvent, JobRuntime } from "./job-runtime.js"
import { JobSignals } from "./job-signals.js"
import { JobStore } from "./job-store.js"

/** claims of one job before it fails instead of running again (a job that kills its worker) */
export const MAX_JOB_ATTEMPTS = 3

const defect: JobError = { code: "internal_error", message: "the job failed unexpectedly; retry with the same idempotency key", retryable: true }

const notOffered = (job: Job): JobError => ({
  code: "not_implemented",
  message: `${job.kind} is not offered by this deployment`,
  retryable: false
})

/**
 * Progress reports of the job's work: each one merged into the last (the work is the only one
 * that reports, starting from its kind's start) and applied through the state machine, its event
 * recorded and its waiters woken.
 */
const reporterOf = (job: Job) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Effect.Effect.Context<ReturnType<typeof applyJobEvent>>>()
    let last = job.progress ?? initialProgress((yield* JobKinds).get(job.kind)?.stage ?? "running")
    const report: ReportProgress = (progress) =>
      Effect.suspend(() => {
        last = { ...last, ...progress }
        return Effect.flatMap(Clock.currentTimeMillis, (at) => applyJobEvent(job.job_id, { type: "progress", at, progress: last }))
      }).pipe(
        Effect.catchAll((e) => Effect.logWarning(`job ${job.job_id}: progress not recorded`, e)),
        Effect.asVoid,
        Effect.provide(context)
      )
    return report
  })

/** The job's work, by its kind; the result checked against the kind's result schema. */
const workOf = (job: Job, report: ReportProgress) =>
  Effect.flatMap(JobKinds, (kinds): Effect.Effect<JobOutcome, JobError> => {
    const kind = kinds.get(job.kind)
    if (kind === undefined) return Effect.fail(notOffered(job))
    return Effect.flatMap(kind.run(job, report), (outcome) =>
      hasResultShape(kind, outcome.result)
        ? Effect.succeed(outcome)
        : Effect.zipRight(Effect.logError(`job ${job.job_id}: the ${job.kind} work returned a result not of its schema`), Effect.fail(defect)))
  })

/**
 * Interrupts `work` once the job is terminal in the store (cancelled on any instance). Each round
 * registers its watch of the job's signal, then reads the store, then waits for a signal: a
 * cancel that lands between the job's start and the first watch (its signal sent before anyone
 * listened) is seen by the first read, and no signal falls between two rounds unseen.
 */
const interruptWhenSettled = (jobId: string, work: Fiber.RuntimeFiber<unknown, unknown>) =>
  Effect.gen(function*() {
    const signals = yield* JobSignals
    const store = yield* JobStore
    for (;;) {
      const settled = yield* Effect.scoped(
        Effect.gen(function*() {
          const changed = yield* signals.watch(jobId)
          // not interrupted mid-query when the work ends meanwhile (an interrupted query is
          // cancelled on the database, one more round trip): the round ends after the read
          const job = yield* Effect.uninterruptible(store.get(jobId).pipe(Effect.orElseSucceed(() => Option.none())))
          if (Option.isSome(job) && isTerminal(job.value.status)) return true
          yield* changed
          return false
        })
      )
      if (settled) return yield* Fiber.interruptFork(work)
    }
  })

export const runJob = (jobId: string, attempt = 1) =>
  Effect.gen(function*() {
    const started = yield* applyJobEvent(jobId, { type: "start", at: yield* Clock.currentTimeMillis })
    if (Option.isNone(started)) return
    // claimed again after a lease expired or was released: a job left running resumes
    if (!started.value.changed && started.value.job.status !== "running") return
    if (attempt > MAX_JOB_ATTEMPTS) {
      yield* applyJobEvent(jobId, { type: "fail", at: yield* Clock.currentTimeMillis, error: defect })
      return
    }
    const job = started.value.job
    const report = yield* reporterOf(job)
    const rt = yield* JobRuntime
    const fiber = yield* FiberMap.run(rt.running, jobId, workOf(job, report))
    const stopper = yield* Effect.fork(interruptWhenSettled(jobId, fiber))
    // the work lives in the map, not under this fiber: a worker that stops stops it
    const exit = yield* Fiber.await(fiber).pipe(Effect.onInterrupt(() => Fiber.interrupt(fiber)))
    yield* Fiber.interruptFork(stopper)
    const at = yield* Clock.currentTimeMillis
    if (Exit.isSuccess(exit)) {
      yield* applyJobEvent(jobId, { type: "succeed", at, result: exit.value.result, units: exit.value.units })
      return
    }
    const failure = Cause.failureOption(exit.cause)
    if (Option.isSome(failure)) {
      yield* applyJobEvent(jobId, { type: "fail", at, error: failure.value })
    } else if (!Cause.isInterruptedOnly(exit.cause)) {
      yield* Effect.logError("job work failed unexpectedly", exit.cause)
      yield* applyJobEvent(jobId, { type: "fail", at, error: defect })
    }
  })

/** Starts `workers` worker fibers for the lifetime of the layer (none for 0: an API-only instance). */
export const jobWorkersLayer = (workers: number) =>
  Layer.scopedDiscard(
    Effect.gen(function*() {
      const queue = yield* JobQueue
      const renewing = (lease: JobLease) =>
        Effect.sleep(Duration.millis(JOB_LEASE_MS / 3)).pipe(
          Effect.zipRight(queue.renew(lease)),
          Effect.catchAll((e) => Effect.as(Effect.logWarning(`job ${lease.jobId}: lease not renewed`, e), true)),
          Effect.repeat({ while: (held) => held })
        )
      const runClaimed = (lease: JobLease) =>
        Effect.flatMap(Effect.fork(renewing(lease)), (renewer) =>
          runJob(lease.jobId, lease.attempt).pipe(
            Effect.catchAllCause((cause) => Effect.logError(`job ${lease.jobId} could not be run`, cause)),
            // interrupted (the worker stops): the job goes back for another worker
            Effect.onExit((exit) =>
              Fiber.interrupt(renewer).pipe(
                Effect.zipRight(Exit.isSuccess(exit) ? queue.complete(lease) : queue.release(lease)),
                Effect.catchAll((e) => Effect.logWarning(`job ${lease.jobId}: lease not settled (it expires)`, e))
              )
            )
          ))
      // a real-time pause after a failed claim (not the service clock, which a test may hold still)
      const pause = Effect.sleep(Duration.seconds(1)).pipe(Effect.withClock(Clock.make()))
      const loop = Effect.forever(
        Effect.uninterruptibleMask((restore) =>
          restore(queue.claim).pipe(
            Effect.flatMap((lease) => restore(runClaimed(lease))),
            Effect.catchAll((e) => Effect.zipRight(Effect.logWarning("no job could be claimed", e), restore(pause)))
          )
        )
      )
      for (let i = 0; i < workers; i++) yield* Effect.forkScoped(loop)
    })
  )
