/**
 * `makeBunFetchHandler` in process (under Node, with a stand-in for Bun's `server`): it serves
 * Docket's answers and sets each request's idle timeout through `server.timeout`. Its behaviour on
 * real Bun (disconnects, the conformance suite) is tested in server.test.ts and http.test.ts.
 */
import { IDLE_TIMEOUT_SECONDS, makeBunFetchHandler } from "@docket/adapter-bun"
import { makeDocket } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"

const fakeServer = () => {
  const calls: Array<[Request, number]> = []
  return { calls, timeout: (request: Request, seconds: number) => void calls.push([request, seconds]) }
}

describe("makeBunFetchHandler", () => {
  it("serves Docket and gives each request Docket's idle timeout (120 s) instead of Bun's 10 s", async () => {
    const docket = makeDocket({ storage: MemoryStorage.layer })
    try {
      const account = await docket.admin.decision.createAccount({})
      const { key } = await docket.admin.decision.createKey(account.account_id, "t")
      const handler = makeBunFetchHandler(docket)
      const server = fakeServer()
      const request = new Request("http://host.test/v1/models", { headers: { authorization: `Bearer ${key}` } })
      const response = await handler(request, server)
      expect(response.status).toBe(200)
      expect(((await response.json()) as any).models.length).toBeGreaterThan(0)
      expect(server.calls).toEqual([[request, IDLE_TIMEOUT_SECONDS]])
      expect(IDLE_TIMEOUT_SECONDS).toBe(120)
      // without a server (called like docket.fetch) it still answers
      expect((await handler(new Request("http://host.test/v1/models"))).status).toBe(401)
    } finally {
      await docket.dispose()
    }
  })

  it("idleTimeout: a number of seconds, or false to leave the host's setting", async () => {
    const docket = makeDocket({ storage: MemoryStorage.layer })
    try {
      const custom = fakeServer()
      await makeBunFetchHandler(docket, { idleTimeout: 0 })(new Request("http://host.test/nowhere"), custom)
      expect(custom.calls.map(([, s]) => s)).toEqual([0])
      const untouched = fakeServer()
      const r = await makeBunFetchHandler(docket, { idleTimeout: false })(new Request("http://host.test/nowhere"), untouched)
      expect(r.status).toBe(404)
      expect(untouched.calls).toEqual([])
    } finally {
      await docket.dispose()
    }
  })
})
