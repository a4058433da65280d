/**
 * Ingestion of real files (spec 3), with what `createDocket` provides by default (the
 * @docket/formats parser, the local intelligence engine): a PDF, a DOCX, an XLSX, a CSV, an
 * e-mail, an image (OCR), a damaged PDF and an unsupported file in one job — every file ends
 * `ingested` or `failed` with a clear code, each lane as documented, the sheets loaded as tables.
 */
import * as Encoder from "@docket/encoder"
import { createDocket } from "@docket/server"
import { type Docket, Workspaces } from "@docket/core"
import { ADMIN_TOKEN, docsClient, inProcessTarget, placeWorkspaceFile } from "@docket/core/testing"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as F from "../../formats/test/fixtures.js"

const EML = [
  "From: Ada Lovelace <ada@example.com>",
  "To: Charles Babbage <charles@example.com>",
  "Subject: Invoice INV-2041 for the analytical engine",
  "Date: Tue, 02 Jan 2024 10:00:00 +0000",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Dear Charles,",
  "",
  "Please find the invoice INV-2041 for 1,234.56 USD attached. Payment is due within 30 days.",
  ""
].join("\r\n")

describe("ingestion of real files (createDocket defaults)", () => {
  let docket: Docket
  beforeAll(() => {
    docket = createDocket({ clock: "manual", settings: { adminToken: ADMIN_TOKEN, sweepIntervalMs: 0 } })
  })
  afterAll(() => docket.dispose())

  it("PDF, DOCX, XLSX, CSV, e-mail, image, damaged and unsupported files: per-file outcomes and lanes", async () => {
    const api = docsClient(inProcessTarget(docket))
    const t = await api.tenant()
    const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "real files" } })).body.workspace_id as string
    const pdf = await F.samplePdf([
      [{ text: "Invoice INV-2041", x: 72, y: 720, size: 18 }, { text: "Total due: 1,234.56 USD", x: 72, y: 680, size: 12 }],
      [{ text: "Terms and conditions of payment", x: 72, y: 720, size: 12 }]
    ])
    const files = {
      "invoices/inv-2041.pdf": pdf,
      "letters/memo.docx": F.sampleDocx(),
      "data/book.xlsx": F.sampleXlsx(),
      "data/totals.csv": "region,total\nnorth,12\nsouth,30\n",
      "mail/invoice.eml": EML,
      "scans/label.png": F.png(F.drawText("HELLO")),
      "broken/bad.pdf": "%PDF-1.7\nthis is not really a pdf at all",
      "misc/archive.7z": "7z\u00bc\u00af\u0027\u001c not a document"
    } as const
    const placed: Record<string, string> = {}
    for (const [path, content] of Object.entries(files)) placed[path] = (await placeWorkspaceFile(docket, t.tenantId, ws, path, content)).file_id
    const r = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix", path_prefix: "" } } })
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    let job = r.body
    for (let i = 0; i < 3000 && !["succeeded", "failed"].includes(job.status); i++) {
      await new Promise((x) => setTimeout(x, 20))
      job = (await api.call("GET", `/v1/jobs/${r.body.job_id}`, { key: t.key })).body
    }
    expect(job.status, JSON.stringify(job)).toBe("succeeded")
    const by = Object.fromEntries(job.result.outcomes.map((o: any) => [o.path, o]))
    expect(by["invoices/inv-2041.pdf"], JSON.stringify(by)).toMatchObject({ status: "ingested", lane: "document", units: 2 })
    expect(by["letters/memo.docx"]).toMatchObject({ status: "ingested", lane: "document" })
    expect(by["data/book.xlsx"]).toMatchObject({ status: "ingested", lane: "spreadsheet" })
    expect(by["data/totals.csv"]).toMatchObject({ status: "ingested", lane: "spreadsheet", units: 1 })
    expect(by["mail/invoice.eml"]).toMatchObject({ status: "ingested", lane: "email" })
    expect(by["scans/label.png"]).toMatchObject({ status: "ingested", lane: "image_ocr" })
    expect(by["broken/bad.pdf"]).toMatchObject({ status: "failed", error: { code: "corrupt_file", retryable: false } })
    expect(by["misc/archive.7z"]).toMatchObject({ status: "failed", error: { code: "unsupported_file_type", retryable: false } })
    expect(job.result).toMatchObject({ files_ingested: 6, files_failed: 2, files_skipped: 0 })

    const record = (path: string) =>
      docket.runtime.runPromise(Effect.map(Effect.flatMap(Workspaces.Ingestion.FileIngestionStore, (s) => s.get(t.tenantId, ws, placed[path]!)), Option.getOrThrow))
    const pdfRec = await record("invoices/inv-2041.pdf")
    expect(pdfRec).toMatchObject({ kind: "document", page_count: 2 })
    expect(pdfRec.pages.map((p) => p.page)).toEqual([1, 2])
    expect(pdfRec.keywords.length).toBeGreaterThan(0)
    const xlsx = await record("data/book.xlsx")
    expect(xlsx.kind).toBe("table")
    expect(xlsx.sheet_names.length).toBeGreaterThan(0)
    expect(xlsx.components.filter((c) => c.kind === "sheet" && c.queryable).length).toBeGreaterThan(0)
    const mail = await record("mail/invoice.eml")
    expect(mail.components[0]).toMatchObject({ kind: "document", readable: true })
    const png = await record("scans/label.png")
    expect(png.total_chars).toBeGreaterThan(0)

    // indexed as it ingested, by the sentence encoder createDocket ships: a keyword query finds the
    // e-mail by its words; a query sharing none with any file is answered by the encoder alone
    const search = (query: string) => api.call("POST", `/v1/workspaces/${ws}/tools/hybrid-search`, { key: t.key, body: { query, k: 3 } })
    const byWords = await search("analytical engine invoice")
    expect(byWords.status, JSON.stringify(byWords.body)).toBe(200)
    expect(byWords.body.hits[0]).toMatchObject({ path: "mail/invoice.eml" })
    expect(byWords.body.hits[0].why).toMatch(/^keyword rank 1/)
    const byMeaning = await search("when must the bill be settled")
    expect(byMeaning.status).toBe(200)
    expect(byMeaning.body.hits.length).toBeGreaterThan(0)
    for (const h of byMeaning.body.hits) expect(h.why).toMatch(/^meaning rank \d+: cosine similarity/)
    const index = await docket.runtime.runPromise(Effect.flatMap(Workspaces.Search.SearchIndex, (s) => s.status(t.tenantId, ws)))
    expect(index.model).toBe(Encoder.MODEL_ID)
  }, 180_000)
})
