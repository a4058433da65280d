/**
 * Bearer-key authentication (spec 1, "Authentication"): the key is hashed and looked up, through
 * the key cache of at most 5 seconds.
 */
import { Effect, Option } from "effect"
import { bearerKey, hashKey } from "./api-key.js"
import { DecisionStore } from "./decision-store.js"
import { Overloaded, Unauthenticated } from "./errors.js"
import { type CachedKey, KeyCache } from "./key-cache.js"
import { OVERLOADED_RETRY_MS } from "./limiter/limits.js"

export const authenticate = (
  authorization: string | undefined
): Effect.Effect<CachedKey, Unauthenticated | Overloaded, DecisionStore | KeyCache> =>
  Effect.gen(function*() {
    const key = bearerKey(authorization)
    if (key === undefined) return yield* new Unauthenticated()
    const hash = hashKey(key)
    const cache = yield* KeyCache
    const cached = yield* cache.get(hash)
    const entry = cached ?? (yield* lookup(hash))
    if (entry === undefined || entry.key.status !== "active") return yield* new Unauthenticated()
    if (cached === undefined) yield* cache.set(hash, entry)
    return entry
  })

const lookup = (hash: string) =>
  Effect.gen(function*() {
    const store = yield* DecisionStore
    const key = yield* store.findKeyByHash(hash)
    if (Option.isNone(key)) return undefined
    const account = yield* store.getAccount(key.value.account_id)
    if (Option.isNone(account)) return undefined
    return { key: key.value, account: account.value } satisfies CachedKey
  }).pipe(
    Effect.catchTag("StoreUnavailable", () => new Overloaded({ reason: "store_unavailable", retryAfterMs: OVERLOADED_RETRY_MS }))
  )
