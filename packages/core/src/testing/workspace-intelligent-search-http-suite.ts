/**
 * `fact-search` and `deep-search` over HTTP (spec 3, "Search", "Intelligent-search result",
 * "Errors", "Limits"). Files are uploaded and ingested as a client would, with the test parser
 * (`.md` documents with `## ` sections and form-feed pages); the engine is the local one (its
 * extractive answerer and its planner), on a manual clock. The target's local search agent must
 * have the `high` tier switched off (`localSearchAgentLayer({ low: 6, medium: 12, high: null })`),
 * so an unavailable tier can be asked for. Run by memory in process and over node:http.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { expectV1Error, workspaceClient } from "./workspace-client.js"

interface SearchFile {
  readonly path: string
  readonly content: string
  readonly access_label?: string
}

const ANNUAL: SearchFile = {
  path: "reports/annual.md",
  access_label: "finance",
  content: [
    "## Summary\n\nAcme had a strong year. Revenue grew by twelve percent to 4.2 million dollars.",
    "## Revenue\n\nRevenue by region: North 2.0 million, South 1.1 million, East 1.1 million. Revenue in the North grew fastest.",
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
  content: "## Parties\n\nThis supply agreement is made between Acme Ltd and Globex GmbH.\n\n## Term\n\nThe supply agreement runs for three years from signature."
}

/** a small group of documents for the graph: who works for whom, who owns whom, who contracts with whom */
const GROUP: SearchFile = {
  path: "legal/group.md",
  access_label: "finance",
  content: "## Group structure\n\nNorthwind Holdings Ltd is the parent company of the group. Northwind Logistics Ltd is a wholly owned subsidiary of " +
    "Northwind Holdings Ltd.\n\nJane Miller is the Chief Financial Officer of Northwind Holdings Ltd."
}
const SUPPLY: SearchFile = {
  path: "legal/contracts/supply.md",
  access_label: "finance",
  content: "## Supply agreement\n\nThis supply agreement is made between Northwind Logistics Ltd and Globex GmbH on 3 March 2024.\n\n" +
    "## Price\n\nThe contract value is EUR 120,000."
}
const APPOINTMENT: SearchFile = {
  path: "hr/appointment.md",
  access_label: "hr",
  content: "## Appointment\n\nPeter Quill is appointed as Head of Operations of Globex GmbH with effect from 1 April 2024."
}

const RESULT_KEYS = [
  "answer", "candidates_seen", "clarification", "coverage", "evidences", "exhausted", "interpretation", "reasoning", "result_type", "session_id", "steps_used",
  "tool_calls"
]
const AGENT_TOOLS = ["hybrid-search", "folder-metadata", "file-metadata", "read-file", "qa-file", "kg-search", "kg-walk"]

export const workspaceIntelligentSearchHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace fact and deep search over HTTP (${name})`, { timeout: 120_000 }, () => {
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
    const uploadAll = (key: string, ws: string, files: ReadonlyArray<SearchFile>) => client().upload(key, ws, files)
    /** polls the job (GET /v1/jobs/{id}) until it is terminal */
    const settle = (key: string, first: JsonResponse) => client().settle(key, first, "intelligent_search")
    const waitJob = (key: string, first: JsonResponse) => client().succeeded(key, first, "intelligent_search")

    const setup = async () => {
      const t = await api.tenant()
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: { name: "isearch", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" } }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const ids = await uploadAll(all, ws, [ANNUAL, HANDBOOK, CONTRACT])
      const ingestion = await api.call("POST", `/v1/workspaces/${ws}/ingestions?wait_seconds=30`, { key: all, body: { selection: { type: "file_ids", file_ids: ids } } })
      expect(ingestion.body.status, JSON.stringify(ingestion.body)).toBe("succeeded")
      const fact = (body: unknown, key = all, workspace = ws, headers: Record<string, string> = {}) =>
        api.call("POST", `/v1/workspaces/${workspace}/fact-search`, { key, body, headers })
      const deep = (body: unknown, key = all, workspace = ws, headers: Record<string, string> = {}) =>
        api.call("POST", `/v1/workspaces/${workspace}/deep-search`, { key, body, headers })
      return { t, ws, all, finance, ids, fact, deep, byPath: new Map([ANNUAL, HANDBOOK, CONTRACT].map((f, i) => [f.path, ids[i]!])) }
    }

    const expectToolCalls = (result: any, tools: ReadonlyArray<string>) => {
      expect(result.tool_calls.length).toBeGreaterThan(0)
      for (const c of result.tool_calls) {
        expect(Object.keys(c).sort()).toEqual(["arguments_digest", "duration_ms", "hits", "tool"])
        expect(tools).toContain(c.tool)
        expect(c.arguments_digest).toMatch(/^[0-9a-f]{64}$/)
        expect(Number.isInteger(c.hits) && c.hits >= 0).toBe(true)
        expect(c.duration_ms).toBeGreaterThanOrEqual(0)
      }
    }

    it("fact search: 202 with an intelligent_search job polled to succeeded; the answer is extracted from the best passage and cited with path, file id, page, quote, relevance", async () => {
      const { fact, all, byPath } = await setup()
      const first = await fact({ query: "When did the auditor sign the accounts?" })
      expect(first.status, JSON.stringify(first.body)).toBe(202)
      expect(first.body.status).toBe("queued")
      const job = await waitJob(all, first)
      const r = job.result
      expect(Object.keys(r).sort()).toEqual(RESULT_KEYS)
      expect(r.result_type).toBe("intelligent_search")
      expect(r.answer).toContain("3 March 2024")
      expect(typeof r.interpretation).toBe("string")
      expect(typeof r.reasoning).toBe("string")
      expect(r.session_id).toBeNull()
      expect(r.clarification).toBeNull()
      expect(r.exhausted).toBe(false)
      expect(r.steps_used).toBe(5)
      expect(r.candidates_seen).toBeGreaterThan(0)
      expect(r.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      const top = r.evidences[0]
      expect(top).toEqual({ source_path: "reports/annual.md", source_file_id: byPath.get("reports/annual.md"), page: 3, quote: expect.stringContaining("auditor signed the accounts"), relevance: expect.any(Number) })
      for (const e of r.evidences) expect(e.relevance >= 0 && e.relevance <= 1).toBe(true)
      expectToolCalls(r, ["hybrid-search", "rerank", "extract-answer"])
      expect(r.tool_calls.map((c: any) => c.tool)).toEqual(["hybrid-search", "rerank", "extract-answer"])
    })

    it("fact search declines rather than invents when no passage says, with no evidences", async () => {
      const { fact, all } = await setup()
      const r = (await waitJob(all, await fact({ query: "What is the chief executive's favourite colour?" }))).result
      expect(r.answer).toMatch(/^The documents do not say/)
      expect(r.evidences).toEqual([])
      expect(r.clarification).toBeNull()
    })

    it("fact search: top_k caps the citations only", async () => {
      const { fact, all } = await setup()
      const many = (await waitJob(all, await fact({ query: "What was the revenue of the North region?" }))).result
      expect(many.evidences.length, JSON.stringify(many.evidences)).toBeGreaterThan(1)
      const one = (await waitJob(all, await fact({ query: "What was the revenue of the North region?", top_k: 1 }))).result
      expect(one.evidences).toEqual([many.evidences[0]])
      expect(one.answer).toBe(many.answer)
    })

    it("access labels: a hidden file never reaches fact search's evidences or answer; coverage counts it with the label that would show it", async () => {
      const { fact, all, finance } = await setup()
      const seen = (await waitJob(all, await fact({ query: "How many days of annual leave?" }))).result
      expect(seen.answer).toContain("25 days")
      expect(seen.evidences[0].source_path).toBe("hr/handbook.md")
      const hidden = (await waitJob(finance, await fact({ query: "How many days of annual leave?" }, finance))).result
      expect(hidden.evidences.map((e: any) => e.source_path)).not.toContain("hr/handbook.md")
      expect(hidden.answer).not.toContain("25 days")
      expect(hidden.coverage.restricted_candidates).toBeGreaterThan(0)
      expect(hidden.coverage.labels_required).toEqual(["hr"])
    })

    it("fact search validates: query, context, top_k bounds; session_id and allow_clarification are 422 pointing to deep-search; unknown fields 422", async () => {
      const { fact } = await setup()
      const fieldsOf = (r: JsonResponse) => (r.body.error.detail?.errors ?? []).map((e: { field: string }) => e.field)
      for (const [body, field] of [
        [{}, "query"],
        [{ query: "  " }, "query"],
        [{ query: "x".repeat(4097) }, "query"],
        [{ query: "leave", context: "c".repeat(20_001) }, "context"],
        [{ query: "leave", top_k: 0 }, "top_k"],
        [{ query: "leave", top_k: 51 }, "top_k"],
        [{ query: "leave", top_k: 1.5 }, "top_k"],
        [{ query: "leave", session_id: "00000000-0000-4000-8000-000000000000" }, "session_id"],
        [{ query: "leave", allow_clarification: false }, "allow_clarification"],
        [{ query: "leave", k: 3 }, "k"]
      ] as const) {
        const r = await fact(body)
        expectV1Error(r, 422, "invalid_request")
        expect(fieldsOf(r), JSON.stringify(r.body)).toContain(field)
        if (field === "session_id" || field === "allow_clarification") expect(r.body.error.message).toContain("deep-search")
      }
      expect((await fact({ query: "x".repeat(4096), context: "c".repeat(20_000), top_k: 50 })).status).toBe(202)
    })

    it("404: unknown or foreign workspace, and a workspace never indexed; the combined intelligent-search stays 404", async () => {
      const { fact, deep, ws, all } = await setup()
      expectV1Error(await fact({ query: "leave" }, all, "00000000-0000-4000-8000-000000000000"), 404, "workspace_not_found")
      const other = await api.tenant()
      expectV1Error(await fact({ query: "leave" }, other.key, ws), 404, "workspace_not_found")
      const fresh = (await api.call("POST", "/v1/workspaces", { key: other.key, body: { name: "fresh" } })).body.workspace_id as string
      const notIndexed = await fact({ query: "leave" }, other.key, fresh)
      expectV1Error(notIndexed, 404, "workspace_not_found")
      expect(notIndexed.body.error.message).toContain("not been indexed")
      expectV1Error(await deep({ query: "leave" }, other.key, fresh), 404, "workspace_not_found")
      expect((await api.call("POST", `/v1/workspaces/${ws}/intelligent-search`, { key: all, body: { query: "leave" } })).status).toBe(404)
    })

    it("Idempotency-Key: the same body from the same key replays the job; another body is 409", async () => {
      const { fact, all, finance } = await setup()
      const a = await fact({ query: "supplier risk" }, all, undefined, { "Idempotency-Key": "isearch-1" })
      const b = await fact({ query: "supplier risk" }, all, undefined, { "Idempotency-Key": "isearch-1" })
      expect(b.body.job_id).toBe(a.body.job_id)
      expectV1Error(await fact({ query: "supplier risks" }, all, undefined, { "Idempotency-Key": "isearch-1" }), 409, "idempotency_key_reused")
      expectV1Error(await fact({ query: "supplier risk" }, finance, undefined, { "Idempotency-Key": "isearch-1" }), 409, "idempotency_key_reused")
      await waitJob(all, a)
    })

    it("deep search: an agent over the workspace tools answers with citations of visible files, tool_calls with hex digests, and a new session id", async () => {
      const { deep, all, byPath } = await setup()
      const r = (await waitJob(all, await deep({ query: "When did the auditor sign the accounts?" }))).result
      expect(Object.keys(r).sort()).toEqual(RESULT_KEYS)
      expect(r.result_type).toBe("intelligent_search")
      expect(r.session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      expect(r.answer).toContain("3 March 2024")
      expect(r.clarification).toBeNull()
      expect(r.exhausted).toBe(false)
      expect(r.evidences[0]).toMatchObject({ source_path: "reports/annual.md", source_file_id: byPath.get("reports/annual.md"), page: 3 })
      expect(r.evidences[0].quote).toContain("auditor")
      expectToolCalls(r, AGENT_TOOLS)
      expect(r.tool_calls.map((c: any) => c.tool)).toEqual(["hybrid-search", "qa-file"])
      expect(r.steps_used).toBe(r.tool_calls.length)
      expect(r.candidates_seen).toBeGreaterThan(0)
    })

    it("deep search: a query of several questions is decomposed; the step budget running out is exhausted, still a success with an answer", async () => {
      const { deep, all } = await setup()
      const query = "When did the auditor sign the accounts? How many days of annual leave? Who are the parties of the supply agreement? What is the main risk?"
      const low = (await waitJob(all, await deep({ query }))).result
      expect(low.exhausted).toBe(true)
      expect(low.steps_used).toBe(6)
      expect(low.tool_calls).toHaveLength(6)
      expect(typeof low.answer).toBe("string")
      expect(low.answer).toContain("3 March 2024")
      const medium = (await waitJob(all, await deep({ query, tier: "medium" }))).result
      expect(medium.exhausted).toBe(false)
      expect(medium.steps_used).toBeLessThan(12)
      expect(medium.answer).toContain("3 March 2024")
      expect(medium.answer).toContain("25 days")
      expect(medium.answer).toContain("Shenzhen")
    })

    it("deep search reads the knowledge graph for a question about entities and relations: kg-search on the names, kg-walk from them, the relations' evidence as its evidences; with no graph built it reads the text, trying the graph once", async () => {
      const t = await api.tenant()
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const ws = (await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: { name: "group", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" } }
      })).body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const ids = await uploadAll(all, ws, [GROUP, SUPPLY, APPOINTMENT])
      await client().ingest(all, ws, ids)
      const deep = async (query: string, key = all, tier = "low") =>
        (await waitJob(key, await api.call("POST", `/v1/workspaces/${ws}/deep-search`, { key, body: { query, tier } }))).result
      const tools = (r: any) => r.tool_calls.map((c: any) => c.tool)
      const cfo = "Who is the Chief Financial Officer of Northwind Holdings Ltd?"

      // no graph yet: kg-search answers kg_not_built and the run reads the text, as it would without the graph tools
      const text = await deep(cfo)
      expect(tools(text)).toEqual(["kg-search", "hybrid-search", "qa-file"])
      expect(text.tool_calls[0].hits).toBe(0)
      expect(text.answer).toContain("Jane Miller")
      expect(text.evidences[0]).toMatchObject({ source_path: GROUP.path, source_file_id: ids[0] })
      expect(text.reasoning).toContain("no knowledge graph")
      // two questions for the graph in one run: the graph is tried once
      const twice = await deep(`${cfo} Which companies are subsidiaries of Northwind Holdings Ltd?`, all, "medium")
      expect(tools(twice).filter((x: string) => x === "kg-search")).toHaveLength(1)
      expect(tools(twice)).not.toContain("kg-walk")

      const build = await api.call("POST", `/v1/workspaces/${ws}/knowledge-graph/builds?wait_seconds=60`, { key: all, body: {} })
      await client().succeeded(all, build, "kg_build")

      // the graph built: the entity is looked up, walked from, and the relation's evidence cited
      const graph = await deep(cfo)
      expect(tools(graph)).toEqual(["kg-search", "kg-walk"])
      expect(graph.steps_used).toBe(2)
      expect(graph.exhausted).toBe(false)
      expect(graph.tool_calls[0].hits).toBeGreaterThan(0)
      expect(graph.answer).toBe("Jane Miller is Chief Financial Officer of Northwind Holdings Ltd.")
      expect(graph.evidences[0]).toMatchObject({
        source_path: GROUP.path,
        source_file_id: ids[0],
        quote: "Jane Miller is the Chief Financial Officer of Northwind Holdings Ltd."
      })
      expect(graph.reasoning).toContain("knowledge graph")
      expectToolCalls(graph, AGENT_TOOLS)
      // an acronym is a role spelt out; relations of another kind do not answer
      const acronym = await deep("Who is the CFO of Northwind Holdings Ltd?")
      expect(acronym.answer).toBe(graph.answer)
      const subsidiaries = await deep("Which companies are subsidiaries of Northwind Holdings Ltd?")
      expect(tools(subsidiaries)).toEqual(["kg-search", "kg-walk"])
      expect(subsidiaries.answer).toBe("Northwind Logistics Ltd is a subsidiary of Northwind Holdings Ltd.")
      expect(subsidiaries.evidences.map((e: any) => e.quote)).toEqual(["Northwind Logistics Ltd is a wholly owned subsidiary of Northwind Holdings Ltd."])
      // two entities named: both looked up, one walk from both
      const parties = await deep("Who are the parties of the contract between Northwind Logistics Ltd and Globex GmbH?")
      expect(tools(parties)).toEqual(["kg-search", "kg-search", "kg-walk"])
      expect(parties.answer).toContain("Northwind Logistics Ltd is a party to")
      expect(parties.answer).toContain("Globex GmbH is a party to")
      expect(parties.evidences[0]).toMatchObject({ source_path: SUPPLY.path, quote: expect.stringContaining("between Northwind Logistics Ltd and Globex GmbH") })
      // an open question: every relation of the entity
      const related = await deep("What is related to Globex GmbH?")
      expect(related.answer).toMatch(/Peter Quill is Head of Operations of Globex GmbH/i)
      expect(related.answer).toContain("Globex GmbH is a party to")
      expect(related.evidences.map((e: any) => e.source_path).sort()).toEqual([APPOINTMENT.path, SUPPLY.path])

      // access: what only a hidden file says never reaches the graph's answer; the text is read and declines
      const head = "Who is the Head of Operations of Globex GmbH?"
      expect((await deep(head)).answer).toMatch(/^Peter Quill is Head of Operations of Globex GmbH\.$/i)
      const hidden = await deep(head, finance)
      expect(tools(hidden).slice(0, 3)).toEqual(["kg-search", "kg-walk", "hybrid-search"])
      expect(JSON.stringify(hidden)).not.toContain("Peter Quill")
      expect(hidden.evidences.map((e: any) => e.source_path)).not.toContain(APPOINTMENT.path)
      expect(hidden.answer).toMatch(/The documents do not say/)
      expect(hidden.coverage.labels_required).toEqual(["hr"])
      const openHidden = await deep("What is related to Globex GmbH?", finance)
      expect(JSON.stringify(openHidden)).not.toContain("Peter Quill")
      expect(openHidden.answer).toContain("Globex GmbH is a party to")
    })

    it("deep search declines rather than invents, and hidden files never reach it: coverage sums what the tools withheld", async () => {
      const { deep, finance } = await setup()
      const r = (await waitJob(finance, await deep({ query: "How many days of annual leave?" }, finance))).result
      expect(r.answer).toMatch(/The documents do not say/)
      expect(r.evidences.map((e: any) => e.source_path)).not.toContain("hr/handbook.md")
      expect(JSON.stringify(r)).not.toContain("25 days")
      expect(r.coverage.restricted_candidates).toBeGreaterThan(0)
      expect(r.coverage.labels_required).toEqual(["hr"])
    })

    it("clarification: with allow_clarification a query with nothing to search asks one question (answer, interpretation, reasoning null, no evidences); without, it answers", async () => {
      const { deep, all } = await setup()
      const asked = (await waitJob(all, await deep({ query: "What about it?", allow_clarification: true }))).result
      expect(typeof asked.clarification).toBe("string")
      expect(asked.clarification.length).toBeGreaterThan(0)
      expect(asked.answer).toBeNull()
      expect(asked.interpretation).toBeNull()
      expect(asked.reasoning).toBeNull()
      expect(asked.evidences).toEqual([])
      expect(asked.steps_used).toBe(0)
      expect(typeof asked.session_id).toBe("string")
      const not = (await waitJob(all, await deep({ query: "What about it?" }))).result
      expect(not.clarification).toBeNull()
      expect(typeof not.answer).toBe("string")
      // a clear query is answered even when a clarification is allowed
      const clear = (await waitJob(all, await deep({ query: "What is the main risk?", allow_clarification: true }))).result
      expect(clear.clarification).toBeNull()
      expect(clear.answer).toContain("Shenzhen")
    })

    it("sessions: session_id continues the thread with its earlier turns; only the key that began it, in its workspace (else 404 session_not_found)", async () => {
      const { deep, all, finance, ws, t } = await setup()
      const first = (await waitJob(all, await deep({ query: "What is the main risk?" }))).result
      const sid = first.session_id
      const next = (await waitJob(all, await deep({ query: "What about it?", session_id: sid, allow_clarification: true }))).result
      expect(next.session_id).toBe(sid)
      expect(next.clarification).toBeNull()
      expect(next.interpretation).toContain("What is the main risk?")
      expect(next.answer).toContain("Shenzhen")
      expectV1Error(await deep({ query: "What about it?", session_id: sid }, finance), 404, "session_not_found")
      expectV1Error(await deep({ query: "leave", session_id: "00000000-0000-4000-8000-000000000000" }), 404, "session_not_found")
      const w2 = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "other" } })
      const ids = await uploadAll(all, w2.body.workspace_id, [{ path: "a.md", content: "## A\n\nThe main risk is rain." }])
      await api.call("POST", `/v1/workspaces/${w2.body.workspace_id}/ingestions?wait_seconds=30`, { key: all, body: { selection: { type: "file_ids", file_ids: ids } } })
      expectV1Error(await deep({ query: "risk", session_id: sid }, all, w2.body.workspace_id), 404, "session_not_found")
      expect(ws).not.toBe(w2.body.workspace_id)
    })

    it("sessions: 409 session_busy while a run of the session is queued or in flight; free again once it finished", async () => {
      const { deep, all } = await setup()
      const sid = (await waitJob(all, await deep({ query: "What is the main risk?" }))).result.session_id
      await target.admin.faults.set({ model_delay_ms: 5_000 })
      const running = await deep({ query: "When did the auditor sign the accounts?", session_id: sid })
      expect(running.status, JSON.stringify(running.body)).toBe(202)
      const queued = await deep({ query: "How many days of annual leave?", session_id: sid })
      expectV1Error(queued, 409, "session_busy")
      // the run is in flight: its first engine call sleeps on the service clock
      for (let i = 0; i < 4000 && (await target.pendingSleeps(5_000)) === 0; i++) await new Promise((x) => setTimeout(x, 5))
      expect(await target.pendingSleeps(5_000)).toBeGreaterThan(0)
      const busy = await deep({ query: "How many days of annual leave?", session_id: sid })
      expectV1Error(busy, 409, "session_busy")
      expect(busy.body.error.detail.job_id).toBe(running.body.job_id)
      await target.admin.faults.set({ model_delay_ms: 0 })
      await target.admin.clock.advance(5_000)
      const done = await waitJob(all, running)
      expect(done.result.session_id).toBe(sid)
      const again = await deep({ query: "How many days of annual leave?", session_id: sid })
      expect(again.status, JSON.stringify(again.body)).toBe(202)
      expect((await waitJob(all, again)).result.answer).toContain("25 days")
      // another session was never held by it
      expect((await waitJob(all, await deep({ query: "leave" }))).status).toBe("succeeded")
    })

    it("deleting the workspace removes its sessions (a teardown step of its own)", async () => {
      const { deep, all, ws, t } = await setup()
      await waitJob(all, await deep({ query: "What is the main risk?" }))
      const gone = await api.call("DELETE", `/v1/workspaces/${ws}`, { key: t.key, body: { confirm_name: "isearch" } })
      expect([200, 202], JSON.stringify(gone.body)).toContain(gone.status)
      let dj = gone.body
      for (let i = 0; i < 2000 && !["succeeded", "failed"].includes(dj.status); i++) {
        await new Promise((x) => setTimeout(x, 5))
        dj = (await api.call("GET", `/v1/jobs/${gone.body.job_id}`, { key: t.key })).body
      }
      expect(dj.status, JSON.stringify(dj)).toBe("succeeded")
      expect(dj.result.steps).toContain("search_sessions")
    })

    it("deep search validates: tier low, medium, high; an unavailable tier is 422 with no fallback; top_k is 422 pointing to fact-search; query and context bounds", async () => {
      const { deep } = await setup()
      const fieldsOf = (r: JsonResponse) => (r.body.error.detail?.errors ?? []).map((e: { field: string }) => e.field)
      for (const [body, field] of [
        [{}, "query"],
        [{ query: "x".repeat(4097) }, "query"],
        [{ query: "leave", context: "c".repeat(20_001) }, "context"],
        [{ query: "leave", tier: "ultra" }, "tier"],
        [{ query: "leave", tier: "high" }, "tier"],
        [{ query: "leave", top_k: 3 }, "top_k"],
        [{ query: "leave", allow_clarification: "yes" }, "allow_clarification"],
        [{ query: "leave", session_id: 7 }, "session_id"]
      ] as const) {
        const r = await deep(body)
        expectV1Error(r, 422, "invalid_request")
        expect(fieldsOf(r), JSON.stringify(r.body)).toContain(field)
        if (field === "top_k") expect(r.body.error.message).toContain("fact-search")
        if (body.tier === "high") expect(r.body.error.message).toContain("not available")
      }
      expect((await deep({ query: "leave", tier: "low", context: "c".repeat(20_000) })).status).toBe(202)
    })
  })
}
