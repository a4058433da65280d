/**
 * The job-queue port: job ids waiting for a worker. Bounded: `offer` answers false when the
 * queue is full (the create call then answers 503, safe to retry with the same idempotency key).
 *
 * Workers `claim` a job under a lease of `JOB_LEASE_MS` on the service clock, `renew` it while
 * the work runs, and `complete` it when the job is recorded (or `release` it, unfinished, when
 * the worker stops). A lease carries its own id: once it has expired and the job was claimed
 * again, a `renew`, `complete` or `release` naming the old lease does nothing. So a job claimed
 * by an instance that died is claimed again by another once the lease expires.
 */
import { Context, type Effect } from "effect"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"

/** how long a claim holds a job without being renewed (service clock) */
export const JOB_LEASE_MS = 30_000


export interface JobLease {
  readonly jobId: string
  /** this claim's own id */
  readonly leaseId: string
  /** 1 for the first claim of the job, one more for every claim after a lease expired */
  readonly attempt: number
}

export interface JobQueueService {
  readonly offer: (jobId: string) => Effect.Effect<boolean>
  /** waits for the next job id that is unclaimed or whose lease expired, and claims it */
  readonly claim: Effect.Effect<JobLease, StorageUnavailable>
  /** extends the lease by `JOB_LEASE_MS` from now; false when it is no longer this lease */
  readonly renew: (lease: JobLease) => Effect.Effect<boolean, StorageUnavailable>
  /** removes the job from the queue if the lease is still this one */
  readonly complete: (lease: JobLease) => Effect.Effect<void, StorageUnavailable>
  /** gives the job back, unclaimed, if the lease is still this one */
  readonly release: (lease: JobLease) => Effect.Effect<void, StorageUnavailable>
}

export class JobQueue extends Context.Tag("@docket/core/JobQueue")<JobQueue, JobQueueService>() {}
