/**
 * The console's sign-in and Harness page in Chromium: the token gate, moving the manual clock,
 * setting faults, and reset behind a confirmation.
 */
import { describe, expect, it } from "vitest"
import { WAIT_MS } from "./support/console.js"
import { useConsole } from "./support/use-console.js"

describe("console: sign-in and harness (Chromium)", () => {
  const c = useConsole()

  it("asks for the admin token, refuses a wrong one, and keeps the right one for the tab only", async () => {
    const page = await c.open("/console/harness")
    await page.getByLabel("Admin token").fill("not-the-token")
    await page.getByRole("button", { name: "Sign in" }).click()
    await expect(page.getByRole("alert").textContent()).resolves.toContain("not this server's admin token")
    await page.getByLabel("Admin token").fill("console-e2e-token")
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("heading", { name: "Harness" }).waitFor()
    expect(page.url()).not.toContain("console-e2e-token")
    // a reload keeps the session (sessionStorage); signing out forgets it
    await page.reload()
    await page.getByRole("heading", { name: "Harness" }).waitFor()
    await page.getByRole("button", { name: "Sign out" }).click()
    await page.getByLabel("Admin token").waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem("docket-console.token"))).toBe("null")
  }, 120_000)

  it("advances the manual clock by the buttons and by a typed amount", async () => {
    const page = await c.signedIn("/console/harness")
    const ms = page.getByTestId("clock-ms")
    await ms.waitFor()
    const before = Number(await ms.textContent())
    expect(before).toBe((await c.docket.admin.clock.now()).now)
    await page.getByRole("button", { name: "+1 min" }).click()
    await page.waitForFunction((expected) => document.querySelector("[data-testid=clock-ms]")?.textContent === String(expected), before + 60_000, { timeout: WAIT_MS })
    await page.getByLabel("Advance by (ms)").fill("2500")
    await page.getByRole("button", { name: "Advance", exact: true }).click()
    await page.waitForFunction((expected) => document.querySelector("[data-testid=clock-ms]")?.textContent === String(expected), before + 62_500, { timeout: WAIT_MS })
    expect((await c.docket.admin.clock.now()).now).toBe(before + 62_500)
  }, 120_000)

  it("sets and clears faults", async () => {
    const page = await c.signedIn("/console/harness")
    await page.getByLabel(/Limiter store unreachable/).check()
    await page.getByLabel("Model delay (ms)").fill("250")
    await page.getByRole("button", { name: "Save faults" }).click()
    await page.getByText("Faults saved.").waitFor()
    expect(await c.docket.admin.faults.get()).toEqual({ limiter_store_unreachable: true, model_delay_ms: 250, model_error: false })
    await page.getByRole("button", { name: "Clear" }).click()
    await page.getByRole("button", { name: "Save faults" }).click()
    await page.getByText("Faults saved.").waitFor()
    expect(await c.docket.admin.faults.get()).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: false })
  }, 120_000)

  it("resets only after the confirmation", async () => {
    const account = await c.docket.admin.decision.createAccount({})
    const page = await c.signedIn("/console/harness")
    await page.getByRole("button", { name: "Reset everything…" }).click()
    const dialog = page.getByRole("dialog", { name: "Reset the server?" })
    await dialog.waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    await expect(c.docket.admin.decision.getAccount(account.account_id)).resolves.toMatchObject({ account_id: account.account_id })
    await page.getByRole("button", { name: "Reset everything…" }).click()
    await dialog.getByRole("button", { name: "Reset" }).click()
    await page.getByText("The server was reset.").waitFor()
    await expect(c.docket.admin.decision.getAccount(account.account_id)).rejects.toThrow(/not found/)
  }, 120_000)
})
