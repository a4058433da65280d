/**
 * Ground over HTTP (spec 2, "Ground body", "Ground result"), both forms: run by every adapter
 * beside `documentsHttpSuite`, as `documentsGroundHttpSuite(name, start)`, with the test parser
 * (`.txt` without positions → `text_range`, `.csv` → `spreadsheet_range`), JSON Lines
 * (`jsonl_record`) and transcripts (`audio_range`). Boxes (`visual_region`) are checked against
 * real PDFs and OCR in @docket/formats' tests.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"

const RECEIPT = ["Corner Bakery Ltd", "Receipt", "Date: 2026-03-14", "Sourdough loaf\t4.50", "Croissant\t2.20", "Total paid: 6.70", "Paid by: Visa"].join("\n")

export const documentsGroundHttpSuite = (name: string, start: StartTarget) =>
  describe(`ground over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })

    const source = async (key: string, fileName: string, content: string) => {
      const r = await api.upload(key, fileName, content)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return { source_url: `svc://file/${r.body.file_id}`, id: r.body.file_id as string }
    }
    const ground = (key: string, body: Record<string, unknown>) => api.call("POST", "/ground", { key, body })
    const succeeded = (r: JsonResponse) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body
    }
    const byId = (results: Array<any>) => Object.fromEntries(results.map((r) => [r.item_id, r]))
    const admin = (method: string, path: string, raw: string) => api.call(method, path, { raw, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })

    describe("flat form", () => {
      it("finds literal and semantic items as character ranges of the parsed text, correlated by item_id, and charges 5 credits per item", async () => {
        const t = await api.tenant()
        const { source_url } = await source(t.key, "receipt.txt", RECEIPT)
        const job = succeeded(await ground(t.key, {
          file: { source_url },
          items: [
            { item_id: "total", query: "6.70" },
            { item_id: "merchant", query: "corner  bakery" },
            { item_id: "paid", query: "the total amount paid", semantic: true },
            { item_id: "date", query: "the date of the purchase", semantic: true },
            { item_id: "absent", query: "Tiramisu with espresso" }
          ]
        }))
        expect(job.action).toBe("ground")
        const r = job.result
        expect(r).toMatchObject({ result_type: "ground", status: "success", error: null, total_items_requested: 5, total_items_found: 4 })
        expect(typeof r.duration_ms).toBe("number")
        const items = byId(r.results)
        const text = (await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: (await source(t.key, "again.txt", RECEIPT)).id }, wait_seconds: 30 } })).body.result.document.text as string
        for (const [id, expected] of [["total", "6.70"], ["merchant", "Corner Bakery"], ["paid", "6.70"], ["date", "2026-03-14"]] as const) {
          const item = items[id]
          expect(item.found, id).toBe(true)
          expect(item.error).toBeNull()
          const best = item.matches[0]
          expect(best.match_type).toBe("text_range")
          expect(best.matched_text).toBe(expected)
          expect(text.slice(best.start_char, best.end_char)).toBe(expected)
          expect(best.confidence).toBeGreaterThanOrEqual(0.75)
          expect(best.confidence).toBeLessThanOrEqual(1)
        }
        expect(items.absent.found).toBe(false)
        expect((await api.call("GET", `/v1/jobs/${job.job_id}`, { key: t.key })).body.units).toBe(25)
      })

      it("confidence_threshold decides found; a fuzzy literal match scores below an exact one", async () => {
        const t = await api.tenant()
        const { source_url } = await source(t.key, "receipt.txt", RECEIPT)
        const items = [{ item_id: "typo", query: "Sourdogh loaf" }, { item_id: "exact", query: "Sourdough loaf" }]
        const strict = byId(succeeded(await ground(t.key, { file: { source_url }, items, options: { confidence_threshold: 0.99 } })).result.results)
        expect(strict.exact.found).toBe(true)
        expect(strict.typo.found).toBe(false)
        expect(strict.typo.matches[0].matched_text).toBe("Sourdough loaf")
        expect(strict.typo.matches[0].confidence).toBeLessThan(strict.exact.matches[0].confidence)
        const lenient = byId(succeeded(await ground(t.key, { file: { source_url }, items, options: { confidence_threshold: 0.5 } })).result.results)
        expect(lenient.typo.found).toBe(true)
      })

      it("locates cells of a spreadsheet as spreadsheet_range, and the spreadsheet hints choose between equal matches", async () => {
        const t = await api.tenant()
        const { source_url } = await source(t.key, "ledger.csv", "Item,Amount\nPaper,45.00\nToner,45.00\nTotal,90.00\n")
        const r = byId(succeeded(await ground(t.key, {
          file: { source_url },
          items: [
            { item_id: "total", query: "the total amount", semantic: true },
            { item_id: "toner", query: "45.00", hints: { spreadsheet: { cell_hint: "B3" } } },
            { item_id: "paper", query: "45.00", hints: { spreadsheet: { range_hint: "A2:B2" } } }
          ]
        })).result.results)
        expect(r.total.matches[0]).toMatchObject({ match_type: "spreadsheet_range", sheet_name: "ledger", cell_range: "B4", matched_text: "90.00" })
        expect(r.toner.matches[0]).toMatchObject({ cell_range: "B3" })
        expect(r.paper.matches[0]).toMatchObject({ cell_range: "B2" })
      })

      it("locates JSON Lines values as jsonl_record with the line index and key", async () => {
        const t = await api.tenant()
        const jsonl = ['{"id": 1, "customer": {"name": "Ada Lovelace"}, "total": 12.5}', "", '{"id": 2, "customer": {"name": "Alan Turing"}, "total": 99}'].join("\n")
        const { source_url } = await source(t.key, "orders.jsonl", jsonl)
        const r = byId(succeeded(await ground(t.key, { file: { source_url }, items: [{ item_id: "turing", query: "Alan Turing" }] })).result.results)
        expect(r.turing.matches[0]).toMatchObject({ match_type: "jsonl_record", line_index: 2, keys: ["customer.name"], matched_text: "Alan Turing", confidence: 1 })
      })

      it("locates spoken values as audio_range from derived.transcript_url (JSON or WebVTT) in the tenant's bucket", async () => {
        const t = await api.tenant()
        await api.call("PATCH", `/_admin/docs/tenants/${t.tenantId}`, { body: { buckets: ["calls"] }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nHello, this is the billing team.\n\n00:00:05.000 --> 00:00:09.250\nYour invoice number is INV-77.\n"
        expect((await admin("PUT", "/_admin/docs/objects/calls/call-1.vtt", vtt)).status).toBe(200)
        const { source_url } = await source(t.key, "call-notes.txt", "Call notes")
        const r = byId(succeeded(await ground(t.key, {
          file: { source_url },
          items: [{ item_id: "inv", query: "INV-77" }],
          derived: { transcript_url: "s3://calls/call-1.vtt" }
        })).result.results)
        expect(r.inv.matches[0]).toMatchObject({ match_type: "audio_range", start_ms: 5000, end_ms: 9250, matched_text: "INV-77" })
        const foreign = await ground(t.key, { file: { source_url }, items: [{ item_id: "x", query: "y" }], derived: { transcript_url: "s3://other/call.vtt" } })
        expect(foreign.status).toBe(403)
        expect(foreign.body.error.code).toBe("forbidden")
      })

      it("refuses bad bodies with 422 before any job: item count, item fields, duplicate ids, options, derived, extensions", async () => {
        const t = await api.tenant()
        const { source_url } = await source(t.key, "receipt.txt", RECEIPT)
        const file = { source_url }
        const item = { item_id: "a", query: "b" }
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ file }, "items"],
          [{ file, items: [] }, "items"],
          [{ file, items: Array.from({ length: 31 }, (_, i) => ({ item_id: `i${i}`, query: "q" })) }, "items"],
          [{ file, items: [{ query: "b" }] }, "items.0.item_id"],
          [{ file, items: [{ item_id: "a" }] }, "items.0.query"],
          [{ file, items: [item, item] }, "items.1.item_id"],
          [{ file, items: [{ ...item, semantic: "yes" }] }, "items.0.semantic"],
          [{ file, items: [{ ...item, colour: 1 }] }, "items.0.colour"],
          [{ file, items: [{ ...item, hints: { visual: { page_hints: [0] } } }] }, "items.0.hints.visual.page_hints"],
          [{ file, items: [{ ...item, hints: { audio: {} } }] }, "items.0.hints.audio"],
          [{ file, items: [item], options: { confidence_threshold: 1.5 } }, "options.confidence_threshold"],
          [{ file, items: [item], options: { include_previews: true } }, "options.include_previews"],
          [{ file, items: [item], derived: { markdown_url: "https://example.com/a.md" } }, "derived.markdown_url"],
          [{ file, items: [item], derived: { other: "s3://a/b" } }, "derived.other"]
        ]
        for (const [body, field] of cases) {
          const r = await ground(t.key, body)
          expect(r.status, JSON.stringify(body).slice(0, 200)).toBe(422)
          expect(r.body.error.errors.map((e: any) => e.field)).toContain(field)
        }
        const eml = await source(t.key, "mail.eml", "From: a@b.c\n\nhello")
        const refused = await ground(t.key, { file: { source_url: eml.source_url }, items: [item] })
        expect(refused.status).toBe(422)
        expect(refused.body.error.message).toContain(".eml")
        expect((await api.call("GET", "/jobs", { key: t.key })).body.jobs).toEqual([])
      })
    })

    describe("v1 form", () => {
      it("POST /v1/ground: 200 with wait_seconds, results and units; include_previews is the v1 option name", async () => {
        const t = await api.tenant()
        const { id } = await source(t.key, "receipt.txt", RECEIPT)
        const r = await api.call("POST", "/v1/ground", {
          key: t.key,
          body: { source: { type: "upload", upload_id: id }, items: [{ item_id: "t", query: "6.70" }], options: { include_previews: true }, wait_seconds: 30 }
        })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "ground", status: "succeeded", units: 5 })
        expect(r.body.result).toMatchObject({ result_type: "ground", file_name: "receipt.txt", total_items_found: 1, total_items_requested: 1 })
        // text ranges have no picture to crop
        expect(r.body.result.results[0].matches[0].cropped_image_url).toBeUndefined()
        const flatName = await api.call("POST", "/v1/ground", {
          key: t.key,
          body: { source: { type: "upload", upload_id: id }, items: [{ item_id: "t", query: "6.70" }], options: { return_cropped_images: true } }
        })
        expect(flatName.status).toBe(422)
        expect(flatName.body.error.code).toBe("invalid_request")
      })
    })
  })
