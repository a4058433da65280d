/**
 * The conformance suite of the `SyncWaitStore` port (the cap of concurrent sync waits per
 * tenant): every adapter runs it against its own layer. Each test starts from a reset, so it runs
 * on a shared database.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { resetStorage, StorageAdmin } from "./storage-reset.js"
import { type SyncWaitHold, SyncWaitStore } from "../tenancy/limits/sync-wait-store.js"

const T0 = 1_767_225_600_000

let n = 0
const hold = (over: Partial<SyncWaitHold> = {}): SyncWaitHold => ({
  tenantId: "tnt_a",
  waitId: `wait_${++n}_${Math.random().toString(36).slice(2)}`,
  cap: 2,
  now: T0,
  expiresAt: T0 + 360_000,
  ...over
})

export const syncWaitStoreSuite = <E>(name: string, layer: Layer.Layer<SyncWaitStore | StorageAdmin, E>) =>
  describe(`SyncWaitStore conformance (${name})`, () => {
    const run = <A, E2>(f: (s: SyncWaitStore["Type"]) => Effect.Effect<A, E2, StorageAdmin>) =>
      Effect.gen(function*() {
        const store = yield* SyncWaitStore
        yield* resetStorage
        return yield* f(store)
      }).pipe(Effect.provide(layer))

    it.effect("holds up to the cap per tenant; a refusal records nothing; tenants are counted apart", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* s.acquire(hold())).toBe(true)
          expect(yield* s.acquire(hold())).toBe(true)
          expect(yield* s.acquire(hold())).toBe(false)
          expect(yield* s.acquire(hold())).toBe(false)
          expect(yield* s.acquire(hold({ tenantId: "tnt_b" }))).toBe(true)
          // a larger cap (changed on the tenant) counts the same places
          expect(yield* s.acquire(hold({ cap: 3 }))).toBe(true)
          expect(yield* s.acquire(hold({ cap: 3 }))).toBe(false)
        })))

    it.effect("a released place is free again; releasing twice or an unknown wait does nothing", () =>
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

    it.effect("a place never released frees itself at its expiry", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* s.acquire(hold({ cap: 1, expiresAt: T0 + 1000 }))).toBe(true)
          expect(yield* s.acquire(hold({ cap: 1, now: T0 + 999 }))).toBe(false)
          expect(yield* s.acquire(hold({ cap: 1, now: T0 + 1000 }))).toBe(true)
        })))

    it.effect("concurrent acquires of one tenant never pass the cap", () =>
      run((s) =>
        Effect.gen(function*() {
          const results = yield* Effect.all(Array.from({ length: 12 }, () => s.acquire(hold({ cap: 3 }))), { concurrency: "unbounded" })
          expect(results.filter(Boolean)).toHaveLength(3)
        })))

    it.effect("reset frees every place", () =>
      run((s) =>
        Effect.gen(function*() {
          expect(yield* s.acquire(hold({ cap: 1 }))).toBe(true)
          yield* resetStorage
          expect(yield* s.acquire(hold({ cap: 1 }))).toBe(true)
        })))
  })
