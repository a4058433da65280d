/**
 * The document pages in Chromium: a tenant and its keys, upload-and-run with the job followed
 * live from its event stream, the result views (rendered markdown, extracted JSON, ground boxes
 * over an image and over a PDF's pages), the jobs list's filters, and usage drawn as charts.
 */
import { waitUntil } from "@docket/core/testing"
import * as F from "../../formats/test/fixtures.js"
import { describe, expect, it } from "vitest"
import { uploadAndRun, WAIT_MS } from "./support/console.js"
import { pdfOf } from "./support/pdf.js"
import { useConsole } from "./support/use-console.js"

const TEXT = "Quarterly report\n\nInvoice INV-7 issued to Acme Corp.\n\nTotal: 1250.50 EUR\n"

describe("console: tenants, jobs, upload-and-run, usage (Chromium)", () => {
  const c = useConsole()

  /** The full key the console holds for the tenant (sessionStorage), for checking it against the API. */
  const heldDocsKeys = (page: import("playwright-core").Page) =>
    page.evaluate(() => (JSON.parse(sessionStorage.getItem("docket-console.keys")!) as Array<{ service: string; key_id: string; secret: string }>).filter((k) => k.service === "docs"))

  it("creates a tenant with its first key shown once, adds a key with access labels, and revokes it after a confirmation", async () => {
    const page = await c.signedIn("/console/tenants")
    await page.getByLabel("Credits (empty for the default)").fill("9000")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByRole("heading", { name: /^Tenant tnt_/ }).waitFor()
    const first = (await page.getByTestId("new-docs-key").textContent())!
    const tenantId = /\/console\/tenants\/([^/?#]+)/.exec(page.url())![1]
    expect(await c.docket.admin.docs.getTenant(tenantId)).toMatchObject({ credits: 9000 })
    expect((await fetch(`${c.url}/v1/jobs`, { headers: { "x-api-key": first } })).status).toBe(200)
    await page.getByRole("button", { name: "I have copied it" }).click()
    await page.getByTestId("new-docs-key").waitFor({ state: "detached" })

    // a grant must name labels of the tenant's catalog: the control plane's message says so
    await page.getByLabel(/Access labels of a new key/).fill("finance, legal")
    await page.getByRole("button", { name: "Create key" }).click()
    await page.getByRole("alert").getByText(/finance, legal are not in the tenant's access-label catalog/).waitFor()
    for (const name of ["finance", "legal"]) {
      const label = await fetch(`${c.url}/v1/access-labels`, {
        method: "POST",
        headers: { "x-api-key": first, "content-type": "application/json" },
        body: JSON.stringify({ name, description: `${name} documents` })
      })
      expect(label.status).toBe(201)
    }
    await page.getByRole("button", { name: "Create key" }).click()
    const second = (await page.getByTestId("new-docs-key").textContent())!
    expect(second).not.toBe(first)
    const held = await heldDocsKeys(page)
    const secondId = held.find((k) => k.secret === second)!.key_id
    expect((await fetch(`${c.url}/v1/jobs`, { headers: { "x-api-key": second } })).status).toBe(200)

    await page.getByRole("button", { name: `Revoke ${secondId}` }).click()
    const dialog = page.getByRole("dialog", { name: `Revoke ${secondId}?` })
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect((await fetch(`${c.url}/v1/jobs`, { headers: { "x-api-key": second } })).status).toBe(200)
    await page.getByRole("button", { name: `Revoke ${secondId}` }).click()
    await dialog.getByRole("button", { name: "Revoke key" }).click()
    await page.getByRole("button", { name: `Revoke ${secondId}` }).waitFor({ state: "detached" })
    expect((await fetch(`${c.url}/v1/jobs`, { headers: { "x-api-key": second } })).status).toBe(401)
    expect((await fetch(`${c.url}/v1/jobs`, { headers: { "x-api-key": first } })).status).toBe(200)
  }, 180_000)

  it("uploads and runs an extraction, follows it live from the event stream, and shows the extracted JSON; the jobs list filters by kind and status", async () => {
    const page = await c.signedIn("/console/tenants")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByTestId("new-docs-key").waitFor()
    const key = (await page.getByTestId("new-docs-key").textContent())!
    // every engine call waits a minute of service time: the job stays running until the clock moves
    await c.docket.admin.faults.set({ model_delay_ms: 60_000 })
    try {
      await page.getByRole("link", { name: "Upload and run" }).click()
      await page.getByLabel("File").setInputFiles({ name: "report.txt", mimeType: "text/plain", buffer: Buffer.from(TEXT) })
      await page.getByLabel("Operation").selectOption("extract")
      await page.getByLabel("Schema (JSON Schema subset)").fill(JSON.stringify({
        type: "object",
        properties: { invoice_number: { type: "string" }, total: { type: "number" } }
      }))
      await page.getByRole("button", { name: "Upload and run" }).click()
      await page.getByRole("heading", { name: /^Job / }).waitFor()
      const jobId = /\/console\/jobs\/([0-9a-f-]+)/.exec(page.url())![1]
      const job = async () => (await (await fetch(`${c.url}/v1/jobs/${jobId}`, { headers: { "x-api-key": key } })).json()) as { status: string }
      // live: the page shows the job running, from the stream, before it ends
      await page.getByTestId("events").getByText(/ running/).first().waitFor()
      expect((await job()).status).toBe("running")
      // move the service clock past each engine call until the job ends
      while ((await job()).status === "running" || (await job()).status === "queued") {
        await waitUntil(async () => {
          const status = (await job()).status
          return (await c.docket.admin.clock.now()).pending_sleeps["60000"] !== undefined || (status !== "running" && status !== "queued")
        }, WAIT_MS, "an engine call waiting on the clock, or the job's end")
        if ((await c.docket.admin.clock.now()).pending_sleeps["60000"] !== undefined) await c.docket.admin.clock.advance(60_000)
      }
      expect((await job()).status).toBe("succeeded")
      await page.getByTestId("job-status").getByText("succeeded").waitFor()
      await page.getByTestId("events").getByText(/ succeeded/).waitFor()
      const extracted = JSON.parse((await page.getByLabel("Extracted JSON").textContent())!) as Record<string, unknown>
      expect(Object.keys(extracted).sort()).toEqual(["invoice_number", "total"])
    } finally {
      await c.docket.admin.faults.set({ model_delay_ms: 0 })
    }

    // the jobs list: filtered by kind and by status
    await page.getByRole("link", { name: "Jobs" }).first().click()
    await page.getByRole("heading", { name: "1 job" }).waitFor()
    await page.getByLabel("failed").check()
    await page.getByRole("heading", { name: "0 jobs" }).waitFor()
    await page.getByLabel("failed").uncheck()
    await page.getByLabel("succeeded").check()
    await page.getByLabel("extract", { exact: true }).check()
    await page.getByRole("heading", { name: "1 job" }).waitFor()
    await page.getByLabel("extract", { exact: true }).uncheck()
    await page.getByLabel("parse", { exact: true }).check()
    await page.getByRole("heading", { name: "0 jobs" }).waitFor()
  }, 240_000)

  it("grounds a query in an uploaded image and draws the match's box over the image where the result puts it", async () => {
    const page = await c.signedIn("/console/tenants")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByTestId("new-docs-key").waitFor()
    const image = F.drawText("HELLO WORLD", 4)
    await uploadAndRun(page, { name: "scan.png", mimeType: "image/png", buffer: Buffer.from(F.png(image)) }, "ground", "WORLD")
    await page.getByTestId("job-status").getByText("succeeded").waitFor()
    const box = page.getByTestId("ground-box").first()
    await box.waitFor()
    expect(await box.textContent()).toBe("q1")
    // where the result says, as fractions of the drawn image
    const jobId = /\/console\/jobs\/([0-9a-f-]+)/.exec(page.url())![1]
    const key = (await heldDocsKeys(page))[0].secret
    const job = (await (await fetch(`${c.url}/v1/jobs/${jobId}`, { headers: { "x-api-key": key } })).json()) as {
      result: { results: Array<{ matches: Array<{ x: number; y: number; w: number; h: number }> }> }
    }
    const match = job.result.results[0].matches[0]
    const img = (await page.getByRole("img", { name: "Page 1 of the grounded file" }).boundingBox())!
    const drawn = (await box.boundingBox())!
    expect(Math.abs(drawn.x - (img.x + match.x * img.width))).toBeLessThan(3)
    expect(Math.abs(drawn.y - (img.y + match.y * img.height))).toBeLessThan(3)
    expect(Math.abs(drawn.width - match.w * img.width)).toBeLessThan(4)
  }, 240_000)

  it("grounds a query in an uploaded PDF and draws the match's box over the page rendered by pdf.js; opened later, it asks for the file", async () => {
    const bytes = await pdfOf([612, 792], [
      { text: "Shipping notes for the spring order", x: 72, y: 720, size: 12 },
      { text: "Invoice total 1234.50 EUR", x: 300, y: 400, size: 16 }
    ])
    const page = await c.signedIn("/console/tenants")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByTestId("new-docs-key").waitFor()
    await uploadAndRun(page, { name: "order.pdf", mimeType: "application/pdf", buffer: bytes }, "ground", "Invoice total 1234.50")
    await page.getByTestId("job-status").getByText("succeeded").waitFor()
    const jobId = /\/console\/jobs\/([0-9a-f-]+)/.exec(page.url())![1]
    const key = (await heldDocsKeys(page))[0]
    const job = (await (await fetch(`${c.url}/v1/jobs/${jobId}`, { headers: { "x-api-key": key.secret } })).json()) as {
      result: { results: Array<{ matches: Array<{ match_type: string; page: number; x: number; y: number; w: number; h: number }> }> }
    }
    const match = job.result.results[0].matches[0]
    expect(match).toMatchObject({ match_type: "visual_region", page: 1 })

    /** The drawn page: ink inside the box (the matched words), none in a blank stretch of the same size below it. */
    const checkDrawn = async (p: typeof page) => {
      const canvas = p.getByRole("img", { name: "Page 1 of the grounded file" })
      await p.locator('.page-image[data-drawn="true"]').waitFor()
      const box = p.getByTestId("ground-box").first()
      expect(await box.textContent()).toBe("q1")
      const drawnPage = (await canvas.boundingBox())!
      const drawn = (await box.boundingBox())!
      expect(Math.abs(drawn.x - (drawnPage.x + match.x * drawnPage.width))).toBeLessThan(3)
      expect(Math.abs(drawn.y - (drawnPage.y + match.y * drawnPage.height))).toBeLessThan(3)
      expect(Math.abs(drawn.width - match.w * drawnPage.width)).toBeLessThan(4)
      const ink = await canvas.evaluate((el, m) => {
        const c = el as HTMLCanvasElement
        const dark = (x: number, y: number, w: number, h: number) => {
          const data = c.getContext("2d")!.getImageData(Math.round(x * c.width), Math.round(y * c.height), Math.max(1, Math.round(w * c.width)), Math.max(1, Math.round(h * c.height))).data
          let n = 0
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 384) n++
          return n
        }
        return { all: dark(0, 0, 1, 1), inBox: dark(m.x, m.y, m.w, m.h), below: dark(m.x, m.y + 0.2, m.w, m.h) }
      }, match)
      expect(ink.all).toBeGreaterThan(100)
      expect(ink.inBox).toBeGreaterThan(20)
      expect(ink.below).toBe(0)
    }
    await checkDrawn(page)

    // another tab: the upload is not served back, so the page says so and draws once given the file
    const later = await c.signedIn("/console/")
    const held = await page.evaluate(() => sessionStorage.getItem("docket-console.keys")!)
    await later.evaluate((keys) => sessionStorage.setItem("docket-console.keys", keys), held)
    await later.goto(`${c.url}/console/jobs/${jobId}?key=${encodeURIComponent(key.key_id)}`)
    await later.getByTestId("page-source-missing").getByText(/order\.pdf was not/).waitFor()
    expect(await later.getByTestId("ground-box").count()).toBe(0)
    await later.getByLabel("The grounded file (order.pdf)").setInputFiles({ name: "order.pdf", mimeType: "application/pdf", buffer: bytes })
    await checkDrawn(later)
  }, 240_000)

  it("parses a PDF and renders its markdown; usage shows the units and documents as charts", async () => {
    const notes = await pdfOf([595, 842], [
      { text: "Board notes", x: 72, y: 760, size: 24, bold: true },
      { text: "The budget for the new plant was approved.", x: 72, y: 720, size: 12 }
    ])
    const page = await c.signedIn("/console/tenants")
    await page.getByRole("button", { name: "Create tenant" }).click()
    await page.getByTestId("new-docs-key").waitFor()
    await uploadAndRun(page, { name: "notes.pdf", mimeType: "application/pdf", buffer: notes }, "parse")
    await page.getByTestId("job-status").getByText("succeeded").waitFor()
    const markdown = page.getByTestId("markdown")
    await markdown.getByText(/The budget for the new plant was approved\./).waitFor()
    await markdown.getByText("Board notes").waitFor()
    await page.getByRole("button", { name: "Show markdown source" }).click()
    expect(await page.getByLabel("Markdown source").textContent()).toContain("Board notes")

    await page.getByRole("link", { name: "Usage" }).click()
    const total = page.getByTestId("units-total")
    await total.waitFor()
    expect(Number(/^(\d+) units/.exec((await total.textContent())!)![1])).toBeGreaterThan(0)
    await page.getByTestId("overview").getByText(/^1 \(prior window 0\)$/).waitFor()
    expect(await page.locator("canvas").count()).toBe(2)
    await page.getByLabel("Group by").selectOption("kind")
    await page.getByText("Usage by kind: the numbers").click()
    await page.getByRole("rowheader", { name: "parse" }).waitFor()
  }, 240_000)
})
