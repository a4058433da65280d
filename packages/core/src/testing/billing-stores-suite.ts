/**
 * Conformance suites of the ports behind credits and limits: `usageStoreSuite(name, layer)` and
 * `requestRateStoreSuite(name, layer)`. Every adapter runs them against its own layers; each test
 * starts from a reset, so they run on a shared database.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import type { UsageEvent } from "../documents/billing/usage-event.js"
import { UsageStore } from "../documents/billing/usage-store.js"
import { RequestRateStore } from "../documents/limits/request-rate-store.js"

const DAY = 24 * 3600 * 1000
const T0 = Date.parse("2026-03-01T00:00:00.000Z")

let seq = 0
const event = (over: Partial<UsageEvent> = {}): UsageEvent => ({
  job_id: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
  tenant_id: "tnt_a",
  kind: "parse",
  workspace_id: null,
  units: 2,
  pages: 2,
  bytes_ingested: 0,
  processing_ms: 1000,
  at: T0 + 3600_000,
  ...over
})

export const usageStoreSuite = <E>(name: string, layer: Layer.Layer<UsageStore, E>) =>
  describe(`UsageStore conformance (${name})`, () => {
    const run = <A, E2>(f: (s: UsageStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.gen(function*() {
        const store = yield* UsageStore
        yield* store.reset
        return yield* f(store)
      }).pipe(Effect.provide(layer))

    it.effect("records once per job and sums the tenant's units", () =>
      run((s) =>
        Effect.gen(function*() {
          const e = event({ units: 3 })
          expect(yield* s.record(e)).toBe(true)
          expect(yield* s.record(e)).toBe(false)
          yield* s.record(event({ units: 4 }))
          yield* s.record(event({ tenant_id: "tnt_b", units: 100 }))
          expect(yield* s.unitsUsed("tnt_a")).toBe(7)
          expect(yield* s.unitsUsed("tnt_none")).toBe(0)
        })))

    it.effect("summarizes [from, to) by day, kind and workspace, in key order with null last", () =>
      run((s) =>
        Effect.gen(function*() {
          yield* s.record(event({ at: T0, units: 1, pages: 1 }))
          yield* s.record(event({ at: T0 + DAY - 1, kind: "extract", units: 2, pages: 5, workspace_id: "ws_1" }))
          yield* s.record(event({ at: T0 + DAY, units: 4, pages: 4, processing_ms: 3000 }))
          yield* s.record(event({ at: T0 + 2 * DAY, units: 8 }))
          yield* s.record(event({ tenant_id: "tnt_b", at: T0 }))
          const byDay = yield* s.summarize({ tenantId: "tnt_a", from: T0, to: T0 + 2 * DAY, groupBy: "day" })
          expect(byDay).toEqual([
            { key: "2026-03-01", units: 3, jobs: 2, pages: 6, bytes_ingested: 0, processing_ms: 2000 },
            { key: "2026-03-02", units: 4, jobs: 1, pages: 4, bytes_ingested: 0, processing_ms: 3000 }
          ])
          const byKind = yield* s.summarize({ tenantId: "tnt_a", from: T0, to: T0 + 2 * DAY, groupBy: "kind" })
          expect(byKind.map((b) => [b.key, b.units])).toEqual([["extract", 2], ["parse", 5]])
          const byWs = yield* s.summarize({ tenantId: "tnt_a", from: T0, to: T0 + 2 * DAY, groupBy: "workspace" })
          expect(byWs.map((b) => [b.key, b.units])).toEqual([["ws_1", 2], [null, 5]])
          const ws = yield* s.summarize({ tenantId: "tnt_a", from: T0, to: T0 + 3 * DAY, groupBy: "kind", workspaceId: "ws_1" })
          expect(ws.map((b) => [b.key, b.units])).toEqual([["extract", 2]])
          expect(yield* s.summarize({ tenantId: "tnt_c", from: T0, to: T0 + DAY, groupBy: "day" })).toEqual([])
        })))

    it.effect("reset empties", () =>
      run((s) =>
        Effect.gen(function*() {
          yield* s.record(event())
          yield* s.reset
          expect(yield* s.unitsUsed("tnt_a")).toBe(0)
        })))
  })

export const requestRateStoreSuite = <E>(name: string, layer: Layer.Layer<RequestRateStore, E>) =>
  describe(`RequestRateStore conformance (${name})`, () => {
    const run = <A, E2>(f: (s: RequestRateStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.gen(function*() {
        const store = yield* RequestRateStore
        yield* store.reset
        return yield* f(store)
      }).pipe(Effect.provide(layer))
    const hit = (s: RequestRateStore["Type"], now: number, limit = 2, key = "tnt_a") => s.hit({ key, limit, windowMs: 60_000, now })

    it.effect("admits up to the limit in a sliding window; refused hits are not counted", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* hit(s, 0)).toEqual({ admitted: true })
          expect(yield* hit(s, 30_000)).toEqual({ admitted: true })
          expect(yield* hit(s, 40_000)).toEqual({ admitted: false, retryAfterMs: 20_000 })
          expect(yield* hit(s, 50_000)).toEqual({ admitted: false, retryAfterMs: 10_000 })
          expect(yield* hit(s, 60_000)).toEqual({ admitted: true })
          expect(yield* hit(s, 60_001)).toEqual({ admitted: false, retryAfterMs: 29_999 })
          expect(yield* hit(s, 0, 2, "tnt_b")).toEqual({ admitted: true })
        })))

    it.effect("a limit of 0 admits nothing; a raised limit applies at once", () =>
      run((s) =>
        Effect.gen(function*() {
          expect((yield* hit(s, 0, 0)).admitted).toBe(false)
          expect(yield* hit(s, 0, 1)).toEqual({ admitted: true })
          expect((yield* hit(s, 1, 1)).admitted).toBe(false)
          expect(yield* hit(s, 2, 3)).toEqual({ admitted: true })
        })))

    it.effect("concurrent hits never admit more than the limit", () =>
      run((s) =>
        Effect.gen(function*() {
          const outcomes = yield* Effect.all(Array.from({ length: 20 }, () => hit(s, 5, 7)), { concurrency: "unbounded" })
          expect(outcomes.filter((o) => o.admitted)).toHaveLength(7)
        })))
  })
