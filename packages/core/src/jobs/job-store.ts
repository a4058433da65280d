/**
 * The storage port of jobs. Adapters implement it (storage-memory) and pass `jobStoreSuite` of
 * `@docket/core/testing`. Every transition goes through `apply`, which runs the state machine
 * (`transition`) atomically against the stored job; a new job behind the concurrent-jobs cap goes
 * through `insertWithin`, which counts and stores in one step.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { Job, JobKind, JobStatus } from "./job.js"
import type { JobEvent } from "./state-machine.js"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"

/** The cursor is no job of this tenant. */
export class CursorNotFound extends Data.TaggedError("CursorNotFound")<{ readonly cursor: string }> {}
/**
 * `insertWithin` with `sole`: a job of the same kind and workspace (`job_id`) is queued or running;
 * nothing was stored (spec 3: one knowledge-graph build, one ledger run per workspace at a time).
 */
export class SoleJobActive extends Data.TaggedError("SoleJobActive")<{ readonly jobId: string }> {}

export interface InsertOptions {
  /** also refuse while a job of `job.kind` for `job.workspace_id` is queued or running, checked in the same step */
  readonly sole?: boolean | undefined
}

/** `insertWithin`: the tenant already has `limit` jobs queued or running; nothing was stored. */
export class ActiveJobsAtLimit extends Data.TaggedError("ActiveJobsAtLimit")<{ readonly limit: number }> {}

/** What `insert` stored, or the job an idempotency key already named (`created: false`). */
export interface InsertedJob {
  readonly job: Job
  readonly created: boolean
}

export interface JobQuery {
  readonly tenantId: string
  /** any of these (none = all) */
  readonly statuses?: ReadonlyArray<JobStatus> | undefined
  readonly kinds?: ReadonlyArray<JobKind> | undefined
  /** only the jobs of this workspace (none = jobs of any workspace or of none) */
  readonly workspaceId?: string | undefined
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
  readonly insert: (job: Job) => Effect.Effect<InsertedJob, StorageUnavailable>
  /**
   * `insert` behind the tenant's concurrent-jobs cap (spec 2, "Limits"): stores the job only while
   * the tenant (`job.tenant_id`) has fewer than `maxActive` jobs queued or running, counted and
   * stored in one step per tenant — concurrent inserts of one tenant, from any instance sharing
   * the store, take turns, so N concurrent inserts at cap C store exactly C. A replay of an
   * idempotency key the tenant already used returns its job whatever the count (replays do not
   * count toward concurrency). With `sole`, a job of the same kind and workspace queued or running
   * refuses the insert the same way (`SoleJobActive`, naming it), after the replay check.
   */
  readonly insertWithin: (
    job: Job,
    maxActive: number,
    options?: InsertOptions
  ) => Effect.Effect<InsertedJob, StorageUnavailable | ActiveJobsAtLimit | SoleJobActive>
  readonly get: (jobId: string) => Effect.Effect<Option.Option<Job>, StorageUnavailable>
  /**
   * The tenant's job created with this idempotency key (a replay is then not checked against the
   * concurrent-jobs and credit limits).
   */
  readonly findByIdempotencyKey: (tenantId: string, key: string) => Effect.Effect<Option.Option<Job>, StorageUnavailable>
  /** applies `event` through the state machine; `changed: false` returns the job as it is */
  readonly apply: (
    jobId: string,
    event: JobEvent
  ) => Effect.Effect<Option.Option<{ readonly job: Job; readonly changed: boolean }>, StorageUnavailable>
  readonly list: (query: JobQuery) => Effect.Effect<JobPage, StorageUnavailable | CursorNotFound>
  /**
   * Deletes the job and its idempotency key (a later create with the key makes a new job) in one
   * step; answers whether there was such a job. A transition of a removed job finds none (`apply`
   * answers none), so a worker that claims it later does nothing. An adapter keeping the queue and
   * event log in the same database drops the job's rows there too.
   */
  readonly remove: (jobId: string) => Effect.Effect<boolean, StorageUnavailable>
  /**
   * retention: up to `limit` succeeded jobs that still hold a result although their
   * `payload_expires_at` is at or before `now` (of every tenant), earliest expiry first — what the
   * `expire` event applies to
   */
  readonly listPayloadExpired: (now: number, limit: number) => Effect.Effect<ReadonlyArray<Job>, StorageUnavailable>
}

export class JobStore extends Context.Tag("@docket/core/JobStore")<JobStore, JobStoreService>() {}
