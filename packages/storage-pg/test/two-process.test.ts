/**
 * Two real server processes on one database: the limiter is exact across them (system clocks,
 * real time), and a revocation made on one is seen by the other once its 5 s key cache has passed
 * (two more servers, on manual clocks).
 */
import { Admin, type DocketControlPlane } from "@docket/core"
import { smallBody } from "@docket/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "./support/database.js"
import { type ServerProcess, startServer } from "./support/server.js"

const TOKEN = "two-process-admin-token"

let db: TestDatabase
let servers: Array<ServerProcess> = []
let admin: Array<DocketControlPlane> = []

beforeAll(async () => {
  db = await createTestDatabase()
  // both start at once on the fresh database: their migrations race (and must not fail)
  servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN })))
  admin = servers.map((s) => Admin.controlPlaneClient(s.url, TOKEN))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await db?.drop()
})

const evaluate = (server: ServerProcess, key: string) =>
  fetch(`${server.url}/v1/systemone`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(smallBody())
  }).then(async (r) => {
    await r.arrayBuffer()
    return r.status
  })

/** `n` evaluate requests at once, alternating between the two servers; the count of each status */
const fire = async (n: number, key: string) => {
  const statuses = await Promise.all(Array.from({ length: n }, (_, i) => evaluate(servers[i % 2], key)))
  const counts: Record<number, number> = {}
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1
  return counts
}

const accountWithKey = async (patch: Parameters<DocketControlPlane["decision"]["createAccount"]>[0]) => {
  const account = await admin[0].decision.createAccount(patch)
  const key = await admin[0].decision.createKey(account.account_id, "two-process")
  return { account, key: key.key, keyId: key.key_id }
}

const withModelDelay = async <A>(ms: number, f: () => Promise<A>): Promise<A> => {
  // faults are per process
  await Promise.all(admin.map((a) => a.faults.set({ model_delay_ms: ms })))
  try {
    return await f()
  } finally {
    await Promise.all(admin.map((a) => a.faults.set({ model_delay_ms: 0 })))
  }
}

describe("two server processes on one PostgreSQL database", () => {
  it("account RPM is exact: 120 concurrent requests over both, RPM 50 -> exactly 50 admitted", async () => {
    const { key } = await accountWithKey({ tier: "paid", custom_limits: { rpm: 50, in_flight: 1000 } })
    expect(await fire(120, key)).toEqual({ 200: 50, 429: 70 })
  })

  it("account in-flight is exact: 20 concurrent slow requests over both, in-flight 5 -> exactly 5 admitted", async () => {
    const { key } = await accountWithKey({ tier: "paid", custom_limits: { rpm: 1000, in_flight: 5 } })
    const counts = await withModelDelay(2_000, () => fire(20, key))
    expect(counts).toEqual({ 200: 5, 429: 15 })
  })

  it("a fleet pool is exact: size 3, an unlimited account, 20 concurrent slow requests over both -> exactly 3 admitted", async () => {
    const { key } = await accountWithKey({ tier: "paid", custom_limits: { unlimited: true } })
    const before = await admin[0].decision.getPools()
    // set through A, in force on B: the sizes live in the database
    await admin[0].decision.setPools({ fleets: { "dm-v1.5:fast": 3 } })
    expect((await admin[1].decision.getPools()).fleets["dm-v1.5:fast"]).toBe(3)
    try {
      const counts = await withModelDelay(2_000, () => fire(20, key))
      expect(counts).toEqual({ 200: 3, 529: 17 })
    } finally {
      await admin[0].decision.setPools({ fleets: { "dm-v1.5:fast": before.fleets["dm-v1.5:fast"] } })
    }
  })

  it("a key revoked on A fails with 401 on B once B's 5 s key cache has passed (two servers on manual clocks)", async () => {
    // service clocks moved by hand: the cache's 5 s are B's, with no waiting and no timing
    const manual = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN, DOCKET_CLOCK: "manual" })))
    try {
      const [A, B] = manual
      const control = manual.map((m) => Admin.controlPlaneClient(m.url, TOKEN))
      const account = await control[0].decision.createAccount({})
      const { key, key_id: keyId } = await control[0].decision.createKey(account.account_id, "two-process")
      const models = (server: ServerProcess) =>
        fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => {
          await r.arrayBuffer()
          return r.status
        })
      // B has the key in its cache
      expect(await evaluate(B, key)).toBe(200)
      expect(await models(B)).toBe(200)
      await control[0].decision.revokeKey(keyId)
      // at once on A (its own control plane cleared its cache)
      expect(await models(A)).toBe(401)
      // B answers from its cache until 5 s have passed on its clock, then asks the database
      expect(await models(B)).toBe(200)
      await control[1].clock.advance(4_999)
      expect(await models(B)).toBe(200)
      await control[1].clock.advance(1)
      expect(await models(B)).toBe(401)
      expect(await evaluate(B, key)).toBe(401)
    } finally {
      await Promise.all(manual.map((m) => m.stop()))
    }
  }, 120_000)
})
