/**
 * examples/embed-bun under real Bun (spawned from this vitest file, which runs under Node): the
 * host's own routes answer, everything else is Docket's, the control plane is switched on by
 * DOCKET_ADMIN_TOKEN, and SIGTERM stops it.
 */
import { Admin } from "@docket/core"
import { realWait, type StartedProcess, startProcess } from "@docket/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const BUN = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url))

describe("examples/embed-bun (on Bun)", () => {
  let server: StartedProcess
  let base: string
  let key: string

  beforeAll(async () => {
    server = await startProcess({
      command: BUN,
      args: ["examples/embed-bun/src/server.ts"],
      cwd: ROOT,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DOCKET_ADMIN_TOKEN: "example-admin" },
      name: "the example"
    })
    base = server.url
    key = /^decision key: (\S+)$/m.exec(server.stdout())![1]
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("keeps the host's routes", async () => {
    const health = await fetch(`${base}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect(await (await fetch(`${base}/hello/bun`)).text()).toBe("hello, bun\n")
  })

  it("serves Docket's routes with the printed key", async () => {
    expect(key).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/)
    const r = await fetch(`${base}/v1/systemone`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ state: { paid: true }, questions: { paid: { type: "noul", instructions: "Is it paid?" } } })
    })
    expect(r.status).toBe(200)
    const body = (await r.json()) as any
    expect(body.model).toBe("dm-v1.5")
    expect(r.headers.get("x-request-id")).toBe(body.request_id)
    // an unknown path is Docket's 404 envelope, not Bun's
    const missing = await fetch(`${base}/nowhere`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as any).error.type).toBe("not_found")
  })

  it("DOCKET_ADMIN_TOKEN enables the control plane: a new account and key over HTTP", async () => {
    const admin = Admin.controlPlaneClient(base, "example-admin")
    const account = await admin.decision.createAccount({ tier: "paid" })
    const created = await admin.decision.createKey(account.account_id, "from-the-test")
    const models = await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${created.key}` } })
    expect(models.status).toBe(200)
    await expect(Admin.controlPlaneClient(base, "wrong").decision.getAccount(account.account_id)).rejects.toThrow(/^401/)
  })

  it("stops on SIGTERM", async () => {
    server.child.kill("SIGTERM")
    expect(await Promise.race([server.exited, realWait(10_000).then(() => "still running")])).toBe(0)
    await expect(fetch(`${base}/health`)).rejects.toThrow()
  })
})
