/**
 * The conformance suite of the `JobEventLog` port (the v1 job event stream's log): every adapter
 * runs it against its storage layer (`jobEventLogSuite("memory", MemoryStorage.layer)`). Each
 * test has jobs of its own, so it runs on a shared database.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { storageSuite, type SuiteOptions } from "./suite.js"
import { type JobEventData, JobEventLog, MAX_EVENTS_PER_JOB } from "../jobs/job-event-log.js"

/** the jobs of the test that is running (each test has its own: see `run`) */
let JOB_A = "00000000-0000-4000-8000-00000000000a"
let JOB_B = "00000000-0000-4000-8000-00000000000b"

const queued = (at: number): JobEventData => ({ at, status: "queued", progress: null, message: null })

const running: JobEventData = {
  at: 1_767_225_600_123,
  status: "running",
  progress: { units_total: null, units_done: 0, items_total: 1, items_done: 0, stage: "parsing", detail: { nested: [1, "été", true] } },
  message: null
}

const failed: JobEventData = { at: 1_767_225_600_456, status: "failed", progress: null, message: "the file is corrupt — « 2026 »" }

export const jobEventLogSuite = <E>(name: string, layer: Layer.Layer<JobEventLog, E>, options: SuiteOptions = {}) =>
  storageSuite(`JobEventLog conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: JobEventLog["Type"]) => Effect.Effect<A, E2>) =>
      Effect.flatMap(JobEventLog, (log) =>
        Effect.suspend(() => {
          JOB_A = crypto.randomUUID()
          JOB_B = crypto.randomUUID()
          return f(log)
        }))

    it("numbers each job's events 1, 2, 3 …; since returns those after a sequence, oldest first, exactly", () =>
      run((log) =>
        Effect.gen(function*() {
          expect(yield* log.append(JOB_A, queued(1000))).toEqual({ ...queued(1000), sequence: 1 })
          expect(yield* log.append(JOB_B, queued(1001))).toEqual({ ...queued(1001), sequence: 1 })
          expect(yield* log.append(JOB_A, running)).toEqual({ ...running, sequence: 2 })
          expect(yield* log.append(JOB_A, failed)).toEqual({ ...failed, sequence: 3 })
          expect(yield* log.since(JOB_A, 0)).toEqual([
            { ...queued(1000), sequence: 1 },
            { ...running, sequence: 2 },
            { ...failed, sequence: 3 }
          ])
          expect((yield* log.since(JOB_A, 1)).map((e) => e.sequence)).toEqual([2, 3])
          expect(yield* log.since(JOB_A, 3)).toEqual([])
          expect(yield* log.since(JOB_A, 99)).toEqual([])
          expect((yield* log.since(JOB_B, 0)).map((e) => e.sequence)).toEqual([1])
          expect(yield* log.since("00000000-0000-4000-8000-0000000000ff", 0)).toEqual([])
        })))

    it(`keeps the latest ${MAX_EVENTS_PER_JOB} events of a job; sequences go on after the oldest are dropped`, () =>
      run((log) =>
        Effect.gen(function*() {
          const n = MAX_EVENTS_PER_JOB + 10
          for (let i = 1; i <= n; i++) yield* log.append(JOB_A, queued(i))
          yield* log.append(JOB_B, queued(0))
          const kept = yield* log.since(JOB_A, 0)
          expect(kept).toHaveLength(MAX_EVENTS_PER_JOB)
          expect(kept[0]).toEqual({ ...queued(11), sequence: 11 })
          expect(kept[kept.length - 1].sequence).toBe(n)
          expect((yield* log.since(JOB_A, n - 2)).map((e) => e.sequence)).toEqual([n - 1, n])
          expect((yield* log.append(JOB_A, failed)).sequence).toBe(n + 1)
          expect((yield* log.since(JOB_A, 0)).map((e) => e.sequence)).toEqual(Array.from({ length: MAX_EVENTS_PER_JOB }, (_, i) => n + 2 - MAX_EVENTS_PER_JOB + i))
          // other jobs keep theirs
          expect((yield* log.since(JOB_B, 0)).map((e) => e.sequence)).toEqual([1])
        })))

    it("concurrent appends get distinct consecutive sequences, none skipped, per job", () =>
      run((log) =>
        Effect.gen(function*() {
          const n = 40
          const appended = yield* Effect.all(
            Array.from({ length: 2 * n }, (_, i) => log.append(i % 2 === 0 ? JOB_A : JOB_B, queued(i))),
            { concurrency: "unbounded" }
          )
          for (const job of [0, 1]) {
            const sequences = appended.filter((_, i) => i % 2 === job).map((e) => e.sequence).sort((a, b) => a - b)
            expect(sequences).toEqual(Array.from({ length: n }, (_, i) => i + 1))
          }
          // each record is the event appended with it
          const logA = yield* log.since(JOB_A, 0)
          expect(logA.map((e) => e.sequence)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
          for (const e of logA) expect(appended).toContainEqual(e)
        })))

    it("concurrent appends past the bound keep exactly the latest events", () =>
      run((log) =>
        Effect.gen(function*() {
          const n = MAX_EVENTS_PER_JOB * 2
          yield* Effect.all(Array.from({ length: n }, (_, i) => log.append(JOB_A, queued(i))), { concurrency: "unbounded" })
          expect((yield* log.since(JOB_A, 0)).map((e) => e.sequence)).toEqual(
            Array.from({ length: MAX_EVENTS_PER_JOB }, (_, i) => n - MAX_EVENTS_PER_JOB + 1 + i)
          )
          expect((yield* log.append(JOB_A, failed)).sequence).toBe(n + 1)
        })))
  })
