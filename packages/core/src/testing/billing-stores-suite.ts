/**
 * Conformance suites of the ports behind credits and limits: `usageStoreSuite(name, layer)` and
 * `requestRateStoreSuite(name, layer)`. Every adapter runs them against its storage layer; each
 * test has tenants of its own, so they run on a shared database.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import type { UsageEvent } from "../tenancy/billing/usage-event.js"
import { UsageStore } from "../tenancy/billing/usage-store.js"
import { RequestRateStore } from "../tenancy/limits/request-rate-store.js"

const DAY = 24 * 3600 * 1000
const T0 = Date.parse("2026-03-01T00:00:00.000Z")

let seq = 0
/** the tenants of the test that is running (each test has its own: see `run`) */
let tnt = { a: "tnt_a", b: "tnt_b", c: "tnt_c", none: "tnt_none" }
const freshTenants = () => {
  tnt = { a: unique("tnt_a"), b: unique("tnt_b"), c: unique("tnt_c"), none: unique("tnt_none") }
}
const event = (over: Partial<UsageEvent> = {}): UsageEvent => ({
  job_id: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
  tenant_id: tnt.a,
  kind: "parse",
  workspace_id: null,
  units: 2,
  pages: 2,
  bytes_ingested: 0,
  processing_ms: 1000,
  at: T0 + 3600_000,
  ...over
})

export const usageStoreSuite = <E>(name: string, layer: Layer.Layer<UsageStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`UsageStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: UsageStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.flatMap(UsageStore, (store) => Effect.suspend(() => (freshTenants(), f(store))))

    it("records once per job and sums the tenant's units", () =>
      run((s) =>
        Effect.gen(function*() {
          const e = event({ units: 3 })
          expect(yield* s.record(e)).toBe(true)
          expect(yield* s.record(e)).toBe(false)
          yield* s.record(event({ units: 4 }))
          yield* s.record(event({ tenant_id: tnt.b, units: 100 }))
          expect(yield* s.unitsUsed(tnt.a)).toBe(7)
          expect(yield* s.unitsUsed(tnt.none)).toBe(0)
        })))

    it("summarizes [from, to) by day, kind and workspace, in key order with null last", () =>
      run((s) =>
        Effect.gen(function*() {
          yield* s.record(event({ at: T0, units: 1, pages: 1 }))
          yield* s.record(event({ at: T0 + DAY - 1, kind: "extract", units: 2, pages: 5, workspace_id: "ws_1" }))
          yield* s.record(event({ at: T0 + DAY, units: 4, pages: 4, processing_ms: 3000 }))
          yield* s.record(event({ at: T0 + 2 * DAY, units: 8 }))
          yield* s.record(event({ tenant_id: tnt.b, at: T0 }))
          const byDay = yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + 2 * DAY, groupBy: "day" })
          expect(byDay).toEqual([
            { key: "2026-03-01", units: 3, jobs: 2, pages: 6, bytes_ingested: 0, processing_ms: 2000 },
            { key: "2026-03-02", units: 4, jobs: 1, pages: 4, bytes_ingested: 0, processing_ms: 3000 }
          ])
          const byKind = yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + 2 * DAY, groupBy: "kind" })
          expect(byKind.map((b) => [b.key, b.units])).toEqual([["extract", 2], ["parse", 5]])
          const byWs = yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + 2 * DAY, groupBy: "workspace" })
          expect(byWs.map((b) => [b.key, b.units])).toEqual([["ws_1", 2], [null, 5]])
          const ws = yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + 3 * DAY, groupBy: "kind", workspaceId: "ws_1" })
          expect(ws.map((b) => [b.key, b.units])).toEqual([["extract", 2]])
          expect(yield* s.summarize({ tenantId: tnt.c, from: T0, to: T0 + DAY, groupBy: "day" })).toEqual([])
        })))

    it("a second event of a job is ignored even when it differs; its tenant's units and summaries count the first", () =>
      run((s) =>
        Effect.gen(function*() {
          const e = event({ units: 3, pages: 1 })
          expect(yield* s.record(e)).toBe(true)
          expect(yield* s.record({ ...e, units: 50, pages: 9, kind: "extract", at: T0 + DAY })).toBe(false)
          expect(yield* s.unitsUsed(tnt.a)).toBe(3)
          expect(yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + 3 * DAY, groupBy: "kind" })).toEqual([
            { key: "parse", units: 3, jobs: 1, pages: 1, bytes_ingested: 0, processing_ms: 1000 }
          ])
        })))

    it("days are UTC dates, [from, to) exactly; keys in code-point order; every total summed", () =>
      run((s) =>
        Effect.gen(function*() {
          yield* s.record(event({ at: T0 - 1, units: 100 }))
          yield* s.record(event({ at: T0, kind: "b", units: 1, pages: 3, bytes_ingested: 10, processing_ms: 7, workspace_id: "ws_9" }))
          yield* s.record(event({ at: T0 + DAY - 1, kind: "Z", units: 2, pages: 4, bytes_ingested: 20, processing_ms: 8, workspace_id: "ws_10" }))
          yield* s.record(event({ at: T0 + DAY, kind: "a", units: 4, pages: 5, bytes_ingested: 30, processing_ms: 9, workspace_id: "WS" }))
          yield* s.record(event({ at: T0 + 2 * DAY, units: 1000 }))
          const q = { tenantId: tnt.a, from: T0, to: T0 + 2 * DAY }
          expect(yield* s.summarize({ ...q, groupBy: "day" })).toEqual([
            { key: "2026-03-01", units: 3, jobs: 2, pages: 7, bytes_ingested: 30, processing_ms: 15 },
            { key: "2026-03-02", units: 4, jobs: 1, pages: 5, bytes_ingested: 30, processing_ms: 9 }
          ])
          // by code point: upper case before lower case, "ws_10" before "ws_9"
          expect((yield* s.summarize({ ...q, groupBy: "kind" })).map((b) => b.key)).toEqual(["Z", "a", "b"])
          expect((yield* s.summarize({ ...q, groupBy: "workspace" })).map((b) => b.key)).toEqual(["WS", "ws_10", "ws_9"])
          expect(yield* s.summarize({ ...q, groupBy: "day", workspaceId: "ws_10" })).toEqual([
            { key: "2026-03-01", units: 2, jobs: 1, pages: 4, bytes_ingested: 20, processing_ms: 8 }
          ])
          expect(yield* s.summarize({ ...q, from: T0 + DAY, to: T0 + DAY, groupBy: "day" })).toEqual([])
          expect(yield* s.unitsUsed(tnt.a)).toBe(1107)
        })))

    it("concurrent records: each job is charged exactly once", () =>
      run((s) =>
        Effect.gen(function*() {
          const jobs = Array.from({ length: 10 }, (_, i) => event({ units: i + 1 }))
          // every job recorded three times at once
          const outcomes = yield* Effect.all(
            [...jobs, ...jobs, ...jobs].map((e) => s.record(e)),
            { concurrency: "unbounded" }
          )
          expect(outcomes.filter((o) => o)).toHaveLength(10)
          expect(yield* s.unitsUsed(tnt.a)).toBe(55)
          const [day] = yield* s.summarize({ tenantId: tnt.a, from: T0, to: T0 + DAY, groupBy: "day" })
          expect(day).toMatchObject({ units: 55, jobs: 10 })
        })))
  })

export const requestRateStoreSuite = <E>(name: string, layer: Layer.Layer<RequestRateStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`RequestRateStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: RequestRateStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.flatMap(RequestRateStore, (store) => Effect.suspend(() => (freshTenants(), f(store))))
    const hit = (s: RequestRateStore["Type"], now: number, limit = 2, key = tnt.a) => s.hit({ key, limit, windowMs: 60_000, now })

    it("admits up to the limit in a sliding window; refused hits are not counted", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* hit(s, 0)).toEqual({ admitted: true })
          expect(yield* hit(s, 30_000)).toEqual({ admitted: true })
          expect(yield* hit(s, 40_000)).toEqual({ admitted: false, retryAfterMs: 20_000 })
          expect(yield* hit(s, 50_000)).toEqual({ admitted: false, retryAfterMs: 10_000 })
          expect(yield* hit(s, 60_000)).toEqual({ admitted: true })
          expect(yield* hit(s, 60_001)).toEqual({ admitted: false, retryAfterMs: 29_999 })
          expect(yield* hit(s, 0, 2, tnt.b)).toEqual({ admitted: true })
        })))

    it("a limit of 0 admits nothing; a raised limit applies at once", () =>
      run((s) =>
        Effect.gen(function*() {
          expect((yield* hit(s, 0, 0)).admitted).toBe(false)
          expect(yield* hit(s, 0, 1)).toEqual({ admitted: true })
          expect((yield* hit(s, 1, 1)).admitted).toBe(false)
          expect(yield* hit(s, 2, 3)).toEqual({ admitted: true })
        })))

    it("a lowered limit waits until enough counted requests left; a limit of 0 refuses for a whole window", () =>
      run((s) =>
        Effect.gen(function*() {
          for (const t of [0, 10, 20, 30]) expect(yield* hit(s, t, 5)).toEqual({ admitted: true })
          // 4 counted, limit now 2: admitted again once those at 0, 10 and 20 left, at 60_020
          expect(yield* hit(s, 40, 2)).toEqual({ admitted: false, retryAfterMs: 59_980 })
          expect(yield* hit(s, 100, 0)).toEqual({ admitted: false, retryAfterMs: 60_000 })
          expect((yield* hit(s, 60_019, 2)).admitted).toBe(false)
          expect(yield* hit(s, 60_020, 2)).toEqual({ admitted: true })
        })))

    it("concurrent hits admit exactly the limit; the refused ones are not counted", () =>
      run((s) =>
        Effect.gen(function*() {
          const outcomes = yield* Effect.all(Array.from({ length: 20 }, () => hit(s, 5, 7)), { concurrency: "unbounded" })
          expect(outcomes.filter((o) => o.admitted)).toHaveLength(7)
          for (const o of outcomes) if (!o.admitted) expect(o.retryAfterMs).toBe(60_000)
          // the 7 leave the window at 60_005: then exactly 7 again, the 13 refused having counted for nothing
          expect((yield* hit(s, 60_004, 7)).admitted).toBe(false)
          const later = yield* Effect.all(Array.from({ length: 20 }, () => hit(s, 60_005, 7)), { concurrency: "unbounded" })
          expect(later.filter((o) => o.admitted)).toHaveLength(7)
        })))

    it("concurrent hits of several keys: each key admits exactly its limit", () =>
      run((s) =>
        Effect.gen(function*() {
          const keys = [tnt.a, tnt.b, tnt.c]
          const outcomes = yield* Effect.all(
            Array.from({ length: 45 }, (_, i) => Effect.map(hit(s, 1000 + i, 4, keys[i % 3]), (o) => [keys[i % 3], o.admitted] as const)),
            { concurrency: "unbounded" }
          )
          for (const key of keys) expect(outcomes.filter(([k, admitted]) => k === key && admitted)).toHaveLength(4)
        })))
  })
