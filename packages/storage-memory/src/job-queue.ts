/**
 * The job queue in memory: job ids in offer order (offers beyond `capacity` are refused), each
 * claimed under a lease that expires `JOB_LEASE_MS` after its claim or last renewal on the
 * service clock. A waiting claim wakes on an offer, a release, or the next lease expiry.
 */
import { Jobs } from "@docket/core"
import { Clock, Deferred, Duration, Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"
import { randomUUID } from "node:crypto"

export const DEFAULT_CAPACITY = 10_000

interface Entry {
  readonly jobId: string
  lease: { readonly id: string; expiresAt: number } | null
  attempts: number
}

const makeJobQueue = (capacity: number = DEFAULT_CAPACITY): Clearable<Jobs.JobQueueService> => {
  const entries = new Map<string, Entry>()
  let waiters = new Set<Deferred.Deferred<void>>()
  const wake = Effect.suspend(() => {
    const woken = waiters
    waiters = new Set()
    return Effect.forEach(woken, (d) => Deferred.succeed(d, undefined), { discard: true })
  })
  const holds = (lease: Jobs.JobLease): Entry | undefined => {
    const entry = entries.get(lease.jobId)
    return entry !== undefined && entry.lease?.id === lease.leaseId ? entry : undefined
  }
  /** one attempt: the first entry unclaimed or with an expired lease, claimed; else the next expiry */
  const tryClaim = (now: number): Jobs.JobLease | number | undefined => {
    let nextExpiry: number | undefined
    for (const entry of entries.values()) {
      if (entry.lease === null || entry.lease.expiresAt <= now) {
        entry.lease = { id: randomUUID(), expiresAt: now + Jobs.JOB_LEASE_MS }
        entry.attempts += 1
        return { jobId: entry.jobId, leaseId: entry.lease.id, attempt: entry.attempts }
      }
      nextExpiry = nextExpiry === undefined ? entry.lease.expiresAt : Math.min(nextExpiry, entry.lease.expiresAt)
    }
    return nextExpiry
  }
  const claim: Effect.Effect<Jobs.JobLease> = Effect.gen(function*() {
    for (;;) {
      const signal = yield* Deferred.make<void>()
      waiters.add(signal)
      const now = yield* Clock.currentTimeMillis
      const outcome = tryClaim(now)
      if (typeof outcome === "object") {
        waiters.delete(signal)
        return outcome
      }
      const woken = Deferred.await(signal)
      yield* (outcome === undefined ? woken : Effect.race(woken, Effect.sleep(Duration.millis(outcome - now)))).pipe(
        Effect.ensuring(Effect.sync(() => waiters.delete(signal)))
      )
    }
  })
  return {
    offer: (jobId) =>
      Effect.suspend(() => {
        if (entries.has(jobId)) return Effect.succeed(true)
        if (entries.size >= capacity) return Effect.succeed(false)
        entries.set(jobId, { jobId, lease: null, attempts: 0 })
        return Effect.as(wake, true)
      }),
    claim,
    renew: (lease) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          const entry = holds(lease)
          if (entry === undefined || entry.lease === null) return false
          entry.lease.expiresAt = now + Jobs.JOB_LEASE_MS
          return true
        })),
    complete: (lease) => Effect.sync(() => void (holds(lease) !== undefined && entries.delete(lease.jobId))),
    release: (lease) =>
      Effect.suspend(() => {
        const entry = holds(lease)
        if (entry === undefined) return Effect.void
        entry.lease = null
        entry.attempts -= 1
        return wake
      }),
    clear: () => entries.clear()
  }
}

const makeWith = (capacity: number = DEFAULT_CAPACITY): Effect.Effect<Jobs.JobQueueService> =>
  memoryStore(() => makeJobQueue(capacity))

export const make: Effect.Effect<Jobs.JobQueueService> = makeWith()

export const layerWith = (capacity: number = DEFAULT_CAPACITY): Layer.Layer<Jobs.JobQueue> => Layer.effect(Jobs.JobQueue, makeWith(capacity))

export const layer: Layer.Layer<Jobs.JobQueue> = layerWith()
