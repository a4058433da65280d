/**
 * The search agent on a chat model with tool calls: one step per request, the run so far replayed
 * as tool-call messages, a model per tier (medium and high only when named), the final JSON answer
 * or clarification parsed; and deep search end to end on the fake endpoint, where the model's
 * citations of hidden or missing files are dropped.
 */
import { listen } from "@docket/adapter-node"
import { Intelligence, ManualClock } from "@docket/core"
import { ADMIN_TOKEN, docsClient, type HttpTarget, remoteTarget, testParserLayer } from "@docket/core/testing"
import { createDocket, readServerConfig } from "@docket/server"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { afterEach } from "vitest"
import { OpenAiIntelligence } from "../src/index.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const state = (over: Partial<Intelligence.AgentState> = {}): Intelligence.AgentState => ({
  query: "When was the contract signed?",
  context: null,
  tier: "low",
  allow_clarification: false,
  path_prefix: null,
  history: [],
  observations: [],
  steps_left: 5,
  ...over
})

const step = (s: Intelligence.AgentState, over = {}) =>
  Effect.flatMap(Intelligence.SearchAgent, (a) => a.next(s)).pipe(Effect.provide(OpenAiIntelligence.layer(config(over))))

const tiers = (over = {}) => Effect.map(Intelligence.SearchAgent, (a) => a.tiers).pipe(Effect.provide(OpenAiIntelligence.layer(config(over))))

describe("search agent", () => {
  it.effect("a tool call back is the next step; the request offers the tools and names the tier's model", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: "", tool_calls: [{ name: "hybrid-search", arguments: { query: "contract signed", k: 5 } }, { name: "qa-file", arguments: {} }] })
      expect(yield* step(state())).toEqual({ type: "call", tool: "hybrid-search", arguments: { query: "contract signed", k: 5 } })
      const body = fake().chats()[0]!.body
      expect(body.model).toBe("fake-chat")
      expect(body.tools.map((t: any) => t.function.name)).toEqual([...Intelligence.AGENT_TOOLS])
      expect(body.tool_choice).toBe("auto")
      expect(body.messages.at(-1)).toEqual({ role: "user", content: "When was the contract signed?" })
      expect(body.messages[0].content).toContain("at most 5 more tool calls")
    }))

  it.effect("the run so far is replayed: session turns, the query with its context, each call and its result as tool messages", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { interpretation: "the signing date", answer: "On 3 March.", reasoning: "qa-file said so", citations: [{ path: "a.md", page: 2, quote: "signed on 3 March" }, { path: "", quote: "x" }] } })
      const s = state({
        context: "We are auditing.",
        history: [{ query: "Who signed?", answer: "Alice.", clarification: null }],
        observations: [{ tool: "qa-file", arguments: { path: "a.md", question: "when?" }, result: { found: true, answer: "signed on 3 March" } }]
      })
      expect(yield* step(s)).toEqual({ type: "answer", interpretation: "the signing date", answer: "On 3 March.", reasoning: "qa-file said so", citations: [{ path: "a.md", page: 2, quote: "signed on 3 March" }] })
      const messages = fake().chats()[0]!.body.messages
      expect(messages.slice(1)).toEqual([
        { role: "user", content: "Who signed?" },
        { role: "assistant", content: "Alice." },
        { role: "user", content: "When was the contract signed?\n\nContext from the user:\nWe are auditing." },
        { role: "assistant", content: null, tool_calls: [{ id: "call_0", type: "function", function: { name: "qa-file", arguments: JSON.stringify({ path: "a.md", question: "when?" }) } }] },
        { role: "tool", tool_call_id: "call_0", content: JSON.stringify({ found: true, answer: "signed on 3 March" }) }
      ])
    }))

  it.effect("no step left: no tools are offered and the model's answer ends the run; a reply that is not the JSON asked for is the answer itself", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: "The documents do not say." })
      expect(yield* step(state({ steps_left: 0 }))).toMatchObject({ type: "answer", answer: "The documents do not say.", citations: [] })
      const body = fake().chats()[0]!.body
      expect(body.tools).toBeUndefined()
      expect(body.messages[0].content).toContain("no tool calls left")
    }))

  it.effect("a clarification is taken only when allowed", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { clarification: "Which contract?" } })
      expect(yield* step(state({ allow_clarification: true }))).toEqual({ type: "clarify", question: "Which contract?" })
      expect((yield* step(state())).type).toBe("answer")
    }))

  it.effect("tiers: low is the chat model unless named; medium and high are unavailable unless a model is named; budgets per tier", () =>
    Effect.gen(function*() {
      expect(yield* tiers()).toEqual({ low: { model: "fake-chat", max_steps: 8 }, medium: null, high: null })
      expect(yield* tiers({ searchModels: { medium: "big", high: "bigger" }, searchSteps: { high: 40 } })).toEqual({
        low: { model: "fake-chat", max_steps: 8 },
        medium: { model: "big", max_steps: 16 },
        high: { model: "bigger", max_steps: 40 }
      })
      fake().chat = () => ({ content: { answer: "x", interpretation: "", reasoning: "", citations: [] } })
      yield* step(state({ tier: "medium" }), { searchModels: { medium: "big" } })
      expect(fake().chats()[0]!.body.model).toBe("big")
    }))
})

describe("deep search on the model engine, end to end", () => {
  let target: HttpTarget | undefined
  afterEach(async () => {
    await target?.close()
    target = undefined
  })

  it("tool calls run with the caller's labels; citations of hidden, missing or derived files are dropped; an unnamed tier is 422", async () => {
    const engine = (await readServerConfig({ DOCKET_ENGINE: "openai", DOCKET_AI_BASE_URL: fake().url, DOCKET_AI_CHAT_MODEL: "fake-chat", DOCKET_AI_TIMEOUT_MS: "5000" })).engine
    const docket = createDocket({ engine, clock: new ManualClock(), parser: testParserLayer, settings: { adminToken: ADMIN_TOKEN } })
    const server = await listen(docket, { port: 0 })
    target = remoteTarget(server.url, ADMIN_TOKEN, async () => {
      await server.close()
      await docket.dispose()
    })
    const api = docsClient(target)
    const t = await api.tenant()
    for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: n } })
    const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "e2e", access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" } } })).body.workspace_id
    const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
    const ids: Array<string> = []
    for (const [path, content, label] of [["reports/annual.md", "## Notes\n\nThe auditor signed the accounts on 3 March 2024.", "finance"], ["hr/pay.md", "## Pay\n\nThe auditor is paid 900 a day.", "hr"]]) {
      const form = new FormData()
      form.append("file", new Blob([content!]), path!.split("/").pop()!)
      form.append("metadata", JSON.stringify({ path, access_label: label }))
      ids.push((await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key: all, raw: form })).body.result.file.file_id)
    }
    const ingested = await api.call("POST", `/v1/workspaces/${ws}/ingestions?wait_seconds=30`, { key: all, body: { selection: { type: "file_ids", file_ids: ids } } })
    expect(ingested.body.result?.files_ingested, JSON.stringify(ingested.body)).toBe(2)
    const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key

    let toolResult = ""
    const previous = fake().chat
    fake().chat = (body: any) => {
      if (body.tools === undefined && !body.messages.some((m: any) => m.role === "tool")) return previous(body)
      const tool = body.messages.find((m: any) => m.role === "tool")
      if (tool === undefined) return { content: "", tool_calls: [{ name: "hybrid-search", arguments: { query: "auditor" } }] }
      toolResult = tool.content
      return {
        content: {
          interpretation: "when the auditor signed",
          answer: "On 3 March 2024.",
          reasoning: "the annual report says so",
          citations: [
            { path: "hr/pay.md", page: null, quote: "The auditor is paid 900 a day." },
            { path: "missing.md", page: 1, quote: "made up" },
            { path: "_derived/reports/annual.md/document.md", page: null, quote: "derived" },
            { path: "reports/annual.md", page: null, quote: "The auditor signed the accounts on 3 March 2024." }
          ]
        }
      }
    }
    expect((await api.call("POST", `/v1/workspaces/${ws}/deep-search`, { key: finance, body: { query: "When did the auditor sign?", tier: "medium" } })).body.error.code).toBe("invalid_request")
    let job = (await api.call("POST", `/v1/workspaces/${ws}/deep-search?wait_seconds=30`, { key: finance, body: { query: "When did the auditor sign?" } })).body
    for (let i = 0; i < 2000 && !["succeeded", "failed"].includes(job.status); i++) {
      await new Promise((x) => setTimeout(x, 5))
      job = (await api.call("GET", `/v1/jobs/${job.job_id}`, { key: finance })).body
    }
    expect(job.status, JSON.stringify(job)).toBe("succeeded")
    const r = job.result
    expect(r.answer).toBe("On 3 March 2024.")
    expect(r.evidences).toEqual([{ source_path: "reports/annual.md", source_file_id: ids[0], quote: "The auditor signed the accounts on 3 March 2024.", relevance: expect.any(Number) }])
    expect(r.tool_calls).toHaveLength(1)
    expect(r.tool_calls[0]).toMatchObject({ tool: "hybrid-search", hits: 1 })
    expect(r.tool_calls[0].arguments_digest).toMatch(/^[0-9a-f]{64}$/)
    expect(toolResult).toContain("reports/annual.md")
    expect(toolResult).not.toContain("hr/pay.md")
    expect(r.coverage).toEqual({ restricted_candidates: 1, labels_required: ["hr"] })
  })
})
