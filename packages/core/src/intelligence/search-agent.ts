/**
 * The search agent's port (spec 3, "Search": deep search): given what the run has seen so far, the
 * agent's next step — call one of the workspace tools, answer with citations, or (when allowed)
 * ask one clarifying question. The loop, the tools, access labels and the step budget live in
 * `workspaces/intelligent-search/`; the agent only decides. The local engine's planner
 * (`local/local-search-agent.ts`) and the model engine's tool-calling agent implement it.
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"

export const SEARCH_TIERS = ["low", "medium", "high"] as const
export type SearchTier = (typeof SEARCH_TIERS)[number]

/** The tools the agent may call, named as their routes are. */
export const AGENT_TOOLS = ["hybrid-search", "folder-metadata", "file-metadata", "read-file", "qa-file", "kg-search", "kg-walk"] as const
export type AgentToolName = (typeof AGENT_TOOLS)[number]

/** What a tier runs with: its step budget (tool calls) and the model it names. */
export interface TierPlan {
  readonly max_steps: number
  /** the model behind the tier (the local engine names its planner) */
  readonly model: string
}

/** An earlier turn of the session. */
export interface AgentTurn {
  readonly query: string
  readonly answer: string | null
  readonly clarification: string | null
}

/** A tool call of this run and what the tool answered (its response body, or `{error: {code, message}}`). */
export interface AgentObservation {
  readonly tool: AgentToolName
  readonly arguments: Readonly<Record<string, unknown>>
  readonly result: unknown
}

export interface AgentState {
  readonly query: string
  /** the caller's context: prompt only */
  readonly context: string | null
  readonly tier: SearchTier
  readonly allow_clarification: boolean
  /** the request's folder scope (the tools are scoped to it by the loop too) */
  readonly path_prefix: string | null
  /** the session's earlier turns, oldest first */
  readonly history: ReadonlyArray<AgentTurn>
  readonly observations: ReadonlyArray<AgentObservation>
  /** tool calls left in the budget; at 0 the agent must answer (a call is then ignored) */
  readonly steps_left: number
}

/** A cited passage: the path of an uploaded file (unresolvable or hidden ones are dropped by the loop). */
export interface AgentCitation {
  readonly path: string
  /** the file the passage was read in (the graph's evidence names it): a path now naming another file drops the citation */
  readonly file_id?: string | undefined
  readonly page: number | null
  readonly quote: string
}

export type AgentStep =
  | { readonly type: "call"; readonly tool: AgentToolName; readonly arguments: Readonly<Record<string, unknown>> }
  | {
    readonly type: "answer"
    readonly interpretation: string
    readonly answer: string
    readonly reasoning: string
    readonly citations: ReadonlyArray<AgentCitation>
  }
  | { readonly type: "clarify"; readonly question: string }

export interface SearchAgentService {
  /** each tier's plan; null = the tier is unavailable on this engine (a request naming it is 422, never a fallback) */
  readonly tiers: Readonly<Record<SearchTier, TierPlan | null>>
  readonly next: (state: AgentState) => Effect.Effect<AgentStep, EngineFailed>
}

export class SearchAgent extends Context.Tag("@docket/core/SearchAgent")<SearchAgent, SearchAgentService>() {}
