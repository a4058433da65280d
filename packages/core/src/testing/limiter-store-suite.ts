/**
 * Conformance suite of the LimiterStore port: every adapter runs it against its own layer.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { resetStorage, StorageAdmin } from "./storage-reset.js"
import { type AdmissionRequest, LimiterStore } from "../decision/limiter/limiter-store.js"
import { SLOT_LEASE_MS, WINDOW_MS } from "../decision/limiter/limits.js"
import * as Immediate from "../kernel/immediate.js"

let seq = 0
const req = (over: Partial<AdmissionRequest> = {}): AdmissionRequest => ({
  accountId: "acct_a",
  slotId: `slot_${++seq}_${Math.random().toString(36).slice(2)}`,
  rpm: 100,
  inFlight: 100,
  fleet: "dm-v1.5:fast",
  freeTier: false,
  now: 1_000_000,
  ...over
})

export const limiterStoreSuite = <E>(name: string, layer: Layer.Layer<LimiterStore | StorageAdmin, E>) =>
  describe(`LimiterStore conformance (${name})`, () => {
    const run = <A, E2>(f: (l: LimiterStore["Type"]) => Effect.Effect<A, E2, StorageAdmin>) =>
      Effect.gen(function*() {
        const limiter = yield* LimiterStore
        yield* resetStorage
        return yield* f(limiter)
      }).pipe(Effect.provide(layer))

    it.effect("admits up to RPM in a sliding window, retry after the oldest leaves", () =>
      run((l) =>
        Effect.gen(function*() {
          const t = 5_000_000
          for (const dt of [0, 10_000, 20_000]) {
            const r = yield* l.acquire(req({ rpm: 3, now: t + dt }))
            expect(r._tag).toBe("Admitted")
            yield* l.release(r._tag === "Admitted" ? r.slotId : "")
          }
          const refused = yield* l.acquire(req({ rpm: 3, now: t + 25_000 }))
          expect(refused).toEqual({ _tag: "RpmExceeded", retryAfterMs: 35_000 })
          const late = yield* l.acquire(req({ rpm: 3, now: t + WINDOW_MS - 500 }))
          expect(late).toEqual({ _tag: "RpmExceeded", retryAfterMs: 1_000 })
          expect((yield* l.acquire(req({ rpm: 3, now: t + WINDOW_MS })))._tag).toBe("Admitted")
        })
      ))

    it.effect("refusals are not recorded", () =>
      run((l) =>
        Effect.gen(function*() {
          const t = 7_000_000
          expect((yield* l.acquire(req({ rpm: 1, now: t })))._tag).toBe("Admitted")
          for (let i = 1; i <= 5; i++) expect((yield* l.acquire(req({ rpm: 1, now: t + i * 1000 })))._tag).toBe("RpmExceeded")
          expect((yield* l.acquire(req({ rpm: 1, now: t + WINDOW_MS })))._tag).toBe("Admitted")
        })
      ))

    it.effect("in-flight slots: held until released by their own id", () =>
      run((l) =>
        Effect.gen(function*() {
          const a = yield* l.acquire(req({ inFlight: 2 }))
          const b = yield* l.acquire(req({ inFlight: 2 }))
          expect((yield* l.acquire(req({ inFlight: 2 })))._tag).toBe("InFlightExceeded")
          yield* l.release(a._tag === "Admitted" ? a.slotId : "")
          yield* l.release(a._tag === "Admitted" ? a.slotId : "") // a double release frees nothing more
          const c = yield* l.acquire(req({ inFlight: 2 }))
          expect(c._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ inFlight: 2 })))._tag).toBe("InFlightExceeded")
          expect(b._tag).toBe("Admitted")
        })
      ))

    it.effect("a leaked slot is reclaimed 90 s after admission; its late release frees nothing", () =>
      run((l) =>
        Effect.gen(function*() {
          const t = 9_000_000
          const leaked = yield* l.acquire(req({ inFlight: 1, rpm: null, now: t }))
          expect(leaked._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ inFlight: 1, rpm: null, now: t + SLOT_LEASE_MS - 1 })))._tag).toBe("InFlightExceeded")
          const fresh = yield* l.acquire(req({ inFlight: 1, rpm: null, now: t + SLOT_LEASE_MS }))
          expect(fresh._tag).toBe("Admitted")
          // the leaked request finally ends: its release must not free the fresh slot
          yield* l.release(leaked._tag === "Admitted" ? leaked.slotId : "")
          expect((yield* l.acquire(req({ inFlight: 1, rpm: null, now: t + SLOT_LEASE_MS + 1 })))._tag).toBe("InFlightExceeded")
        })
      ))

    it.effect("an immediate release run without an effect frees a slot exactly as running it does", () =>
      run((l) =>
        Effect.gen(function*() {
          // the request scope runs the synchronous work of an immediate release (`Immediate.sync`)
          // instead of the effect; a release that is not immediate runs as an effect
          const releaseNow = (slotId: string) =>
            Effect.suspend(() => {
              const release = l.release(slotId)
              const work = Immediate.syncWorkOf(release)
              return work === undefined ? release : Effect.sync(work)
            })
          const t = 11_000_000
          const a = yield* l.acquire(req({ inFlight: 1, rpm: null, now: t }))
          expect(a._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ inFlight: 1, rpm: null, now: t })))._tag).toBe("InFlightExceeded")
          yield* releaseNow(a._tag === "Admitted" ? a.slotId : "")
          const b = yield* l.acquire(req({ inFlight: 1, rpm: null, now: t }))
          expect(b._tag).toBe("Admitted")
          yield* releaseNow(a._tag === "Admitted" ? a.slotId : "") // a double release frees nothing more
          expect((yield* l.acquire(req({ inFlight: 1, rpm: null, now: t })))._tag).toBe("InFlightExceeded")
          // a leaked slot reclaimed after the lease: its late release frees nothing
          const fresh = yield* l.acquire(req({ inFlight: 1, rpm: null, now: t + SLOT_LEASE_MS }))
          expect(fresh._tag).toBe("Admitted")
          yield* releaseNow(b._tag === "Admitted" ? b.slotId : "")
          expect((yield* l.acquire(req({ inFlight: 1, rpm: null, now: t + SLOT_LEASE_MS + 1 })))._tag).toBe("InFlightExceeded")
        })
      ))

    it.effect("unlimited (null limits) skips the account checks but not the pools", () =>
      run((l) =>
        Effect.gen(function*() {
          yield* l.setPools({ fleets: { "m:fast": 3 } })
          for (let i = 0; i < 3; i++) expect((yield* l.acquire(req({ rpm: null, inFlight: null, fleet: "m:fast" })))._tag).toBe("Admitted")
          expect(yield* l.acquire(req({ rpm: null, inFlight: null, fleet: "m:fast" }))).toEqual({ _tag: "PoolFull", pool: "fleet" })
        })
      ))

    it.effect("check order: RPM, in-flight, fleet pool, free pool; nothing recorded on refusal", () =>
      run((l) =>
        Effect.gen(function*() {
          yield* l.setPools({ fleets: { "m:fast": 0 }, free: 0 })
          expect((yield* l.acquire(req({ rpm: 0, inFlight: 0, fleet: "m:fast", freeTier: true })))._tag).toBe("RpmExceeded")
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 0, fleet: "m:fast", freeTier: true })))._tag).toBe("InFlightExceeded")
          expect(yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet: "m:fast", freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "fleet" })
          yield* l.setPools({ fleets: { "m:fast": 5 } })
          expect(yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet: "m:fast", freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "free" })
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet: "m:fast", freeTier: false })))._tag).toBe("Admitted")
          // four refusals above recorded nothing: RPM 5 leaves 4 more admissions
          for (let i = 0; i < 4; i++) expect((yield* l.acquire(req({ rpm: 5, inFlight: 100, fleet: "m:fast" })))._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 100, fleet: "m:fast" })))._tag).toBe("RpmExceeded")
        })
      ))

    it.effect("the free pool is shared across accounts; slots of different accounts and fleets are separate", () =>
      run((l) =>
        Effect.gen(function*() {
          yield* l.setPools({ free: 2 })
          expect((yield* l.acquire(req({ accountId: "x", freeTier: true })))._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ accountId: "y", freeTier: true, fleet: "dm-v1.0:long" })))._tag).toBe("Admitted")
          expect(yield* l.acquire(req({ accountId: "z", freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "free" })
          expect((yield* l.acquire(req({ accountId: "z", freeTier: false })))._tag).toBe("Admitted")
        })
      ))

    it.effect("pool sizes merge and reset", () =>
      run((l) =>
        Effect.gen(function*() {
          const before = yield* l.getPools
          const after = yield* l.setPools({ fleets: { "dm-v1.0:fast": 7 } })
          expect(after.fleets["dm-v1.0:fast"]).toBe(7)
          expect(after.fleets["dm-v1.5:fast"]).toBe(before.fleets["dm-v1.5:fast"])
          expect(after.free).toBe(before.free)
          yield* resetStorage
          expect(yield* l.getPools).toEqual(before)
        })
      ))
  })
