/**
 * Conformance suite of the LimiterStore port: every adapter runs it against its storage layer.
 * Each test has accounts and fleets of its own; the free pool, shared by every account, is only
 * taken by the tests that size it.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { type AdmissionRequest, LimiterStore } from "../decision/limiter/limiter-store.js"
import { SLOT_LEASE_MS, WINDOW_MS } from "../decision/limiter/limits.js"
import * as Immediate from "../kernel/immediate.js"

let seq = 0
/** the account of the test that is running (each test has its own: see `run`) */
let account = "acct_a"
const req = (over: Partial<AdmissionRequest> = {}): AdmissionRequest => ({
  accountId: account,
  slotId: `slot_${++seq}_${Math.random().toString(36).slice(2)}`,
  rpm: 100,
  inFlight: 100,
  fleet: "dm-v1.5:fast",
  freeTier: false,
  now: 1_000_000,
  ...over
})

export const limiterStoreSuite = <E>(name: string, layer: Layer.Layer<LimiterStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`LimiterStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (l: LimiterStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.flatMap(LimiterStore, (limiter) =>
        Effect.suspend(() => {
          account = unique("acct")
          return f(limiter)
        }))

    it("admits up to RPM in a sliding window, retry after the oldest leaves", () =>
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

    it("refusals are not recorded", () =>
      run((l) =>
        Effect.gen(function*() {
          const t = 7_000_000
          expect((yield* l.acquire(req({ rpm: 1, now: t })))._tag).toBe("Admitted")
          for (let i = 1; i <= 5; i++) expect((yield* l.acquire(req({ rpm: 1, now: t + i * 1000 })))._tag).toBe("RpmExceeded")
          expect((yield* l.acquire(req({ rpm: 1, now: t + WINDOW_MS })))._tag).toBe("Admitted")
        })
      ))

    it("in-flight slots: held until released by their own id", () =>
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

    it("a leaked slot is reclaimed 90 s after admission; its late release frees nothing", () =>
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

    it("an immediate release run without an effect frees a slot exactly as running it does", () =>
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

    it("unlimited (null limits) skips the account checks but not the pools", () =>
      run((l) =>
        Effect.gen(function*() {
          const fleet = `${unique("m")}:fast`
          yield* l.setPools({ fleets: { [fleet]: 3 } })
          for (let i = 0; i < 3; i++) expect((yield* l.acquire(req({ rpm: null, inFlight: null, fleet })))._tag).toBe("Admitted")
          expect(yield* l.acquire(req({ rpm: null, inFlight: null, fleet }))).toEqual({ _tag: "PoolFull", pool: "fleet" })
        })
      ))

    it("check order: RPM, in-flight, fleet pool, free pool; nothing recorded on refusal", () =>
      run((l) =>
        Effect.gen(function*() {
          const fleet = `${unique("m")}:fast`
          yield* l.setPools({ fleets: { [fleet]: 0 }, free: 0 })
          expect((yield* l.acquire(req({ rpm: 0, inFlight: 0, fleet, freeTier: true })))._tag).toBe("RpmExceeded")
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 0, fleet, freeTier: true })))._tag).toBe("InFlightExceeded")
          expect(yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet, freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "fleet" })
          yield* l.setPools({ fleets: { [fleet]: 5 } })
          expect(yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet, freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "free" })
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 5, fleet, freeTier: false })))._tag).toBe("Admitted")
          // four refusals above recorded nothing: RPM 5 leaves 4 more admissions
          for (let i = 0; i < 4; i++) expect((yield* l.acquire(req({ rpm: 5, inFlight: 100, fleet })))._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ rpm: 5, inFlight: 100, fleet })))._tag).toBe("RpmExceeded")
        })
      ))

    it("the free pool is shared across accounts; slots of different accounts and fleets are separate", () =>
      run((l) =>
        Effect.gen(function*() {
          yield* l.setPools({ free: 2 })
          const [x, y, z] = [unique("x"), unique("y"), unique("z")]
          expect((yield* l.acquire(req({ accountId: x, freeTier: true })))._tag).toBe("Admitted")
          expect((yield* l.acquire(req({ accountId: y, freeTier: true, fleet: "dm-v1.0:long" })))._tag).toBe("Admitted")
          expect(yield* l.acquire(req({ accountId: z, freeTier: true }))).toEqual({ _tag: "PoolFull", pool: "free" })
          expect((yield* l.acquire(req({ accountId: z, freeTier: false })))._tag).toBe("Admitted")
        })
      ))

    // back to the defaults on a reset: storageAdminSuite
    it("pool sizes merge", () =>
      run((l) =>
        Effect.gen(function*() {
          const fleet = `${unique("m")}:fast`
          const before = yield* l.getPools
          const after = yield* l.setPools({ fleets: { [fleet]: 7 } })
          expect(after.fleets[fleet]).toBe(7)
          expect(after.fleets["dm-v1.5:fast"]).toBe(before.fleets["dm-v1.5:fast"])
          expect(after.free).toBe(before.free)
          expect(yield* l.getPools).toEqual(after)
        })
      ))
  })
