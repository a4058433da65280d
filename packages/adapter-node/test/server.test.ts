/**
 * The Node adapter over a real socket: client disconnects release the in-flight slot, and a
 * response is sent once its slot is released. (The standalone server on a spawned process is
 * tested in packages/server.)
 */
import { describe, expect, it } from "@effect/vitest"
import { listen, type RunningServer } from "@docket/adapter-node"
import { type Docket, makeDocket, ManualClock } from "@docket/core"
import { ticketBody, waitUntil } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { afterEach } from "vitest"

const smallBody = ticketBody()

describe("node:http listener", () => {
  let docket: Docket | undefined
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    await docket?.dispose()
    server = undefined
    docket = undefined
  })

  it("a client disconnect interrupts the request and releases its in-flight slot", async () => {
    docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock() })
    server = await listen(docket, { port: 0, host: "127.0.0.1" })
    const account = await docket.admin.decision.createAccount({ custom_limits: { in_flight: 1 } })
    const { key } = await docket.admin.decision.createKey(account.account_id, "disconnect")
    await docket.admin.faults.set({ model_delay_ms: 10_000 })
    const clock = docket.clock!
    const evaluate = (signal?: AbortSignal) =>
      fetch(`${server!.url}/v1/systemone`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(smallBody),
        signal
      })

    const controller = new AbortController()
    const parked = evaluate(controller.signal).then(
      (r) => ({ settled: "response" as const, status: r.status }),
      (e: unknown) => ({ settled: "error" as const, error: e })
    )
    await waitUntil(() => clock.pendingSleepsOf(10_000) >= 1, 10_000, () => "the request never parked in the model delay")

    // the slot is held: a second request is refused by the in-flight limit
    const second = await evaluate()
    expect(second.status).toBe(429)
    expect((await second.json()).error.message).toBe("Too many concurrent requests for this account.")

    controller.abort()
    expect((await parked).settled).toBe("error")
    // the server notices the disconnect: the parked request is interrupted and stops sleeping
    await waitUntil(() => clock.pendingSleepsOf(10_000) === 0, 10_000, () => "the server did not notice the client disconnect")

    await docket.admin.faults.set({ model_delay_ms: 0 })
    const after = await evaluate()
    expect(after.status).toBe(200)
    expect((await after.json()).answers.refund.type).toBe("noul")
  })

  it("a response is sent once the slot is released: sequential requests with in_flight 1 all succeed", async () => {
    docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock() })
    server = await listen(docket, { port: 0, host: "127.0.0.1" })
    const account = await docket.admin.decision.createAccount({ custom_limits: { in_flight: 1 } })
    const { key } = await docket.admin.decision.createKey(account.account_id, "seq")
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${server.url}/v1/systemone`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        body: JSON.stringify(smallBody)
      })
      expect(r.status).toBe(200)
      await r.text()
    }
  })
})
