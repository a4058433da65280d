/**
 * The storage port of jobs. Adapters implement it (storage-memory) and pass `jobStoreSuite` of
 * `@docket/core/testing`. Every transition goes through `apply`, which runs the state machine
 * (`transition`) atomically against the stored job.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { Job, JobKind, JobStatus } from "./job.js"
import type { JobEvent } from "./state-machine.js"

export class JobStoreUnavailable extends Data.TaggedError("JobStoreUnavailable")<{ readonly cause?: unknown }> {}
/** The cursor is no job of this tenant. */
export class CursorNotFound extends Data.TaggedError("CursorNotFound")<{ readonly cursor: string }> {}

export interface JobQuery {
  readonly tenantId: string
  /** any of these (none = all) */
  readonly statuses?: ReadonlyArray<JobStatus> | undefined
  readonly kinds?: ReadonlyArray<JobKind> | undefined
  /** strictly after, epoch ms */
  readonly createdAfter?: number | undefined
  /** the last job of the previous page */
  readonly cursor?: string | undefined
  readonly limit: number
}

export interface JobPage {
  /** newest first (creation time, then insertion order) */
  readonly jobs: ReadonlyArray<Job>
  /** the last job of this page when more follow */
  readonly nextCursor: string | null
  /** jobs matching the filters, all pages together */
  readonly total: number
}

export interface JobStoreService {
  /**
   * Stores a new job; when it carries an idempotency key that the tenant already used, stores
   * nothing and returns the existing job (`created: false`), in one step.
   */
  readonly insert: (job: Job) => Effect.Effect<{ readonly job: Job; readonly created: boolean }, JobStoreUnavailable>
  readonly get: (jobId: string) => Effect.Effect<Option.Option<Job>, JobStoreUnavailable>
  /**
   * The tenant's job created with this idempotency key (a replay is then not checked against the
   * concurrent-jobs and credit limits).
   */
  readonly findByIdempotencyKey: (tenantId: string, key: string) => Effect.Effect<Option.Option<Job>, JobStoreUnavailable>
  /** applies `event` through the state machine; `changed: false` returns the job as it is */
  readonly apply: (
    jobId: string,
    event: JobEvent
  ) => Effect.Effect<Option.Option<{ readonly job: Job; readonly changed: boolean }>, JobStoreUnavailable>
  readonly list: (query: JobQuery) => Effect.Effect<JobPage, JobStoreUnavailable | CursorNotFound>
  readonly reset: Effect.Effect<void, JobStoreUnavailable>
}

export class JobStore extends Context.Tag("@docket/core/JobStore")<JobStore, JobStoreService>() {}
