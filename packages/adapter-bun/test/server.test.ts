/**
 * The Bun adapter on real Bun processes: a client disconnect interrupts the request and releases
 * its in-flight slot (served by `listen`, by a host's `Bun.serve` with `makeBunFetchHandler`, and
 * by `layer`, i.e. BunHttpServer); responses release their slot before the next request; `listen`'s
 * server stops cleanly with a request in flight, and a port in use is reported.
 */
import { describe, expect, it } from "@effect/vitest"
import { type HttpTarget, realWait, remoteTarget, ticketBody, untilPending, untilSleeping } from "@docket/core/testing"
import { afterAll } from "vitest"
import { type BunProcess, FIXTURE, startBun } from "./bun-server.js"

const TOKEN = "bun-test-admin"

const processes: Array<BunProcess> = []
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()))
})

const start = async (env: Record<string, string>) => {
  const p = await startBun(FIXTURE, { DOCKET_ADMIN_TOKEN: TOKEN, ...env })
  processes.push(p)
  const target = remoteTarget(p.url, TOKEN, async () => {})
  return { url: p.url, target }
}

const accountWithKey = async (target: HttpTarget, patch: Parameters<HttpTarget["admin"]["decision"]["createAccount"]>[0]) => {
  const account = await target.admin.decision.createAccount(patch)
  return (await target.admin.decision.createKey(account.account_id, "bun")).key
}

const evaluate = (url: string, key: string, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}) =>
  fetch(`${url}/v1/systemone`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
    body: JSON.stringify(ticketBody()),
    signal: init.signal
  })

const SERVED_BY = { listen: "listen", "fetch-handler": "Bun.serve + makeBunFetchHandler", layer: "layer: BunHttpServer" } as const
for (const serve of ["listen", "fetch-handler", "layer"] as const) {
  describe(`Bun (${SERVED_BY[serve]})`, () => {
    it("a client disconnect interrupts the request and releases its in-flight slot", async () => {
      const { target, url } = await start({ DOCKET_BUN_SERVE: serve })
      const key = await accountWithKey(target, { custom_limits: { in_flight: 1 } })
      await target.admin.faults.set({ model_delay_ms: 10_000 })

      const controller = new AbortController()
      const parked = evaluate(url, key, { signal: controller.signal }).then(
        (r) => ({ settled: "response" as const, status: r.status }),
        (e: unknown) => ({ settled: "error" as const, error: e })
      )
      await untilSleeping(target, 1, 10_000)

      // the slot is held: a second request is refused by the in-flight limit
      const second = await evaluate(url, key)
      expect(second.status).toBe(429)
      expect(((await second.json()) as any).error.message).toBe("Too many concurrent requests for this account.")

      controller.abort()
      expect((await parked).settled).toBe("error")
      // Bun aborts the request's signal: the parked request is interrupted and stops sleeping
      await untilPending(target, 10_000, (n) => n === 0, "the server did not notice the client disconnect")

      await target.admin.faults.set({ model_delay_ms: 0 })
      const after = await evaluate(url, key)
      expect(after.status).toBe(200)
      expect(((await after.json()) as any).answers.refund.type).toBe("noul")
    })

    it("a response is sent once the slot is released: sequential requests with in_flight 1 all succeed", async () => {
      const { target, url } = await start({ DOCKET_BUN_SERVE: serve })
      const key = await accountWithKey(target, { custom_limits: { in_flight: 1 } })
      for (let i = 0; i < 10; i++) {
        const r = await evaluate(url, key)
        expect(r.status).toBe(200)
        await r.text()
      }
    })
  })
}

describe("listen: lifecycle on Bun", () => {
  it("close() with a request in flight: it is answered 503, the port is released, the process exits 0", async () => {
    const p = await startBun(FIXTURE, { DOCKET_ADMIN_TOKEN: TOKEN })
    processes.push(p)
    const target = remoteTarget(p.url, TOKEN, async () => {})
    const key = await accountWithKey(target, {})
    await target.admin.faults.set({ model_delay_ms: 10_000 })
    const parked = evaluate(p.url, key).then(
      (r) => r.status,
      (e: unknown) => e
    )
    await untilSleeping(target, 1, 10_000)
    // the fixture closes the server (running.close()), disposes the instance and exits
    p.child.kill("SIGTERM")
    expect(await parked).toBe(503)
    expect(await Promise.race([p.exited, realWait(10_000).then(() => "still running")])).toBe(0)
    await expect(fetch(`${p.url}/v1/models`)).rejects.toThrow()
  })

  it("a port in use is refused with Bun's error", async () => {
    const first = await startBun(FIXTURE, {})
    processes.push(first)
    const port = new URL(first.url).port
    await expect(startBun(FIXTURE, { PORT: port })).rejects.toThrow(new RegExp(`Is port ${port} in use\\?`))
    // the first one still serves
    expect((await fetch(`${first.url}/v1/models`)).status).toBe(401)
  })
})
