/**
 * The local engine's search agent: a deterministic planner (same state, same step). It re-derives
 * its plan from the state on every call, so it keeps nothing between steps:
 *
 * 1. Reading. A follow-up in a session that leans on an earlier turn (a pronoun such as "it", or no
 *    content word of its own) is read together with the previous question. A query with no content
 *    word and nothing to lean on is too vague to search: with `allow_clarification` it asks one
 *    question; without, it searches anyway and declines.
 * 2. Decomposition: the query is cut into sub-questions at question marks, semicolons and at "and"
 *    before a question word ("What is the term and who are the parties?"), at most `MAX_SUB_QUESTIONS`.
 * 3. Per sub-question that names an entity and asks about a relation ("Who is the CFO of Acme Ltd?",
 *    "Which companies are subsidiaries of Northwind?", "What is related to Globex?";
 *    `local-graph-questions.ts`): `kg-search` for each entity named, `kg-walk` one hop from the
 *    nodes that are it, and the relations and facts that bear on the question answer it, citing the
 *    evidence they were read from. When the graph does not say, the text is read as below; when
 *    the workspace has no graph (`kg_not_built`), no graph tool is called again in the run.
 *    Otherwise, and then: `hybrid-search`; then `qa-file` on the best hit's file, then on the next
 *    file when the first does not say. No hit: `folder-metadata` with the sub-question's longest
 *    content word as `name_contains`, and `qa-file` on what it lists.
 * 4. Answer: the graph's statements and the extractive answers found (each cited), and for each
 *    sub-question left unanswered "The documents do not say …" — it declines rather than invents.
 *    When the budget runs out (`steps_left` 0) it answers with what it has.
 *
 * Tiers are budgets: `low` 6 tool calls, `medium` 12, `high` 24 (the planner is the same).
 */
import { Effect, Layer } from "effect"
import type { AgentCitation, AgentObservation, AgentState, AgentStep, SearchAgentService, SearchTier, TierPlan } from "../search-agent.js"
import { SearchAgent } from "../search-agent.js"
import { entityNodes, graphAnswerOf, graphQuestionOf } from "./local-graph-questions.js"
import { terms } from "./text-features.js"

export const LOCAL_SEARCH_AGENT_MODEL = "docket-local-planner"
export const MAX_SUB_QUESTIONS = 5
/** files `qa-file` reads per sub-question at most */
const FILES_PER_QUESTION = 2
const SEARCH_HITS = 5
const GRAPH_HITS = 5
/** a one-hop walk from a few named entities: their relations, not the whole graph */
const GRAPH_WALK_NODES = 100

export const LOCAL_TIER_BUDGETS: Readonly<Record<SearchTier, number>> = { low: 6, medium: 12, high: 24 }

const PRONOUN = /\b(it|its|they|them|their|this|that|these|those|he|she|him|her)\b/i
const ASKING = /\bhow\s+(long|many|much|often|far|old)\b|\b(what|which|who|whom|whose|when|where|why|how|about|tell|me|more|please|anything|something|else)\b/gi

/** the content terms a query asks about (its question words and fillers removed) */
const contentTerms = (text: string) => [...new Set(terms(text.replace(ASKING, " ")))]

/** Sub-questions of a query: at `?`, `;`, and at "and" before a question word. */
export const decompose = (query: string): Array<string> => {
  const parts = query
    .split(/(?<=\?)\s+|;\s*|\s+and\s+(?=(?:what|which|who|whom|whose|when|where|why|how)\b)/i)
    .map((s) => s?.trim() ?? "")
    .filter((s) => contentTerms(s).length > 0)
  const unique = [...new Set(parts)]
  return (unique.length === 0 ? [query.trim()] : unique).slice(0, MAX_SUB_QUESTIONS)
}

interface Reading {
  readonly questions: ReadonlyArray<string>
  readonly interpretation: string
  /** nothing to search for and nothing earlier to lean on */
  readonly vague: boolean
}

/** How the planner reads the query, with the session's previous question when the query leans on it. */
export const readQuery = (state: Pick<AgentState, "query" | "history">): Reading => {
  const query = state.query.trim()
  const own = contentTerms(query)
  const previous = [...state.history].reverse().find((t) => contentTerms(t.query).length > 0)?.query.trim()
  const leans = own.length === 0 || (PRONOUN.test(query) && own.length <= 2)
  if (leans && previous !== undefined) {
    // the follow-up's words searched with the earlier question's subject
    const merged = own.length === 0 ? previous : `${query.replace(/[?.!\s]+$/, "")} (${previous.replace(/[?.!\s]+$/, "")})`
    return { questions: [merged], interpretation: `“${query}”, read as a follow-up of the earlier question “${previous}”: ${merged}`, vague: false }
  }
  const questions = decompose(query)
  const interpretation = questions.length > 1
    ? `${questions.length} questions: ${questions.map((q) => `“${q}”`).join("; ")}`
    : `a question about ${own.length === 0 ? "nothing specific" : own.join(", ")}: “${query}”`
  return { questions, interpretation, vague: own.length === 0 }
}

const CLARIFY = (query: string) =>
  `“${query}” does not say what to look for: which document, party, topic or figure do you mean?`

const obj = (x: unknown): Record<string, any> => (typeof x === "object" && x !== null ? (x as Record<string, any>) : {})

interface Finding {
  readonly question: string
  readonly answer: string | null
  readonly citations: ReadonlyArray<AgentCitation>
  readonly notes: ReadonlyArray<string>
}

const decline = (question: string) => {
  const bare = question.trim().replace(/[.!\s]+$/, "")
  return `The documents do not say: “${bare}”`
}

/**
 * Replays the plan over the observations: either the next call, or the findings of every
 * sub-question (when the plan is done or the budget is spent).
 */
const walk = (state: AgentState, questions: ReadonlyArray<string>): { call: AgentStep } | { findings: ReadonlyArray<Finding> } => {
  const obs: ReadonlyArray<AgentObservation> = state.observations
  let i = 0
  const findings: Array<Finding> = []
  const prefix = state.path_prefix ?? undefined
  const scope = prefix === undefined ? {} : { path_prefix: prefix }
  // until a graph tool answers kg_not_built
  let graphBuilt = true
  const callOrStop = (step: AgentStep, unanswered: ReadonlyArray<string>, notes: Array<string>) => {
    if (state.steps_left > 0) return { call: step }
    for (const q of unanswered) findings.push({ question: q, answer: null, citations: [], notes: q === unanswered[0] ? [...notes, "the step budget ran out"] : ["not reached within the step budget"] })
    return { findings }
  }
  for (let qi = 0; qi < questions.length; qi++) {
    const q = questions[qi]!
    const rest = questions.slice(qi)
    const notes: Array<string> = []
    const graphQuestion = graphBuilt ? graphQuestionOf(q) : null
    if (graphQuestion !== null) {
      const starts: Array<{ readonly node_id: string; readonly title: string }> = []
      for (const entity of graphQuestion.entities) {
        if (i >= obs.length) return callOrStop({ type: "call", tool: "kg-search", arguments: { query: entity, k: GRAPH_HITS, ...scope } }, rest, notes)
        const found = obj(obs[i++]!.result)
        if (obj(found.error).code === "kg_not_built") {
          graphBuilt = false
          notes.push("the workspace has no knowledge graph")
          break
        }
        const nodes = entityNodes(entity, found).filter((n) => !starts.some((s) => s.node_id === n.node_id))
        notes.push(nodes.length === 0 ? `“${entity}” is not in the knowledge graph` : `“${entity}” is in the knowledge graph as ${nodes.map((n) => `“${n.title}”`).join(", ")}`)
        starts.push(...nodes)
      }
      if (graphBuilt && starts.length > 0) {
        const ids = starts.map((n) => n.node_id)
        if (i >= obs.length) return callOrStop({ type: "call", tool: "kg-walk", arguments: { start_node_ids: ids, hops: 1, max_nodes: GRAPH_WALK_NODES, ...scope } }, rest, notes)
        const graphAnswer = graphAnswerOf(graphQuestion, ids, obs[i++]!.result)
        if (graphAnswer !== null) {
          notes.push(graphAnswer.note)
          findings.push({ question: q, answer: graphAnswer.answer, citations: graphAnswer.citations, notes })
          continue
        }
        notes.push("the graph does not say, so the text is searched")
      }
    }
    if (i >= obs.length) return callOrStop({ type: "call", tool: "hybrid-search", arguments: { query: q, k: SEARCH_HITS, ...(prefix === undefined ? {} : { path_prefix: prefix }) } }, rest, notes)
    const search = obj(obs[i++]!.result)
    const hits: Array<Record<string, any>> = Array.isArray(search.hits) ? search.hits : []
    let files = [...new Set(hits.map((h) => String(h.path)))].slice(0, FILES_PER_QUESTION)
    notes.push(`searched “${q}”: ${hits.length} hit${hits.length === 1 ? "" : "s"}`)
    if (files.length === 0) {
      const word = contentTerms(q).sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]
      if (word !== undefined) {
        if (i >= obs.length) {
          return callOrStop({ type: "call", tool: "folder-metadata", arguments: { directory: prefix ?? "/", name_contains: word, ingestion_status: "ingested" } }, rest, notes)
        }
        const listing = obj(obs[i++]!.result)
        const entries: Array<Record<string, any>> = Array.isArray(listing.file_entries) ? listing.file_entries : []
        files = entries.map((e) => String(e.path)).slice(0, FILES_PER_QUESTION)
        notes.push(`listed files named like “${word}”: ${entries.length}`)
      }
    }
    let found: Finding | undefined
    for (const path of files) {
      if (i >= obs.length) return callOrStop({ type: "call", tool: "qa-file", arguments: { path, question: q } }, rest, notes)
      const qa = obj(obs[i++]!.result)
      if (qa.found === true && typeof qa.answer === "string") {
        notes.push(`${path} says so`)
        const citations: Array<AgentCitation> = (Array.isArray(qa.citations) ? qa.citations : []).map((c: any) => ({
          path,
          page: typeof c.page === "number" ? c.page : null,
          quote: String(c.quote ?? "")
        }))
        found = { question: q, answer: qa.answer, citations, notes }
        break
      }
      notes.push(qa.error !== undefined ? `${path} could not be read (${obj(qa.error).code})` : `${path} does not say`)
    }
    findings.push(found ?? { question: q, answer: null, citations: [], notes })
  }
  return { findings }
}

export const planLocally = (state: AgentState): AgentStep => {
  const reading = readQuery(state)
  if (reading.vague && state.allow_clarification && state.observations.length === 0) return { type: "clarify", question: CLARIFY(state.query.trim()) }
  const walked = walk(state, reading.questions)
  if ("call" in walked) return walked.call
  const { findings } = walked
  const answer = findings.map((f) => f.answer ?? decline(f.question)).join(" ")
  const reasoning = findings.map((f) => `${f.question}: ${f.notes.join("; ")}${f.answer === null ? " — no passage states it, so the answer declines" : ""}.`).join(" ")
  return { type: "answer", interpretation: reading.interpretation, answer, reasoning, citations: findings.flatMap((f) => f.citations) }
}

export const localTierPlans = (budgets: Readonly<Record<SearchTier, number | null>> = LOCAL_TIER_BUDGETS): Readonly<Record<SearchTier, TierPlan | null>> => ({
  low: budgets.low === null ? null : { max_steps: budgets.low, model: LOCAL_SEARCH_AGENT_MODEL },
  medium: budgets.medium === null ? null : { max_steps: budgets.medium, model: LOCAL_SEARCH_AGENT_MODEL },
  high: budgets.high === null ? null : { max_steps: budgets.high, model: LOCAL_SEARCH_AGENT_MODEL }
})

/** The planner with the given budgets (null: the tier is switched off, a request naming it is 422). */
export const localSearchAgent = (budgets: Readonly<Record<SearchTier, number | null>> = LOCAL_TIER_BUDGETS): SearchAgentService => ({
  tiers: localTierPlans(budgets),
  next: (state) => Effect.sync(() => planLocally(state))
})

export const localSearchAgentLayer = (budgets?: Readonly<Record<SearchTier, number | null>>): Layer.Layer<SearchAgent> =>
  Layer.succeed(SearchAgent, localSearchAgent(budgets))

export const LocalSearchAgentLive: Layer.Layer<SearchAgent> = localSearchAgentLayer()
