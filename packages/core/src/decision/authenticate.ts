/**
 * Bearer-key authentication (spec 1, "Authentication"): the key is hashed and looked up, through
 * the key cache of at most 5 seconds.
 */
import { Clock, Effect, Option } from "effect"
import { bearerKey, hashKey } from "./api-key.js"
import { DecisionStore } from "./decision-store.js"
import { Overloaded, Unauthenticated } from "./errors.js"
import { type CachedKey, KeyCache } from "./key-cache.js"
import { OVERLOADED_RETRY_MS } from "./limiter/limits.js"

const storeUnavailable = () => new Overloaded({ reason: "store_unavailable", retryAfterMs: OVERLOADED_RETRY_MS })

export const authenticate = (
  authorization: string | undefined
): Effect.Effect<CachedKey, Unauthenticated | Overloaded, DecisionStore | KeyCache> => {
  const key = bearerKey(authorization)
  if (key === undefined) return Effect.fail(new Unauthenticated())
  const hash = hashKey(key)
  return Effect.flatMap(KeyCache, (cache) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const cached = cache.get(hash, now)
      if (cached !== undefined) return cached.key.status === "active" ? Effect.succeed(cached) : Effect.fail(new Unauthenticated())
      return Effect.flatMap(lookup(hash), (entry) => {
        if (entry === undefined || entry.key.status !== "active") return Effect.fail(new Unauthenticated())
        cache.set(hash, entry, now)
        return Effect.succeed(entry)
      })
    }))
}

/** The key and its account from the store (on a cache miss). */
const lookup = (hash: string) =>
  Effect.gen(function*() {
    const store = yield* DecisionStore
    const key = yield* store.findKeyByHash(hash)
    if (Option.isNone(key)) return undefined
    const account = yield* store.getAccount(key.value.account_id)
    if (Option.isNone(account)) return undefined
    return { key: key.value, account: account.value } satisfies CachedKey
  }).pipe(Effect.catchTag("StoreUnavailable", storeUnavailable))
