/**
 * Extract over HTTP (spec 2, "Extract result", "Extract schema subset"), both forms: run by every
 * adapter beside `documentsHttpSuite`, as `documentsExtractHttpSuite(name, start)`, with the test
 * parser (`.txt`/`.md` pages split by form feeds, `.csv` one sheet) and the local engine.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { type HttpTarget, type JsonResponse, type StartTarget, untilSleeping } from "./http-target.js"

const INVOICE = [
  "Acme Supplies Inc.",
  "INVOICE",
  "Invoice No.: INV-2041",
  "Date: 14/03/2026",
  "Due Date: 13/04/2026",
  "Bill To:",
  "Northwind Traders Ltd",
  "",
  "Description\tQty\tUnit Price\tAmount",
  "Printer paper A4\t10\t4.50\t45.00",
  "Toner cartridge\t2\t89.99\t179.98",
  "",
  "Subtotal: €224.98",
  "VAT: 44.99",
  "Total Amount Due: €269.97"
].join("\n")

const SCHEMA = {
  type: "object",
  properties: {
    invoice_number: { type: "string" },
    invoice_date: { type: "string", description: "ISO date" },
    due_date: { type: "string" },
    vendor_name: { type: "string" },
    customer_name: { type: "string" },
    currency: { type: "string" },
    total: { type: "number" },
    purchase_order: { type: ["string", "null"] },
    notes: { type: "array", items: { type: "string" } },
    line_items: {
      type: "array",
      items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "number" }, amount: { type: "number" } } }
    }
  },
  required: ["invoice_number", "purchase_order"]
}

export const documentsExtractHttpSuite = (name: string, start: StartTarget) =>
  describe(`extract over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    const upload = async (key: string, fileName: string, content: string) => {
      const r = await api.upload(key, fileName, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.file_id as string
    }
    const extract = (key: string, body: Record<string, unknown>) => api.call("POST", "/extract", { key, body })
    const succeeded = (r: JsonResponse) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body
    }
    const v1Extract = (key: string, body: Record<string, unknown>) => api.call("POST", "/v1/extract", { key, body })

    describe("flat form", () => {
      it("returns data shaped like the schema: labelled values, a line-item table, missing scalars null and missing arrays [], and a json_url", async () => {
        const t = await api.tenant()
        const id = await upload(t.key, "invoice.txt", INVOICE)
        const job = succeeded(await extract(t.key, { file: { source_url: `svc://file/${id}` }, schema: SCHEMA }))
        expect(job.action).toBe("extract")
        expect(job.result).toMatchObject({ result_type: "extract", status: "success", error: null, page_count: 1, sheet_count: 0 })
        expect(job.result.data).toEqual({
          invoice_number: "INV-2041",
          invoice_date: "2026-03-14",
          due_date: "2026-04-13",
          vendor_name: "Acme Supplies Inc.",
          customer_name: "Northwind Traders Ltd",
          currency: "EUR",
          total: 269.97,
          purchase_order: null,
          notes: [],
          line_items: [
            { description: "Printer paper A4", quantity: 10, amount: 45 },
            { description: "Toner cartridge", quantity: 2, amount: 179.98 }
          ]
        })
        const url = new URL(job.result.json_url)
        const file = await target.fetch(url.pathname + url.search, { method: "GET" })
        expect(file.status).toBe(200)
        expect(file.headers.get("content-type")).toContain("application/json")
        expect(await file.json()).toEqual(job.result.data)
        // credits as parse: 1 per page
        expect((await api.call("GET", `/v1/jobs/${job.job_id}`, { key: t.key })).body.units).toBe(1)
      })

      it("refuses schemas outside the subset with 422 before any job, listing the problems", async () => {
        const t = await api.tenant()
        const file = { source_url: `svc://file/${await upload(t.key, "a.txt", INVOICE)}` }
        const deep = { type: "object", properties: { a: { type: "object", properties: { b: { type: "object", properties: { c: { type: "object", properties: { d: { type: "object", properties: { e: { type: "object", properties: { f: { type: "string" } } } } } } } } } } } } }
        const many = { type: "object", properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: "string" }])) }
        for (const schema of [
          { type: "object", properties: { a: { $ref: "#/$defs/x" } } },
          { type: "object", properties: { a: { anyOf: [{ type: "string" }] } } },
          { type: "object", properties: { a: { type: "string", format: "date" } } },
          { type: "object", properties: { a: { type: "string", default: "x" } } },
          deep,
          many,
          { type: "array", items: { type: "string" } }
        ]) {
          const r = await extract(t.key, { file, schema })
          expect(r.status, JSON.stringify(schema)).toBe(422)
          expect(r.body.error.code).toBe("validation_error")
          expect(r.body.error.errors.length).toBeGreaterThan(0)
          expect(r.body.error.errors[0].field).toMatch(/^schema/)
        }
        const missing = await extract(t.key, { file })
        expect(missing.status).toBe(422)
        expect(missing.body.error.errors[0].field).toBe("schema")
        const unknown = await extract(t.key, { file, schema: SCHEMA, schema_id: "sch_x" })
        expect(unknown.status).toBe(422)
        expect((await api.call("GET", "/jobs", { key: t.key })).body.jobs).toEqual([])
      })

      it("reads a long document in batches: scalars take the first stated value, array items are concatenated across batches (also a table running over a batch boundary)", async () => {
        const t = await api.tenant()
        const pages: Array<string> = []
        for (let p = 1; p <= 60; p++) {
          const lines: Array<string> = []
          if (p === 1) lines.push("Invoice Number: A-1")
          if (p === 55) lines.push("Invoice Number: B-2")
          // page 51 (the first of the second batch of 50 pages) continues page 50's table without a header
          if (p !== 51) lines.push("Description\tQty\tAmount")
          lines.push(`Item ${p}\t${p}\t${p}.50`)
          pages.push(lines.join("\n"))
        }
        const id = await upload(t.key, "long.txt", pages.join("\f"))
        const job = succeeded(await extract(t.key, { file: { source_url: `svc://file/${id}` }, schema: SCHEMA }))
        expect(job.result.page_count).toBe(60)
        expect(job.result.data.invoice_number).toBe("A-1")
        expect(job.result.data.line_items.map((i: any) => i.description)).toEqual(Array.from({ length: 60 }, (_, i) => `Item ${i + 1}`))
        expect(job.result.data.line_items[50]).toEqual({ description: "Item 51", quantity: 51, amount: 51.5 })
      })

      it("fails a document beyond about 1,300 standard pages with extract_content_exceeds_limit instead of truncating it", async () => {
        const t = await api.tenant()
        const id = await upload(t.key, "huge.txt", Array.from({ length: 1301 }, (_, i) => `page ${i + 1}`).join("\f"))
        const r = await extract(t.key, { file: { source_url: `svc://file/${id}` }, schema: SCHEMA })
        expect(r.status).toBe(200)
        expect(r.body).toMatchObject({ status: "failed", error: { code: "extract_content_exceeds_limit" } })
        expect((await api.call("GET", `/v1/jobs/${r.body.job_id}`, { key: t.key })).body.units).toBe(0)
      })

      it("reads spreadsheets (page_count 0, sheet_count 1) and accepts .md, which parse refuses", async () => {
        const t = await api.tenant()
        const csv = "Date,Description,Amount\n2026-03-01,Coffee beans,12.50\n2026-03-02,Milk,3.20\n"
        const schema = { type: "object", properties: { transactions: { type: "array", items: { type: "object", properties: { date: { type: "string" }, description: { type: "string" }, amount: { type: "number" } } } } } }
        const sheet = succeeded(await extract(t.key, { file: { source_url: `svc://file/${await upload(t.key, "tx.csv", csv)}` }, schema }))
        expect(sheet.result).toMatchObject({ page_count: 0, sheet_count: 1 })
        expect(sheet.result.data.transactions).toEqual([
          { date: "2026-03-01", description: "Coffee beans", amount: 12.5 },
          { date: "2026-03-02", description: "Milk", amount: 3.2 }
        ])
        const md = `svc://file/${await upload(t.key, "notes.md", INVOICE)}`
        expect((await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: md } } })).status).toBe(422)
        expect(succeeded(await extract(t.key, { file: { source_url: md }, schema: SCHEMA })).result.data.invoice_number).toBe("INV-2041")
      })

      it("reuses an earlier parse through markdown_url", async () => {
        const t = await api.tenant()
        const parsed = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: `svc://file/${await upload(t.key, "inv.txt", INVOICE)}` } } })
        const other = `svc://file/${await upload(t.key, "other.txt", "Invoice No.: OTHER-1")}`
        const job = succeeded(await extract(t.key, { file: { source_url: other }, schema: SCHEMA, markdown_url: parsed.body.result.item.markdown_url }))
        expect(job.result.data.invoice_number).toBe("INV-2041")
      })
    })

    describe("v1 form", () => {
      it("takes exactly one of schema_id or schema; a registry schema is frozen on the job at acceptance", async () => {
        const t = await api.tenant()
        const created = await api.call("POST", "/v1/extraction-schemas", {
          key: t.key,
          body: { name: "Invoice", schema: { type: "object", properties: { invoice_number: { type: "string" } } } }
        })
        const schemaId = created.body.schema_id
        const id = await upload(t.key, "slow.txt", `#delay 1000\n${INVOICE}`)
        const source = { type: "upload", upload_id: id }
        const queued = await v1Extract(t.key, { source, schema_id: schemaId })
        expect(queued.status, JSON.stringify(queued.body)).toBe(202)
        // a new version after acceptance does not change the running job
        const v2 = await api.call("POST", `/v1/extraction-schemas/${schemaId}/versions`, {
          key: t.key,
          body: { schema: { type: "object", properties: { invoice_number: { type: "string" }, total: { type: "number" } } } }
        })
        expect(v2.body.version).toBe(2)
        // the job is parsing (sleeping on the service clock) before the clock moves
        await untilSleeping(target, 1, 1000)
        await target.admin.clock.advance(1000)
        let job = await api.call("GET", `/v1/jobs/${queued.body.job_id}`, { key: t.key })
        for (const until = Date.now() + 10_000; Date.now() < until && job.body.status !== "succeeded";) {
          await new Promise((r) => setTimeout(r, 5))
          job = await api.call("GET", `/v1/jobs/${queued.body.job_id}`, { key: t.key })
        }
        expect(job.body.result).toMatchObject({ result_type: "extract", schema_id: schemaId, schema_version: 1, data: { invoice_number: "INV-2041" } })
        expect(Object.keys(job.body.result.data)).toEqual(["invoice_number"])

        const latest = await v1Extract(t.key, { source: { type: "upload", upload_id: await upload(t.key, "b.txt", INVOICE) }, schema_id: schemaId, wait_seconds: 30 })
        expect(latest.status).toBe(200)
        expect(latest.body.result).toMatchObject({ schema_version: 2, data: { invoice_number: "INV-2041", total: 269.97 } })

        const both = await v1Extract(t.key, { source, schema_id: schemaId, schema: SCHEMA })
        expect(both.status).toBe(422)
        expect(both.body.error.code).toBe("invalid_request")
        const neither = await v1Extract(t.key, { source })
        expect(neither.status).toBe(422)
        const versionAlone = await v1Extract(t.key, { source, schema: SCHEMA, schema_version: 1 })
        expect(versionAlone.status).toBe(422)
        const unknown = await v1Extract(t.key, { source, schema_id: "sch_unknown" })
        expect(unknown.status).toBe(404)
        expect(unknown.body.error.code).toBe("schema_not_found")
        const noVersion = await v1Extract(t.key, { source, schema_id: schemaId, schema_version: 9 })
        expect(noVersion.status).toBe(404)
        const invalid = await v1Extract(t.key, { source, schema: { type: "object", properties: { a: { oneOf: [] } } } })
        expect(invalid.status).toBe(422)
        expect(invalid.body.error.code).toBe("invalid_schema")
        expect(invalid.body.error.detail.errors.length).toBeGreaterThan(0)
      })

      it("an inline schema: 200 with wait_seconds, no schema_id or version recorded", async () => {
        const t = await api.tenant()
        const r = await v1Extract(t.key, { source: { type: "upload", upload_id: await upload(t.key, "i.txt", INVOICE) }, schema: SCHEMA, wait_seconds: 30 })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "extract", status: "succeeded", units: 1 })
        expect(r.body.result).toMatchObject({ schema_id: null, schema_version: null, file_name: "i.txt", page_count: 1 })
        expect(r.body.result.data.total).toBe(269.97)
      })
    })
  })
