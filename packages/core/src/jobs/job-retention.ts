/**
 * Retention of a job's payload: once `payload_expires_at` has passed, the kind's hook deletes what
 * the job keeps outside its result (`onPayloadExpired`; e.g. ground's crops), then the `expire`
 * transition deletes the result. The hook runs first: once the result is gone nothing names
 * those. The sweeper runs it strictly (a failure leaves the job to the next sweep); a read that
 * finds the payload expired runs it best effort (`bestEffort`).
 */
import { Effect } from "effect"
import type { Job } from "./job.js"
import { JobKinds } from "./job-kinds.js"

/** Runs the job's kind's retention hook: the blobs it deleted (0 for a kind without one). */
export const onPayloadExpired = (job: Job): Effect.Effect<number, unknown, JobKinds> =>
  Effect.flatMap(JobKinds, (kinds) => kinds.get(job.kind)?.onPayloadExpired?.(job) ?? Effect.succeed(0))

/** `onPayloadExpired`, a failure left to a later read or sweep. */
export const onPayloadExpiredBestEffort = (job: Job): Effect.Effect<void, never, JobKinds> => Effect.ignore(onPayloadExpired(job))
