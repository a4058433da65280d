/**
 * Key validity cache (spec 1, "Authentication" 5): a key's record and its account's tier, custom
 * limits and invoice state are cached for at most 5 seconds on the service clock, so revocations,
 * tier changes and custom limits apply within 5 seconds across instances. Changes made through
 * this process's control plane clear the cache at once. Bounded in size.
 */
import { Context, Effect, Layer } from "effect"
import type { Account } from "./account.js"
import type { ApiKeyRecord } from "./api-key.js"

export const KEY_CACHE_TTL_MS = 5_000
export const KEY_CACHE_MAX_ENTRIES = 10_000

export interface CachedKey {
  readonly key: ApiKeyRecord
  readonly account: Account
}

/** An in-process cache: its operations are synchronous; the caller passes the service clock's time. */
export interface KeyCacheService {
  readonly get: (hash: string, now: number) => CachedKey | undefined
  readonly set: (hash: string, entry: CachedKey, now: number) => void
  readonly clear: () => void
}

export class KeyCache extends Context.Tag("@docket/core/KeyCache")<KeyCache, KeyCacheService>() {}

/** Empties the key cache (after a change through this process's control plane). */
export const clearKeyCache: Effect.Effect<void, never, KeyCache> = Effect.flatMap(KeyCache, (c) => Effect.sync(c.clear))

export const makeKeyCache = (ttlMs = KEY_CACHE_TTL_MS, maxEntries = KEY_CACHE_MAX_ENTRIES): KeyCacheService => {
  const entries = new Map<string, { readonly value: CachedKey; readonly expiresAt: number }>()
  return {
    get: (hash, now) => {
      const hit = entries.get(hash)
      if (hit === undefined) return undefined
      if (hit.expiresAt <= now) {
        entries.delete(hash)
        return undefined
      }
      return hit.value
    },
    set: (hash, value, now) => {
      entries.delete(hash)
      // Map iteration order is insertion order: the first entry is the oldest.
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      entries.set(hash, { value, expiresAt: now + ttlMs })
    },
    clear: () => entries.clear()
  }
}

export const KeyCacheLive: Layer.Layer<KeyCache> = Layer.sync(KeyCache, () => makeKeyCache())
