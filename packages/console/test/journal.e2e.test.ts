/**
 * The console's request journal page in Chromium: API calls seen newest first, an entry's detail,
 * the status-class filter, clearing behind a confirmation, and a phone's width.
 */
import { describe, expect, it } from "vitest"
import { useConsole } from "./support/use-console.js"

describe("console: the request journal (Chromium)", () => {
  const c = useConsole()

  it("shows API calls newest first, filters by status class, and clears only after the confirmation", async () => {
    const account = await c.docket.admin.decision.createAccount({})
    const key = await c.docket.admin.decision.createKey(account.account_id, "journal")
    // three calls a second apart on the manual clock: a 401, a 404, a success
    expect((await fetch(`${c.url}/v1/models`, { headers: { authorization: "Bearer svc_sk_not_a_key" } })).status).toBe(401)
    await c.docket.admin.clock.advance(1_000)
    expect((await fetch(`${c.url}/no-such-route?probe=1`)).status).toBe(404)
    await c.docket.admin.clock.advance(1_000)
    expect((await fetch(`${c.url}/v1/models`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(200)

    const page = await c.signedIn("/console/journal")
    await page.getByRole("heading", { name: "Request journal", level: 1 }).waitFor()
    const rows = page.getByTestId("journal-row")
    await rows.filter({ hasText: "/no-such-route" }).waitFor()
    const texts = await rows.allTextContents()
    const at = (path: string, status: number) => texts.findIndex((t) => t.includes(path) && t.includes(String(status)))
    const success = at("GET /v1/models", 200)
    const missing = at("GET /no-such-route?probe=1", 404)
    const refused = at("GET /v1/models", 401)
    expect([success, missing, refused].every((i) => i >= 0)).toBe(true)
    expect(success).toBeLessThan(missing)
    expect(missing).toBeLessThan(refused)
    expect(texts[success]).toContain(account.account_id)
    // the page's text never holds the key
    expect(await page.locator("body").textContent()).not.toContain(key.key)

    // an entry's detail: the error code, and the bodies this server does not keep
    await page.getByRole("button", { name: "Details of GET /v1/models (401)" }).click()
    const detail = page.getByTestId("journal-entry")
    await detail.getByRole("heading", { name: "GET /v1/models" }).waitFor()
    const entry = (await c.docket.admin.journal.list({ path_prefix: "/v1/models", status: 401 })).entries[0]!
    await detail.getByText(entry.error_code!, { exact: true }).waitFor()
    await detail.getByText(/Not kept/).first().waitFor()
    await detail.getByRole("button", { name: "Close the detail" }).click()
    await detail.waitFor({ state: "detached" })

    // the status class filter: only 4xx remain, the 401 and the 404 among them
    await page.getByLabel("Status (404, or a class: 4xx)").fill("4xx")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await page.getByRole("heading", { name: / entr(y|ies) matching$/ }).waitFor()
    const filtered = await rows.allTextContents()
    expect(filtered.some((t) => t.includes("GET /v1/models") && t.includes("401"))).toBe(true)
    expect(filtered.some((t) => t.includes("/no-such-route"))).toBe(true)
    const statuses = await page.getByTestId("journal-row").locator(".badge").allTextContents()
    expect(statuses.length).toBeGreaterThanOrEqual(2)
    expect(statuses.every((s) => /^4\d\d$/.test(s))).toBe(true)

    // a filter the server refuses says what to fix
    await page.getByLabel("Status (404, or a class: 4xx)").fill("four")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await page.getByRole("alert").filter({ hasText: /status is an HTTP status/ }).waitFor()
    await page.getByRole("button", { name: "Clear filters" }).click()
    await rows.filter({ hasText: "GET /v1/models" }).first().waitFor()

    // clear: cancelled first (nothing dropped), then confirmed
    await page.getByRole("button", { name: "Clear the journal…" }).click()
    const dialog = page.getByRole("dialog", { name: "Clear the journal?" })
    await dialog.waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect((await c.docket.admin.journal.list({ path_prefix: "/v1/models" })).entries).toHaveLength(2)
    await page.getByRole("button", { name: "Clear the journal…" }).click()
    await dialog.getByRole("button", { name: "Clear" }).click()
    await page.getByText(/^Cleared \d+ entr(y|ies)\.$/).waitFor()
    await page.getByTestId("journal-empty").getByText("No requests journaled.").waitFor()
    expect((await c.docket.admin.journal.list()).entries).toEqual([])

    // a request after the clear appears on Refresh
    expect((await fetch(`${c.url}/no-such-route`)).status).toBe(404)
    await page.getByRole("button", { name: "Refresh" }).click()
    await rows.filter({ hasText: "/no-such-route" }).waitFor()
  }, 180_000)

  it("is usable on a phone (no sideways scrolling, the filters labelled) and auto-refreshes", async () => {
    expect((await fetch(`${c.url}/v1/models`)).status).toBe(401)
    const page = await c.signedIn("/console/journal", { viewport: { width: 390, height: 844 } })
    await page.getByTestId("journal-row").first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    for (const label of ["Service", "Method", "Path prefix", "Since (ISO 8601 or epoch ms)", "Until (ISO 8601 or epoch ms)", "At most (entries)"]) {
      await page.getByLabel(label, { exact: true }).waitFor()
    }
    // keyboard: the auto-refresh checkbox is reachable and toggled by Space
    const auto = page.getByLabel(/Auto-refresh/)
    await auto.focus()
    await page.keyboard.press("Space")
    expect(await auto.isChecked()).toBe(true)
    // with auto-refresh on, a new request appears without pressing Refresh
    expect((await fetch(`${c.url}/auto-refresh-probe`)).status).toBe(404)
    await page.getByTestId("journal-row").filter({ hasText: "/auto-refresh-probe" }).waitFor()
  }, 120_000)
})

describe("console: the request journal with bodies kept (Chromium)", () => {
  const c = useConsole({ journalBodies: true })

  it("shows an entry's request and response bodies, the key redacted", async () => {
    const account = await c.docket.admin.decision.createAccount({ credit: 1_000 })
    const key = await c.docket.admin.decision.createKey(account.account_id, "bodies")
    const body = JSON.stringify({ state: "not an object", questions: [], echo: key.key })
    const answer = await fetch(`${c.url}/v1/systemone`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
      body
    })
    expect(answer.status).toBe(422)
    const page = await c.signedIn("/console/journal")
    await page.getByText(/bodies kept/).waitFor()
    await page.getByRole("button", { name: "Details of POST /v1/systemone (422)" }).click()
    const detail = page.getByTestId("journal-entry")
    const request = detail.getByRole("region", { name: "Request body" })
    const response = detail.getByRole("region", { name: "Response body" })
    await request.waitFor()
    expect(await request.textContent()).toContain("not an object")
    expect(await request.textContent()).not.toContain(key.key)
    expect(await response.textContent()).toContain(`${(await answer.text()).length} bytes`)
    expect(await detail.textContent()).not.toContain(key.key)
  }, 120_000)
})
