/**
 * Conformance suite of the DecisionStore port: every adapter runs it against its own layer.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions } from "./suite.js"
import { type Account, noCustomLimits } from "../decision/account.js"
import type { ApiKeyRecord } from "../decision/api-key.js"
import { DecisionStore } from "../decision/decision-store.js"

let n = 0
const account = (over: Partial<Account> = {}): Account => ({
  account_id: `acct_test_${++n}_${Math.random().toString(36).slice(2)}`,
  tier: "free",
  credit: 1_000,
  custom_limits: noCustomLimits,
  unpaid_invoice: false,
  ...over
})
const key = (accountId: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => {
  const id = `${++n}_${Math.random().toString(36).slice(2)}`
  return { key_id: `key_${id}`, account_id: accountId, name: "k", prefix: "svc_sk_abcd", hash: `hash_${id}`, status: "active", created_at: n, ...over }
}

export const decisionStoreSuite = <E>(name: string, layer: Layer.Layer<DecisionStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`DecisionStore conformance (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: DecisionStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(DecisionStore, f)

    it("creates, reads and patches accounts", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.createAccount(account())
          expect(Option.getOrThrow(yield* s.getAccount(a.account_id))).toEqual(a)
          expect(Option.isNone(yield* s.getAccount("acct_missing"))).toBe(true)
          const patched = Option.getOrThrow(yield* s.updateAccount(a.account_id, { custom_limits: { rpm: 5 }, unpaid_invoice: true }))
          expect(patched.custom_limits).toEqual({ unlimited: false, rpm: 5, in_flight: null })
          expect(patched.unpaid_invoice).toBe(true)
          const cleared = Option.getOrThrow(yield* s.updateAccount(a.account_id, { custom_limits: { rpm: null } }))
          expect(cleared.custom_limits.rpm).toBeNull()
          expect(Option.isNone(yield* s.updateAccount("acct_missing", { tier: "paid" }))).toBe(true)
        })
      ))

    it("a top-up adds credit and makes the account paid", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.createAccount(account({ credit: 10 }))
          const topped = Option.getOrThrow(yield* s.topUp(a.account_id, 90))
          expect(topped.credit).toBe(100)
          expect(topped.tier).toBe("paid")
        })
      ))

    it("concurrent debits are never lost", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.createAccount(account({ credit: 10_000 }))
          yield* Effect.all(Array.from({ length: 100 }, () => s.debit(a.account_id, 7)), { concurrency: 20 })
          expect(Option.getOrThrow(yield* s.getAccount(a.account_id)).credit).toBe(10_000 - 700)
          expect(Option.getOrThrow(yield* s.debit(a.account_id, 10_000))).toBe(-700)
        })
      ))

    it("at most 3 active keys; revoked keys do not count; lookup by hash", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.createAccount(account())
          const keys = [key(a.account_id), key(a.account_id), key(a.account_id)]
          for (const k of keys) yield* s.createKey(k, 3)
          const refused = yield* Effect.flip(s.createKey(key(a.account_id), 3))
          expect(refused._tag).toBe("TooManyActiveKeys")
          const revoked = Option.getOrThrow(yield* s.revokeKey(keys[0].key_id))
          expect(revoked.status).toBe("revoked")
          yield* s.createKey(key(a.account_id), 3)
          const listed = yield* s.listKeys(a.account_id)
          expect(listed).toHaveLength(4)
          expect(listed.filter((k) => k.status === "active")).toHaveLength(3)
          expect(Option.getOrThrow(yield* s.findKeyByHash(keys[1].hash)).key_id).toBe(keys[1].key_id)
          expect(Option.getOrThrow(yield* s.findKeyByHash(keys[0].hash)).status).toBe("revoked")
          expect(Option.isNone(yield* s.findKeyByHash("nope"))).toBe(true)
          expect(Option.isNone(yield* s.revokeKey("key_missing"))).toBe(true)
          // revoking twice keeps it revoked
          expect(Option.getOrThrow(yield* s.revokeKey(keys[0].key_id)).status).toBe("revoked")
        })
      ))

    it("concurrent key creation never exceeds the active limit", () =>
      run((s) =>
        Effect.gen(function*() {
          const a = yield* s.createAccount(account())
          const results = yield* Effect.all(
            Array.from({ length: 10 }, () => Effect.either(s.createKey(key(a.account_id), 3))),
            { concurrency: 10 }
          )
          expect(results.filter((r) => r._tag === "Right")).toHaveLength(3)
        })
      ))
  })
