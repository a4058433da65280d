/**
 * The file tools `read-file`, `qa-file`, `run-sql` and `query-tables` over HTTP (spec 3, "File
 * tools"; shapes in the README). Files are set up as a client would: uploaded through
 * `POST /v1/workspaces/{id}/files` and ingested through `POST …/ingestions` with the test parser
 * (`.md` documents with `## ` sections and form-feed pages, `.csv` tables). Run by memory and
 * PostgreSQL storage in process, by node:http and by Bun as `workspaceToolsHttpSuite(name,
 * start)`, `start` giving a target on the test parser that serves `workspaceTestRoutes` (the
 * engine's table names; a label an open workspace cannot give a file).
 */
import { randomUUID } from "node:crypto"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { expectV1Error, workspaceClient } from "./workspace-client.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { workspaceProbe } from "./workspace-test-routes.js"

/** the statement timeout the suite runs with: a sleep past it must come back as a 422, not hang */
export const TOOLS_SQL_TIMEOUT_MS = 1500

/** a file as uploaded: its path, its bytes, the label its upload names (none: the workspace's default) */
interface ToolFile {
  readonly path: string
  readonly content: string
  readonly access_label?: string
}

const csv = (grid: ReadonlyArray<ReadonlyArray<string>>) => grid.map((r) => r.join(",")).join("\n") + "\n"

const SALES = [
  ["Region", "Product", "Revenue", "Units"],
  ["North", "Widget", "1200.00", "12"],
  ["North", "Gadget", "800.00", "4"],
  ["South", "Widget", "450.50", "5"],
  ["East", "Gizmo", "2000.00", "10"]
]
const SALARIES = [
  ["Employee", "Salary"],
  ["Ada", "120000"],
  ["Grace", "130000"]
]

/** three pages (form feeds), five sections; "Notes" twice */
const ANNUAL: ToolFile = {
  path: "reports/annual.md",
  access_label: "finance",
  content: [
    "## Summary\n\nAcme had a strong year. Revenue grew by twelve percent to 4.2 million dollars.\n\n## Notes\n\nFigures are unaudited on this page.",
    "## Revenue\n\nRevenue by region: North 2.0 million, South 1.1 million, East 1.1 million.",
    "## Risks\n\nThe main risk is the supplier concentration in Shenzhen.\n\n## Notes\n\nThe auditor signed the accounts on 3 March 2024."
  ].join("\f")
}
const CAFE: ToolFile = {
  path: "reports/café.md",
  content: "## Résumé\n\nLe café ouvre à 7 h — déjà complet ✓ 😀 chaque matin.\n\n## Menu\n\nCrème brûlée, thé vert, pâtisseries fraîches."
}

export const workspaceToolsHttpSuite = (name: string, start: StartTarget) => {
  // each test starts an instance whose SQL engine starts with it (PGlite takes seconds on a busy machine)
  describe(`workspace file tools over HTTP (${name})`, { timeout: 120_000 }, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    let probe: ReturnType<typeof workspaceProbe>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN, workspaceSqlTimeoutMs: TOOLS_SQL_TIMEOUT_MS })
      api = docsClient(target)
      probe = workspaceProbe(target)
    }, 120_000)
    afterEach(async () => {
      await target?.close()
    })

    /** uploads `files` into the workspace with `key` (waiting for each upload) and answers their ids */
    const uploadAll = (key: string, ws: string, files: ReadonlyArray<ToolFile>) => workspaceClient(api).upload(key, ws, files)
    /** uploads and ingests `files` (one ingestion job), every one of them ingested */
    const seed = async (key: string, ws: string, files: ReadonlyArray<ToolFile>) => {
      const ids = await uploadAll(key, ws, files)
      await workspaceClient(api).ingest(key, ws, ids)
      return ids
    }

    /** a tenant, labels finance and hr, a workspace declaring both, keys, and the fixture's files */
    const setup = async () => {
      const t = await api.tenant()
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: { name: "tools", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" } }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const none = (await target.admin.docs.createKey(t.tenantId, { access_labels: [] })).api_key
      await seed(all, ws, [
        ANNUAL,
        CAFE,
        { path: "data/sales.csv", content: csv(SALES), access_label: "finance" },
        { path: "hr/salaries.csv", content: csv(SALARIES), access_label: "hr" }
      ])
      // uploaded, never ingested
      await uploadAll(all, ws, [{ path: "drafts/plan.md", content: "## Plan\n\nx", access_label: "finance" }])
      const tool = (tool: string, body: unknown, key = all, workspace = ws) => api.call("POST", `/v1/workspaces/${workspace}/tools/${tool}`, { key, body })
      return { t, ws, all, finance, none, tool }
    }

    describe("read-file", () => {
      it("reads the whole file, pages, a component, a component within pages; pieces carry page, component and character range", async () => {
        const { tool } = await setup()
        const whole = await tool("read-file", { path: "reports/annual.md" })
        expect(whole.status, JSON.stringify(whole.body)).toBe(200)
        expect(whole.body).toMatchObject({ path: "reports/annual.md", version: 1, offset: 0, truncated: false, next_offset: null, coverage: { restricted_candidates: 0, labels_required: [] } })
        expect(whole.body.text).toContain("## Summary")
        expect(whole.body.text).toContain("Shenzhen")
        expect(whole.body.returned_chars).toBe(whole.body.total_chars)
        // each page's blocks, and between two pages the blank line that is on neither
        expect(whole.body.segments.map((s: any) => s.page)).toEqual([1, null, 2, null, 3])
        const doc: string = whole.body.text
        for (const [i, s] of whole.body.segments.entries()) {
          if (s.page === null) expect(doc.slice(s.text_offset, whole.body.segments[i + 1].text_offset)).toBe("\n\n")
        }

        const page2 = await tool("read-file", { path: "reports/annual.md", pages: [2] })
        expect(page2.body.text).toBe("## Revenue\n\nRevenue by region: North 2.0 million, South 1.1 million, East 1.1 million.")
        // a page ends with its last block (the blank line between blocks belongs to neither)
        expect(page2.body.segments).toEqual([{ page: 2, component: "Revenue", char_start: doc.indexOf("## Revenue"), char_end: doc.indexOf("## Risks") - 2, text_offset: 0 }])

        // pages 1 and 3 do not touch: two pieces, separated
        const p13 = await tool("read-file", { path: "reports/annual.md", pages: [3, 1, 1] })
        expect(p13.body.pages).toEqual([1, 3])
        expect(p13.body.segments.map((s: any) => s.page)).toEqual([1, 3])
        expect(p13.body.text).not.toContain("Revenue by region")
        expect(p13.body.text.slice(p13.body.segments[1].text_offset)).toMatch(/^## Risks/)

        const risks = await tool("read-file", { path: "reports/annual.md", component: "Risks" })
        expect(risks.body.text).toBe("## Risks\n\nThe main risk is the supplier concentration in Shenzhen.")
        expect(risks.body.component).toBe("Risks")

        // two sections share the name "Notes": both, or the one on the pages asked
        const notes = await tool("read-file", { path: "reports/annual.md", component: "Notes" })
        expect(notes.body.text).toContain("unaudited")
        expect(notes.body.text).toContain("auditor signed")
        const notes3 = await tool("read-file", { path: "reports/annual.md", component: "Notes", pages: [3] })
        expect(notes3.body.text).toBe("## Notes\n\nThe auditor signed the accounts on 3 March 2024.")
        expect(notes3.body.segments[0]).toMatchObject({ page: 3, component: "Notes" })
        const off = await tool("read-file", { path: "reports/annual.md", component: "Risks", pages: [1] })
        expectV1Error(off, 422, "invalid_request")
        expect(off.body.error.message).toContain("page 3")
      })

      it("bounded: max_chars with truncated and next_offset; reading on from next_offset gives the rest exactly, non-ASCII text included", async () => {
        const { tool } = await setup()
        for (const path of ["reports/annual.md", "reports/café.md"]) {
          const whole = (await tool("read-file", { path })).body
          let text = ""
          let offset: number | null = 0
          let calls = 0
          while (offset !== null) {
            const r = await tool("read-file", { path, offset, max_chars: 37 })
            expect(r.status, JSON.stringify(r.body)).toBe(200)
            expect(r.body.returned_chars).toBeLessThanOrEqual(37)
            expect(r.body.truncated).toBe(r.body.next_offset !== null)
            text += r.body.text
            offset = r.body.next_offset
            calls++
          }
          expect(calls).toBeGreaterThan(2)
          expect(text).toBe(whole.text)
        }
        const cafe = (await tool("read-file", { path: "reports/café.md", component: "Résumé" })).body
        expect(cafe.text).toBe("## Résumé\n\nLe café ouvre à 7 h — déjà complet ✓ 😀 chaque matin.")
        expect(cafe.segments[0].page).toBe(1)
        // a file without pages (a spreadsheet): its pieces have none
        const sheet = (await tool("read-file", { path: "data/sales.csv" })).body
        expect(sheet.segments.length).toBeGreaterThan(0)
        for (const segment of sheet.segments) expect(segment.page).toBeNull()
        const end = await tool("read-file", { path: "reports/café.md", offset: cafe.total_chars * 100 })
        expectV1Error(end, 422, "invalid_request")
        expect(end.body.error.message).toContain("offset")
        expectV1Error(await tool("read-file", { path: "reports/annual.md", max_chars: 100_001 }), 422, "invalid_request")
        expectV1Error(await tool("read-file", { path: "reports/annual.md", max_chars: 0 }), 422, "invalid_request")
      })

      it("refusals: unknown component (names those that exist), pages of a file without pages or beyond its last, bad bodies", async () => {
        const { tool } = await setup()
        const unknown = await tool("read-file", { path: "reports/annual.md", component: "Appendix" })
        expectV1Error(unknown, 422, "invalid_request")
        expect(unknown.body.error.message).toContain('"Revenue"')
        const noPages = await tool("read-file", { path: "data/sales.csv", pages: [1] })
        expectV1Error(noPages, 422, "invalid_request")
        expect(noPages.body.error.message).toContain("no pages")
        const beyond = await tool("read-file", { path: "reports/annual.md", pages: [4] })
        expectV1Error(beyond, 422, "invalid_request")
        expect(beyond.body.error.message).toContain("3 page")
        for (const body of [{}, { path: "" }, { path: "reports/annual.md", pages: [0] }, { path: "reports/annual.md", pages: [] }, { path: "reports/annual.md", colour: 1 }, { path: 7 }]) {
          expectV1Error(await tool("read-file", body), 422, "invalid_request")
        }
      })
    })

    describe("the file a tool addresses", () => {
      it("uploaded files only: a _derived path is 422 naming the uploaded file; 404 missing or hidden; 409 not ingested; 422 not a path", async () => {
        const { tool, finance, ws, t } = await setup()
        for (const name of ["read-file", "qa-file"]) {
          const body = (path: string) => (name === "qa-file" ? { path, question: "What grew?" } : { path })
          const derived = await tool(name, body("_derived/reports/annual.md/document.md"))
          expectV1Error(derived, 422, "invalid_request")
          expect(derived.body.error.message).toContain('"reports/annual.md"')
          expect(derived.body.error.detail.uploaded_path).toBe("reports/annual.md")
          const table = await tool(name, body("_derived/data/sales.csv/tables/sales.csv"))
          expectV1Error(table, 422, "invalid_request")
          expect(table.body.error.detail.uploaded_path).toBe("data/sales.csv")
          // the reserved folder in any case, and the folder itself, are not uploaded files either
          expect((await tool(name, body("_DERIVED/reports/annual.md/document.md"))).body.error.detail.uploaded_path).toBe("reports/annual.md")
          expectV1Error(await tool(name, body("_derived")), 422, "invalid_request")
          // the uploaded file of a derived path the caller may not see is not named
          const hidden = await tool(name, body("_derived/hr/salaries.csv/document.md"), finance)
          expectV1Error(hidden, 422, "invalid_request")
          expect(hidden.body.error.detail.uploaded_path).toBeNull()
          expect(JSON.stringify(hidden.body)).not.toContain("salaries.csv\"")
          expectV1Error(await tool(name, body("reports/missing.pdf")), 404, "file_not_found")
          expectV1Error(await tool(name, body("hr/salaries.csv"), finance), 404, "file_not_found")
          expectV1Error(await tool(name, body("reports")), 404, "file_not_found")
          const drafts = await tool(name, body("drafts/plan.md"))
          expectV1Error(drafts, 409, "file_not_ingested")
          expect(drafts.body.error.detail.ingestion_status).toBe("discovered")
          for (const bad of ["../reports/annual.md", "/reports/annual.md", "reports/annual.md\u0000", "a".repeat(10_000)]) {
            expectV1Error(await tool(name, body(bad)), 422, "invalid_request")
          }
          expect((await tool(name, body("hr/salaries.csv"))).status).toBe(200)
        }
        const other = await api.tenant()
        expectV1Error(await tool("read-file", { path: "reports/annual.md" }, other.key), 404, "workspace_not_found")
        expectV1Error(await tool("read-file", { path: "reports/annual.md" }, t.key, "00000000-0000-4000-8000-000000000000"), 404, "workspace_not_found")
        expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/tools/read-file`, { body: { path: "reports/annual.md" } }), 401, "unauthorized")
      })

      it("a workspace that declares no labels filters nothing", async () => {
        const { t, none, all } = await setup()
        const w = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "open" } })).body.workspace_id
        const ids = await seed(t.key, w, [{ path: ANNUAL.path, content: ANNUAL.content }, { path: "d/s.csv", content: csv(SALES) }])
        // files labelled hr in a workspace that declares no label (no upload can name an undeclared one)
        for (const id of ids) await probe.setAccessLabel(t.tenantId, w, id, "hr")
        const read = await api.call("POST", `/v1/workspaces/${w}/tools/read-file`, { key: none, body: { path: "reports/annual.md", pages: [1] } })
        expect(read.status, JSON.stringify(read.body)).toBe(200)
        const sql = await api.call("POST", `/v1/workspaces/${w}/tools/run-sql`, { key: none, body: { sql: "SELECT count(*) AS n FROM s" } })
        expect(sql.body.rows).toEqual([[4]])
        expect((await api.call("POST", `/v1/workspaces/${w}/tools/run-sql`, { key: all, body: { sql: "SELECT count(*) AS n FROM s" } })).status).toBe(200)
      })
    })

    describe("qa-file", () => {
      it("answers from that file only, citing quotes with page, component and the character range they sit at", async () => {
        const { tool } = await setup()
        const whole = (await tool("read-file", { path: "reports/annual.md" })).body.text as string
        const r = await tool("qa-file", { path: "reports/annual.md", question: "Where is the supplier concentration risk?" })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.found).toBe(true)
        expect(r.body.answer).toContain("Shenzhen")
        expect(r.body.citations.length).toBeGreaterThan(0)
        const c = r.body.citations[0]
        expect(c).toMatchObject({ page: 3, component: "Risks" })
        expect(whole.slice(c.char_start, c.char_end)).toBe(c.quote)
        expect(r.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })

        // limited to a component: the answer is not there
        const scoped = await tool("qa-file", { path: "reports/annual.md", question: "Where is the supplier concentration risk?", component: "Summary" })
        expect(scoped.body.found).toBe(false)
        expect(scoped.body.answer).toBeNull()
        expect(scoped.body.citations).toEqual([])

        const notes = await tool("qa-file", { path: "reports/annual.md", question: "When did the auditor sign the accounts?", component: "Notes", pages: [3] })
        expect(notes.body.found).toBe(true)
        expect(notes.body.citations[0]).toMatchObject({ page: 3, component: "Notes" })

        const cafe = await tool("qa-file", { path: "reports/café.md", question: "Quand le café ouvre-t-il déjà complet?" })
        expect(cafe.status).toBe(200)
        if (cafe.body.found) {
          const text = (await tool("read-file", { path: "reports/café.md" })).body.text as string
          for (const q of cafe.body.citations) expect(text.slice(q.char_start, q.char_end)).toBe(q.quote)
        }
        expectV1Error(await tool("qa-file", { path: "reports/annual.md", question: " " }), 422, "invalid_request")
        expectV1Error(await tool("qa-file", { path: "reports/annual.md", question: "q".repeat(4097) }), 422, "invalid_request")
        expectV1Error(await tool("qa-file", { path: "reports/annual.md" }), 422, "invalid_request")
      })
    })

    describe("run-sql", () => {
      it("one read-only SELECT over the workspace's tables: columns, rows, row_count, truncated under max_rows", async () => {
        const { tool } = await setup()
        const r = await tool("run-sql", { sql: "SELECT region, sum(revenue) AS total FROM sales GROUP BY region ORDER BY region" })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.columns.map((c: any) => c.name)).toEqual(["region", "total"])
        expect(r.body.rows).toEqual([["East", "2000"], ["North", "2000"], ["South", "450.5"]])
        expect(r.body).toMatchObject({ row_count: 3, truncated: false, max_rows: 200, coverage: { restricted_candidates: 0, labels_required: [] } })
        const capped = await tool("run-sql", { sql: "SELECT * FROM sales ORDER BY units", max_rows: 2 })
        expect(capped.body).toMatchObject({ row_count: 2, truncated: true, max_rows: 2 })
        const join = await tool("run-sql", { sql: "SELECT (SELECT count(*) FROM sales) AS s, (SELECT count(*) FROM salaries) AS p" })
        expect(join.body.rows).toEqual([[4, 2]])
        for (const body of [{}, { sql: "" }, { sql: "   " }, { sql: "SELECT 1", max_rows: 1001 }, { sql: "SELECT 1", max_rows: 0 }, { sql: "x".repeat(20_001) }, { sql: 1 }]) {
          expectV1Error(await tool("run-sql", body), 422, "invalid_request")
        }
      })

      it("hostile SQL is a clear 422 (never a 5xx, a hang or another workspace's data), and nothing changes", async () => {
        const { tool, t, ws } = await setup()
        const other = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "other" } })).body.workspace_id
        await seed(t.key, other, [{ path: "x/secret.csv", content: csv(SALARIES) }])
        const schemas = await tool("run-sql", { sql: "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'docket_ws_%' ORDER BY 1" })
        const names: Array<string> = schemas.status === 200 ? schemas.body.rows.map((r: any) => r[0]) : []
        const hostile = [
          "INSERT INTO sales VALUES ('West', 'X', 1, 1)",
          "UPDATE sales SET revenue = 0",
          "DELETE FROM sales",
          "DROP TABLE sales",
          "TRUNCATE sales",
          "CREATE TABLE evil (a int)",
          "ALTER TABLE sales ADD COLUMN x int",
          "GRANT SELECT ON sales TO PUBLIC",
          "SELECT 1; DROP TABLE sales",
          "SELECT * FROM sales; SELECT * FROM salaries",
          "SELECT pg_sleep(30)",
          "SELECT count(*) FROM generate_series(1, 100000000000)",
          "SET ROLE postgres",
          "RESET ROLE",
          "SELECT set_config('role', 'postgres', false)",
          "SELECT pg_read_file('/etc/passwd')",
          "SELECT pg_ls_dir('.')",
          "SELECT lo_import('/etc/passwd')",
          "COPY sales TO STDOUT",
          "SELECT * FROM secret",
          ...names.map((n) => `SELECT * FROM "${n}".secret`),
          "SELECT query_to_xml('DELETE FROM sales RETURNING 1', true, true, '')",
          "WITH d AS (DELETE FROM sales RETURNING *) SELECT * FROM d",
          "SELECT * FROM sales FOR UPDATE",
          "BEGIN",
          "COMMIT",
          "LISTEN x",
          "DO $$ BEGIN DELETE FROM sales; END $$",
          "SELECT * FROM pg_catalog.pg_authid"
        ]
        const reasons = new Map<string, string>()
        for (const sql of hostile) {
          const r = await tool("run-sql", { sql })
          reasons.set(sql, r.body.error?.detail?.reason)
          expect([422], `${sql}: ${JSON.stringify(r.body)}`).toContain(r.status)
          expect(r.body.error.code).toBe("invalid_request")
          expect(r.body.error.message.length).toBeGreaterThan(0)
          expect(JSON.stringify(r.body)).not.toContain("130000")
          expect(JSON.stringify(r.body)).not.toMatch(/docket_ws_[0-9a-f]{40}/)
        }
        expect(reasons.get("SELECT pg_sleep(30)")).toBe("timeout")
        expect(reasons.get("SELECT 1; DROP TABLE sales")).toBe("multiple_statements")
        expect(reasons.get("DROP TABLE sales")).toBe("not_read_only")
        expect(reasons.get("SELECT * FROM secret")).toBe("unknown_table")
        const after = await tool("run-sql", { sql: "SELECT count(*), sum(revenue) FROM sales" })
        expect(after.body.rows).toEqual([[4, "4450.5"]])
        expect(await probe.tables(t.tenantId, ws)).toEqual(["salaries", "sales"])
      }, 180_000)

      it("tables of files the caller cannot see read as empty however the query reaches them, and the coverage counts them", async () => {
        const { tool, finance, none, all } = await setup()
        const count = "SELECT (SELECT count(*) FROM sales) AS s, (SELECT count(*) FROM salaries) AS p"
        const f = await tool("run-sql", { sql: count }, finance)
        expect(f.status, JSON.stringify(f.body)).toBe(200)
        expect(f.body.rows).toEqual([[4, 0]])
        expect(f.body.coverage).toEqual({ restricted_candidates: 1, labels_required: ["hr"] })
        const n = await tool("run-sql", { sql: count }, none)
        expect(n.body.rows).toEqual([[0, 0]])
        expect(n.body.coverage).toEqual({ restricted_candidates: 2, labels_required: ["finance", "hr"] })
        expect((await tool("run-sql", { sql: count }, all)).body).toMatchObject({ rows: [[4, 2]], coverage: { restricted_candidates: 0, labels_required: [] } })
        // reaching the hidden table another way: a join, a function that runs SQL text, a subquery in a CTE
        for (const sql of [
          "SELECT * FROM sales CROSS JOIN salaries",
          "SELECT query_to_xml('SELECT * FROM salaries', true, true, '') AS x",
          "SELECT table_to_xml('salaries', true, true, '') AS x",
          "WITH s AS (SELECT * FROM salaries) SELECT * FROM s",
          "SELECT ts_stat('SELECT to_tsvector(employee) FROM salaries')"
        ]) {
          const r = await tool("run-sql", { sql }, finance)
          expect([200, 422], `${sql}: ${JSON.stringify(r.body)}`).toContain(r.status)
          expect(JSON.stringify(r.body), sql).not.toContain("130000")
          expect(JSON.stringify(r.body), sql).not.toContain("Grace")
        }
        // query-tables shows its writer the visible tables only
        const q = await tool("query-tables", { question: "What is the total salary?" }, finance)
        expect(q.status, JSON.stringify(q.body)).toBe(200)
        expect(JSON.stringify(q.body.rows)).not.toContain("250000")
        expect(q.body.tables.map((t: any) => t.table_name)).not.toContain("salaries")
        expect(q.body.coverage).toEqual({ restricted_candidates: 1, labels_required: ["hr"] })
        const q2 = await tool("query-tables", { question: "total revenue" }, finance)
        expect(q2.body.answered).toBe(true)
        expect(q2.body.rows).toEqual([["4450.5"]])
      })
    })

    describe("query-tables", () => {
      it("a question becomes one SELECT through the same engine: the SQL, the rows and a sentence; an unmappable question says which columns exist", async () => {
        const { tool } = await setup()
        const r = await tool("query-tables", { question: "What is the total revenue by region?", components: ["sales.csv"] })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.answered).toBe(true)
        expect(r.body.sql).toMatch(/^SELECT /)
        expect(r.body.rows.length).toBe(3)
        expect(typeof r.body.answer).toBe("string")
        expect(r.body.tables.map((x: any) => x.table_name)).toEqual(["sales"])
        expect(r.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
        // the same SQL through run-sql gives the same rows
        const again = await tool("run-sql", { sql: r.body.sql })
        expect(again.body.rows).toEqual(r.body.rows)

        const nothing = await tool("query-tables", { question: "What is the colour of the moon?", components: ["sales.csv"] })
        expect(nothing.status).toBe(200)
        expect(nothing.body).toMatchObject({ answered: false, sql: null, rows: [], row_count: 0 })
        expect(nothing.body.tables[0].columns.map((c: any) => c.name)).toEqual(["region", "product", "revenue", "units"])
        const none = await tool("query-tables", { question: "total revenue", components: ["nope.csv"] })
        expect(none.body.answered).toBe(false)
        expect(none.body.answer).toContain("nope.csv")
        expectV1Error(await tool("query-tables", { question: "" }), 422, "invalid_request")
        expectV1Error(await tool("query-tables", { question: "x", components: "sales" }), 422, "invalid_request")
      })
    })

    describe("teardown", () => {
      it("deleting the workspace drops its tables with their schema", async () => {
        const { t, ws, all } = await setup()
        const del = await api.call("DELETE", `/v1/workspaces/${ws}?wait_seconds=30`, { key: t.key, body: { confirm_name: "tools" } })
        expect(del.status, JSON.stringify(del.body)).toBe(200)
        expect(del.body.status).toBe("succeeded")
        expect(await probe.tables(t.tenantId, ws)).toEqual([])
        expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/tools/run-sql`, { key: all, body: { sql: "SELECT 1" } }), 404, "workspace_not_found")
      })
    })
  })
}
