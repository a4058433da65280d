/**
 * The workspace pages in Chromium: a workspace created, a file uploaded and ingested (its status
 * in the files list), the search playground with evidence linking to the file, the knowledge
 * graph built and drawn (sigma.js), and the ledger report's run.
 */
import { describe, expect, it } from "vitest"
import { useConsole } from "./support/use-console.js"

/** Ingestion runs the sentence encoder: its first load may take a while on a loaded machine. */
const INGESTION_MS = 240_000

const MEMO = `Acme Corp signed a supply agreement with Globex Ltd on 3 March 2026.
The agreement covers the delivery of industrial valves to the Rotterdam plant.
Jane Doe, chief financial officer of Acme Corp, approved the total of 125,000 EUR.
`

describe("console: workspaces (Chromium)", () => {
  const c = useConsole()

  it("creates a workspace, uploads and ingests a file, searches it with evidence linking to the file, draws its graph, runs the ledger report", async () => {
    const page = await c.signedIn("/console/tenants")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByTestId("new-docs-key").waitFor()
    await page.getByRole("link", { name: "Workspaces" }).click()
    await page.getByLabel("Name").fill("Contracts")
    await page.getByRole("button", { name: "Create workspace" }).click()
    await page.getByRole("heading", { name: "Workspace Contracts" }).waitFor()

    await page.getByLabel("File", { exact: true }).setInputFiles({ name: "memo.txt", mimeType: "text/plain", buffer: Buffer.from(MEMO) })
    await page.getByLabel("Path in the workspace").fill("contracts/memo.txt")
    await page.getByRole("button", { name: "Upload" }).click()
    await page.getByTestId("workspace-job").getByText("succeeded").waitFor()
    await page.getByRole("row", { name: /contracts\/memo\.txt discovered/ }).waitFor()
    await page.getByRole("button", { name: "Ingest the workspace" }).click()
    await page.getByTestId("workspace-job").getByText(/^The ingestion: succeeded$/).waitFor({ timeout: INGESTION_MS })
    await page.getByRole("row", { name: /contracts\/memo\.txt ingested/ }).waitFor()

    // hybrid search: the memo is the hit, and its evidence links to the file's page
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Search" }).click()
    await page.getByLabel("Query", { exact: true }).fill("who approved the valves agreement")
    await page.getByRole("button", { name: "Search" }).click()
    await page.getByRole("heading", { name: /^\d+ hits?$/ }).waitFor()
    await page.locator(".hits a", { hasText: "contracts/memo.txt" }).first().click()
    await page.getByTestId("file-status").getByText("ingested").waitFor()

    // fact search: a job, followed to its end, with its citations linking to the file
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Search" }).click()
    await page.getByRole("radio", { name: /Fact search/ }).check()
    await page.getByLabel("Query", { exact: true }).fill("Who approved the total?")
    await page.getByRole("button", { name: "Search" }).click()
    await page.getByRole("heading", { name: /^Result/ }).waitFor({ timeout: INGESTION_MS })
    expect(await page.getByRole("heading", { name: /^Result/ }).textContent()).toContain("succeeded")

    // deep and filtered search: jobs too, each followed to its end
    for (const [mode, query] of [[/Deep search/, "Who signed for Globex?"], [/Filtered search/, "How many documents mention Acme Corp?"]] as const) {
      await page.getByRole("radio", { name: mode }).check()
      await page.getByLabel("Query", { exact: true }).fill(query)
      const before = await page.locator("#answer-title a").getAttribute("href")
      await page.getByRole("button", { name: "Search" }).click()
      // the result of this search: another job's
      await page.waitForFunction((old) => {
        const link = document.querySelector("#answer-title a")
        return link !== null && link.getAttribute("href") !== old
      }, before, { timeout: INGESTION_MS })
      expect(await page.getByRole("heading", { name: /^Result/ }).textContent(), String(mode)).toContain("succeeded")
    }

    // the knowledge graph: built, then drawn
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Graph" }).click()
    await page.getByRole("button", { name: "Build the graph" }).click()
    await page.getByText(/^build (succeeded|failed)/).waitFor({ timeout: INGESTION_MS })
    expect(await page.getByRole("status").first().textContent()).toContain("build succeeded")
    const totals = (await page.getByTestId("graph-totals").textContent())!
    const nodes = Number(/^(\d+) nodes/.exec(totals)![1])
    expect(nodes).toBeGreaterThan(0)
    await page.locator("[data-testid=graph-canvas][data-drawn=yes]").waitFor()
    expect(await page.locator("[data-testid=graph-canvas] canvas").count()).toBeGreaterThan(0)
    expect(await page.getByRole("list", { name: "Hubs" }).getByRole("listitem").count()).toBeGreaterThan(0)

    // the ledger report: a run, followed to its end, and the page's answer afterwards
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Ledger" }).click()
    await page.getByRole("button", { name: "Run ledger understanding" }).click()
    await page.getByRole("status").getByText(/^Run: (succeeded|failed)$/).waitFor({ timeout: INGESTION_MS })
    await page.getByTestId("ledger-report").or(page.getByText("No report yet for this workspace: run it.")).or(page.locator(".card.error")).first().waitFor()
  }, 900_000)
})
