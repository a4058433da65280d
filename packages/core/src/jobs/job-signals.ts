/**
 * Wake-ups of the fibers waiting on a job (sync calls and `wait_seconds`, `GET /v1/jobs/{id}/events`).
 * A signal carries no data: a woken waiter reads the job (or its event log) from the store again,
 * so a signal that comes twice, or for nothing new, costs one read and nothing else.
 *
 * - `publish(jobId)` is sent once the job changed in the store (its status and its event log): it
 *   wakes the job's waiters in this process at once and, with a store shared by several
 *   instances, in every other instance too (PostgreSQL: LISTEN/NOTIFY, `@docket/storage-pg`).
 * - `watch(jobId)` registers a waiter for the life of the scope and returns the effect that
 *   completes at the first publish of the job after the registration. Register, then read the
 *   store, then await: a change made between the read and the await is not missed.
 *
 * It is a storage port: adapters provide it beside the stores that instances share
 * (`@docket/storage-memory`: this process only, which is all there is in memory).
 */
import { Context, Deferred, Effect, Exit, FiberId, type Scope } from "effect"

export interface JobSignalsService {
  /** wakes every waiter of the job, here and on every instance sharing the store; never fails */
  readonly publish: (jobId: string) => Effect.Effect<void>
  /** a waiter of the job for the scope: the effect completes at the job's next publish */
  readonly watch: (jobId: string) => Effect.Effect<Effect.Effect<void>, never, Scope.Scope>
}

export class JobSignals extends Context.Tag("@docket/core/JobSignals")<JobSignals, JobSignalsService>() {}

/** The waiters of this process, by job: what adapters wake when a signal arrives. */
export interface LocalJobWatchers {
  readonly watch: JobSignalsService["watch"]
  /** wakes the job's waiters in this process */
  readonly wake: (jobId: string) => Effect.Effect<void>
  /** wakes every waiter in this process (after signals may have been missed: each reads again) */
  readonly wakeAll: Effect.Effect<void>
  /** jobs with a waiter in this process */
  readonly size: () => number
}

export const makeLocalJobWatchers = (): LocalJobWatchers => {
  const watchers = new Map<string, Set<Deferred.Deferred<void>>>()
  const release = (jobId: string, signal: Deferred.Deferred<void>) =>
    Effect.sync(() => {
      // a woken set has left the map already; a job nobody waits on leaves no entry behind
      const set = watchers.get(jobId)
      if (set !== undefined && set.delete(signal) && set.size === 0) watchers.delete(jobId)
    })
  const wakeSet = (set: Set<Deferred.Deferred<void>>) => {
    for (const signal of set) Deferred.unsafeDone(signal, Exit.void)
  }
  return {
    watch: (jobId) =>
      Effect.acquireRelease(
        Effect.sync(() => {
          const signal = Deferred.unsafeMake<void>(FiberId.none)
          let set = watchers.get(jobId)
          if (set === undefined) watchers.set(jobId, (set = new Set()))
          set.add(signal)
          return signal
        }),
        (signal) => release(jobId, signal)
      ).pipe(Effect.map((signal) => Deferred.await(signal))),
    wake: (jobId) =>
      Effect.sync(() => {
        const set = watchers.get(jobId)
        if (set === undefined) return
        watchers.delete(jobId)
        wakeSet(set)
      }),
    wakeAll: Effect.sync(() => {
      const sets = [...watchers.values()]
      watchers.clear()
      for (const set of sets) wakeSet(set)
    }),
    size: () => watchers.size
  }
}

/** Signals within this process only: the memory adapter's, and a store no other instance shares. */
export const makeLocalJobSignals = (): JobSignalsService => {
  const local = makeLocalJobWatchers()
  return { publish: local.wake, watch: local.watch }
}
