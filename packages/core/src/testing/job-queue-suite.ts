/**
 * The conformance suite of the `JobQueue` port: every adapter runs it against its storage layer
 * (`jobQueueSuite("memory", MemoryStorage.layer)`). Leases are timed by a manual clock; pending
 * claims are observed for a moment of real time (the claim of a shared queue may poll).
 *
 * The queue is one line for every job, so no name sets a test apart: a claim takes whatever is
 * first. Each test therefore starts from an empty storage (`StorageAdmin.reset`).
 */
import { expect } from "@effect/vitest"
import { Clock, Effect, Fiber, type Layer, Option } from "effect"
import { resetStorage, type StorageAdmin } from "./storage-reset.js"
import { storageSuite, type SuiteOptions } from "./suite.js"
import { JOB_LEASE_MS, JobQueue, type JobQueueService } from "../jobs/job-queue.js"
import { ManualClock } from "../kernel/clock.js"

const realWait = (ms: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

let n = 0
const ids = (count: number) => {
  const run = `${Date.now().toString(36)}_${++n}`
  return Array.from({ length: count }, (_, i) => `job_${run}_${i}`)
}

/** what a claim started now gets within `ms` of real time (none: it is still waiting) */
const claimWithin = (q: JobQueueService, ms: number) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(q.claim)
    yield* realWait(ms)
    const done = yield* Fiber.poll(fiber)
    if (Option.isNone(done)) yield* Fiber.interrupt(fiber)
    return yield* Option.match(done, { onNone: () => Effect.succeedNone, onSome: (exit) => Effect.asSome(exit) })
  })

export const jobQueueSuite = <E>(name: string, layer: Layer.Layer<JobQueue | StorageAdmin, E>, options: SuiteOptions = {}) =>
  storageSuite(`JobQueue (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (q: JobQueueService, clock: ManualClock) => Effect.Effect<A, E2, StorageAdmin>) => {
      const clock = new ManualClock()
      return Effect.gen(function*() {
        const q = yield* JobQueue
        yield* resetStorage
        return yield* f(q, clock)
      }).pipe(Effect.withClock(clock))
    }

    it("claims in offer order, each job once; an offer of a queued id adds nothing", () =>
      run((q) =>
        Effect.gen(function*() {
          const [a, b] = ids(2)
          expect(yield* q.offer(a)).toBe(true)
          expect(yield* q.offer(b)).toBe(true)
          expect(yield* q.offer(a)).toBe(true)
          const first = yield* q.claim
          const second = yield* q.claim
          expect([first.jobId, second.jobId]).toEqual([a, b])
          expect([first.attempt, second.attempt]).toEqual([1, 1])
          expect(first.leaseId).not.toBe(second.leaseId)
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
        })))

    it("a waiting claim gets a job offered later", () =>
      run((q) =>
        Effect.gen(function*() {
          const [a] = ids(1)
          const fiber = yield* Effect.fork(q.claim)
          yield* realWait(50)
          yield* q.offer(a)
          const lease = yield* Fiber.join(fiber).pipe(Effect.timeout("5 seconds"), Effect.withClock(Clock.make()), Effect.orDie)
          expect(lease.jobId).toBe(a)
        })))

    it("complete removes the job: it is never claimed again", () =>
      run((q, clock) =>
        Effect.gen(function*() {
          const [a, b] = ids(2)
          yield* q.offer(a)
          const lease = yield* q.claim
          yield* q.complete(lease)
          expect(yield* q.renew(lease)).toBe(false)
          clock.advance(JOB_LEASE_MS + 1)
          yield* q.offer(b)
          const second = yield* q.claim
          expect(second.jobId).toBe(b)
          yield* q.complete(second)
          clock.advance(JOB_LEASE_MS + 1)
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
          // a completed job may be offered again (a new entry)
          yield* q.offer(a)
          expect((yield* q.claim)).toMatchObject({ jobId: a, attempt: 1 })
        })))

    it("an expired lease is claimed again; the old lease then completes, renews and releases nothing", () =>
      run((q, clock) =>
        Effect.gen(function*() {
          const [a] = ids(1)
          yield* q.offer(a)
          const first = yield* q.claim
          clock.advance(JOB_LEASE_MS - 1)
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
          clock.advance(1)
          const second = yield* q.claim
          expect(second).toMatchObject({ jobId: a, attempt: 2 })
          expect(second.leaseId).not.toBe(first.leaseId)
          yield* q.complete(first)
          yield* q.release(first)
          expect(yield* q.renew(first)).toBe(false)
          // the job is still held by the second lease
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
          clock.advance(JOB_LEASE_MS)
          const third = yield* q.claim
          expect(third).toMatchObject({ jobId: a, attempt: 3 })
          yield* q.complete(third)
          clock.advance(JOB_LEASE_MS)
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
        })))

    it("a waiting claim takes over a lease as it expires", () =>
      run((q, clock) =>
        Effect.gen(function*() {
          const [a] = ids(1)
          yield* q.offer(a)
          yield* q.claim
          const fiber = yield* Effect.fork(q.claim)
          // a store whose waiting claim sleeps on the service clock until the lease expires (memory)
          // must be asleep before the clock moves, or its sleep starts after the move and lasts a
          // whole lease; a polling store (PostgreSQL) reads the clock on every poll: a short real wait
          for (let i = 0; i < 40 && clock.pendingSleepsOf(JOB_LEASE_MS) === 0; i++) yield* realWait(25)
          clock.advance(JOB_LEASE_MS)
          const exit = yield* Fiber.join(fiber).pipe(Effect.timeout("5 seconds"), Effect.withClock(Clock.make()), Effect.orDie)
          expect(exit).toMatchObject({ jobId: a, attempt: 2 })
        })))

    it("renew extends the lease from now; release gives the job back at once", () =>
      run((q, clock) =>
        Effect.gen(function*() {
          const [a] = ids(1)
          yield* q.offer(a)
          const lease = yield* q.claim
          clock.advance(JOB_LEASE_MS - 1)
          expect(yield* q.renew(lease)).toBe(true)
          clock.advance(JOB_LEASE_MS - 1)
          expect(Option.isNone(yield* claimWithin(q, 150))).toBe(true)
          yield* q.release(lease)
          const again = yield* q.claim
          expect(again).toMatchObject({ jobId: a, attempt: 1 })
          expect(again.leaseId).not.toBe(lease.leaseId)
        })))

    it("concurrent claims get distinct jobs, every job exactly once", () =>
      run((q) =>
        Effect.gen(function*() {
          const all = ids(20)
          yield* Effect.forEach(all, (id) => q.offer(id), { discard: true })
          const leases = yield* Effect.all(Array.from({ length: 20 }, () => q.claim), { concurrency: "unbounded" })
          expect(leases.map((l) => l.jobId).sort()).toEqual([...all].sort())
          expect(new Set(leases.map((l) => l.leaseId)).size).toBe(20)
        })))
  })
