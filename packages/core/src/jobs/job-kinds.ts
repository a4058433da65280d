/**
 * The registry of job kinds: built once where core is assembled (`docketLayer`) from the kinds
 * each context declares (the document operations, the host's own through `jobKinds`). Each kind's
 * work and hooks get the services they need at registration, so the registry serves them with no
 * requirements left (and a work may itself need `JobKinds`, to chain a job of another kind).
 */
import { Context, Effect, Layer, Schema } from "effect"
import type { JobError, JobKind } from "./job.js"
import type { AnyJobKind, JobKindRequirements, JobOutcome } from "./job-kind.js"

export interface JobKindsService {
  /** the registered kind of that name */
  readonly get: (kind: JobKind) => AnyJobKind<never> | undefined
  /** every registered kind name, in registration order */
  readonly kinds: ReadonlyArray<JobKind>
}

export class JobKinds extends Context.Tag("@docket/core/JobKinds")<JobKinds, JobKindsService>() {}

/** The registry of `kinds` (a name registered twice is a defect). */
export const jobKindsLayer = <const Kinds extends ReadonlyArray<AnyJobKind>>(
  kinds: Kinds
): Layer.Layer<JobKinds, never, Exclude<JobKindRequirements<Kinds[number]>, JobKinds>> =>
  Layer.effect(
    JobKinds,
    Effect.gen(function*() {
      const byName = new Map<JobKind, AnyJobKind<never>>()
      const service: JobKindsService = { get: (kind) => byName.get(kind), kinds: kinds.map((k) => k.kind) }
      const context = Context.add(yield* Effect.context<Exclude<JobKindRequirements<Kinds[number]>, JobKinds>>(), JobKinds, service)
      for (const k of kinds) {
        if (byName.has(k.kind)) return yield* Effect.dieMessage(`job kind ${k.kind} is registered twice`)
        const onPayloadExpired = k.onPayloadExpired
        byName.set(k.kind, {
          ...k,
          run: (job, report) => Effect.provide(k.run(job, report), context) as Effect.Effect<JobOutcome, JobError>,
          onPayloadExpired: onPayloadExpired === undefined
            ? undefined
            : (job) => Effect.provide(onPayloadExpired(job), context) as Effect.Effect<number, unknown>
        })
      }
      return service
    })
  )

/** The fingerprint of a create (compared when its idempotency key is reused). */
export const fingerprintOf = (kind: AnyJobKind<never> | undefined, name: JobKind, input: unknown): string =>
  kind?.fingerprint === undefined ? JSON.stringify([name, input]) : kind.fingerprint(name, input)

/** Whether the job's input has its kind's shape. */
export const hasInputShape = (kind: AnyJobKind<never>, input: unknown): boolean => Schema.is(kind.input)(input)

/** Whether a work's result has its kind's shape. */
export const hasResultShape = (kind: AnyJobKind<never>, result: unknown): boolean => Schema.is(kind.result)(result)
