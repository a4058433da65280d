/**
 * A kind of job, as its context declares it: what a job of the kind takes (`input`) and keeps
 * (`result`), the work that runs it, how each form shows its result, what it costs (usage) and
 * what goes when its payload expires (retention). Every kind of every spec is one such
 * declaration in its own context, registered where core is assembled (`JobKinds`); nothing in
 * `jobs/` knows any kind.
 */
import { type Effect, Schema } from "effect"
import type { Job, JobError, JobKind, JobProgress } from "./job.js"

/** What a job's work returns: the result to keep and the units (credits) it costs. */
export interface JobOutcome<Result = unknown> {
  readonly result: Result
  readonly units: number
}

/**
 * Reports how far the running job has come: the fields given replace the stored ones, the v1 job
 * shows them and the job's event stream sends them. Never fails (a report that cannot be stored
 * is logged).
 */
export type ReportProgress = (progress: Partial<JobProgress>) => Effect.Effect<void>

/** `part` names an artifact of the job's result (`document`, `sheet-<n>`, `item-<n>`…); returns an absolute, signed, expiring URL. */
export type LinkOf = (part: string) => string

/** What a result's projection may link to: signed artifact links, and the request's origin. */
export interface ResultLinks {
  readonly link: LinkOf
  /** `http(s)://host` of the request that reads the job */
  readonly origin: string
}

/** A file behind one of the result's links (`GET /artifacts/{job_id}/{part}`). */
export interface JobArtifact {
  readonly body: string
  /** its content type */
  readonly type: string
}

/** What a succeeded job records in its usage event besides its units (spec 2, "Usage"). */
export interface JobUsage {
  /** pages, or non-empty cells for spreadsheets */
  readonly pages: number
  /** workspace ingestion only */
  readonly bytes_ingested: number
}

export interface JobKindDefinition<Input, Result, R = never> {
  readonly kind: JobKind
  /** the input's schema: a create whose input does not match it is a defect */
  readonly input: Schema.Schema<Input, any>
  /** the result's schema: a work whose result does not match it fails the job (`internal_error`) */
  readonly result: Schema.Schema<Result, any>
  /** the stage a running job starts at (v1 `progress.stage`) */
  readonly stage: string
  /** the work a worker runs once it has claimed the job; fails with the job's error */
  readonly run: (job: Job<Input, Result>, report: ReportProgress) => Effect.Effect<JobOutcome<Result>, JobError, R>
  /**
   * what a create asks for, compared when an idempotency key is reused (409 when it differs);
   * `JSON.stringify([kind, input])` by default
   */
  readonly fingerprint?: ((kind: JobKind, input: Input) => string) | undefined
  /** the result in the flat form (spec 2's flat jobs); a kind without one shows its result as stored */
  readonly flatResult?: ((job: Job<Input, Result>, result: Result, links: ResultLinks) => unknown) | undefined
  /** the result in the v1 form; as stored by default */
  readonly v1Result?: ((job: Job<Input, Result>, result: Result, links: ResultLinks) => unknown) | undefined
  /** the files behind the result's links, by part */
  readonly artifact?: ((job: Job<Input, Result>, result: Result, part: string) => JobArtifact | undefined) | undefined
  /** what a succeeded job records as usage besides its units (nothing by default) */
  readonly usage?: ((job: Job<Input, Result>) => JobUsage) | undefined
  /**
   * retention: deletes what the job keeps outside its result (blobs) once its payload has expired,
   * before the result is deleted (the sweeper, and a read that finds the payload expired); returns
   * the blobs deleted, fails when one could not be (the next sweep tries again)
   */
  readonly onPayloadExpired?: ((job: Job<Input, Result>) => Effect.Effect<number, unknown, R>) | undefined
}

/** A kind with its requirements inferred from its work and hooks. */
export const defineJobKind = <Input, Result, R = never>(
  definition: JobKindDefinition<Input, Result, R>
): JobKindDefinition<Input, Result, R> => definition

/** Any registrable kind (the registry erases each kind's types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind<R = any> = JobKindDefinition<any, any, R>

/** What a list of kinds needs to run. */
export type JobKindRequirements<K> = K extends JobKindDefinition<any, any, infer R> ? R : never

/**
 * A schema checking that a value has the shape of `T` (the fields `shape` names), for a type whose
 * full schema is not worth writing: its decoded type is `T`.
 */
export const shapeOf = <T>(shape: Schema.Schema<any, any>): Schema.Schema<T> => {
  const is = Schema.is(shape)
  return Schema.declare((u: unknown): u is T => is(u))
}
