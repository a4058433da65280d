/**
 * The database goes away under a running instance: requests answer 529 `overloaded` within a
 * bounded time (never a 500, never a hang), GET /v1/models answers from the 5 s key cache when it
 * can, store calls fail with the ports' own "unavailable" errors, and the instance recovers by
 * itself once the database is back. On a private PostgreSQL server the test creates and kills.
 */
import { Decision, type Docket, makeDocket } from "@docket/core"
import { realWait, smallBody } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPrivateCluster, type PrivateCluster } from "./support/private-cluster.js"
import { createProxy, type FreezableProxy } from "./support/proxy.js"

/**
 * An answer while the database is unreachable comes after the 3 s operation timeout (wall-clock
 * time by design): this bound tells a bounded answer from a hang, with room for a busy machine.
 */
const BOUND_MS = 10_000

let cluster: PrivateCluster
const dockets: Array<Docket> = []

beforeAll(async () => {
  cluster = await createPrivateCluster()
}, 60_000)

afterAll(async () => {
  await Promise.all(dockets.map((d) => d.dispose()))
  await cluster?.destroy()
}, 30_000)

const newDocket = (url: string) => {
  // the default timeouts (connect 2 s, operation 3 s, in real time): what `npm start` runs with; a
  // manual service clock keeps the 5 s key cache warm however long the machine takes to stop a server
  const docket = makeDocket({ storage: PgStorage.layer({ url }), clock: "manual", settings: { adminToken: "t" } })
  dockets.push(docket)
  return docket
}

const call = async (docket: Docket, method: string, path: string, key: string, body?: unknown) => {
  const started = Date.now()
  const response = await docket.fetch(
    new Request(`http://docket.test${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  )
  const json = (await response.json()) as any
  return { status: response.status, body: json, headers: response.headers, ms: Date.now() - started }
}
const evaluate = (docket: Docket, key: string) => call(docket, "POST", "/v1/systemone", key, smallBody())
const models = (docket: Docket, key: string) => call(docket, "GET", "/v1/models", key)

const expectOverloaded = (r: Awaited<ReturnType<typeof call>>) => {
  expect(r.status).toBe(529)
  expect(r.body.error.type).toBe("overloaded")
  expect(r.body.error.message).toMatch(/retry shortly/)
  expect(r.headers.get("retry-after-ms")).toBe("2000")
  expect(r.ms).toBeLessThan(BOUND_MS)
}

const untilOk = async (f: () => Promise<{ status: number }>, timeoutMs: number) => {
  const started = Date.now()
  for (;;) {
    const r = await f()
    if (r.status === 200 || Date.now() - started > timeoutMs) return r
    await realWait(200)
  }
}

describe("PostgreSQL outage", () => {
  it("server killed: 529 overloaded fast, models from the key cache, port errors typed, recovery without restart", async () => {
    const docket = newDocket(cluster.url)
    const account = await docket.admin.decision.createAccount({ tier: "paid" })
    const warm = await docket.admin.decision.createKey(account.account_id, "warm")
    const cold = await docket.admin.decision.createKey(account.account_id, "cold")
    expect((await evaluate(docket, warm.key)).status).toBe(200)

    await cluster.stop()

    // the key is still in the 5 s cache (the service clock has not moved): GET /v1/models needs nothing else, so it answers
    const cachedModels = await models(docket, warm.key)
    expect(cachedModels.status).toBe(200)
    // evaluate needs the account's credit and the limiter: 529
    expectOverloaded(await evaluate(docket, warm.key))
    // a key not in the cache cannot be checked: 529 overloaded (not 401: the key may be valid)
    expectOverloaded(await models(docket, cold.key))
    expectOverloaded(await evaluate(docket, cold.key))

    // the ports fail with their own typed errors, not defects
    const limiter = await docket.runtime.runPromise(
      Effect.exit(Effect.flatMap(Decision.LimiterStore, (l) =>
        l.acquire({ accountId: "a", slotId: "s", rpm: 1, inFlight: 1, fleet: "dm-v1.5:fast", freeTier: false, now: Date.now() })))
    )
    expect(Exit.isFailure(limiter) && limiter.cause._tag === "Fail" && limiter.cause.error._tag).toBe("StorageUnavailable")
    const store = await docket.runtime.runPromise(Effect.exit(Effect.flatMap(Decision.DecisionStore, (s) => s.getAccount("a"))))
    expect(Exit.isFailure(store) && store.cause._tag === "Fail" && store.cause.error._tag).toBe("StorageUnavailable")
    // and the control plane answers 503-style AdminUnavailable
    await expect(docket.admin.decision.createAccount({})).rejects.toMatchObject({ name: "AdminUnavailable" })

    await cluster.start()
    const recovered = await untilOk(() => evaluate(docket, warm.key), 15_000)
    expect(recovered.status).toBe(200)
    expect((await models(docket, cold.key)).status).toBe(200)
  }, 60_000)

  it("network partition (connections open, nothing answers): 529 within the operation timeout, recovery when it heals", async () => {
    let proxy: FreezableProxy | undefined
    try {
      proxy = await createProxy(cluster.port)
      const docket = newDocket(`postgres://postgres@127.0.0.1:${proxy.port}/postgres`)
      const account = await docket.admin.decision.createAccount({ tier: "paid" })
      const key = await docket.admin.decision.createKey(account.account_id, "k")
      // several requests at once, so that the pool holds several open (idle) connections
      for (const r of await Promise.all(Array.from({ length: 4 }, () => evaluate(docket, key.key)))) expect(r.status).toBe(200)

      proxy.freeze()
      // several at once: the pool's open connections hang, new ones cannot be opened
      const during = await Promise.all(Array.from({ length: 4 }, () => evaluate(docket, key.key)))
      for (const r of during) expectOverloaded(r)

      proxy.thaw()
      const recovered = await untilOk(() => evaluate(docket, key.key), 15_000)
      expect(recovered.status).toBe(200)
    } finally {
      await proxy?.close()
    }
  }, 60_000)
})
