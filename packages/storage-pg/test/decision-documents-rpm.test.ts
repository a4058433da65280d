/**
 * The document routes' RPM counter (spec 1, "Limits") across two instances on one PostgreSQL
 * database, as two server processes behind a load balancer: concurrent requests of one account
 * sent to both are admitted exactly up to its RPM, and the evaluation counter stays untouched.
 */
import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

describe("decision document routes on PostgreSQL, two instances", () => {
  it("N concurrent requests over both instances at RPM C admit exactly C; the rest are 429 rate_limited", async () => {
    const start = () =>
      inProcessTarget(makeDocket({ storage: PgStorage.layer({ url: db.url, maxConnections: 6 }), clock: new ManualClock(), settings: {} }))
    const a = start()
    const b = start()
    try {
      await a.admin.reset()
      const account = await a.admin.decision.createAccount({ custom_limits: { rpm: 7 } })
      const { key } = await a.admin.decision.createKey(account.account_id, "k")
      const send = (i: number) =>
        (i % 2 === 0 ? a : b).fetch("/v1/documents/jobs", { headers: { authorization: `Bearer ${key}` } }).then(async (r) => {
          const body = await r.json()
          return { status: r.status, code: body.error?.code as string | undefined }
        })
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => send(i)))
      expect(results.filter((r) => r.status === 200)).toHaveLength(7)
      expect(results.filter((r) => r.status === 429).every((r) => r.code === "rate_limited")).toBe(true)
      expect(results.filter((r) => r.status === 429)).toHaveLength(17)
      // evaluation's counter is its own
      const evaluated = await b.fetch("/v1/systemone", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ state: "x", questions: { q: { type: "noul", instructions: "Is it x?" } } })
      })
      expect(evaluated.status).toBe(200)
    } finally {
      await a.close()
      await b.close()
    }
  })
})
