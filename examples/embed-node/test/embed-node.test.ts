import { describe, expect, it } from "@effect/vitest"
import type { AddressInfo } from "node:net"
import { makeServer } from "../src/app.js"

describe("examples/embed-node", () => {
  it("keeps the host's routes and serves Docket's", async () => {
    const { docket, server } = await makeServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true })
      const account = await docket.admin.decision.createAccount({})
      const { key } = await docket.admin.decision.createKey(account.account_id, "t")
      const r = await fetch(`${base}/v1/systemone`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ state: { paid: true }, questions: { paid: { type: "noul", instructions: "Is it paid?" } } })
      })
      expect(r.status).toBe(200)
      const body = await r.json()
      expect(body.model).toBe("dm-v1.5")
      expect(r.headers.get("x-request-id")).toBe(body.request_id)
    } finally {
      server.close()
      server.closeAllConnections()
      await docket.dispose()
    }
  })
})
