import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { type CachedKey, KEY_CACHE_TTL_MS, makeKeyCache, noCustomLimits } from "@docket/core"

const entry = (id: string): CachedKey => ({
  key: { key_id: id, account_id: "acct", name: "k", prefix: "svc_sk_abcd", hash: id, status: "active", created_at: 0 },
  account: { account_id: "acct", tier: "free", credit: 1, custom_limits: noCustomLimits, unpaid_invoice: false }
})

describe("key cache (spec 1: key validity cached for up to 5 seconds)", () => {
  it.effect("an entry is served for less than 5 s on the service clock, then looked up again", () =>
    Effect.gen(function*() {
      const cache = makeKeyCache()
      yield* cache.set("h", entry("a"))
      expect((yield* cache.get("h"))?.key.key_id).toBe("a")
      yield* TestClock.adjust(KEY_CACHE_TTL_MS - 1)
      expect((yield* cache.get("h"))?.key.key_id).toBe("a")
      yield* TestClock.adjust(1)
      expect(yield* cache.get("h")).toBeUndefined()
    }))

  it.effect("is bounded: the oldest entries leave first", () =>
    Effect.gen(function*() {
      const cache = makeKeyCache(KEY_CACHE_TTL_MS, 3)
      for (const id of ["a", "b", "c", "d"]) yield* cache.set(id, entry(id))
      expect(yield* cache.get("a")).toBeUndefined()
      for (const id of ["b", "c", "d"]) expect((yield* cache.get(id))?.key.key_id).toBe(id)
    }))

  it.effect("clear empties it", () =>
    Effect.gen(function*() {
      const cache = makeKeyCache()
      yield* cache.set("h", entry("a"))
      yield* cache.clear
      expect(yield* cache.get("h")).toBeUndefined()
    }))
})
