/**
 * The conformance suite of the `SyncWaitStore` port (the cap of concurrent sync waits per
 * tenant): every adapter runs it against its storage layer. Each test has tenants of its own, so
 * it runs on a shared database.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { type SyncWaitHold, SyncWaitStore } from "../tenancy/limits/sync-wait-store.js"

const T0 = 1_767_225_600_000

let n = 0
/** the tenants of the test that is running (each test has its own: see `run`) */
let tnt = { a: "tnt_a", b: "tnt_b" }
const hold = (over: Partial<SyncWaitHold> = {}): SyncWaitHold => ({
  tenantId: tnt.a,
  waitId: `wait_${++n}_${Math.random().toString(36).slice(2)}`,
  cap: 2,
  now: T0,
  expiresAt: T0 + 360_000,
  ...over
})

export const syncWaitStoreSuite = <E>(name: string, layer: Layer.Layer<SyncWaitStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`SyncWaitStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: SyncWaitStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.flatMap(SyncWaitStore, (store) =>
        Effect.suspend(() => {
          tnt = { a: unique("tnt_a"), b: unique("tnt_b") }
          return f(store)
        }))

    it("holds up to the cap per tenant; a refusal records nothing; tenants are counted apart", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* s.acquire(hold())).toBe(true)
          expect(yield* s.acquire(hold())).toBe(true)
          expect(yield* s.acquire(hold())).toBe(false)
          expect(yield* s.acquire(hold())).toBe(false)
          expect(yield* s.acquire(hold({ tenantId: tnt.b }))).toBe(true)
          // a larger cap (changed on the tenant) counts the same places
          expect(yield* s.acquire(hold({ cap: 3 }))).toBe(true)
          expect(yield* s.acquire(hold({ cap: 3 }))).toBe(false)
        })))

    it("a released place is free again; releasing twice or an unknown wait does nothing", () =>
      run((s) =>
        Effect.gen(function*() {
          const first = hold({ cap: 1 })
          expect(yield* s.acquire(first)).toBe(true)
          expect(yield* s.acquire(hold({ cap: 1 }))).toBe(false)
          yield* s.release(first.waitId)
          yield* s.release(first.waitId)
          yield* s.release("wait_unknown")
          const second = hold({ cap: 1 })
          expect(yield* s.acquire(second)).toBe(true)
          expect(yield* s.acquire(hold({ cap: 1 }))).toBe(false)
          // the double release of `first` freed nothing of `second`'s
          yield* s.release(first.waitId)
          expect(yield* s.acquire(hold({ cap: 1 }))).toBe(false)
        })))

    it("a place never released frees itself at its expiry", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* s.acquire(hold({ cap: 1, expiresAt: T0 + 1000 }))).toBe(true)
          expect(yield* s.acquire(hold({ cap: 1, now: T0 + 999 }))).toBe(false)
          expect(yield* s.acquire(hold({ cap: 1, now: T0 + 1000 }))).toBe(true)
        })))

    it("concurrent acquires of one tenant never pass the cap", () =>
      run((s) =>
        Effect.gen(function*() {
          const results = yield* Effect.all(Array.from({ length: 12 }, () => s.acquire(hold({ cap: 3 }))), { concurrency: "unbounded" })
          expect(results.filter(Boolean)).toHaveLength(3)
        })))
  })
