/**
 * The conformance suite of the `SearchSessionStore` port (deep-search sessions), run by every
 * adapter (`searchSessionStoreSuite("memory", MemorySearchSessionStore.layer)`). Each test works in
 * a tenant of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { jobHold, MAX_SESSION_TURNS, pendingHold, type SearchSession, SearchSessionStore, type SearchTurn } from "../workspaces/intelligent-search/search-session.js"

const session = (t: string, over: Partial<SearchSession> = {}): SearchSession => ({
  tenant_id: t,
  workspace_id: randomUUID(),
  session_id: randomUUID(),
  key_id: "key_a",
  active: null,
  turns: [],
  created_at: 1_000,
  updated_at: 1_000,
  ...over
})

const turn = (jobId: string, at: number, over: Partial<SearchTurn> = {}): SearchTurn => ({ job_id: jobId, query: `q ${jobId}`, answer: `a ${jobId}`, clarification: null, at, ...over })

export const searchSessionStoreSuite = <E>(name: string, layer: Layer.Layer<SearchSessionStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`SearchSessionStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: SearchSessionStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(SearchSessionStore, f)

    it("keeps a session whole and reads it back; another tenant finds none", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const x = session(t, { active: pendingHold(1_000, "req_1") })
          yield* s.create(x)
          expect(Option.getOrThrow(yield* s.get(t, x.session_id))).toEqual(x)
          expect(Option.isNone(yield* s.get(unique("tenant"), x.session_id))).toBe(true)
          expect(Option.isNone(yield* s.get(t, randomUUID()))).toBe(true)
        })
      ))

    it("hold is a compare-and-set on the holder: only the expected holder is replaced", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const x = session(t)
          yield* s.create(x)
          const claim = pendingHold(2_000, "req_2")
          expect(yield* s.hold(t, x.session_id, "job:other", claim, 2_000)).toBe(false)
          expect(yield* s.hold(t, x.session_id, null, claim, 2_000)).toBe(true)
          // a second claimant expecting the session free loses
          expect(yield* s.hold(t, x.session_id, null, pendingHold(2_001, "req_3"), 2_001)).toBe(false)
          expect(yield* s.hold(t, x.session_id, claim, jobHold("j1"), 2_002)).toBe(true)
          const got = Option.getOrThrow(yield* s.get(t, x.session_id))
          expect(got.active).toBe("job:j1")
          expect(got.updated_at).toBe(2_002)
          expect(yield* s.hold(t, randomUUID(), null, claim, 2_000)).toBe(false)
        })
      ))

    it("concurrent claims of a free session: exactly one wins", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const x = session(t)
          yield* s.create(x)
          const wins = yield* Effect.all(Array.from({ length: 8 }, (_, i) => s.hold(t, x.session_id, null, pendingHold(3_000, `req_${i}`), 3_000)), { concurrency: "unbounded" })
          expect(wins.filter((w) => w)).toHaveLength(1)
        })
      ))

    it("addTurn appends in order and releases the session only when the turn's job holds it", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const x = session(t, { active: jobHold("j1") })
          yield* s.create(x)
          expect(yield* s.addTurn(t, x.session_id, turn("j0", 4_000, { answer: null, clarification: "which one?" }))).toBe(true)
          expect(Option.getOrThrow(yield* s.get(t, x.session_id)).active).toBe("job:j1")
          expect(yield* s.addTurn(t, x.session_id, turn("j1", 5_000))).toBe(true)
          const got = Option.getOrThrow(yield* s.get(t, x.session_id))
          expect(got.active).toBeNull()
          expect(got.turns).toEqual([turn("j0", 4_000, { answer: null, clarification: "which one?" }), turn("j1", 5_000)])
          expect(got.updated_at).toBe(5_000)
          expect(yield* s.addTurn(t, randomUUID(), turn("j2", 6_000))).toBe(false)
        })
      ))

    it(`keeps the last ${MAX_SESSION_TURNS} turns`, () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const x = session(t)
          yield* s.create(x)
          for (let i = 0; i < MAX_SESSION_TURNS + 3; i++) yield* s.addTurn(t, x.session_id, turn(`j${i}`, 10_000 + i))
          const turns = Option.getOrThrow(yield* s.get(t, x.session_id)).turns
          expect(turns).toHaveLength(MAX_SESSION_TURNS)
          expect(turns[0]!.job_id).toBe("j3")
          expect(turns.at(-1)!.job_id).toBe(`j${MAX_SESSION_TURNS + 2}`)
        })
      ))

    it("deleteWorkspace removes that workspace's sessions only", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = unique("tenant")
          const w = randomUUID()
          const a = session(t, { workspace_id: w })
          const b = session(t, { workspace_id: w })
          const c = session(t)
          const other = session(unique("tenant"), { workspace_id: w })
          for (const x of [a, b, c, other]) yield* s.create(x)
          expect(yield* s.deleteWorkspace(t, w)).toBe(2)
          expect(Option.isNone(yield* s.get(t, a.session_id))).toBe(true)
          expect(Option.isNone(yield* s.get(t, b.session_id))).toBe(true)
          expect(Option.isSome(yield* s.get(t, c.session_id))).toBe(true)
          expect(Option.isSome(yield* s.get(other.tenant_id, other.session_id))).toBe(true)
        })
      ))
  })
