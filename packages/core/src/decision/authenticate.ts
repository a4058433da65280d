/**
 * Bearer-key authentication (spec 1, "Authentication"): the key is hashed and looked up, through
 * the key cache of at most 5 seconds.
 */
import { Context, Effect, Option } from "effect"
import { bearerKey, hashKey } from "./api-key.js"
import { DecisionStore, type DecisionStoreService } from "./decision-store.js"
import { type Overloaded, storeUnavailable, Unauthenticated } from "./errors.js"
import { type CachedKey, KeyCache } from "./key-cache.js"
import { noteCaller } from "../platform/request-caller.js"


export const authenticate = (
  authorization: string | undefined
): Effect.Effect<CachedKey, Unauthenticated | Overloaded, DecisionStore | KeyCache> =>
  Effect.flatMap(Effect.context<DecisionStore | KeyCache>(), (services) =>
    Effect.clockWith((clock) => authenticateWith(services, clock.unsafeCurrentTimeMillis(), authorization)))

/**
 * `authenticate` with the services and the time in hand (the evaluate path reads them once for
 * the whole request): a cached key answers without any store call.
 */
export const authenticateWith = (
  services: Context.Context<DecisionStore | KeyCache>,
  now: number,
  authorization: string | undefined
): Effect.Effect<CachedKey, Unauthenticated | Overloaded> => {
  const key = bearerKey(authorization)
  if (key === undefined) return Effect.fail(new Unauthenticated())
  const hash = hashKey(key)
  const cache = Context.get(services, KeyCache)
  const cached = cache.get(hash, now)
  if (cached !== undefined) return cached.key.status === "active" ? authenticated(cached) : Effect.fail(new Unauthenticated())
  return Effect.flatMap(lookup(Context.get(services, DecisionStore), hash), (entry) => {
    if (entry === undefined || entry.key.status !== "active") return Effect.fail(new Unauthenticated())
    cache.set(hash, entry, now)
    return authenticated(entry)
  })
}

/** The key's account, noted as the request's caller (the request journal shows it). */
const authenticated = (entry: CachedKey): Effect.Effect<CachedKey> =>
  Effect.as(noteCaller({ account_id: entry.account.account_id }), entry)

const lookup = (store: DecisionStoreService, hash: string) =>
  Effect.gen(function*() {
    const key = yield* store.findKeyByHash(hash)
    if (Option.isNone(key)) return undefined
    const account = yield* store.getAccount(key.value.account_id)
    if (Option.isNone(account)) return undefined
    return { key: key.value, account: account.value } satisfies CachedKey
  }).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))
