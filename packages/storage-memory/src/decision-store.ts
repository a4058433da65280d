/** The decision store in memory. Every operation is one synchronous step, so it is atomic. */
import { Decision } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeDecisionStore = (): Clearable<Decision.DecisionStoreService> => {
  const accounts = new Map<string, Decision.Account>()
  const keys = new Map<string, Decision.ApiKeyRecord>()
  const keysByHash = new Map<string, string>()

  const update = (id: string, f: (a: Decision.Account) => Decision.Account) =>
    Effect.sync(() => {
      const current = accounts.get(id)
      if (current === undefined) return Option.none()
      const next = f(current)
      accounts.set(id, next)
      return Option.some(next)
    })

  return {
    createAccount: (account) =>
      Effect.sync(() => {
        accounts.set(account.account_id, account)
        return account
      }),
    getAccount: (id) => Effect.sync(() => Option.fromNullable(accounts.get(id))),
    updateAccount: (id, patch) => update(id, (a) => Decision.applyPatch(a, patch)),
    topUp: (id, amount) => update(id, (a) => ({ ...a, credit: a.credit + amount, tier: "paid" })),
    debit: (id, amount) => Effect.map(update(id, (a) => ({ ...a, credit: a.credit - amount })), Option.map((a) => a.credit)),
    createKey: (key, maxActive) =>
      Effect.suspend(() => {
        let active = 0
        for (const k of keys.values()) if (k.account_id === key.account_id && k.status === "active") active++
        if (active >= maxActive) return Effect.fail(new Decision.TooManyActiveKeys({ limit: maxActive }))
        keys.set(key.key_id, key)
        keysByHash.set(key.hash, key.key_id)
        return Effect.succeed(key)
      }),
    listKeys: (accountId) =>
      Effect.sync(() => [...keys.values()].filter((k) => k.account_id === accountId).sort((a, b) => a.created_at - b.created_at)),
    findKeyByHash: (hash) =>
      Effect.sync(() => {
        const id = keysByHash.get(hash)
        return Option.fromNullable(id === undefined ? undefined : keys.get(id))
      }),
    getKey: (id) => Effect.sync(() => Option.fromNullable(keys.get(id))),
    revokeKey: (id) =>
      Effect.sync(() => {
        const k = keys.get(id)
        if (k === undefined) return Option.none()
        const revoked: Decision.ApiKeyRecord = { ...k, status: "revoked" }
        keys.set(id, revoked)
        return Option.some(revoked)
      }),
    clear: () => {
      accounts.clear()
      keys.clear()
      keysByHash.clear()
    }
  }
}

export const make: Effect.Effect<Decision.DecisionStoreService> = memoryStore(makeDecisionStore)

export const layer: Layer.Layer<Decision.DecisionStore> = Layer.effect(Decision.DecisionStore, make)
