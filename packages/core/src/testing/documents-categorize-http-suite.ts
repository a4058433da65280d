/**
 * Categorize / classify over HTTP (spec 2, "Categorize result", "Endpoints"), both forms: run by
 * every adapter beside `documentsHttpSuite`, as `documentsCategorizeHttpSuite(name, start)`, with
 * the test parser (`.txt` pages split by form feeds, `.csv` one sheet) and the local engine.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"

const INVOICE_1 = "INVOICE\n\nInvoice Number: INV-1001\nInvoice Date: 2026-03-01\nBill To: Northwind Ltd\n\nConsulting services 10 hours at 120.00\n\nPage 1 of 2"
const INVOICE_2 = "Travel expenses 1 at 340.00\n\nSubtotal 1,540.00\nTax 154.00\nTotal Amount Due 1,694.00\nPayment terms: net 30, due date 2026-03-31\n\nPage 2 of 2"
const CONTRACT =
  "SERVICES AGREEMENT\n\nThis Services Agreement is entered into by and between Acme Corp and Northwind Ltd (the parties).\n\n" +
  "1. Term. The agreement is effective from the effective date and continues for 12 months unless terminated.\n\n" +
  "2. Governing law. This agreement is governed by the laws of the State of New York. Confidentiality obligations survive termination."
const MINUTES = "Meeting Minutes\n\nAttendees: Ana, Ben, Chloe\n\nThe team discussed the garden party and agreed on the picnic menu and the music."
const RECIPE = "Lemon Cake\n\nIngredients: flour, sugar, eggs, butter, lemon zest.\n\nPreheat the oven to 180 degrees and bake for 35 minutes."

export const documentsCategorizeHttpSuite = (name: string, start: StartTarget) =>
  describe(`categorize and classify over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    const handle = async (key: string, fileName: string, content: string) => {
      const r = await api.upload(key, fileName, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return `svc://file/${r.body.file_id}`
    }
    const categorize = (key: string, body: Record<string, unknown>, query = "") =>
      api.call("POST", `/categorize${query}`, { key, body })
    const succeeded = (r: JsonResponse) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body
    }
    const fetchText = async (url: string) => {
      const u = new URL(url)
      const r = await target.fetch(u.pathname + u.search, { method: "GET" })
      return { status: r.status, text: await r.text() }
    }

    describe("flat form", () => {
      it("splits a bundle into logical segments (1-indexed, inclusive) with the default taxonomy, each with a summary and its own markdown", async () => {
        const t = await api.tenant()
        const source_url = await handle(t.key, "bundle.txt", [INVOICE_1, INVOICE_2, CONTRACT].join("\f"))
        const job = succeeded(await categorize(t.key, { file: { source_url } }))
        expect(job.action).toBe("categorize")
        expect(job.result).toMatchObject({ result_type: "categorize", status: "success", error: null })
        const items = job.result.items
        expect(items.map((i: any) => [i.kind, i.page_start, i.page_end, i.category, i.is_freeform_category])).toEqual([
          ["document_segment", 1, 2, "invoice", false],
          ["document_segment", 3, 3, "contract", false]
        ])
        for (const item of items) {
          expect(item.file_name).toBe("bundle.txt")
          expect(item.summary.length).toBeGreaterThan(10)
          expect(Object.keys(item).sort()).toEqual(
            ["category", "file_name", "is_freeform_category", "kind", "markdown_url", "page_end", "page_start", "summary"]
          )
        }
        const contract = await fetchText(items[1].markdown_url)
        expect(contract.status).toBe(200)
        expect(contract.text).toContain("Services Agreement")
        expect(contract.text).not.toContain("INV-1001")
        expect((await fetchText(items[0].markdown_url)).text).toContain("Total Amount Due")
        // 2 credits per page
        expect((await api.call("GET", `/v1/jobs/${job.job_id}`, { key: t.key })).body.units).toBe(6)
      })

      it("classifies against the caller's taxonomy, and proposes a freeform category when no key fits", async () => {
        const t = await api.tenant()
        const taxonomy = {
          categories: [
            { key: "recipe", description: "Cooking instructions with ingredients, oven temperature and baking time" },
            { key: "invoice" }
          ]
        }
        const cake = succeeded(await categorize(t.key, { file: { source_url: await handle(t.key, "cake.txt", RECIPE) }, taxonomy }))
        expect(cake.result.items).toMatchObject([{ category: "recipe", is_freeform_category: false, page_start: 1, page_end: 1 }])
        const minutes = succeeded(await categorize(t.key, { file: { source_url: await handle(t.key, "minutes.txt", MINUTES) }, taxonomy }))
        expect(minutes.result.items).toMatchObject([{ category: "meeting_minutes", is_freeform_category: true }])
      })

      it("classifies a spreadsheet sheet by sheet (several categories allowed, 2 credits per sheet)", async () => {
        const t = await api.tenant()
        const csv = "Date,Description,Debit,Credit,Balance\n2026-03-01,Opening balance,,,1000.00\n2026-03-02,Deposit,,250.00,1250.00\n" +
          "2026-03-05,Card payment,40.00,,1210.00\nAccount number,12345678\nStatement period,March 2026\nClosing balance,1210.00\n"
        const job = succeeded(await categorize(t.key, { file: { source_url: await handle(t.key, "statement.csv", csv) } }))
        expect(job.result.items).toHaveLength(1)
        const sheet = job.result.items[0]
        expect(sheet).toMatchObject({ kind: "sheet", file_name: "statement.csv", sheet_name: "statement", has_freeform_categories: false })
        expect(sheet.categories).toContain("bank_statement")
        expect((await fetchText(sheet.markdown_url)).text).toContain("Card payment")
        expect((await api.call("GET", `/v1/jobs/${job.job_id}`, { key: t.key })).body.units).toBe(2)
      })

      it("a sheet may take several categories; a sheet nothing fits gets a freeform category (has_freeform_categories)", async () => {
        const t = await api.tenant()
        const orders = "Purchase order number,Invoice number,Invoice date,Due date,Amount due\nPO-1,INV-1,2026-03-01,2026-03-31,120.00\nPO-2,INV-2,2026-03-02,2026-04-01,80.00\n"
        const both = succeeded(await categorize(t.key, { file: { source_url: await handle(t.key, "orders.csv", orders) } }))
        expect(both.result.items[0]).toMatchObject({ kind: "sheet", has_freeform_categories: false })
        expect([...both.result.items[0].categories].sort()).toEqual(["invoice", "purchase_order"])
        const roster = succeeded(await categorize(t.key, { file: { source_url: await handle(t.key, "roster.csv", "Name,Shift,Station\nAna,Morning,Grill\nBen,Evening,Bar\n") } }))
        expect(roster.result.items[0]).toMatchObject({ kind: "sheet", categories: ["roster"], has_freeform_categories: true })
      })

      it("refuses bad taxonomies, unknown fields and extensions outside the categorize list with 422 before any job", async () => {
        const t = await api.tenant()
        const source_url = await handle(t.key, "a.txt", RECIPE)
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ file: { source_url }, taxonomy: { categories: [] } }, "taxonomy.categories"],
          [{ file: { source_url }, taxonomy: [] }, "taxonomy"],
          [{ file: { source_url }, taxonomy: { categories: [{ description: "no key" }] } }, "taxonomy.categories.0.key"],
          [{ file: { source_url }, taxonomy: { categories: [{ key: "a" }, { key: "a" }] } }, "taxonomy.categories.1.key"],
          [{ file: { source_url }, taxonomy: { categories: [{ key: "a", colour: "red" }] } }, "taxonomy.categories.0.colour"],
          [{ file: { source_url }, taxonomy: { categories: [{ key: "a" }], extra: 1 } }, "taxonomy.extra"],
          [{ file: { source_url }, schema: {} }, "schema"],
          [{ file: { source_url }, markdown_url: 42 }, "markdown_url"],
          [{ file: { source_url }, markdown_url: "https://example.com/notes.md" }, "markdown_url"]
        ]
        for (const [body, field] of cases) {
          const r = await categorize(t.key, body)
          expect(r.status, JSON.stringify(r.body)).toBe(422)
          expect(r.body.error.code).toBe("validation_error")
          expect(r.body.error.errors.map((e: any) => e.field)).toContain(field)
        }
        const md = await handle(t.key, "notes.md", RECIPE)
        const r = await categorize(t.key, { file: { source_url: md } })
        expect(r.status).toBe(422)
        expect(r.body.error.message).toContain(".md")
        expect((await api.call("GET", "/jobs", { key: t.key })).body.jobs).toEqual([])
      })

      it("reuses an earlier parse through its markdown_url (the file is not parsed again); a tampered or expired link is 422, another tenant's is 404", async () => {
        const t = await api.tenant()
        const parsed = succeeded(await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: await handle(t.key, "contract.txt", CONTRACT) } } }))
        const markdown_url = parsed.result.item.markdown_url
        // the file sent is a recipe, but the markdown of the earlier parse (a contract) is what is classified
        const recipe = await handle(t.key, "contract-copy.txt", RECIPE)
        const reused = succeeded(await categorize(t.key, { file: { source_url: recipe }, markdown_url }))
        expect(reused.result.items).toMatchObject([{ category: "contract", page_start: 1, page_end: 1 }])

        const tampered = markdown_url.replace(/signature=[a-f0-9]/, (m: string) => m.endsWith("0") ? "signature=1" : "signature=0")
        const bad = await categorize(t.key, { file: { source_url: recipe }, markdown_url: tampered })
        expect(bad.status).toBe(422)
        expect(bad.body.error.errors[0].field).toBe("markdown_url")

        const other = await api.tenant()
        const foreign = await categorize(other.key, { file: { source_url: await handle(other.key, "x.txt", RECIPE) }, markdown_url })
        expect(foreign.status).toBe(404)
        expect(foreign.body.error.code).toBe("not_found")

        await target.admin.clock.advance(60 * 60 * 1000)
        const expired = await categorize(t.key, { file: { source_url: recipe }, markdown_url })
        expect(expired.status).toBe(422)
        expect(expired.body.error.errors[0].message).toContain("expired")
      })

      it("is deterministic, and an idempotency key reused with another taxonomy is 409", async () => {
        const t = await api.tenant()
        const source_url = await handle(t.key, "bundle.txt", [INVOICE_1, INVOICE_2, CONTRACT].join("\f"))
        const a = succeeded(await categorize(t.key, { file: { source_url } }))
        const b = succeeded(await categorize(t.key, { file: { source_url } }))
        const strip = (items: Array<any>) => items.map(({ markdown_url: _, ...rest }) => rest)
        expect(strip(b.result.items)).toEqual(strip(a.result.items))
        const first = await api.call("POST", "/categorize_async", { key: t.key, body: { file: { source_url }, idempotency_key: "k1" } })
        expect(first.status).toBe(202)
        const replay = await api.call("POST", "/categorize_async", { key: t.key, body: { file: { source_url }, idempotency_key: "k1" } })
        expect(replay.body.job_id).toBe(first.body.job_id)
        const conflict = await api.call("POST", "/categorize_async", {
          key: t.key,
          body: { file: { source_url }, idempotency_key: "k1", taxonomy: { categories: [{ key: "other" }] } }
        })
        expect(conflict.status).toBe(409)
      })
    })

    describe("v1 form", () => {
      it("POST /v1/classify creates a classify job (200 with wait_seconds) whose items carry a confidence", async () => {
        const t = await api.tenant()
        const up = await api.upload(t.key, "bundle.txt", [INVOICE_1, INVOICE_2, CONTRACT].join("\f"))
        const r = await api.call("POST", "/v1/classify", { key: t.key, body: { source: { type: "upload", upload_id: up.body.file_id }, wait_seconds: 30 } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "classify", status: "succeeded", result_state: "available", units: 6 })
        expect(r.body.result).toMatchObject({ result_type: "classify", file_name: "bundle.txt", page_count: 3, sheet_count: 0 })
        expect(r.body.result.items.map((i: any) => i.category)).toEqual(["invoice", "contract"])
        for (const item of r.body.result.items) {
          expect(item.confidence).toBeGreaterThan(0.5)
          expect(item.confidence).toBeLessThanOrEqual(1)
        }
        const list = await api.call("GET", "/v1/jobs?kind=classify", { key: t.key })
        expect(list.body.items.map((j: any) => j.job_id)).toEqual([r.body.job_id])
      })

      it("the hidden alias /v1/document-operations/categorize creates categorize jobs; bad input is invalid_request", async () => {
        const t = await api.tenant()
        const up = await api.upload(t.key, "cake.txt", RECIPE)
        const source = { type: "upload", upload_id: up.body.file_id }
        const r = await api.call("POST", "/v1/document-operations/categorize", { key: t.key, body: { source, wait_seconds: 30 } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "categorize", status: "succeeded" })
        expect(r.body.result.result_type).toBe("categorize")
        const bad = await api.call("POST", "/v1/classify", { key: t.key, body: { source, taxonomy: { categories: "x" } } })
        expect(bad.status).toBe(422)
        expect(bad.body.error).toMatchObject({ code: "invalid_request" })
        expect(bad.body.error.detail.errors[0].field).toBe("taxonomy.categories")
      })

      it("POST /v1/split: consecutive parts with page ranges, type, confidence and a new upload handle for each part's own file", async () => {
        const t = await api.tenant()
        const up = await api.upload(t.key, "bundle.txt", [INVOICE_1, INVOICE_2, CONTRACT].join("\f"))
        const r = await api.call("POST", "/v1/split", { key: t.key, body: { source: { type: "upload", upload_id: up.body.file_id }, wait_seconds: 30 } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "split", status: "succeeded", units: 6 })
        expect(r.body.result).toMatchObject({ result_type: "split", file_name: "bundle.txt", page_count: 3 })
        const parts = r.body.result.parts
        expect(parts.map((p: any) => [p.part_index, p.page_start, p.page_end, p.type, p.is_freeform_type])).toEqual([
          [0, 1, 2, "invoice", false],
          [1, 3, 3, "contract", false]
        ])
        for (const p of parts) {
          expect(p.confidence).toBeGreaterThan(0)
          expect(p.file).toMatchObject({ format: "txt", source_url: `svc://file/${p.file.upload_id}` })
          expect(p.file.file_name).toMatch(new RegExp(`^bundle-part-${p.part_index + 1}-${p.type}\\.txt$`))
        }
        // a part's upload is the tenant's, usable by every operation: its own text only
        const contract = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: parts[1].file.upload_id }, wait_seconds: 30 } })
        expect(contract.status, JSON.stringify(contract.body)).toBe(200)
        expect(contract.body.result.document.text).toContain("Services Agreement")
        expect(contract.body.result.document.text).not.toContain("INV-1001")
        const other = await api.tenant()
        const foreign = await api.call("POST", "/v1/parse", { key: other.key, body: { source: { type: "upload", upload_id: parts[1].file.upload_id } } })
        expect(foreign.status).toBe(404)
      })

      it("POST /v1/split of a spreadsheet: one part per sheet, as CSV; bad taxonomy is invalid_request", async () => {
        const t = await api.tenant()
        const up = await api.upload(t.key, "statement.csv", "Date,Description,Debit,Credit,Balance\n2026-03-01,Opening balance,,,1000.00\nAccount number,12345678\nClosing balance,1000.00\n")
        const source = { type: "upload", upload_id: up.body.file_id }
        const r = await api.call("POST", "/v1/split", { key: t.key, body: { source, wait_seconds: 30 } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.result.parts).toHaveLength(1)
        expect(r.body.result.parts[0]).toMatchObject({ sheet_name: "statement", type: "bank_statement", file: { format: "csv", file_name: "statement-statement.csv" } })
        const bad = await api.call("POST", "/v1/split", { key: t.key, body: { source, taxonomy: { categories: [] } } })
        expect(bad.status).toBe(422)
        expect(bad.body.error.code).toBe("invalid_request")
      })
    })
  })
