/**
 * How a downstream app tests against Docket in process: no sockets, no network, a manual clock.
 */
import { createDocket } from "@docket/server"
import { afterEach, beforeEach, describe, expect, it } from "@effect/vitest"
import { makeRiskClient, RateLimitedError } from "../src/risk-client.js"

describe("examples/harness-vitest: the app's risk client against Docket in process", () => {
  let docket: ReturnType<typeof createDocket>
  let client: ReturnType<typeof makeRiskClient>

  beforeEach(async () => {
    docket = createDocket({ clock: "manual" })
    const account = await docket.admin.decision.createAccount({ custom_limits: { rpm: 2 } })
    const { key } = await docket.admin.decision.createKey(account.account_id, "tests")
    client = makeRiskClient({ baseUrl: "http://docket.local", apiKey: key, fetch: docket.fetch })
  })
  afterEach(() => docket.dispose())

  it("scores an angry complaint higher than a thank-you note", async () => {
    const angry = await client.needsHuman("This is a complaint. I want a refund now or my lawyer will call.")
    const calm = await client.needsHuman("Thanks a lot, everything arrived fine.")
    expect(angry).toBeGreaterThan(calm)
  })

  it("handles the rate limit, and the window slides on the manual clock without waiting", async () => {
    await client.needsHuman("one")
    await client.needsHuman("two")
    const error = await client.needsHuman("three").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).retryAfterMs).toBe(60_000)
    await docket.admin.clock.advance(60_000)
    await expect(client.needsHuman("four")).resolves.toBeTypeOf("number")
  })
})
