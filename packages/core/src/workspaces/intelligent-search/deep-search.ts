/**
 * Deep search (spec 3, "Search"): an agent loop over the workspace tools. The agent
 * (`SearchAgent`: the local planner or a model) sees the query, the caller's context, the
 * session's earlier turns and every observation so far, and either calls a tool (`agent-tools.ts`,
 * with the caller's labels), answers, or — only with `allow_clarification` — asks one question.
 *
 * - Budget: the tier's `max_steps` tool calls. With none left the agent is asked for its answer
 *   (`steps_left` 0); a call then is not run. `exhausted` is true when the budget was spent — the
 *   run still succeeds with what the agent could answer.
 * - A clarification asked without `allow_clarification` is not returned: the run answers that the
 *   query is too vague, with the agent's question as its reasoning.
 * - Evidences: the agent's citations resolved to visible uploaded files (`citations.ts`), in the
 *   agent's order, relevance falling with it; `coverage` sums what every tool call withheld;
 *   `candidates_seen` sums the searches' candidates.
 */
import { Effect } from "effect"
import { AGENT_TOOLS, type AgentObservation, type AgentStep, type AgentTurn, SearchAgent, type SearchTier, type TierPlan } from "../../intelligence/search-agent.js"
import { type ToolScope, runTool } from "./agent-tools.js"
import { resolveCitations } from "./citations.js"
import { addCoverage, type Coverage, type IntelligentSearchResult, NO_COVERAGE, type ToolCallRecord } from "./intelligent-search-result.js"
import { argumentsDigest } from "./tool-call-digest.js"

export const MAX_DEEP_EVIDENCES = 50

export interface DeepSearchInput {
  readonly query: string
  readonly context: string | null
  readonly tier: SearchTier
  readonly allow_clarification: boolean
  readonly session_id: string
  readonly history: ReadonlyArray<AgentTurn>
}

const citationRelevance = (i: number) => Math.max(0.1, 1 - i * 0.1)

export const deepSearch = (scope: ToolScope, plan: TierPlan, input: DeepSearchInput) =>
  Effect.gen(function*() {
    const agent = yield* SearchAgent
    const observations: Array<AgentObservation> = []
    const records: Array<ToolCallRecord> = []
    let coverage: Coverage = NO_COVERAGE
    let candidates = 0
    let final: Exclude<AgentStep, { type: "call" }> | undefined
    while (final === undefined) {
      const stepsLeft = Math.max(0, plan.max_steps - records.length)
      const step = yield* agent.next({
        query: input.query,
        context: input.context,
        tier: input.tier,
        allow_clarification: input.allow_clarification,
        path_prefix: scope.pathPrefix === "" ? null : scope.pathPrefix,
        history: input.history,
        observations,
        steps_left: stepsLeft
      })
      if (step.type !== "call") {
        final = step
        break
      }
      if (stepsLeft === 0) {
        // the agent would go on: the budget decides
        final = {
          type: "answer",
          interpretation: `“${input.query.trim()}”`,
          answer: `The search used its ${plan.max_steps} steps before it could answer; a higher tier allows more.`,
          reasoning: `The agent still wanted to call ${step.tool} when the ${input.tier} tier's budget of ${plan.max_steps} tool calls ran out.`,
          citations: []
        }
        break
      }
      if (!(AGENT_TOOLS as ReadonlyArray<string>).includes(step.tool)) {
        observations.push({ tool: step.tool, arguments: step.arguments, result: { error: { code: "invalid_request", message: `there is no tool ${step.tool}: use one of ${AGENT_TOOLS.join(", ")}` } } })
        records.push({ tool: step.tool, arguments_digest: argumentsDigest(step.arguments), hits: 0, duration_ms: 0 })
        continue
      }
      const outcome = yield* runTool(scope, step.tool, step.arguments)
      observations.push({ tool: step.tool, arguments: step.arguments, result: outcome.result })
      records.push(outcome.record)
      coverage = addCoverage(coverage, outcome.coverage)
      candidates += outcome.candidates_seen
    }
    const base = {
      result_type: "intelligent_search" as const,
      coverage,
      candidates_seen: candidates,
      steps_used: records.length,
      exhausted: records.length >= plan.max_steps,
      tool_calls: records,
      session_id: input.session_id
    }
    if (final.type === "clarify") {
      if (input.allow_clarification) {
        return { ...base, evidences: [], reasoning: null, answer: null, interpretation: null, clarification: final.question } satisfies IntelligentSearchResult
      }
      return {
        ...base,
        evidences: [],
        reasoning: final.question,
        answer: `The query is too vague to search; ask again naming what to look for (or allow a clarification).`,
        interpretation: `“${input.query.trim()}”`,
        clarification: null
      } satisfies IntelligentSearchResult
    }
    const evidences = yield* resolveCitations(
      scope.tenantId,
      scope.workspaceId,
      scope.visible,
      final.citations.map((c, i) => ({ path: c.path, file_id: c.file_id, page: c.page, quote: c.quote, relevance: citationRelevance(i) }))
    )
    return {
      ...base,
      evidences: evidences.slice(0, MAX_DEEP_EVIDENCES),
      reasoning: final.reasoning,
      answer: final.answer,
      interpretation: final.interpretation,
      clarification: null
    } satisfies IntelligentSearchResult
  })
