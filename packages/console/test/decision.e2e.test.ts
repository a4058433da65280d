/**
 * The decision pages in Chromium: an account's API keys (shown in full once, 3 active at most,
 * revoked after a confirmation), its billing, and the Playground, which answers with the API's
 * own validation messages, limiter (shared with the account's other keys) and debit.
 */
import { describe, expect, it } from "vitest"
import { WAIT_MS } from "./support/console.js"
import { useConsole } from "./support/use-console.js"

const KEY = /svc_sk_[A-Za-z0-9_-]{43}/

describe("console: decision accounts, keys, billing and Playground (Chromium)", () => {
  const c = useConsole()

  it("creates an account; keys are shown in full once, stop at 3 active, and are revoked only after a confirmation", async () => {
    const page = await c.signedIn("/console/accounts")
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: /^Account acct_/ }).waitFor()
    const accountId = /\/console\/accounts\/([^/?#]+)/.exec(page.url())![1]

    const create = async (name: string) => {
      await page.getByLabel("New key name").fill(name)
      await page.getByRole("button", { name: "Create key" }).click()
      const shown = (await page.getByTestId("new-key").textContent())!
      await page.getByText(`Key “${name}” created.`).waitFor()
      return shown
    }
    const first = await create("first")
    expect(first).toMatch(KEY)
    expect((await c.docket.admin.decision.listKeys(accountId)).keys).toEqual([expect.objectContaining({ name: "first", status: "active" })])
    // listed by prefix; once dismissed the full key is nowhere on the page
    const prefix = (await c.docket.admin.decision.listKeys(accountId)).keys[0].prefix
    expect(first.startsWith(prefix)).toBe(true)
    await page.getByRole("cell", { name: `${prefix}…` }).waitFor()
    await page.getByRole("button", { name: "I have copied it" }).click()
    await page.getByTestId("new-key").waitFor({ state: "detached" })
    expect(await page.content()).not.toContain(first)

    const second = await create("second")
    expect(second).not.toBe(first)
    await create("third")
    // three active keys: creation is unavailable, and the page says why
    await page.getByText("This account has 3 active keys, the most it can hold: revoke one to create another.").waitFor()
    expect(await page.getByLabel("New key name").isDisabled()).toBe(true)
    expect(await page.getByRole("button", { name: "Create key" }).isDisabled()).toBe(true)

    // revoke: Cancel keeps the key; confirming revokes it and creation is available again
    await page.getByRole("button", { name: "Revoke first" }).click()
    const dialog = page.getByRole("dialog", { name: "Revoke “first”?" })
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect((await c.docket.admin.decision.listKeys(accountId)).keys.find((k) => k.name === "first")?.status).toBe("active")
    await page.getByRole("button", { name: "Revoke first" }).click()
    await dialog.getByRole("button", { name: "Revoke key" }).click()
    await page.getByRole("row", { name: /first .* Revoked/ }).waitFor()
    expect((await c.docket.admin.decision.listKeys(accountId)).keys.find((k) => k.name === "first")?.status).toBe("revoked")
    await page.getByText("2 of 3 active keys.").waitFor()
    expect(await page.getByLabel("New key name").isDisabled()).toBe(false)
    // the revoked key no longer authenticates
    expect((await fetch(`${c.url}/v1/models`, { headers: { authorization: `Bearer ${first}` } })).status).toBe(401)
    expect((await fetch(`${c.url}/v1/models`, { headers: { authorization: `Bearer ${second}` } })).status).toBe(200)
  }, 180_000)

  it("billing: a top-up adds credit and makes the account paid; an unpaid invoice makes the Playground answer 402", async () => {
    const account = await c.docket.admin.decision.createAccount({ credit: 1000 })
    const page = await c.signedIn(`/console/accounts/${account.account_id}`)
    await page.getByTestId("tier").getByText("free").waitFor()
    await page.getByLabel("Top up (tokens)").fill("5000")
    await page.getByRole("button", { name: "Top up", exact: true }).click()
    await page.getByTestId("tier").getByText("paid").waitFor()
    await page.getByTestId("credit").getByText("6,000 tokens").waitFor()
    expect(await c.docket.admin.decision.getAccount(account.account_id)).toMatchObject({ tier: "paid", credit: 6000 })

    await page.getByRole("button", { name: "Raise an unpaid invoice" }).click()
    await page.getByTestId("invoice").getByText(/^unpaid/).waitFor()
    await page.getByLabel("New key name").fill("billing")
    await page.getByRole("button", { name: "Create key" }).click()
    await page.getByTestId("new-key").waitFor()
    await page.getByRole("link", { name: "Playground" }).first().click()
    await page.getByRole("button", { name: "Evaluate" }).click()
    const result = page.getByTestId("result")
    await result.getByText("payment_required").waitFor()
    expect(await result.textContent()).toContain("402")
  }, 180_000)

  it("the Playground answers with probabilities drawn and debits the account; its validation messages are the API's", async () => {
    const account = await c.docket.admin.decision.createAccount({})
    const page = await c.signedIn(`/console/playground?account=${account.account_id}`)
    await page.getByRole("button", { name: "Create a Playground key" }).click()
    await page.getByLabel("Key").getByText(/^Playground \(svc_sk_/).waitFor({ state: "attached" })
    // the model picker lists the catalog read with the key
    await page.getByLabel("Model").getByText("dm-v1.5", { exact: true }).waitFor({ state: "attached" })
    await page.getByLabel("Model").selectOption("dm-v1.5")
    await page.getByRole("button", { name: "Evaluate" }).click()
    const result = page.getByTestId("result")
    await result.getByText("Model dm-v1.5").waitFor()
    for (const id of ["approve", "risk", "fit"]) await result.getByRole("heading", { name: new RegExp(`^${id}`) }).waitFor()
    await result.getByRole("list", { name: "approve: probability of yes" }).waitFor()
    await result.getByRole("list", { name: "risk: probability of each label" }).getByText("medium").waitFor()
    expect(await result.getByRole("list", { name: "fit: probability of each level" }).getByRole("listitem").count()).toBe(4)
    await result.getByRole("list", { name: "fit: probability of each level" }).getByText("3 excellent").waitFor()
    const debit = (await page.getByTestId("debit").textContent())!
    const debited = Number(/debited ([\d,]+) tokens/.exec(debit)![1].replace(/,/g, ""))
    expect(debited).toBeGreaterThan(0)
    expect((await c.docket.admin.decision.getAccount(account.account_id)).credit).toBe(1_000_000 - debited)

    // an invalid question: the issues listed are the API's, word for word
    const questions = `{"q": {"type": "noul", "instructions": null}, "r": {"type": "score", "criteria": "high"}}`
    await page.getByLabel("Questions (question id → question)").fill(questions)
    await page.getByRole("button", { name: "Evaluate" }).click()
    await result.getByText("invalid_request_error").waitFor()
    const key = await page.evaluate(() => JSON.parse(sessionStorage.getItem("docket-console.keys")!)[0].secret as string)
    const direct = await fetch(`${c.url}/v1/systemone`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: `{"state":${await page.getByLabel("State (any JSON value)").inputValue()},"questions":${questions},"model":"dm-v1.5"}`
    })
    expect(direct.status).toBe(422)
    const issues = ((await direct.json()) as { error: { issues: Array<{ path: string; message: string }> } }).error.issues
    expect(issues.length).toBeGreaterThan(0)
    const shown = await result.getByRole("list", { name: "Issues" }).getByRole("listitem").allTextContents()
    expect(shown).toEqual(issues.map((i) => `${i.path === "" ? "(body)" : i.path}: ${i.message}`))

    // text that is not JSON gets the API's own issue with an empty path
    await page.getByLabel("State (any JSON value)").fill("{not json")
    await page.getByRole("button", { name: "Evaluate" }).click()
    await result.getByRole("list", { name: "Issues" }).getByText(/^\(body\): /).waitFor()
  }, 180_000)

  it("a Playground run debits the account, then hits the RPM the account shares with its API key; moving the clock frees it", async () => {
    const account = await c.docket.admin.decision.createAccount({ custom_limits: { rpm: 2 } })
    const other = await c.docket.admin.decision.createKey(account.account_id, "server")
    const page = await c.signedIn(`/console/playground?account=${account.account_id}`)
    await page.getByRole("button", { name: "Create a Playground key" }).click()
    await page.getByLabel("Key").getByText(/^Playground \(svc_sk_/).waitFor({ state: "attached" })
    const result = page.getByTestId("result")
    // the first of the account's two requests this minute: the Playground's, debited
    await page.getByRole("button", { name: "Evaluate" }).click()
    await result.getByTestId("debit").getByText(/debited [\d,]+ tokens/).waitFor()
    expect((await c.docket.admin.decision.getAccount(account.account_id)).credit).toBeLessThan(1_000_000)
    // the second, with the account's other key
    const direct = await fetch(`${c.url}/v1/systemone`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.key}` },
      body: JSON.stringify({ state: { a: 1 }, questions: { q: { type: "noul", instructions: "Is a one?" } } })
    })
    expect(direct.status).toBe(200)
    const credit = (await c.docket.admin.decision.getAccount(account.account_id)).credit
    // the third, the Playground's again: refused, and not debited
    await page.getByRole("button", { name: "Evaluate" }).click()
    await result.getByText("Requests per minute exceeded for this account.").waitFor()
    expect(await result.textContent()).toContain("429")
    await result.getByText(/^Retry after \d+ ms\.$/).waitFor()
    await result.getByTestId("debit").getByText(/no debit/).waitFor()
    expect((await c.docket.admin.decision.getAccount(account.account_id)).credit).toBe(credit)
    await c.docket.admin.clock.advance(60_000)
    await page.getByRole("button", { name: "Evaluate" }).click()
    await result.getByRole("heading", { name: /^approve/ }).waitFor({ timeout: WAIT_MS })
  }, 180_000)

  it("is usable on a phone: no sideways scrolling, every control reachable", async () => {
    const account = await c.docket.admin.decision.createAccount({})
    const page = await c.signedIn(`/console/accounts/${account.account_id}`, { viewport: { width: 390, height: 844 } })
    await page.getByRole("heading", { name: "API keys" }).waitFor()
    const pages = [
      `/console/accounts/${account.account_id}`, "/console/playground", "/console/harness", "/console/accounts",
      "/console/tenants", "/console/jobs", "/console/run", "/console/usage", "/console/workspaces", "/console/"
    ]
    for (const path of pages) {
      await page.goto(`${c.url}${path}`)
      await page.getByRole("heading", { level: 1 }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    }
    // keyboard: the navigation is reachable by Tab
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Docket console")
  }, 180_000)

  it("works by keyboard: a key is created and its revoke dialog opened and dismissed with Escape", async () => {
    const account = await c.docket.admin.decision.createAccount({})
    const page = await c.signedIn(`/console/accounts/${account.account_id}`)
    await page.getByLabel("New key name").focus()
    await page.keyboard.type("keyboard")
    await page.keyboard.press("Enter")
    await page.getByTestId("new-key").waitFor()
    await page.getByRole("button", { name: "Revoke keyboard" }).focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Revoke “keyboard”?" })
    await dialog.waitFor()
    // focus moved into the dialog
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true)
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "hidden" })
    expect((await c.docket.admin.decision.listKeys(account.account_id)).keys[0].status).toBe("active")
  }, 180_000)
})
