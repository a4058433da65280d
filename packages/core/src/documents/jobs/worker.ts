/**
 * The worker runtime: `workers` fibers take job ids from the `JobQueue` and run each job's work
 * in a fiber of its own, registered in `JobRuntime` so that a cancel interrupts it. The outcome
 * is recorded through the state machine: a job cancelled meanwhile stays cancelled.
 */
import { Cause, Clock, Effect, Exit, Fiber, Layer, Option } from "effect"
import { parseWork } from "../parse/parse-work.js"
import type { JobError } from "./job.js"
import { JobQueue } from "./job-queue.js"
import { applyJobEvent, JobRuntime } from "./job-runtime.js"

const defect: JobError = { code: "internal_error", message: "the job failed unexpectedly; retry with the same idempotency key", retryable: true }

export const runJob = (jobId: string) =>
  Effect.gen(function*() {
    const started = yield* applyJobEvent(jobId, { type: "start", at: yield* Clock.currentTimeMillis })
    if (Option.isNone(started) || !started.value.changed) return
    const job = started.value.job
    const rt = yield* JobRuntime
    const fiber = yield* Effect.fork(parseWork(job))
    rt.running.set(jobId, fiber)
    const exit = yield* Fiber.await(fiber)
    rt.running.delete(jobId)
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

/** Starts `workers` worker fibers for the lifetime of the layer. */
export const jobWorkersLayer = (workers: number) =>
  Layer.scopedDiscard(
    Effect.gen(function*() {
      const queue = yield* JobQueue
      const loop = Effect.forever(
        Effect.flatMap(queue.take, (jobId) =>
          runJob(jobId).pipe(Effect.catchAllCause((cause) => Effect.logError(`job ${jobId} could not be run`, cause))))
      )
      for (let i = 0; i < Math.max(1, workers); i++) yield* Effect.forkScoped(loop)
    })
  )
