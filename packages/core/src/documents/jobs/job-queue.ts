/**
 * The job-queue port: job ids waiting for a worker. Bounded: `offer` answers false when the
 * queue is full (the create call then answers 503, safe to retry with the same idempotency key).
 */
import { Context, type Effect } from "effect"

export interface JobQueueService {
  readonly offer: (jobId: string) => Effect.Effect<boolean>
  /** waits for the next job id */
  readonly take: Effect.Effect<string>
}

export class JobQueue extends Context.Tag("@docket/core/JobQueue")<JobQueue, JobQueueService>() {}
