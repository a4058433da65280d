/**
 * `filtered-search` over HTTP (spec 3, "Filtered-search result", "Filtered-search rules" 1–8,
 * "Search", "Errors", "Limits"). Invoices and contracts are uploaded and ingested as a client
 * would, with the test parser, so the local catalog extractor fills the catalog and the local
 * question writer reads the questions; a manual clock. `start` must give a target that serves
 * `workspaceTestRoutes` (an outdated catalog version has no route). Run by memory and PostgreSQL
 * in process and over node:http.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { expectV1Error, workspaceClient } from "./workspace-client.js"
import { workspaceProbe } from "./workspace-test-routes.js"

interface Doc {
  readonly path: string
  readonly content: string
  readonly access_label?: string
}

const invoice = (path: string, issuer: string, no: string, date: string, total: string, recipient = "Globex Corporation", label?: string): Doc => ({
  path,
  ...(label === undefined ? {} : { access_label: label }),
  content: `${issuer}\nHauptstrasse 12, 10115 Berlin\n\nINVOICE\nInvoice No.: ${no}\nInvoice Date: ${date}\n\nBill to:\n${recipient}\n42 Main Street, Springfield\n\nTotal amount due: ${total}\n`
})

const INV_ACME_BIG = invoice("finance/acme-0042.md", "ACME Industrial Supplies GmbH", "INV-2024-0042", "14 March 2024", "EUR 12,459.30")
const INV_ACME_SMALL = invoice("finance/acme-0051.md", "ACME Industrial Supplies GmbH", "INV-2024-0051", "10 June 2024", "EUR 2,500.00")
const INV_INITECH_USD = invoice("finance/initech-7.md", "Initech Ltd", "INV-2023-0007", "2 November 2023", "USD 15,000.00")
const INV_HIDDEN = invoice("hr/payroll-bureau.md", "Payroll Bureau Ltd", "PB-2024-0001", "5 May 2024", "EUR 40,000.00", "Globex Corporation", "hr")
const CONTRACT_MSA: Doc = {
  path: "legal/msa.md",
  content: "MASTER SERVICES AGREEMENT\nThis Master Services Agreement (the \"Agreement\") is made between Initech Ltd, a company registered in England (the \"Supplier\"), and Umbrella Holdings LLC (the \"Customer\").\nAgreement No: MSA-2023-17\nEffective Date: January 1, 2024\nThis contract sets out the clauses, terms and obligations of the parties, with their signatures.\n\f12. TERM\nThis Agreement expires on 31 December 2025 unless renewed.\nThe annual fee is USD 48,000.00, payable quarterly.\nSigned on behalf of Initech Ltd"
}
const CONTRACT_OPEN: Doc = {
  path: "legal/supply.md",
  content: "SUPPLY AGREEMENT\nThis Supply Agreement (the \"Agreement\") is a contract made between ACME Industrial Supplies GmbH (the \"Supplier\") and Globex Corporation (the \"Customer\").\nAgreement No: SUP-2022-03\nEffective Date: March 1, 2022\nThe clauses below set out the terms and obligations of the parties.\nThe Agreement continues until terminated by either party on notice.\nSignatures of both parties follow."
}
const DOCS = [INV_ACME_BIG, INV_ACME_SMALL, INV_INITECH_USD, INV_HIDDEN, CONTRACT_MSA, CONTRACT_OPEN]

const RESULT_KEYS = [
  "applied_query", "catalog_drifted", "clarification", "columns", "coverage", "executed_at", "exhaustive", "interpretation", "next_cursor", "result_type", "rows", "total_matches"
]
const ROW_KEYS = ["cells", "component", "component_kind", "document_type", "page_end", "page_start", "source_file_id", "source_path"]
const COLUMN_FIELDS = ["document_date", "due_date", "effective_date", "expiry_date", "issuer", "recipient", "parties", "identifiers", "total_amount", "amounts"]

export const workspaceFilteredSearchHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace filtered search over HTTP (${name})`, { timeout: 300_000 }, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = docsClient(target)
    }, 120_000)
    afterEach(async () => {
      await target?.close()
    })

    const client = () => workspaceClient(api)
    const upload = (key: string, ws: string, files: ReadonlyArray<Doc>) => client().upload(key, ws, files)
    const ingest = async (key: string, ws: string, ids: ReadonlyArray<string>) =>
      void (await client().succeeded(key, await api.call("POST", `/v1/workspaces/${ws}/ingestions?wait_seconds=60`, { key, body: { selection: { type: "file_ids", file_ids: ids } } })))
    const settle = (key: string, first: JsonResponse) => client().settle(key, first, "filtered_search")

    const setup = async (workspace: Record<string, unknown> = {}, docs: ReadonlyArray<Doc> = DOCS) => {
      // the bulk set-ups send hundreds of requests a minute
      const t = await api.tenant({ rpm: 100_000 })
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: { name: "fsearch", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" }, ...workspace }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const ids = await upload(all, ws, docs)
      await ingest(all, ws, ids)
      const search = (body: unknown, key = all, headers: Record<string, string> = {}, workspace = ws) =>
        api.call("POST", `/v1/workspaces/${workspace}/filtered-search`, { key, body, headers })
      const run = async (body: unknown, key = all) => {
        const job = await settle(key, await search(body, key))
        expect(job.status, JSON.stringify(job)).toBe("succeeded")
        return job.result
      }
      const ask = (query: string, key = all, extra: Record<string, unknown> = {}) => run({ type: "query", query, ...extra }, key)
      return { t, ws, all, finance, ids, search, run, ask, byPath: new Map(docs.map((d, i) => [d.path, ids[i]!])) }
    }

    const money = (row: any) => row.cells.find((c: any) => c.field === "total_amount").value

    it("result shape: every spec field, the catalog's columns, rows with cells and citations, executed_at on the service clock; a count has no rows (rule 1)", async () => {
      const { ask, byPath } = await setup()
      const r = await ask("How many invoices are there?")
      // the hidden invoice counts too: this key may see it
      expect(Object.keys(r).sort()).toEqual(RESULT_KEYS)
      expect(r.result_type).toBe("filtered_search")
      expect(r.columns.map((c: any) => c.field)).toEqual(COLUMN_FIELDS)
      for (const c of r.columns) expect(Object.keys(c).sort()).toEqual(["description", "field", "kind", "repeated"])
      expect(r.columns.find((c: any) => c.field === "parties")).toMatchObject({ kind: "party", repeated: true })
      expect(r.total_matches).toBe(4)
      expect(r.rows).toEqual([])
      expect(r.next_cursor).toBeNull()
      expect(r.clarification).toBeNull()
      expect(r.applied_query).toEqual({ shape: "count", n: null, document_types: ["invoice"], filters: [], sort: null, path_prefix: "" })
      expect(r.interpretation).toContain("number of invoices")
      expect(r.executed_at).toBe(new Date((await target.admin.clock.now()).now).toISOString())

      const list = await ask("list invoices from Initech")
      expect(list.rows).toHaveLength(1)
      const row = list.rows[0]
      expect(Object.keys(row).sort()).toEqual(ROW_KEYS)
      expect(row).toMatchObject({ source_path: INV_INITECH_USD.path, source_file_id: byPath.get(INV_INITECH_USD.path), component: null, component_kind: "document", document_type: "invoice", page_start: 1, page_end: 1 })
      const total = row.cells.find((c: any) => c.field === "total_amount")
      expect(total).toEqual({
        field: "total_amount",
        status: "found",
        value: { kind: "money", amount: "15000.00", currency: "USD" },
        citation: { location: { kind: "page_region", page: 1 }, source_text: "Total amount due: USD 15,000.00" }
      })
      expect(row.cells.find((c: any) => c.field === "due_date")).toEqual({ field: "due_date", status: "not_found", value: null, citation: null })
    })

    it("top N: exactly N rows in order plus the pre-cutoff total, no cursor; the interpretation states the currency (rules 1 and 5)", async () => {
      const { ask } = await setup()
      const top = await ask("top 2 largest invoices in EUR")
      expect(top.rows.map((x: any) => x.source_path)).toEqual([INV_HIDDEN.path, INV_ACME_BIG.path])
      expect(top.total_matches).toBe(4)
      // the USD invoice ranks last in an EUR order (never converted: 15,000 USD is not above 12,459.30 EUR)
      expect((await ask("top 4 largest invoices in EUR")).rows.map((x: any) => x.source_path)).toEqual([INV_HIDDEN.path, INV_ACME_BIG.path, INV_ACME_SMALL.path, INV_INITECH_USD.path])
      expect(top.next_cursor).toBeNull()
      expect(top.applied_query).toMatchObject({ shape: "top", n: 2, sort: { field: "total_amount", direction: "desc", currency: "EUR" } })
      expect(top.interpretation).toContain("EUR")
      expect(top.interpretation).toContain("never converted")
      // fewer than N match: all of them
      const five = await ask("the 5 most recent contracts")
      expect(five.rows.map((x: any) => x.source_path)).toEqual([CONTRACT_MSA.path, CONTRACT_OPEN.path])
      expect(five.total_matches).toBe(2)
      // without a currency: the assumption is stated
      const assumed = await ask("largest invoice")
      expect(assumed.rows).toHaveLength(1)
      expect(assumed.interpretation).toMatch(/no currency was named, so EUR is assumed/)
    })

    it("money is never converted: an amount filter in one currency never matches another; filters on parties, dates, identifiers, missing dates", async () => {
      const { ask } = await setup()
      const eur = await ask("invoices over 10,000 EUR")
      expect(eur.rows.map((x: any) => x.source_path)).toEqual([INV_ACME_BIG.path, INV_HIDDEN.path])
      expect(money(eur.rows[0])).toEqual({ kind: "money", amount: "12459.30", currency: "EUR" })
      const usd = await ask("invoices over $10,000")
      expect(usd.rows.map((x: any) => x.source_path)).toEqual([INV_INITECH_USD.path])
      expect(usd.interpretation).toContain("USD")
      expect((await ask("invoices under 5,000 EUR")).rows.map((x: any) => x.source_path)).toEqual([INV_ACME_SMALL.path])
      expect((await ask("invoices from ACME in 2024")).rows.map((x: any) => x.source_path)).toEqual([INV_ACME_BIG.path, INV_ACME_SMALL.path])
      expect((await ask("invoices before April 2024")).rows.map((x: any) => x.source_path)).toEqual([INV_ACME_BIG.path, INV_INITECH_USD.path])
      expect((await ask("invoice number INV-2024-0051")).rows.map((x: any) => x.source_path)).toEqual([INV_ACME_SMALL.path])
      expect((await ask("contracts expiring in 2025")).rows.map((x: any) => x.source_path)).toEqual([CONTRACT_MSA.path])
      expect((await ask("contracts without an expiry date")).rows.map((x: any) => x.source_path)).toEqual([CONTRACT_OPEN.path])
      expect((await ask("contracts with Umbrella")).rows.map((x: any) => x.source_path)).toEqual([CONTRACT_MSA.path])
    })

    it("access labels: hidden files are never rows; coverage counts them with their label; a result with withheld matches is not exhaustive", async () => {
      const { ask, finance } = await setup()
      const all = await ask("how many invoices billed to Globex?")
      expect(all.total_matches).toBe(4)
      expect(all.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      expect(all.exhaustive).toBe(true)
      const hidden = await ask("list invoices billed to Globex", finance)
      expect(hidden.rows.map((x: any) => x.source_path)).not.toContain(INV_HIDDEN.path)
      expect(hidden.total_matches).toBe(3)
      expect(hidden.coverage).toEqual({ restricted_candidates: 1, labels_required: ["hr"] })
      expect(hidden.exhaustive).toBe(false)
      expect(JSON.stringify(hidden)).not.toContain("Payroll Bureau")
    })

    it("exhaustive (rules 4 and 7): true when every visible ingested file in scope is catalogued at the current version; a file catalogued by an older extraction makes it false, also for a zero count", async () => {
      const { ask, t, ws, byPath } = await setup()
      expect((await ask("how many invoices?")).exhaustive).toBe(true)
      await workspaceProbe(target).outdateCatalog(t.tenantId, ws, byPath.get(CONTRACT_OPEN.path)!)
      const after = await ask("how many invoices?")
      expect(after.total_matches).toBe(4)
      expect(after.exhaustive).toBe(false)
      expect((await ask("how many invoices over 1,000,000 EUR?")).exhaustive).toBe(false)
      // outside the uncovered file's scope, still a census
      const scoped = await ask("how many invoices?", undefined, { path_prefix: "finance/" })
      expect(scoped.exhaustive).toBe(true)
      expect(scoped.applied_query.path_prefix).toBe("finance/")
    })

    it("clarification (rule 8): no rows, no applied_query, no interpretation, not exhaustive; without allow_clarification an unreadable question lists every row and says so", async () => {
      const { ask } = await setup()
      for (const q of ["What about it?", "invoices over 10,000"]) {
        const c = await ask(q, undefined, { allow_clarification: true })
        expect(Object.keys(c).sort()).toEqual(RESULT_KEYS)
        expect(typeof c.clarification).toBe("string")
        expect(c.clarification.length).toBeGreaterThan(0)
        expect(c.rows).toEqual([])
        expect(c.applied_query).toBeNull()
        expect(c.interpretation).toBeNull()
        expect(c.exhaustive).toBe(false)
        expect(c.next_cursor).toBeNull()
      }
      const vague = await ask("What about it?")
      expect(vague.clarification).toBeNull()
      expect(vague.total_matches).toBe(6)
      expect(vague.interpretation).toContain("every catalogued row")
      // a clear question is answered even when a clarification is allowed
      expect((await ask("how many contracts?", undefined, { allow_clarification: true })).total_matches).toBe(2)
    })

    it("rule 6: a row's component is what read-file takes (a sheet's tab name)", async () => {
      const sheet: Doc = { path: "finance/ledger.csv", content: "Invoice No.,Total\nINV-9,EUR 100.00\n" }
      const { ask, all, ws } = await setup({}, [INV_ACME_BIG, sheet])
      const r = await ask("list all documents")
      const row = r.rows.find((x: any) => x.source_path === sheet.path)
      expect(row).toMatchObject({ component_kind: "sheet", page_start: null, page_end: null })
      expect(typeof row.component).toBe("string")
      const read = await api.call("POST", `/v1/workspaces/${ws}/tools/read-file`, { key: all, body: { path: row.source_path, component: row.component } })
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      expect(JSON.stringify(read.body)).toContain("INV-9")
      const doc = r.rows.find((x: any) => x.source_path === INV_ACME_BIG.path)
      const whole = await api.call("POST", `/v1/workspaces/${ws}/tools/read-file`, { key: all, body: { path: doc.source_path } })
      expect(whole.status, JSON.stringify(whole.body)).toBe(200)
    })

    it("paging (rules 1–3): a list gives 200 rows and a cursor; a page re-runs the query with its own executed_at, drifts when the catalog changed; only the paging key's access; other keys and expired parents are 422", async () => {
      const many: Array<Doc> = Array.from({ length: 203 }, (_, i) =>
        invoice(`bulk/inv-${String(i).padStart(3, "0")}.md`, "ACME Industrial Supplies GmbH", `B-${i}`, "1 February 2024", `EUR ${i + 1}.00`))
      const { ask, run, search, all, finance, ws, t } = await setup({ retention_policy: { job_ttl_days: 1 } }, many)
      const first = await ask("list invoices from ACME")
      expect(first.rows).toHaveLength(200)
      expect(first.total_matches).toBe(203)
      expect(typeof first.next_cursor).toBe("string")
      expect(first.catalog_drifted).toBe(false)
      expect(first.exhaustive).toBe(true)
      await target.admin.clock.advance(60_000)
      const second = await run({ type: "page", cursor: first.next_cursor })
      expect(second.rows.map((x: any) => x.source_path)).toEqual(["bulk/inv-200.md", "bulk/inv-201.md", "bulk/inv-202.md"])
      expect(second.applied_query).toEqual(first.applied_query)
      expect(second.interpretation).toBe(first.interpretation)
      expect(second.next_cursor).toBeNull()
      expect(second.catalog_drifted).toBe(false)
      expect(second.executed_at).toBe(new Date(Date.parse(first.executed_at) + 60_000).toISOString())

      // another key may not page it; a cursor that is no cursor is 422
      const other = await search({ type: "page", cursor: first.next_cursor }, finance)
      expectV1Error(other, 422, "invalid_request")
      expect(other.body.error.message).toContain("only the key that ran the query")
      expectV1Error(await search({ type: "page", cursor: "not-a-cursor" }), 422, "invalid_request")

      // the catalog changes: the page re-runs against it and says it drifted
      const extra = await upload(all, ws, [invoice("bulk/inv-999.md", "ACME Industrial Supplies GmbH", "B-999", "1 February 2024", "EUR 5.00")])
      await ingest(all, ws, extra)
      const drifted = await run({ type: "page", cursor: first.next_cursor })
      expect(drifted.catalog_drifted).toBe(true)
      expect(drifted.total_matches).toBe(204)
      expect(drifted.rows.map((x: any) => x.source_path)).toContain("bulk/inv-999.md")

      // the parent's payload retention passes: invalid_request
      await target.admin.clock.advance(24 * 60 * 60 * 1000)
      const expired = await search({ type: "page", cursor: first.next_cursor })
      expectV1Error(expired, 422, "invalid_request")
      expect(expired.body.error.message).toContain("expired")
      expect(t.tenantId).toBeTruthy()
    })

    it("Idempotency-Key (rule 7): the same body from the same key replays; another body or another key is 409", async () => {
      const { search, all, finance } = await setup()
      const a = await search({ type: "query", query: "how many invoices?" }, all, { "Idempotency-Key": "fs-1" })
      const b = await search({ type: "query", query: "how many invoices?" }, all, { "Idempotency-Key": "fs-1" })
      expect(b.body.job_id).toBe(a.body.job_id)
      expectV1Error(await search({ type: "query", query: "how many invoices?", allow_clarification: true }, all, { "Idempotency-Key": "fs-1" }), 409, "idempotency_key_reused")
      expectV1Error(await search({ type: "query", query: "how many invoices?" }, finance, { "Idempotency-Key": "fs-1" }), 409, "idempotency_key_reused")
      expect((await settle(all, a)).status).toBe("succeeded")
    })

    it("validates: type, query, context, path_prefix, allow_clarification, cursor, unknown fields are 422; 404 for an unknown or never indexed workspace", async () => {
      const { search, ws } = await setup()
      for (const body of [
        {},
        { query: "invoices" },
        { type: "search", query: "invoices" },
        { type: "query" },
        { type: "query", query: " " },
        { type: "query", query: "x".repeat(4097) },
        { type: "query", query: "invoices", context: "c".repeat(20_001) },
        { type: "query", query: "invoices", allow_clarification: "yes" },
        { type: "query", query: "invoices", k: 3 },
        { type: "query", query: "invoices", cursor: "abc" },
        { type: "page" },
        { type: "page", cursor: "" },
        { type: "page", cursor: "abc", query: "invoices" }
      ]) {
        expectV1Error(await search(body), 422, "invalid_request")
      }
      expect((await search({ type: "query", query: "x".repeat(4096), context: "c".repeat(20_000), path_prefix: "finance/", allow_clarification: false })).status).toBe(202)
      expectV1Error(await search({ type: "query", query: "invoices" }, undefined, {}, "00000000-0000-4000-8000-000000000000"), 404, "workspace_not_found")
      const other = await api.tenant()
      expectV1Error(await search({ type: "query", query: "invoices" }, other.key, {}, ws), 404, "workspace_not_found")
      const fresh = (await api.call("POST", "/v1/workspaces", { key: other.key, body: { name: "fresh" } })).body.workspace_id as string
      expectV1Error(await search({ type: "query", query: "invoices" }, other.key, {}, fresh), 404, "workspace_not_found")
    })
  })
}
