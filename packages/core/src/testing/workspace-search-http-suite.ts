/**
 * `hybrid-search` over HTTP (spec 3, "Search", "Evidence", "Limits"). Files are uploaded and
 * ingested as a client would, with the test parser (`.md` documents with `## ` sections and
 * form-feed pages, `.csv` tables); indexing is a stage of that ingestion. Run by memory and
 * PostgreSQL storage in process, by node:http and by Bun as `workspaceSearchHttpSuite(name, start)`.
 * The engine is the target's (the local engine's embedder in these runs): the rules checked hold
 * for any embedder; what the encoder adds to ranking is measured by `npm run eval`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { expectV1Error, workspaceClient } from "./workspace-client.js"

interface SearchFile {
  readonly path: string
  readonly content: string
  readonly access_label?: string
}

/** three pages (form feeds), four sections */
const ANNUAL: SearchFile = {
  path: "reports/annual.md",
  access_label: "finance",
  content: [
    "## Summary\n\nAcme had a strong year. Revenue grew by twelve percent to 4.2 million dollars.",
    "## Revenue\n\nRevenue by region: North 2.0 million, South 1.1 million, East 1.1 million.",
    "## Risks\n\nThe main risk is the supplier concentration in Shenzhen.\n\n## Notes\n\nThe auditor signed the accounts on 3 March 2024."
  ].join("\f")
}
const HANDBOOK: SearchFile = {
  path: "hr/handbook.md",
  access_label: "hr",
  content: "## Remote work\n\nEmployees may work from home two days a week with their manager's approval.\n\n## Leave\n\nAnnual leave is 25 days a year."
}
const CONTRACT: SearchFile = {
  path: "legal/contract.md",
  access_label: "finance",
  content: "## Parties\n\nThis supply agreement is made between Acme Ltd and Globex GmbH.\n\n## Term\n\nThe agreement runs for three years from signature."
}
const SALES: SearchFile = {
  path: "data/sales.csv",
  access_label: "finance",
  content: "Region,Product,Revenue\nNorth,Widget,1200.00\nSouth,Gadget,450.50\n"
}

export const workspaceSearchHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace hybrid search over HTTP (${name})`, { timeout: 120_000 }, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    // one instance for the suite (its SQL engine starts once); each test works in a tenant of its own
    beforeAll(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = docsClient(target)
    }, 120_000)
    afterAll(async () => {
      await target?.close()
    })

    const client = () => workspaceClient(api)
    const uploadAll = (key: string, ws: string, files: ReadonlyArray<SearchFile>) => client().upload(key, ws, files)
    const waitJob = (key: string, first: JsonResponse) => client().succeeded(key, first)
    const ingest = (key: string, ws: string, ids: ReadonlyArray<string>) => client().ingest(key, ws, ids)

    /** a tenant, labels finance and hr, a workspace declaring both, keys for both, finance only and none, and the files ingested */
    const setup = async () => {
      const t = await api.tenant()
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: { name: "search", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" } }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const none = (await target.admin.docs.createKey(t.tenantId, { access_labels: [] })).api_key
      const ids = await uploadAll(all, ws, [ANNUAL, HANDBOOK, CONTRACT, SALES])
      await ingest(all, ws, ids)
      const search = (body: unknown, key = all, workspace = ws) => api.call("POST", `/v1/workspaces/${workspace}/tools/hybrid-search`, { key, body })
      return { t, ws, all, finance, none, ids, search }
    }

    it("404 on a workspace never indexed (uploads alone do not index it), then 200 once a file is ingested; an unknown or foreign workspace is 404", async () => {
      const t = await api.tenant()
      const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "fresh" } })).body.workspace_id as string
      const search = (key = t.key, workspace = ws) => api.call("POST", `/v1/workspaces/${workspace}/tools/hybrid-search`, { key, body: { query: "supplier" } })
      const before = await search()
      expectV1Error(before, 404, "workspace_not_found")
      expect(before.body.error.message).toContain("not been indexed")
      const ids = await uploadAll(t.key, ws, [{ path: ANNUAL.path, content: ANNUAL.content }])
      expectV1Error(await search(), 404, "workspace_not_found")
      await ingest(t.key, ws, ids)
      const after = await search()
      expect(after.status, JSON.stringify(after.body)).toBe(200)
      expect(after.body.hits[0].path).toBe("reports/annual.md")
      expectV1Error(await search(t.key, "00000000-0000-4000-8000-000000000000"), 404, "workspace_not_found")
      const other = await api.tenant()
      expectV1Error(await search(other.key), 404, "workspace_not_found")
    })

    it("the removed intelligent-search is 404", async () => {
      const { ws, all } = await setup()
      const r = await api.call("POST", `/v1/workspaces/${ws}/tools/intelligent-search`, { key: all, body: { query: "supplier" } })
      expect(r.status).toBe(404)
      const r2 = await api.call("POST", `/v1/workspaces/${ws}/intelligent-search`, { key: all, body: { query: "supplier" } })
      expect(r2.status).toBe(404)
    })

    it("validates the body: query required, non-blank, at most 4096 characters; k from 1 to 100; no retrieval options; path_prefix and categories well formed", async () => {
      const { search } = await setup()
      const fieldsOf = (r: JsonResponse) => (r.body.error.detail?.errors ?? []).map((e: { field: string }) => e.field)
      for (const [body, field] of [
        [{}, "query"],
        [{ query: "   " }, "query"],
        [{ query: "x".repeat(4097) }, "query"],
        [{ query: 7 }, "query"],
        [{ query: "supplier", k: 0 }, "k"],
        [{ query: "supplier", k: 101 }, "k"],
        [{ query: "supplier", k: 2.5 }, "k"],
        [{ query: "supplier", k: "3" }, "k"],
        [{ query: "supplier", mode: "dense" }, "mode"],
        [{ query: "supplier", alpha: 0.5 }, "alpha"],
        [{ query: "supplier", path_prefix: "../etc/" }, "path_prefix"],
        [{ query: "supplier", path_prefix: 3 }, "path_prefix"],
        [{ query: "supplier", categories: "finance" }, "categories"],
        [{ query: "supplier", categories: [""] }, "categories"]
      ] as const) {
        const r = await search(body)
        expectV1Error(r, 422, "invalid_request")
        expect(fieldsOf(r).some((f: string) => f.startsWith(field)), `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBe(true)
      }
      const longest = await search({ query: `supplier ${"x".repeat(4096 - 9)}` })
      expect(longest.status, JSON.stringify(longest.body)).toBe(200)
      expect((await search({ query: "supplier", k: 100 })).status).toBe(200)
    })

    it("hits are Evidence in score order: file_id, path, locator (kind, page, char range in document.md), relevance_score, snippet, why, component", async () => {
      const { search, ws, all, ids } = await setup()
      const r = await search({ query: "supplier concentration in Shenzhen" })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(Object.keys(r.body).sort()).toEqual(["candidates_seen", "coverage", "hits", "truncated"])
      const top = r.body.hits[0]
      expect(Object.keys(top).sort()).toEqual(["component", "file_id", "locator", "path", "relevance_score", "snippet", "why"])
      expect(top).toMatchObject({ file_id: ids[0], path: "reports/annual.md", component: "Risks", locator: { kind: "page", page: 3 } })
      expect(top.snippet).toContain("Shenzhen")
      expect(top.why).toMatch(/keyword rank 1/)
      const scores = r.body.hits.map((h: any) => h.relevance_score)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
      for (const s of scores) expect(s > 0 && s <= 1).toBe(true)
      // the locator's range is the chunk's place in the file's document.md
      const doc = await target.fetch(`/v1/workspaces/${ws}/artifacts/content?path=${encodeURIComponent("_derived/reports/annual.md/document.md")}`, { headers: { "x-api-key": all } })
      expect(doc.status).toBe(200)
      const md = await doc.text()
      expect(md.slice(top.locator.char_start, top.locator.char_end)).toContain("supplier concentration in Shenzhen")
      // a spreadsheet's rows: a sheet locator, no page
      const sales = (await search({ query: "Widget revenue North" })).body.hits.find((h: any) => h.path === "data/sales.csv")
      expect(sales.locator.kind).toBe("sheet")
      expect(sales.locator).not.toHaveProperty("page")
      // the same request, the same answer
      expect((await search({ query: "supplier concentration in Shenzhen" })).body).toEqual(r.body)
    })

    it("k bounds the hits (default 10); truncated says more were found", async () => {
      const { search } = await setup()
      const one = await search({ query: "revenue agreement supplier", k: 1 })
      expect(one.body.hits).toHaveLength(1)
      expect(one.body.truncated).toBe(true)
      const many = await search({ query: "revenue agreement supplier", k: 100 })
      expect(many.body.truncated).toBe(false)
      expect(many.body.hits.length).toBeGreaterThan(1)
      expect(many.body.hits[0]).toEqual(one.body.hits[0])
      const byDefault = await search({ query: "revenue agreement supplier" })
      expect(byDefault.body.hits).toEqual(many.body.hits.slice(0, 10))
      expect(byDefault.body.truncated).toBe(many.body.hits.length > 10)
    })

    it("access labels: a hidden file's chunks never appear, are counted in coverage with the labels that would show them, and in candidates_seen", async () => {
      const { search, all, finance, none } = await setup()
      const query = { query: "employees work from home", k: 100 }
      const everything = await search(query, all)
      expect(everything.body.hits[0]).toMatchObject({ path: "hr/handbook.md", component: "Remote work" })
      expect(everything.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      const limited = await search(query, finance)
      expect(limited.status).toBe(200)
      expect(limited.body.hits.map((h: any) => h.path)).not.toContain("hr/handbook.md")
      expect(limited.body.coverage.restricted_candidates).toBeGreaterThan(0)
      expect(limited.body.coverage.labels_required).toEqual(["hr"])
      expect(limited.body.candidates_seen).toBe(everything.body.candidates_seen)
      const nothing = await search(query, none)
      expect(nothing.body.hits).toEqual([])
      expect(nothing.body.truncated).toBe(false)
      expect(nothing.body.coverage.labels_required).toEqual(["finance", "hr"])
      expect(nothing.body.candidates_seen).toBe(everything.body.candidates_seen)
    })

    it("path_prefix and categories narrow the search; a leading / is the root's; an empty scope is 200 with no hits", async () => {
      const { search, ws, all, ids } = await setup()
      const query = { query: "revenue agreement supplier leave", k: 100 }
      const reports = await search({ ...query, path_prefix: "reports/" })
      expect(reports.body.hits.length).toBeGreaterThan(0)
      expect(new Set(reports.body.hits.map((h: any) => h.path))).toEqual(new Set(["reports/annual.md"]))
      expect((await search({ ...query, path_prefix: "/reports/" })).body).toEqual(reports.body)
      expect((await search({ ...query, path_prefix: "/" })).body).toEqual((await search(query)).body)
      const empty = await search({ ...query, path_prefix: "archive/" })
      expect(empty.status).toBe(200)
      expect(empty.body).toMatchObject({ hits: [], truncated: false, candidates_seen: 0 })
      // the category the ingestion gave the contract: only files of it
      const contract = await api.call("GET", `/v1/workspaces/${ws}/files/${ids[2]}`, { key: all })
      const category: string | null = contract.body.category
      if (category !== null) {
        const paths = new Set<string>()
        for (const id of ids) {
          const f = await api.call("GET", `/v1/workspaces/${ws}/files/${id}`, { key: all })
          if (f.body.category === category) paths.add(f.body.path)
        }
        const inCategory = await search({ ...query, categories: [category] })
        expect(inCategory.body.hits.length).toBeGreaterThan(0)
        for (const h of inCategory.body.hits) expect(paths.has(h.path)).toBe(true)
        const group = category.split("/")[0]!
        expect((await search({ ...query, categories: [group] })).body.hits.length).toBeGreaterThanOrEqual(inCategory.body.hits.length)
      }
      expect((await search({ ...query, categories: ["no_such_group/none"] })).body).toMatchObject({ hits: [], candidates_seen: 0 })
    })

    it("the dense side finds what no keyword matches (a misspelt query), saying so in why", async () => {
      const { search } = await setup()
      const r = await search({ query: "suplier concentraton Shenzen" })
      expect(r.status).toBe(200)
      const top = r.body.hits[0]
      expect(top).toMatchObject({ path: "reports/annual.md", component: "Risks" })
      expect(top.why).toMatch(/^meaning rank 1/)
      expect(top.why).not.toMatch(/keyword/)
    })

    it("the index follows the files: re-ingestion replaces a file's chunks, a deleted file leaves the index, stats count index_documents", async () => {
      const { search, ws, all, ids } = await setup()
      const stats = async () => (await api.call("GET", `/v1/workspaces/${ws}/stats`, { key: all })).body.index_documents as number
      const before = await stats()
      expect(before).toBeGreaterThan(0)
      const form = new FormData()
      form.append("file", new Blob(["## Sabbatical\n\nAfter five years staff may take a three-month sabbatical."]), "handbook.md")
      const put = await api.call("PUT", `/v1/workspaces/${ws}/files/${ids[1]}?wait_seconds=30`, { key: all, raw: form })
      expect(put.body.status, JSON.stringify(put.body)).toBe("succeeded")
      await ingest(all, ws, [ids[1]!])
      const gone = await search({ query: "employees work from home manager approval", k: 100 })
      for (const h of gone.body.hits) expect(h.snippet).not.toContain("manager's approval")
      const found = await search({ query: "sabbatical" })
      expect(found.body.hits[0]).toMatchObject({ path: "hr/handbook.md", component: "Sabbatical" })
      const del = await api.call("DELETE", `/v1/workspaces/${ws}/files/${ids[2]}?wait_seconds=30`, { key: all })
      await waitJob(all, del)
      const globex = await search({ query: "Globex GmbH agreement", k: 100 })
      expect(globex.body.hits.map((h: any) => h.path)).not.toContain("legal/contract.md")
      expect(await stats()).toBeLessThan(before)
    })

    // last: it moves the suite's service clock a day on
    it("expiry reaches the index: a file whose derived representations expire leaves the search until it is ingested again", async () => {
      const t = await api.tenant()
      const w = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "expiring", retention_policy: { derived_ttl_days: 1 } } })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const [id] = await uploadAll(t.key, ws, [{ path: "notes/sabbatical.md", content: "## Sabbatical\n\nAfter five years staff may take a three-month sabbatical." }])
      await ingest(t.key, ws, [id!])
      const search = () => api.call("POST", `/v1/workspaces/${ws}/tools/hybrid-search`, { key: t.key, body: { query: "sabbatical" } })
      expect((await search()).body.hits.map((h: any) => h.path)).toEqual(["notes/sabbatical.md"])

      // the server's own sweeper wakes on the first move (nothing due yet) and not on the second
      await target.admin.clock.advance(86_400_000 - 1)
      expect((await target.admin.docs.sweep()).workspace_derived).toBe(0)
      expect((await search()).body.hits).toHaveLength(1)
      await target.admin.clock.advance(1)
      expect((await target.admin.docs.sweep()).workspace_derived).toBe(1)
      const file = await api.call("GET", `/v1/workspaces/${ws}/files/${id}`, { key: t.key })
      expect(file.body.ingestion_status).toBe("expired")
      // indexed once, so the search is 200 with nothing in it, not 404
      const after = await search()
      expect(after.status).toBe(200)
      expect(after.body).toMatchObject({ hits: [], candidates_seen: 0 })

      await ingest(t.key, ws, [id!])
      expect((await search()).body.hits.map((h: any) => h.path)).toEqual(["notes/sabbatical.md"])
    })
  })
}
