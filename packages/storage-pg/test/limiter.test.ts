/**
 * PostgreSQL-specific limiter checks beyond the conformance suite: exactness when many acquires
 * race through several pools (as several instances would), and bounded tables.
 */
import { Decision, Kernel } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()

/** three "instances": each a pool of its own on the same database */
const instances = Array.from({ length: 3 }, () =>
  ManagedRuntime.make(Layer.provideMerge(PgStorage.layerFromClient(), PgStorage.clientLayer({ url: db.url, maxConnections: 6 }))))

beforeAll(async () => {
  // migrate once before the instances race
  await instances[0].runPromise(Effect.void)
})
afterAll(async () => {
  await Promise.all(instances.map((r) => r.dispose()))
  await db.drop()
})
beforeEach(async () => {
  await instances[0].runPromise(Effect.flatMap(Kernel.StorageAdmin, (admin) => admin.reset))
})

let seq = 0
const request = (over: Partial<Decision.AdmissionRequest> = {}): Decision.AdmissionRequest => ({
  accountId: "acct_race",
  slotId: `slot_${++seq}_${Math.random().toString(36).slice(2)}`,
  rpm: null,
  inFlight: null,
  fleet: "dm-v1.5:fast",
  freeTier: false,
  now: 50_000_000,
  ...over
})

/** fires `n` acquires at once, spread over the instances; returns the outcomes' tags */
const race = async (n: number, over: (i: number) => Partial<Decision.AdmissionRequest>) => {
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => instances[i % instances.length].runPromise(Effect.flatMap(Decision.LimiterStore, (l) => l.acquire(request(over(i))))))
  )
  const count = (tag: string) => results.filter((r) => r._tag === tag).length
  return { results, count }
}

const sql = <A extends object>(f: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>) =>
  instances[0].runPromise(Effect.flatMap(SqlClient.SqlClient, f))

describe("limiter on PostgreSQL under concurrency", () => {
  it("RPM: exactly N of many concurrent acquires are admitted, across instances", async () => {
    const { count } = await race(150, (i) => ({ rpm: 50, now: 50_000_000 + (i % 7) }))
    expect(count("Admitted")).toBe(50)
    expect(count("RpmExceeded")).toBe(100)
  })

  it("in-flight: never more slots than the limit", async () => {
    const { count } = await race(60, () => ({ inFlight: 7 }))
    expect(count("Admitted")).toBe(7)
    expect(count("InFlightExceeded")).toBe(53)
  })

  it("fleet and free pools: never overshoot, whatever the accounts", async () => {
    await instances[1].runPromise(Effect.flatMap(Decision.LimiterStore, (l) => l.setPools({ fleets: { "dm-v1.5:fast": 9 }, free: 4 })))
    const fleet = await race(60, (i) => ({ accountId: `acct_${i}` }))
    expect(fleet.count("Admitted")).toBe(9)
    expect(fleet.count("PoolFull")).toBe(51)
    const free = await race(60, (i) => ({ accountId: `acct_free_${i}`, freeTier: true, fleet: "dm-v1.0:fast" }))
    expect(free.count("Admitted")).toBe(4)
    expect(free.results.filter((r) => r._tag === "PoolFull" && r.pool === "free")).toHaveLength(56)
  })

  it("all four limits at once, mixed accounts: the admitted set respects every limit", async () => {
    await instances[2].runPromise(Effect.flatMap(Decision.LimiterStore, (l) => l.setPools({ fleets: { "dm-v1.5:fast": 12 }, free: 5 })))
    const { results } = await race(200, (i) => ({
      accountId: `acct_mix_${i % 4}`,
      rpm: 6,
      inFlight: 4,
      freeTier: i % 4 < 2
    }))
    const admitted = results.flatMap((r, i) => (r._tag === "Admitted" ? [i] : []))
    const perAccount = [0, 1, 2, 3].map((a) => admitted.filter((i) => i % 4 === a).length)
    for (const n of perAccount) expect(n).toBeLessThanOrEqual(4)
    expect(perAccount[0] + perAccount[1]).toBeLessThanOrEqual(5) // the free pool
    // and it is not just refusing: up to 5 free + 8 paid could pass the account checks, so the
    // fleet of 12 fills up exactly
    expect(admitted.length).toBe(12)
  })

  it("resizes racing acquires (fleet and free rows locked in one order) never deadlock", async () => {
    const resize = (i: number) =>
      instances[i % 3].runPromise(Effect.flatMap(Decision.LimiterStore, (l) => l.setPools({ fleets: { "dm-v1.5:fast": 100 + i, "dm-v1.0:fast": 100 - i }, free: 50 + i })))
    const acquires = race(60, (i) => ({ accountId: `acct_dl_${i % 3}`, freeTier: true, fleet: i % 2 ? "dm-v1.5:fast" : "dm-v1.0:fast", rpm: 1000, inFlight: 1000 }))
    await Promise.all([acquires, ...Array.from({ length: 10 }, (_, i) => resize(i))])
  })
})

describe("bounded tables", () => {
  const l = <A>(e: (l: Decision.LimiterStore["Type"]) => Effect.Effect<A, unknown>) => instances[0].runPromise(Effect.flatMap(Decision.LimiterStore, e))
  const count = async (table: string) =>
    Number((await sql<{ n: string }>((q) => q`SELECT count(*) AS n FROM ${q(table)}`))[0].n)

  it("an account's admissions that left the window are dropped by its next acquire", async () => {
    const t = 70_000_000
    for (let i = 0; i < 30; i++) await l((s) => s.acquire(request({ rpm: 100, now: t + i })))
    expect(await count("docket_limiter_admissions")).toBe(30)
    await l((s) => s.acquire(request({ rpm: 100, now: t + Decision.WINDOW_MS + 10 })))
    // 0..10 left the window; 11..29 and the new one stay
    expect(await count("docket_limiter_admissions")).toBe(20)
  })

  it("the admissions of accounts that stopped sending are pruned by the garbage collection", async () => {
    const t = 80_000_000
    for (let i = 0; i < 20; i++) await l((s) => s.acquire(request({ accountId: `acct_gone_${i % 4}`, rpm: 100, now: t + i })))
    // (acquires run it now and then; here it is called directly)
    const [{ pruned }] = await sql<{ pruned: number }>((q) => q`SELECT docket_limiter_gc(${t + 19 - Decision.WINDOW_MS + 1}::bigint) AS pruned`)
    expect(pruned).toBe(0) // acct_gone_3's last admission (t + 19) is still in the window
    const [{ pruned: later }] = await sql<{ pruned: number }>((q) => q`SELECT docket_limiter_gc(${t + 19}::bigint) AS pruned`)
    expect(later).toBe(4)
    expect(await count("docket_limiter_admissions")).toBe(0)
    // their counters agree: a full window is available again
    const r = await l((s) => s.acquire(request({ accountId: "acct_gone_0", rpm: 5, now: t + Decision.WINDOW_MS + 20 })))
    expect(r._tag).toBe("Admitted")
  })

  it("tokens are reused: a pool has as many rows as its peak concurrency, however many requests", async () => {
    const t = 90_000_000
    for (let round = 0; round < 50; round++) {
      const held = await Promise.all([0, 1, 2].map((i) => l((s) => s.acquire(request({ accountId: `acct_tok_${i}`, inFlight: 5, freeTier: true, now: t + round })))))
      for (const r of held) await l((s) => s.release(r._tag === "Admitted" ? r.slotId : ""))
    }
    // 3 account pools of 1 token, the fleet and the free pool with 3 each
    expect(await count("docket_limiter_tokens")).toBe(9)
  })

  it("a leaked slot's token is reclaimed and reused after 90 s; the late release leaves the new holder alone", async () => {
    const t = 95_000_000
    const leaked = await l((s) => s.acquire(request({ inFlight: 1, now: t })))
    const fresh = await l((s) => s.acquire(request({ inFlight: 1, now: t + Decision.SLOT_LEASE_MS })))
    expect(fresh._tag).toBe("Admitted")
    await l((s) => s.release(leaked._tag === "Admitted" ? leaked.slotId : ""))
    expect(await count("docket_limiter_tokens")).toBe(2) // the account's token and the fleet's, reused
    expect((await l((s) => s.acquire(request({ inFlight: 1, now: t + Decision.SLOT_LEASE_MS + 1 }))))._tag).toBe("InFlightExceeded")
    // ids that are not slots of this store free nothing and do not fail
    await l((s) => s.release("not-a-slot"))
    await l((s) => s.release(JSON.stringify(["x", ["fleet:dm-v1.5:fast", 0]])))
    expect((await l((s) => s.acquire(request({ inFlight: 1, now: t + Decision.SLOT_LEASE_MS + 2 }))))._tag).toBe("InFlightExceeded")
  })
})
