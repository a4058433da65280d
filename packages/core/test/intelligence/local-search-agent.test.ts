/**
 * The local search agent's planner: decomposition, follow-ups read with the session's previous
 * question, the clarification rule, the plan replayed from the observations (search, then qa-file
 * on the best files, folder-metadata when nothing is found), declining, and the budget.
 */
import { describe, expect, it } from "@effect/vitest"
import type { AgentObservation, AgentState } from "../../src/intelligence/search-agent.js"
import { graphQuestionOf, namedEntities } from "../../src/intelligence/local/local-graph-questions.js"
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

  describe("the knowledge graph", () => {
    const evidence = (quote: string, path = "legal/group.md", page: number | null = 1) => ({
      file_id: "f-1",
      path,
      locator: page === null ? { kind: "text", char_start: 0, char_end: quote.length } : { kind: "page", page, char_start: 0, char_end: quote.length },
      snippet: quote
    })
    const node = (node_id: string, title: string, node_type: string, facts: Array<unknown> = []) => ({ node_id, title, node_type, aliases: [], facts })
    const acme = node("n-acme", "Acme Holdings Ltd", "organisation")
    const found = (nodes: Array<unknown>): AgentObservation => ({ tool: "kg-search", arguments: {}, result: { nodes, coverage: { restricted_candidates: 0, labels_required: [] } } })
    const notBuilt: AgentObservation = { tool: "kg-search", arguments: {}, result: { error: { code: "kg_not_built", message: "no graph" } } }
    const walked: AgentObservation = {
      tool: "kg-walk",
      arguments: {},
      result: {
        nodes: [
          acme,
          node("n-jane", "Jane Doe", "person", [{ predicate: "role", value: "Chief Financial Officer", evidence: evidence("Jane Doe is the CFO of Acme Holdings Ltd.") }]),
          node("n-beta", "Beta Ltd.", "organisation"),
          node("n-doc", "legal/group.md", "document"),
          node("n-bob", "Bob Roe", "person")
        ],
        edges: [
          { edge_id: "e1", edge_type: "employed_by", from_node_id: "n-jane", to_node_id: "n-acme", evidence: [evidence("Jane Doe is the CFO of Acme Holdings Ltd.")] },
          { edge_id: "e2", edge_type: "subsidiary_of", from_node_id: "n-beta", to_node_id: "n-acme", evidence: [evidence("Beta Ltd. is a wholly owned subsidiary of Acme Holdings Ltd.", "legal/tree.md", null)] },
          { edge_id: "e3", edge_type: "mentions", from_node_id: "n-doc", to_node_id: "n-acme", evidence: [evidence("Acme Holdings Ltd")] },
          // between two neighbours: about neither start
          { edge_id: "e4", edge_type: "employed_by", from_node_id: "n-bob", to_node_id: "n-beta", evidence: [evidence("Bob Roe is the finance officer of Beta Ltd.")] }
        ],
        paths: [],
        truncated: false,
        coverage: { restricted_candidates: 0, labels_required: [] }
      }
    }

    it("a question naming an entity and asking about a relation is the graph's; the names are runs of capitalised words", () => {
      expect(namedEntities("Who is the Chief Financial Officer of Northwind Holdings Ltd.?")).toEqual(["Northwind Holdings Ltd."])
      expect(namedEntities("Who signed the contract between Acme Industrial Supplies Ltd and Globex Corporation?")).toEqual(["Acme Industrial Supplies Ltd", "Globex Corporation"])
      expect(namedEntities("Where is Bank of England based?")).toEqual(["Bank of England"])
      expect(namedEntities("Who is Northwind's CFO?")).toEqual(["Northwind"])
      expect(graphQuestionOf("Who is the CFO of Acme Holdings Ltd?")).toMatchObject({ entities: ["Acme Holdings Ltd"], open: false })
      expect([...graphQuestionOf("Who is the CFO of Acme Holdings Ltd?")!.relation]).toEqual(expect.arrayContaining(["chief", "financi", "officer"].map((t) => expect.stringMatching(new RegExp(`^${t}`)))))
      expect(graphQuestionOf("What is related to Globex GmbH?")).toMatchObject({ entities: ["Globex GmbH"], open: true })
      // no entity, or no relation asked about: the text
      expect(graphQuestionOf("Who are the parties of the supply agreement?")).toBeNull()
      expect(graphQuestionOf("What is Northwind's revenue?")).toBeNull()
      expect(graphQuestionOf("When did the auditor sign the accounts?")).toBeNull()
    })

    it("kg-search on the entity, kg-walk one hop from the nodes that are it, and the relation that bears on the question answers, citing its evidence", () => {
      const q = "Who is the CFO of Acme Holdings Ltd?"
      expect(planLocally(state({ query: q, path_prefix: "legal/" }))).toEqual({ type: "call", tool: "kg-search", arguments: { query: "Acme Holdings Ltd", k: 5, path_prefix: "legal/" } })
      // a hit that is not the entity does not start the walk
      const hits = found([node("n-other", "Acme Foods", "organisation"), acme])
      expect(planLocally(state({ query: q, observations: [hits] }))).toEqual({ type: "call", tool: "kg-walk", arguments: { start_node_ids: ["n-acme"], hops: 1, max_nodes: 100 } })
      const done = planLocally(state({ query: q, observations: [hits, walked] }))
      expect(done).toMatchObject({
        type: "answer",
        answer: "Jane Doe is Chief Financial Officer of Acme Holdings Ltd.",
        citations: [{ path: "legal/group.md", file_id: "f-1", page: 1, quote: "Jane Doe is the CFO of Acme Holdings Ltd." }]
      })
      if (done.type === "answer") expect(done.reasoning).toContain("knowledge graph")
      const subsidiaries = planLocally(state({ query: "Which companies are subsidiaries of Acme Holdings Ltd?", observations: [hits, walked] }))
      expect(subsidiaries).toMatchObject({
        answer: "Beta Ltd is a subsidiary of Acme Holdings Ltd.",
        citations: [{ path: "legal/tree.md", page: null, quote: "Beta Ltd. is a wholly owned subsidiary of Acme Holdings Ltd." }]
      })
      // open: every relation of the start (never `mentions`, never its neighbours' relations)
      const open = planLocally(state({ query: "What is related to Acme Holdings Ltd?", observations: [hits, walked] }))
      expect(open.type === "answer" && open.answer.split(". ")).toHaveLength(2)
      expect(open.type === "answer" && open.answer).not.toContain("Bob Roe")
    })

    it("the graph not saying, or not holding the entity, sends the question to the text; kg_not_built stops the graph for the run", () => {
      const q = "Who is the auditor of Acme Holdings Ltd?"
      const hits = found([acme])
      expect(planLocally(state({ query: q, observations: [hits, walked] }))).toMatchObject({ type: "call", tool: "hybrid-search", arguments: { query: q } })
      expect(planLocally(state({ query: q, observations: [found([])] }))).toMatchObject({ type: "call", tool: "hybrid-search" })
      const two = "Who is the CFO of Acme Holdings Ltd? Which companies are subsidiaries of Acme Holdings Ltd?"
      const s1 = [notBuilt, search("x", ["a.md"]), qa("a.md", "Jane Doe is the CFO.")]
      const next = planLocally(state({ query: two, steps_left: 10, observations: s1 }))
      expect(next).toMatchObject({ type: "call", tool: "hybrid-search", arguments: { query: "Which companies are subsidiaries of Acme Holdings Ltd?" } })
      const answer = planLocally(state({ query: two, steps_left: 0, observations: [...s1, search("y", [])] }))
      expect(answer.type === "answer" && answer.reasoning).toContain("no knowledge graph")
    })

    it("the budget spent on the graph: the answer says what it has", () => {
      const answer = planLocally(state({ query: "Who is the CFO of Acme Holdings Ltd?", steps_left: 0, observations: [found([acme])] }))
      expect(answer).toMatchObject({ type: "answer", answer: "The documents do not say: “Who is the CFO of Acme Holdings Ltd?”" })
      expect(answer.type === "answer" && answer.reasoning).toContain("budget")
    })
  })
})
