/**
 * Key validity cache (spec 1, "Authentication" 5): a key's record and its account's tier, custom
 * limits and invoice state are cached for at most 5 seconds on the service clock, so revocations,
 * tier changes and custom limits apply within 5 seconds across instances. Changes made through
 * this process's control plane clear the cache at once. Bounded in size.
 */
import { Clock, Context, Effect, Layer } from "effect"
import type { Account } from "./account.js"
import type { ApiKeyRecord } from "./api-key.js"

export const KEY_CACHE_TTL_MS = 5_000
export const KEY_CACHE_MAX_ENTRIES = 10_000

export interface CachedKey {
  readonly key: ApiKeyRecord
  readonly account: Account
}

export interface KeyCacheService {
  readonly get: (hash: string) => Effect.Effect<CachedKey | undefined>
  readonly set: (hash: string, entry: CachedKey) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
}

export class KeyCache extends Context.Tag("@docket/core/KeyCache")<KeyCache, KeyCacheService>() {}

export const makeKeyCache = (ttlMs = KEY_CACHE_TTL_MS, maxEntries = KEY_CACHE_MAX_ENTRIES): KeyCacheService => {
  const entries = new Map<string, { readonly value: CachedKey; readonly expiresAt: number }>()
  return {
    get: (hash) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const hit = entries.get(hash)
        if (hit === undefined) return undefined
        if (hit.expiresAt <= now) {
          entries.delete(hash)
          return undefined
        }
        return hit.value
      }),
    set: (hash, value) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        entries.delete(hash)
        // Map iteration order is insertion order: the first entry is the oldest.
        while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        entries.set(hash, { value, expiresAt: now + ttlMs })
      }),
    clear: Effect.sync(() => entries.clear())
  }
}

export const KeyCacheLive: Layer.Layer<KeyCache> = Layer.sync(KeyCache, () => makeKeyCache())
