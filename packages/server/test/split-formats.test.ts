/**
 * Split on a real PDF through HTTP, with what `createDocket` provides by default (the
 * @docket/formats parser and page extractor): a three-page bundle of an invoice (two pages) and a
 * contract becomes two parts whose files are PDFs of exactly their pages, usable as uploads.
 */
import { createDocket } from "@docket/server"
import type { Docket } from "@docket/core"
import { docsClient, inProcessTarget } from "@docket/core/testing"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const PAGES = [
  ["INVOICE", "Invoice Number: INV-1001", "Bill To: Northwind Ltd", "Consulting services 10 hours 1,200.00", "Page 1 of 2"],
  ["Subtotal 1,200.00", "Tax 120.00", "Total Amount Due 1,320.00", "Payment terms: net 30", "Page 2 of 2"],
  ["SERVICES AGREEMENT", "This Services Agreement is entered into by and between Acme Corp and Northwind Ltd.",
    "The agreement is governed by the laws of the State of New York.", "Termination and confidentiality obligations survive."]
]

const bundle = async () => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const lines of PAGES) {
    const page = doc.addPage([612, 792])
    lines.forEach((text, i) => page.drawText(text, { x: 72, y: 720 - i * 24, size: 11, font }))
  }
  return doc.save()
}

describe("split on a real PDF (createDocket defaults)", () => {
  let docket: Docket
  let api: ReturnType<typeof docsClient>
  beforeAll(() => {
    docket = createDocket({ clock: "manual" })
    api = docsClient(inProcessTarget(docket))
  })
  afterAll(() => docket.dispose())

  it("cuts each part's pages into its own PDF upload", async () => {
    const tenant = await docket.admin.docs.createTenant({})
    const key = tenant.api_key
    const up = await api.upload(key, "bundle.pdf", await bundle())
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    const r = await api.call("POST", "/v1/split", { key, body: { source: { type: "upload", upload_id: up.body.file_id }, wait_seconds: 120 } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const parts = r.body.result.parts
    expect(parts.map((p: any) => [p.page_start, p.page_end, p.type, p.file.format, p.file.file_name])).toEqual([
      [1, 2, "invoice", "pdf", "bundle-part-1-invoice.pdf"],
      [3, 3, "contract", "pdf", "bundle-part-2-contract.pdf"]
    ])
    const contract = await api.call("POST", "/v1/parse", { key, body: { source: { type: "upload", upload_id: parts[1].file.upload_id }, wait_seconds: 120 } })
    expect(contract.status, JSON.stringify(contract.body)).toBe(200)
    expect(contract.body.result.document.page_count).toBe(1)
    expect(contract.body.result.document.text).toContain("SERVICES AGREEMENT")
    const invoice = await api.call("POST", "/v1/parse", { key, body: { source: { type: "upload", upload_id: parts[0].file.upload_id }, wait_seconds: 120 } })
    expect(invoice.body.result.document.page_count).toBe(2)
    expect(invoice.body.result.document.text).toContain("Total Amount Due 1,320.00")
  })
})
