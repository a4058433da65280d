/**
 * The conformance suite of the `UploadSessionStore` port (resumable uploads): every adapter runs
 * it against its storage layer (`uploadSessionStoreSuite("memory", MemoryStorage.layer)`). Each
 * test has sessions of its own, so it runs on a shared database.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions } from "./suite.js"
import { partKeyOf, UPLOAD_SESSION_LIFETIME_MS, type UploadPart, type UploadSession, UploadSessionStore } from "../documents/uploads/upload-session.js"

const T0 = 1_767_225_600_000
const GiB = 1024 * 1024 * 1024

let n = 0
const session = (over: Partial<UploadSession> = {}): UploadSession => ({
  session_id: `${crypto.randomUUID().slice(0, 24)}${String(++n).padStart(12, "0")}`,
  tenant_id: "ten_1",
  file_name: "Relevé été — 2026.pdf",
  size: 5 * GiB,
  received: 0,
  parts: [],
  state: "open",
  created_at: T0,
  expires_at: T0 + UPLOAD_SESSION_LIFETIME_MS,
  completed_at: null,
  ...over
})

const part = (s: UploadSession, index: number, offset: number, size: number): UploadPart => ({
  key: `${partKeyOf(s.session_id, index)}-${offset}`,
  offset,
  size
})

const UNKNOWN = "00000000-0000-4000-a000-999999999999"

export const uploadSessionStoreSuite = <E>(name: string, layer: Layer.Layer<UploadSessionStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`UploadSessionStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: UploadSessionStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(UploadSessionStore, f)

    it("creates and reads back a session exactly; unknown ids are none; create replaces", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = session()
          const b = session({ tenant_id: "ten_2", size: 1, file_name: "a.txt" })
          expect(yield* s.create(a)).toEqual(a)
          yield* s.create(b)
          expect(Option.getOrThrow(yield* s.get(a.session_id))).toEqual(a)
          expect(Option.getOrThrow(yield* s.get(b.session_id))).toEqual(b)
          expect(Option.isNone(yield* s.get(UNKNOWN))).toBe(true)
          expect(Option.isNone(yield* s.get("not a uuid"))).toBe(true)
          // a session with parts and closed, as stored
          const c = { ...a, received: 10, parts: [part(a, 0, 0, 10)], state: "completed" as const, completed_at: T0 + 5 }
          yield* s.create(c)
          expect(Option.getOrThrow(yield* s.get(a.session_id))).toEqual(c)
        })))

    it("appends a part only at the received offset of an open session, and returns the session as it is", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.create(session())
          const p0 = part(a, 0, 0, 3 * GiB)
          const first = Option.getOrThrow(yield* s.appendPart(a.session_id, p0))
          expect(first).toEqual({ appended: true, session: { ...a, received: 3 * GiB, parts: [p0] } })
          // a wrong offset (behind, ahead) stores nothing
          for (const offset of [0, 3 * GiB - 1, 3 * GiB + 1]) {
            const refused = Option.getOrThrow(yield* s.appendPart(a.session_id, part(a, 1, offset, 5)))
            expect(refused).toEqual({ appended: false, session: first.session })
          }
          const p1 = part(a, 1, 3 * GiB, 7)
          const second = Option.getOrThrow(yield* s.appendPart(a.session_id, p1))
          expect(second).toEqual({ appended: true, session: { ...a, received: 3 * GiB + 7, parts: [p0, p1] } })
          expect(Option.getOrThrow(yield* s.get(a.session_id))).toEqual(second.session)
          expect(Option.isNone(yield* s.appendPart(UNKNOWN, part(a, 0, 0, 1)))).toBe(true)
        })))

    it("closes an open session once (completed or aborted); a closed session takes no part", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.create(session())
          const p0 = part(a, 0, 0, 10)
          yield* s.appendPart(a.session_id, p0)
          const done = Option.getOrThrow(yield* s.close(a.session_id, "completed", T0 + 100, T0 + 999))
          const completed = { ...a, received: 10, parts: [p0], state: "completed" as const, completed_at: T0 + 100, expires_at: T0 + 999 }
          expect(done).toEqual({ closed: true, session: completed })
          expect(Option.getOrThrow(yield* s.close(a.session_id, "aborted", T0 + 200, T0 + 300))).toEqual({ closed: false, session: completed })
          expect(Option.getOrThrow(yield* s.appendPart(a.session_id, part(a, 1, 10, 5)))).toEqual({ appended: false, session: completed })
          expect(Option.getOrThrow(yield* s.get(a.session_id))).toEqual(completed)

          const b = yield* s.create(session())
          const aborted = Option.getOrThrow(yield* s.close(b.session_id, "aborted", T0 + 100, b.expires_at))
          expect(aborted).toEqual({ closed: true, session: { ...b, state: "aborted", completed_at: null } })
          expect(Option.getOrThrow(yield* s.appendPart(b.session_id, part(b, 0, 0, 5))).appended).toBe(false)
          expect(Option.isNone(yield* s.close(UNKNOWN, "completed", T0, T0))).toBe(true)
        })))

    it("concurrent parts at one offset: exactly one is appended; the others see the session it left", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.create(session())
          const outcomes = yield* Effect.all(
            Array.from({ length: 12 }, (_, i) => s.appendPart(a.session_id, { key: `k-${i}`, offset: 0, size: 100 + i })),
            { concurrency: "unbounded" }
          )
          const results = outcomes.map(Option.getOrThrow)
          const winners = results.filter((r) => r.appended)
          expect(winners).toHaveLength(1)
          const stored = Option.getOrThrow(yield* s.get(a.session_id))
          expect(stored).toEqual(winners[0].session)
          expect(stored.parts).toHaveLength(1)
          expect(stored.received).toBe(stored.parts[0].size)
          // a refused part reports the session as the winner left it
          for (const r of results.filter((r) => !r.appended)) expect(r.session).toEqual(stored)
        })))

    it("a chain of concurrent parts at successive offsets: each offset is taken once, received = the parts' sum", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.create(session())
          // every round offers two parts at the received offset at once
          for (let round = 0; round < 8; round++) {
            const at = Option.getOrThrow(yield* s.get(a.session_id)).received
            const outcomes = yield* Effect.all(
              [0, 1].map((j) => s.appendPart(a.session_id, { key: `k-${round}-${j}`, offset: at, size: 10 + j })),
              { concurrency: "unbounded" }
            )
            expect(outcomes.map(Option.getOrThrow).filter((o) => o.appended)).toHaveLength(1)
          }
          const stored = Option.getOrThrow(yield* s.get(a.session_id))
          expect(stored.parts).toHaveLength(8)
          let offset = 0
          for (const p of stored.parts) {
            expect(p.offset).toBe(offset)
            offset += p.size
          }
          expect(stored.received).toBe(offset)
        })))

    it("concurrent closes: exactly one closes the session", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.create(session())
          const outcomes = yield* Effect.all(
            Array.from({ length: 10 }, (_, i) => s.close(a.session_id, i % 2 === 0 ? "completed" : "aborted", T0 + i, T0 + 1000 + i)),
            { concurrency: "unbounded" }
          )
          const closed = outcomes.map(Option.getOrThrow).filter((o) => o.closed)
          expect(closed).toHaveLength(1)
          expect(Option.getOrThrow(yield* s.get(a.session_id))).toEqual(closed[0].session)
        })))

    it("listExpired: sessions of any state past the time that still hold parts, oldest first, at most limit; dropParts keeps the session", () =>
      run((s) =>
        Effect.gen(function*() {
          // before every expiry of the other tests' sessions, which share the store
          const t = T0 - 10 * UPLOAD_SESSION_LIFETIME_MS
          const base = session({ expires_at: t - 30 })
          const open = yield* s.create({ ...base, received: 10, parts: [part(base, 0, 0, 4), part(base, 1, 4, 6)] })
          const a = session({ state: "aborted", expires_at: t - 20 })
          const aborted = yield* s.create({ ...a, received: 3, parts: [part(a, 0, 0, 3)] })
          const c = session({ state: "completed", expires_at: t, completed_at: T0 })
          const completed = yield* s.create({ ...c, received: 3, parts: [part(c, 0, 0, 3)] })
          // without parts (a staged upload, or parts already deleted); not yet expired
          yield* s.create(session({ state: "completed", expires_at: t - 40, completed_at: T0 }))
          const l = session({ expires_at: t + 1 })
          const live = yield* s.create({ ...l, received: 3, parts: [part(l, 0, 0, 3)] })
          expect(yield* s.listExpired(t, 10)).toEqual([open, aborted, completed])
          expect(yield* s.listExpired(t, 1)).toEqual([open])
          expect(yield* s.listExpired(t - 31, 10)).toEqual([])
          // only the named parts go: one appended meanwhile would stay
          yield* s.dropParts(open.session_id, [open.parts[0].key])
          expect(Option.getOrThrow(yield* s.get(open.session_id))).toEqual({ ...open, parts: [open.parts[1]] })
          yield* s.dropParts(open.session_id, open.parts.map((p) => p.key))
          // again, an unknown id, no keys: harmless (sweepers may race)
          yield* s.dropParts(open.session_id, open.parts.map((p) => p.key))
          yield* s.dropParts(UNKNOWN, ["x"])
          yield* s.dropParts(aborted.session_id, [])
          expect(Option.getOrThrow(yield* s.get(open.session_id))).toEqual({ ...open, parts: [] })
          expect(yield* s.listExpired(t, 10)).toEqual([aborted, completed])
          expect(Option.getOrThrow(yield* s.get(live.session_id))).toEqual(live)
        })))
  })
