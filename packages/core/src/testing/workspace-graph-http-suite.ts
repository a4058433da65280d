/**
 * The knowledge graph over HTTP (spec 3, "Knowledge graph", "Limits"): builds (`kg_build` jobs, one
 * per workspace at a time, resuming or forced, chained after ingestion with `auto_build`) and the
 * tools `kg-info`, `kg-search`, `kg-walk` with their access rules. Files are uploaded and ingested
 * as a client would, with the test parser (`.md` documents); the graph is read by the target's
 * engine (the local one in these runs). Run by memory and PostgreSQL storage in process, by
 * node:http and by Bun as `workspaceGraphHttpSuite(name, start)`; the target's clock is manual.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { expectV1Error, type UploadedFileSpec, workspaceClient } from "./workspace-client.js"

const GROUP: UploadedFileSpec = {
  path: "legal/group.md",
  access_label: "finance",
  content: "## Group structure\n\nNorthwind Holdings Ltd is the parent company of the group. Northwind Logistics Ltd is a wholly owned subsidiary of " +
    "Northwind Holdings Ltd.\n\nJane Miller is the Chief Financial Officer of Northwind Holdings Ltd."
}
const CONTRACT: UploadedFileSpec = {
  path: "legal/contracts/supply.md",
  access_label: "finance",
  content: "## Supply agreement\n\nThis supply agreement is made between Northwind Logistics Ltd and Globex GmbH on 3 March 2024.\n\n" +
    "## Price\n\nThe contract value is EUR 120,000."
}
const APPOINTMENT: UploadedFileSpec = {
  path: "hr/appointment.md",
  access_label: "hr",
  content: "## Appointment\n\nPeter Quill is appointed as Head of Operations of Globex GmbH with effect from 1 April 2024."
}
const LETTER: UploadedFileSpec = {
  path: "archive/letter.md",
  access_label: "finance",
  content: "## Letter\n\nDear Sir, Initech Corporation confirms the delivery to Northwind Logistics Ltd on 5 May 2024."
}

const TERMINAL = ["succeeded", "failed", "cancelled"]

export const workspaceGraphHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace knowledge graph over HTTP (${name})`, { timeout: 180_000 }, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    beforeAll(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = docsClient(target)
    }, 120_000)
    afterAll(async () => {
      await target?.close()
    })
    const client = () => workspaceClient(api)

    /** a tenant with labels finance and hr, a workspace declaring both, keys for both and finance only, the files ingested */
    const setup = async (options: { readonly files?: ReadonlyArray<UploadedFileSpec>; readonly knowledge_graph?: unknown; readonly rpm?: number } = {}) => {
      const t = await api.tenant(options.rpm === undefined ? {} : { rpm: options.rpm })
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: {
          name: "graph",
          access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" },
          ...(options.knowledge_graph === undefined ? {} : { knowledge_graph: options.knowledge_graph })
        }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const ids = await client().upload(all, ws, options.files ?? [GROUP, CONTRACT, APPOINTMENT])
      const ingestion = await client().ingest(all, ws, ids)
      const build = async (body: unknown = {}, key = all) => {
        const r = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds?wait_seconds=60`, { key, body })
        return client().succeeded(key, r, "kg_build")
      }
      const info = (query = "", key = all) => api.call("GET", `/v1/workspaces/${ws}/tools/kg-info${query}`, { key })
      const search = (body: unknown, key = all) => api.call("POST", `/v1/workspaces/${ws}/tools/kg-search`, { key, body })
      const walk = (body: unknown, key = all) => api.call("POST", `/v1/workspaces/${ws}/tools/kg-walk`, { key, body })
      return { t, ws, all, finance, ids, ingestion, build, info, search, walk }
    }

    /** a title as written, or with the full stop a sentence may end it with ("Ltd.") */
    const named = (title: string) => (n: { title: string }) => n.title.replace(/\.$/, "") === title
    const titlesOf = (r: JsonResponse) => r.body.nodes.map((n: { title: string }) => n.title.replace(/\.$/, ""))
    const nodeNamed = async (search: (b: unknown) => Promise<JsonResponse>, title: string) => {
      const r = await search({ query: title, k: 5 })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const hit = r.body.nodes.find(named(title))
      expect(hit, `${title} in ${JSON.stringify(r.body.nodes.map((n: { title: string }) => n.title))}`).toBeDefined()
      return hit
    }

    it("before a build the tools are 409 kg_not_built; a build needs an ingested file (422); an unknown or another tenant's workspace is 404", async () => {
      const t = await api.tenant()
      const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "empty" } })).body.workspace_id as string
      expectV1Error(await api.call("GET", `/v1/workspaces/${ws}/tools/kg-info`, { key: t.key }), 409, "kg_not_built")
      expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/tools/kg-search`, { key: t.key, body: { query: "acme" } }), 409, "kg_not_built")
      expectV1Error(
        await api.call("POST", `/v1/workspaces/${ws}/tools/kg-walk`, { key: t.key, body: { start_node_ids: ["00000000-0000-4000-8000-000000000000"] } }),
        409,
        "kg_not_built"
      )
      const noFiles = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: t.key, body: {} })
      expectV1Error(noFiles, 422, "invalid_request")
      expect(noFiles.body.error.message).toMatch(/no ingested file/)
      // uploaded but not ingested: still none
      await client().upload(t.key, ws, [{ path: GROUP.path, content: GROUP.content }])
      expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: t.key, body: {} }), 422, "invalid_request")
      expectV1Error(await api.call("POST", `/v1/workspaces/00000000-0000-4000-8000-000000000000/knowledge-graph/builds`, { key: t.key, body: {} }), 404, "workspace_not_found")
      const other = await api.tenant()
      expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: other.key, body: {} }), 404, "workspace_not_found")
      expectV1Error(await api.call("GET", `/v1/workspaces/${ws}/tools/kg-info`, { key: other.key }), 404, "workspace_not_found")
      const bad = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: t.key, body: { force: "yes" } })
      expectV1Error(bad, 422, "invalid_request")
    })

    it("a build is a kg_build job echoing force; its result counts what kg-info and the stats show; the files' metadata says they are in the graph", async () => {
      const { ws, all, ids, build, info } = await setup()
      const job = await build()
      expect(job.kind).toBe("kg_build")
      expect(job.force).toBe(false)
      const r = job.result
      expect(Object.keys(r).sort()).toEqual(["edge_count", "files_covered", "files_failed", "node_count", "rebuilt", "result_type", "snapshot_id"])
      expect(r).toMatchObject({ result_type: "kg_build", files_covered: 3, rebuilt: true, files_failed: [] })
      expect(r.node_count).toBeGreaterThan(3)
      expect(r.edge_count).toBeGreaterThan(0)
      const i = await info()
      expect(i.status, JSON.stringify(i.body)).toBe(200)
      expect(i.body).toMatchObject({ snapshot_id: r.snapshot_id, node_total: r.node_count, edge_total: r.edge_count, path_prefix: null, graph: null })
      expect(i.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      expect(new Date(i.body.built_at).toISOString()).toBe(i.body.built_at)
      const types = i.body.node_types.map((x: { type: string }) => x.type)
      expect(types).toContain("organisation")
      expect(types).toContain("person")
      expect(i.body.node_types.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(r.node_count)
      expect(i.body.edge_types.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(r.edge_count)
      // hubs: by degree, highest first
      expect(i.body.hubs.length).toBeGreaterThan(0)
      const degrees = i.body.hubs.map((h: { degree: number }) => h.degree)
      expect([...degrees].sort((a, b) => b - a)).toEqual(degrees)
      const stats = await api.call("GET", `/v1/workspaces/${ws}/stats`, { key: all })
      expect(stats.body).toMatchObject({ kg_nodes: r.node_count, kg_edges: r.edge_count })
      for (const id of ids) {
        const m = await api.call("GET", `/v1/workspaces/${ws}/files/${id}/metadata`, { key: all })
        expect(m.body.representations.knowledge_graph).toBe(true)
      }
    })

    it("kg-info: include_graph gives the best-connected nodes (graph_nodes, at most 500) and the edges between them; an ETag answers If-None-Match with 304", async () => {
      const { ws, all, build, info } = await setup()
      await build()
      const withGraph = await info("?include_graph=true&graph_nodes=2")
      expect(withGraph.status).toBe(200)
      expect(withGraph.body.graph.nodes).toHaveLength(2)
      const ids = new Set(withGraph.body.graph.nodes.map((n: { node_id: string }) => n.node_id))
      for (const e of withGraph.body.graph.edges) expect(ids.has(e.from_node_id) && ids.has(e.to_node_id)).toBe(true)
      expect(withGraph.body.graph.truncated).toBe(true)
      for (const q of ["?graph_nodes=0", "?graph_nodes=501", "?graph_nodes=x", "?include_graph=yes"]) expectV1Error(await info(q), 422, "invalid_request")
      const first = await info()
      const etag = first.headers.get("etag")
      expect(etag).toMatch(/^".+"$/)
      expect(first.headers.get("cache-control")).toBe("private, no-cache")
      const path = `/v1/workspaces/${ws}/tools/kg-info`
      const cached = await api.call("GET", path, { key: all, headers: { "if-none-match": etag! } })
      expect(cached.status).toBe(304)
      expect(cached.headers.get("etag")).toBe(etag)
      // another answer (another scope) is another tag
      const scoped = await api.call("GET", `${path}?path_prefix=legal/`, { key: all, headers: { "if-none-match": etag! } })
      expect(scoped.status).toBe(200)
      expect(scoped.headers.get("etag")).not.toBe(etag)
    })

    it("cost classes are descriptive: a 304 from kg-info counts toward the requests per minute as a 200 does, and kg-search as one request", async () => {
      const { ws, all, build, info, search } = await setup({ files: [GROUP], rpm: 25 })
      await build()
      // an empty window: what setting up counted has left it
      await target.admin.clock.advance(61_000)
      const first = await info()
      expect(first.status).toBe(200)
      const etag = first.headers.get("etag")!
      const path = `/v1/workspaces/${ws}/tools/kg-info`
      for (let i = 0; i < 20; i++) expect((await api.call("GET", path, { key: all, headers: { "if-none-match": etag } })).status).toBe(304)
      for (let i = 0; i < 4; i++) expect((await search({ query: "Northwind" })).status).toBe(200)
      const refused = await api.call("GET", path, { key: all, headers: { "if-none-match": etag } })
      expectV1Error(refused, 429, "rate_limited")
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    })

    it("kg-search: names and facts match, best first, each node with facts (Evidence), source files and degree; node_types filters; the body is validated", async () => {
      const { build, search, ids } = await setup()
      await build()
      const holdings = await nodeNamed(search, "Northwind Holdings Ltd")
      expect(holdings.node_type).toBe("organisation")
      expect(holdings.source_files).toEqual([{ file_id: ids[0], path: GROUP.path }])
      expect(holdings.degree).toBeGreaterThan(0)
      const r = await search({ query: "Northwind Holdings Ltd" })
      expect(named("Northwind Holdings Ltd")(r.body.nodes[0])).toBe(true)
      expect(r.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      const scores = r.body.nodes.map((n: { relevance_score: number }) => n.relevance_score)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
      // every fact carries evidence that points at the words in the file
      const withFacts = r.body.nodes.concat((await search({ query: "Jane Miller" })).body.nodes).filter((n: { facts: Array<unknown> }) => n.facts.length > 0)
      for (const n of withFacts) {
        for (const f of n.facts) {
          expect(typeof f.predicate).toBe("string")
          expect(typeof f.value).toBe("string")
          expect(f.evidence).toMatchObject({ file_id: expect.any(String), path: expect.any(String), locator: { kind: expect.any(String) }, snippet: expect.any(String) })
          expect(f.evidence.locator.char_end).toBeGreaterThan(f.evidence.locator.char_start)
        }
      }
      const people = await search({ query: "Northwind", node_types: ["person"] })
      for (const n of people.body.nodes) expect(n.node_type).toBe("person")
      const one = await search({ query: "Northwind", k: 1 })
      expect(one.body.nodes).toHaveLength(1)
      const none = await search({ query: "zebra xylophone" })
      expect(none.body.nodes).toEqual([])
      for (const body of [{}, { query: " " }, { query: "x".repeat(4097) }, { query: "a", k: 0 }, { query: "a", k: 101 }, { query: "a", node_types: "person" }]) {
        expectV1Error(await search(body), 422, "invalid_request")
      }
    })

    it("kg-walk: breadth first from start nodes up to hops and max_nodes, edges with evidence, paths from a start; unknown starts and bad bodies are 422", async () => {
      const { build, search, walk } = await setup()
      await build()
      const holdings = await nodeNamed(search, "Northwind Holdings Ltd")
      const one = await walk({ start_node_ids: [holdings.node_id], hops: 1 })
      expect(one.status, JSON.stringify(one.body)).toBe(200)
      expect(one.body.nodes[0].node_id).toBe(holdings.node_id)
      expect(one.body.nodes.length).toBeLessThanOrEqual(holdings.degree + 1)
      expect(one.body.nodes.length).toBeGreaterThan(1)
      for (const p of one.body.paths) {
        expect(p.node_ids[0]).toBe(holdings.node_id)
        expect(p.edge_ids).toHaveLength(1)
      }
      const edgeIds = new Set(one.body.edges.map((e: { edge_id: string }) => e.edge_id))
      for (const p of one.body.paths) for (const e of p.edge_ids) expect(edgeIds.has(e)).toBe(true)
      for (const e of one.body.edges) {
        expect(e.evidence.length).toBeGreaterThan(0)
        expect(e.evidence[0]).toMatchObject({ file_id: expect.any(String), path: expect.any(String), snippet: expect.any(String) })
      }
      expect(one.body.truncated).toBe(false)
      const far = await walk({ start_node_ids: [holdings.node_id], hops: 3 })
      expect(far.body.nodes.length).toBeGreaterThanOrEqual(one.body.nodes.length)
      // Globex is reached through Northwind Logistics and the supply agreement
      expect(titlesOf(far)).toContain("Globex GmbH")
      const capped = await walk({ start_node_ids: [holdings.node_id], hops: 3, max_nodes: 2 })
      expect(capped.body.nodes).toHaveLength(2)
      expect(capped.body.truncated).toBe(true)
      const typed = await walk({ start_node_ids: [holdings.node_id], hops: 3, node_types: ["organisation"] })
      for (const n of typed.body.nodes) expect(n.node_type).toBe("organisation")
      const byEdge = await walk({ start_node_ids: [holdings.node_id], hops: 3, edge_types: ["no_such_edge"] })
      expect(byEdge.body.nodes.map((n: { node_id: string }) => n.node_id)).toEqual([holdings.node_id])
      expect(byEdge.body.edges).toEqual([])
      const unknown = await walk({ start_node_ids: [holdings.node_id, "00000000-0000-4000-8000-000000000000"] })
      expectV1Error(unknown, 422, "invalid_request")
      expect(unknown.body.error.detail.errors[0].field).toBe("start_node_ids[1]")
      for (const body of [{}, { start_node_ids: [] }, { start_node_ids: Array(51).fill(holdings.node_id) }, { start_node_ids: [holdings.node_id], hops: 6 }, { start_node_ids: [holdings.node_id], hops: 0 }, { start_node_ids: [holdings.node_id], max_nodes: 501 }]) {
        expectV1Error(await walk(body), 422, "invalid_request")
      }
    })

    it("access labels: a node read only from files the key may not see is withheld and counted in coverage, facts and edges likewise; path_prefix scopes the graph to its files", async () => {
      const { all, finance, build, info, search, walk } = await setup()
      await build()
      const quill = await nodeNamed(search, "Peter Quill")
      const hidden = await search({ query: "Peter Quill" }, finance)
      expect(titlesOf(hidden)).not.toContain("Peter Quill")
      expect(hidden.body.coverage.restricted_candidates).toBeGreaterThanOrEqual(1)
      expect(hidden.body.coverage.labels_required).toEqual(["hr"])
      const full = await info("", all)
      const part = await info("", finance)
      expect(part.body.node_total).toBeLessThan(full.body.node_total)
      expect(part.body.coverage.restricted_candidates).toBeGreaterThan(0)
      expect(part.body.coverage.labels_required).toEqual(["hr"])
      // Globex is named in a finance file too: shown, without what only the hr file says
      const globex = await nodeNamed((b) => search(b, finance), "Globex GmbH")
      for (const f of globex.facts) expect(f.evidence.path).not.toBe(APPOINTMENT.path)
      expect(globex.source_files.map((x: { path: string }) => x.path)).not.toContain(APPOINTMENT.path)
      // a withheld start node is as unknown as a missing one
      expectV1Error(await walk({ start_node_ids: [quill.node_id] }, finance), 422, "invalid_request")
      const around = await walk({ start_node_ids: [globex.node_id], hops: 1 }, finance)
      expect(titlesOf(around)).not.toContain("Peter Quill")
      // the graph as the files under legal/contracts/ tell it
      const scoped = await info("?path_prefix=legal/contracts/")
      expect(scoped.body.path_prefix).toBe("legal/contracts/")
      expect(scoped.body.node_total).toBeLessThan(full.body.node_total)
      const scopedSearch = await search({ query: "Jane Miller", path_prefix: "legal/contracts/" })
      expect(titlesOf(scopedSearch)).not.toContain("Jane Miller")
      expectV1Error(await info("?path_prefix=../x"), 422, "invalid_request")
    })

    it("rebuilds: unchanged without force keeps the snapshot; force reads every file again under a new snapshot; a deleted file leaves the tools at once and the next build", async () => {
      const { ws, all, ids, build, search } = await setup()
      const first = (await build()).result
      const same = await build()
      expect(same.result).toMatchObject({ rebuilt: false, snapshot_id: first.snapshot_id, node_count: first.node_count, files_covered: 3 })
      const forced = await build({ force: true })
      expect(forced.force).toBe(true)
      expect(forced.result).toMatchObject({ rebuilt: true, files_covered: 3, node_count: first.node_count, edge_count: first.edge_count })
      expect(forced.result.snapshot_id).not.toBe(first.snapshot_id)
      // node ids survive a rebuild
      const before = await nodeNamed(search, "Peter Quill")
      const del = await api.call("DELETE", `/v1/workspaces/${ws}/files/${ids[2]}?wait_seconds=30`, { key: all })
      await client().succeeded(all, del)
      const gone = await search({ query: "Peter Quill" })
      expect(titlesOf(gone)).not.toContain("Peter Quill")
      expect(gone.body.coverage.restricted_candidates).toBe(0)
      const after = (await build()).result
      expect(after).toMatchObject({ rebuilt: true, files_covered: 2 })
      expect(after.node_count).toBeLessThan(first.node_count)
      void before
      // a new file is read by the next build, the others are not read again
      const added = await client().upload(all, ws, [{ ...APPOINTMENT, path: "hr/again.md" }])
      await client().ingest(all, ws, added)
      const resumed = await build()
      expect(resumed.result).toMatchObject({ rebuilt: true, files_covered: 3 })
      expect((await nodeNamed(search, "Peter Quill")).node_id).toBe(before.node_id)
    })

    it("the workspace's knowledge_graph block and each file's graph_inclusion decide which files enter", async () => {
      const { ws, all, build } = await setup({ files: [GROUP, CONTRACT, LETTER], knowledge_graph: { exclude_path_prefixes: ["archive/"] } })
      expect((await build()).result.files_covered).toBe(2)
      const patched = await api.call("PATCH", `/v1/workspaces/${ws}`, { key: all, body: { knowledge_graph: { exclude_path_prefixes: [] } } })
      expect(patched.status, JSON.stringify(patched.body)).toBe(200)
      expect((await build()).result).toMatchObject({ files_covered: 3, rebuilt: true })
      // a file uploaded with graph_inclusion exclude never enters; include enters even under an excluded prefix
      const form = (spec: UploadedFileSpec, inclusion: string) => {
        const f = new FormData()
        f.append("file", new Blob([spec.content]), spec.path.split("/").pop()!)
        f.append("metadata", JSON.stringify({ path: spec.path, graph_inclusion: inclusion }))
        return f
      }
      const excluded = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key: all, raw: form({ ...APPOINTMENT, path: "hr/excluded.md" }, "exclude") })
      await api.call("PATCH", `/v1/workspaces/${ws}`, { key: all, body: { knowledge_graph: { exclude_path_prefixes: ["kept/"] } } })
      const included = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key: all, raw: form({ ...APPOINTMENT, path: "kept/included.md" }, "include") })
      await client().ingest(all, ws, [excluded.body.result.file.file_id, included.body.result.file.file_id])
      expect((await build()).result.files_covered).toBe(4)
    })

    it("auto_build chains a build after an ingestion (kg_build_job_id), and only then", async () => {
      const auto = await setup({ files: [GROUP], knowledge_graph: { auto_build: true } })
      const chained = auto.ingestion.result.kg_build_job_id
      expect(typeof chained).toBe("string")
      const job = await client().succeeded(auto.all, await api.call("GET", `/v1/jobs/${chained}`, { key: auto.all }), "kg_build")
      expect(job.result.files_covered).toBe(1)
      expect((await auto.info()).body.snapshot_id).toBe(job.result.snapshot_id)
      const manual = await setup({ files: [GROUP] })
      expect(manual.ingestion.result.kg_build_job_id).toBeNull()
      expectV1Error(await manual.info(), 409, "kg_not_built")
    })

    it("one build per workspace: another build while one is queued or running is 409 kg_build_in_progress; other workspaces build", async () => {
      const { ws, all, build } = await setup({ files: [GROUP] })
      await target.admin.faults.set({ model_delay_ms: 60_000 })
      try {
        const first = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: all, body: {} })
        expect(first.status).toBe(202)
        const second = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds`, { key: all, body: { force: true } })
        expectV1Error(second, 409, "kg_build_in_progress")
        expect(second.body.error.detail.job_id).toBe(first.body.job_id)
        for (let i = 0; i < 2000 && (await target.pendingSleeps(60_000)) === 0; i++) await new Promise((x) => setTimeout(x, 5))
        await target.admin.faults.set({ model_delay_ms: 0 })
        await target.admin.clock.advance(60_000)
        const done = await client().settle(all, first)
        expect(TERMINAL).toContain(done.status)
        expect(done.status).toBe("succeeded")
      } finally {
        await target.admin.faults.set({ model_delay_ms: 0 })
      }
      expect((await build()).status).toBe("succeeded")
    })
  })
}
