import { describe, expect, it } from "@effect/vitest"
import { Decision } from "@docket/core"

const entry = (id: string): Decision.CachedKey => ({
  key: { key_id: id, account_id: "acct", name: "k", prefix: "svc_sk_abcd", hash: id, status: "active", created_at: 0 },
  account: { account_id: "acct", tier: "free", credit: 1, custom_limits: Decision.noCustomLimits, unpaid_invoice: false }
})

describe("key cache (spec 1: key validity cached for up to 5 seconds)", () => {
  it("an entry is served for less than 5 s on the service clock, then looked up again", () => {
    const cache = Decision.makeKeyCache()
    const t0 = 1_000_000
    cache.set("h", entry("a"), t0)
    expect(cache.get("h", t0)?.key.key_id).toBe("a")
    expect(cache.get("h", t0 + Decision.KEY_CACHE_TTL_MS - 1)?.key.key_id).toBe("a")
    expect(cache.get("h", t0 + Decision.KEY_CACHE_TTL_MS)).toBeUndefined()
  })

  it("is bounded: the oldest entries leave first", () => {
    const cache = Decision.makeKeyCache(Decision.KEY_CACHE_TTL_MS, 3)
    for (const id of ["a", "b", "c", "d"]) cache.set(id, entry(id), 0)
    expect(cache.get("a", 0)).toBeUndefined()
    for (const id of ["b", "c", "d"]) expect(cache.get(id, 0)?.key.key_id).toBe(id)
  })

  it("clear empties it", () => {
    const cache = Decision.makeKeyCache()
    cache.set("h", entry("a"), 0)
    cache.clear()
    expect(cache.get("h", 0)).toBeUndefined()
  })
})
