/**
 * The README's screenshots of the console's main pages (`docs/*.png`), taken in Debian's Chromium
 * on a server in this process with the manual clock: `npx tsx packages/console/scripts/screenshots.ts`
 * from the repository's root (after `npm ci`).
 */
import { fileURLToPath } from "node:url"
import * as F from "../../formats/test/fixtures.js"
import { startConsole, uploadAndRun } from "../test/support/console.js"
import { pdfOf } from "../test/support/pdf.js"

const OUT = fileURLToPath(new URL("../docs/", import.meta.url))

const MEMO = `Acme Corp signed a supply agreement with Globex Ltd on 3 March 2026.
The agreement covers the delivery of industrial valves to the Rotterdam plant of Acme Corp.
Jane Doe, chief financial officer of Acme Corp, approved the total of 125,000 EUR.
Globex Ltd ships the valves from Hamburg. John Smith of Globex Ltd signed for Globex Ltd.
`

const c = await startConsole()
try {
  const shot = async (page: import("playwright-core").Page, name: string) => {
    await page.screenshot({ path: `${OUT}${name}.png`, fullPage: false })
    console.log(`docs/${name}.png`)
  }
  const account = await c.docket.admin.decision.createAccount({ credit: 250_000 })
  await c.docket.admin.decision.createKey(account.account_id, "production")
  const revoked = await c.docket.admin.decision.createKey(account.account_id, "old laptop")
  await c.docket.admin.decision.revokeKey(revoked.key_id)
  const page = await c.signedIn(`/console/accounts/${account.account_id}`)
  await page.getByLabel("New key name").fill("staging")
  await page.getByRole("button", { name: "Create key" }).click()
  await page.getByTestId("new-key").waitFor()
  await shot(page, "account")

  await page.goto(`${c.url}/console/playground?account=${account.account_id}`)
  await page.getByRole("button", { name: "Evaluate" }).click()
  await page.getByTestId("result").getByText("Model").waitFor()
  await page.getByTestId("result").scrollIntoViewIfNeeded()
  await shot(page, "playground")

  await page.goto(`${c.url}/console/harness`)
  await page.getByTestId("clock-ms").waitFor()
  await shot(page, "harness")

  // the journal after the Playground's calls, a refused key and an unknown path
  await fetch(`${c.url}/v1/models`, { headers: { authorization: "Bearer svc_sk_not_a_key" } })
  await fetch(`${c.url}/v1/no-such-route`)
  await page.goto(`${c.url}/console/journal`)
  await page.getByLabel("Path prefix").fill("/v1/")
  await page.getByRole("button", { name: "Apply filters" }).click()
  await page.getByRole("heading", { name: / entr(y|ies) matching$/ }).waitFor()
  await shot(page, "journal")

  await page.goto(`${c.url}/console/tenants`)
  await page.getByRole("button", { name: "Create tenant" }).click()
  await page.getByTestId("new-docs-key").waitFor()
  const image = F.drawText("HELLO WORLD", 4)
  await uploadAndRun(page, { name: "scan.png", mimeType: "image/png", buffer: Buffer.from(F.png(image)) }, "ground", "HELLO\nWORLD")
  await page.getByTestId("ground-box").first().waitFor()
  await page.getByRole("heading", { name: "Result" }).scrollIntoViewIfNeeded()
  await shot(page, "job-ground")

  // a PDF's page drawn by pdf.js with the matches' boxes
  const invoice = await pdfOf([595, 420], [
    { text: "INVOICE INV-2026-031", x: 48, y: 360, size: 20, bold: true },
    { text: "Acme Corp, 12 Harbour Road, Rotterdam", x: 48, y: 326, size: 11 },
    { text: "Billed to Globex Ltd, Hamburg", x: 48, y: 308, size: 11 },
    { text: "Industrial valves, 40 units", x: 48, y: 250, size: 11 },
    { text: "100,000.00 EUR", x: 420, y: 250, size: 11 },
    { text: "Delivery and insurance", x: 48, y: 230, size: 11 },
    { text: "25,000.00 EUR", x: 426, y: 230, size: 11 },
    { text: "Total due 125,000.00 EUR", x: 340, y: 180, size: 13, bold: true },
    { text: "Payment within 30 days of the invoice date.", x: 48, y: 120, size: 10 }
  ])
  await uploadAndRun(page, { name: "invoice.pdf", mimeType: "application/pdf", buffer: invoice }, "ground", "Total due 125,000.00 EUR\nBilled to Globex Ltd")
  await page.locator('.page-image[data-drawn="true"]').waitFor()
  await page.getByRole("img", { name: "Page 1 of the grounded file" }).scrollIntoViewIfNeeded()
  await shot(page, "job-ground-pdf")

  await page.getByRole("link", { name: "Workspaces" }).click()
  await page.getByLabel("Name").fill("Contracts")
  await page.getByRole("button", { name: "Create workspace" }).click()
  await page.getByRole("heading", { name: "Workspace Contracts" }).waitFor()
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "memo.txt", mimeType: "text/plain", buffer: Buffer.from(MEMO) })
  await page.getByLabel("Path in the workspace").fill("contracts/memo.txt")
  await page.getByRole("button", { name: "Upload" }).click()
  await page.getByTestId("workspace-job").getByText("succeeded").waitFor()
  await page.getByRole("button", { name: "Ingest the workspace" }).click()
  await page.getByTestId("workspace-job").getByText(/^The ingestion: succeeded$/).waitFor({ timeout: 240_000 })
  await shot(page, "workspace")
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Search" }).click()
  await page.getByLabel("Query", { exact: true }).fill("who approved the valves agreement")
  await page.getByRole("button", { name: "Search" }).click()
  await page.getByRole("heading", { name: /^\d+ hits?$/ }).waitFor()
  await shot(page, "search")
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Graph" }).click()
  await page.getByRole("button", { name: "Build the graph" }).click()
  await page.locator("[data-testid=graph-canvas][data-drawn=yes]").waitFor({ timeout: 240_000 })
  await shot(page, "graph")

  const phone = await c.signedIn(`/console/playground?account=${account.account_id}`, { viewport: { width: 390, height: 844 } })
  await phone.getByRole("heading", { name: "Playground" }).waitFor()
  await phone.screenshot({ path: `${OUT}phone-playground.png` })
  console.log("docs/phone-playground.png")
} finally {
  await c.close()
}
