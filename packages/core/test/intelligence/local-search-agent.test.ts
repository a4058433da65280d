/**
 * The local search agent's planner: decomposition, follow-ups read with the session's previous
 * question, the clarification rule, the plan replayed from the observations (search, then qa-file
 * on the best files, folder-metadata when nothing is found), declining, and the budget.
 */
import { describe, expect, it } from "@effect/vitest"
import type { AgentObservation, AgentState } from "../../src/intelligence/search-agent.js"
import { decompose, LOCAL_TIER_BUDGETS, localSearchAgent, planLocally, readQuery } from "../../src/intelligence/local/local-search-agent.js"

const state = (over: Partial<AgentState> = {}): AgentState => ({
  query: "When is the invoice due?",
  context: null,
  tier: "low",
  allow_clarification: false,
  path_prefix: null,
  history: [],
  observations: [],
  steps_left: 6,
  ...over
})

const search = (query: string, paths: ReadonlyArray<string>): AgentObservation => ({
  tool: "hybrid-search",
  arguments: { query, k: 5 },
  result: { hits: paths.map((path) => ({ path })) }
})
const qa = (path: string, answer: string | null): AgentObservation => ({
  tool: "qa-file",
  arguments: { path, question: "q" },
  result: answer === null ? { found: false, answer: null, citations: [] } : { found: true, answer, citations: [{ quote: answer, page: 2 }] }
})

describe("local search agent", () => {
  it("decomposes at question marks, semicolons and 'and' before a question word; drops parts with no content", () => {
    expect(decompose("What is the term and who are the parties?")).toEqual(["What is the term", "who are the parties?"])
    expect(decompose("When is it due? How much; what?")).toEqual(["When is it due?"])
    expect(decompose("Revenue and costs of the North region")).toEqual(["Revenue and costs of the North region"])
    expect(decompose("a? b? c? d? e? f? g?".replace(/\w/g, (c) => `term${c}`))).toHaveLength(5)
  })

  it("a follow-up leaning on a pronoun or on nothing is read with the previous question; a vague first query is vague", () => {
    const history = [{ query: "What is the notice period of the lease?", answer: "Three months.", clarification: null }]
    const r = readQuery({ query: "Who signed it?", history })
    expect(r.questions[0]).toContain("notice period of the lease")
    expect(r.interpretation).toContain("follow-up")
    expect(readQuery({ query: "What about it?", history }).questions).toEqual(["What is the notice period of the lease?"])
    expect(readQuery({ query: "What about it?", history: [] }).vague).toBe(true)
    expect(readQuery({ query: "What is the notice period?", history: [] }).vague).toBe(false)
  })

  it("asks one question only when allowed and only for a vague query", () => {
    expect(planLocally(state({ query: "it?", allow_clarification: true })).type).toBe("clarify")
    expect(planLocally(state({ query: "it?" }))).toMatchObject({ type: "call", tool: "hybrid-search" })
    expect(planLocally(state({ allow_clarification: true }))).toMatchObject({ type: "call", tool: "hybrid-search" })
  })

  it("replays the plan: search, qa-file on the best file, the next file when the first does not say, then the answer citing its quotes", () => {
    const s0 = state({ path_prefix: "billing/" })
    expect(planLocally(s0)).toEqual({ type: "call", tool: "hybrid-search", arguments: { query: "When is the invoice due?", k: 5, path_prefix: "billing/" } })
    const hits = search("When is the invoice due?", ["a.md", "a.md", "b.md", "c.md"])
    expect(planLocally(state({ observations: [hits] }))).toEqual({ type: "call", tool: "qa-file", arguments: { path: "a.md", question: "When is the invoice due?" } })
    expect(planLocally(state({ observations: [hits, qa("a.md", null)] }))).toMatchObject({ type: "call", tool: "qa-file", arguments: { path: "b.md" } })
    const done = planLocally(state({ observations: [hits, qa("a.md", null), qa("b.md", "It is due on 1 May.")] }))
    expect(done).toMatchObject({ type: "answer", answer: "It is due on 1 May.", citations: [{ path: "b.md", page: 2, quote: "It is due on 1 May." }] })
  })

  it("declines a sub-question nothing supports; with no hit it lists files by name first", () => {
    const none = search("When is the invoice due?", [])
    expect(planLocally(state({ observations: [none] }))).toMatchObject({ type: "call", tool: "folder-metadata", arguments: { directory: "/", name_contains: "invoic" } })
    const listing: AgentObservation = { tool: "folder-metadata", arguments: {}, result: { file_entries: [] } }
    const answer = planLocally(state({ observations: [none, listing] }))
    expect(answer).toMatchObject({ type: "answer", answer: "The documents do not say: “When is the invoice due?”", citations: [] })
  })

  it("with no step left it answers with what it has; tiers are budgets", () => {
    const s = state({ query: "When is the invoice due? Who issued the invoice?", observations: [search("x", ["a.md"]), qa("a.md", "It is due on 1 May.")], steps_left: 0 })
    const answer = planLocally(s)
    expect(answer.type).toBe("answer")
    if (answer.type === "answer") {
      expect(answer.answer).toContain("It is due on 1 May.")
      expect(answer.answer).toContain("The documents do not say: “Who issued the invoice?”")
      expect(answer.reasoning).toContain("budget")
    }
    expect(LOCAL_TIER_BUDGETS).toEqual({ low: 6, medium: 12, high: 24 })
    expect(localSearchAgent({ low: 6, medium: null, high: 24 }).tiers.medium).toBeNull()
  })
})
