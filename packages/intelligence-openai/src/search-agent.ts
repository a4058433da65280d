/**
 * Deep search's agent on a chat model with tool calls. Each step sends the whole run so far — the
 * instructions, the session's earlier turns, the query (and the caller's context), then every tool
 * call with its result as `assistant.tool_calls` / `tool` messages — with the workspace tools as
 * functions. A tool call back is the next step (only the first, if the model asks for several: the
 * budget counts calls one by one); a text answer is the JSON `{interpretation, answer, reasoning,
 * citations: [{path, page, quote}]}`, or `{clarification}` when clarifications are allowed. With no
 * step left the tools are not offered and the model must answer.
 *
 * Tiers are models (`searchModels`; `low` is the chat model unless named; `medium` and `high` exist
 * only when named) with their own budgets (`searchSteps`).
 */
import { Intelligence } from "@docket/core"
import { Effect } from "effect"
import type { ChatMessage, OpenAiClient, ToolDefinition } from "./internal/client.js"
import { bounded, engineFailed } from "./internal/text.js"

/** characters of one tool result shown to the model */
export const MAX_OBSERVATION_CHARS = 12_000

const str = { type: "string" }
const int = { type: "integer" }

export const SEARCH_TOOLS: ReadonlyArray<ToolDefinition> = [
  {
    name: "hybrid-search",
    description: "Keyword and semantic search over the workspace's ingested files: passages (path, page, snippet) in score order.",
    parameters: { type: "object", properties: { query: str, k: { ...int, minimum: 1, maximum: 100 }, path_prefix: str, categories: { type: "array", items: str } }, required: ["query"], additionalProperties: false }
  },
  {
    name: "folder-metadata",
    description: "What a directory holds: file entries (path, status, category), counts, subdirectories.",
    parameters: { type: "object", properties: { directory: str, recursive: { type: "boolean" }, category: str, name_contains: str, kind: { type: "string", enum: ["table", "document", "media"] } }, additionalProperties: false }
  },
  {
    name: "file-metadata",
    description: "One file's shape: kind, status, pages, components (sections, sheets), summary.",
    parameters: { type: "object", properties: { path: str }, required: ["path"], additionalProperties: false }
  },
  {
    name: "read-file",
    description: "The text of an ingested file: whole, one component, or some pages; bounded, with next_offset.",
    parameters: { type: "object", properties: { path: str, component: str, pages: { type: "array", items: { ...int, minimum: 1 } }, offset: { ...int, minimum: 0 }, max_chars: { ...int, minimum: 1 } }, required: ["path"], additionalProperties: false }
  },
  {
    name: "qa-file",
    description: "Answer a question from one ingested file only, with quotes (page, component).",
    parameters: { type: "object", properties: { path: str, question: str, component: str, pages: { type: "array", items: { ...int, minimum: 1 } } }, required: ["path", "question"], additionalProperties: false }
  },
  {
    name: "kg-search",
    description: "The workspace's knowledge graph: entities (organisations, people, contracts, …) whose names or facts match, with their facts (quoted, with file and page) and degree.",
    parameters: { type: "object", properties: { query: str, k: { ...int, minimum: 1, maximum: 100 }, node_types: { type: "array", items: str }, path_prefix: str }, required: ["query"], additionalProperties: false }
  },
  {
    name: "kg-walk",
    description: "The knowledge graph around entities (node ids from kg-search): related entities up to some hops, the relations with their quotes, and paths.",
    parameters: {
      type: "object",
      properties: { start_node_ids: { type: "array", items: str }, hops: { ...int, minimum: 1, maximum: 5 }, edge_types: { type: "array", items: str }, node_types: { type: "array", items: str }, max_nodes: { ...int, minimum: 1, maximum: 500 } },
      required: ["start_node_ids"],
      additionalProperties: false
    }
  }
]

const instructions = (state: Intelligence.AgentState) =>
  [
    "You answer the user's query about a workspace of documents by calling the tools given, one at a time.",
    "Answer only from what the tools returned, never from outside knowledge; when the documents do not say, answer that they do not say.",
    "When you are done, call no tool and reply with only a JSON object: {\"interpretation\": how you read the query, \"answer\": the answer, \"reasoning\": how the tool results support it, \"citations\": [{\"path\": file path, \"page\": page number or null, \"quote\": exact text from the file}]}.",
    state.allow_clarification
      ? "If the query is too vague to search, you may instead reply with only {\"clarification\": one question to the user}."
      : "Never ask the user a question: do your best with the query as written.",
    state.path_prefix === null ? "" : `Only files under ${state.path_prefix} are in scope.`,
    state.steps_left > 0 ? `You may make at most ${state.steps_left} more tool calls.` : "You have no tool calls left: answer now with what you found."
  ].filter((s) => s !== "").join(" ")

export const searchMessages = (state: Intelligence.AgentState): Array<ChatMessage> => {
  const messages: Array<ChatMessage> = [{ role: "system", content: instructions(state) }]
  for (const turn of state.history) {
    messages.push({ role: "user", content: turn.query })
    messages.push({ role: "assistant", content: turn.answer ?? turn.clarification ?? "" })
  }
  messages.push({ role: "user", content: state.context === null ? state.query : `${state.query}\n\nContext from the user:\n${state.context}` })
  state.observations.forEach((o, i) => {
    const id = `call_${i}`
    messages.push({ role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name: o.tool, arguments: JSON.stringify(o.arguments) } }] })
    messages.push({ role: "tool", tool_call_id: id, content: bounded(JSON.stringify(o.result), MAX_OBSERVATION_CHARS) })
  })
  return messages
}

const obj = (x: unknown): Record<string, unknown> => (typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {})
const text = (x: unknown) => (typeof x === "string" ? x.trim() : "")

/** the model's text reply as the agent's last step (a reply that is not the JSON asked for is taken as the answer itself) */
export const finalStep = (state: Intelligence.AgentState, content: string): Intelligence.AgentStep => {
  let parsed: unknown
  try {
    parsed = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""))
  } catch {
    parsed = undefined
  }
  const o = obj(parsed)
  if (state.allow_clarification && text(o.clarification) !== "" && text(o.answer) === "") return { type: "clarify", question: text(o.clarification) }
  if (parsed === undefined || text(o.answer) === "") {
    return { type: "answer", interpretation: `“${state.query.trim()}”`, answer: content.trim() === "" ? "The documents do not say." : content.trim(), reasoning: "", citations: [] }
  }
  const citations = (Array.isArray(o.citations) ? o.citations : []).flatMap((c): Array<Intelligence.AgentCitation> => {
    const x = obj(c)
    const path = text(x.path)
    const quote = text(x.quote)
    if (path === "" || quote === "") return []
    return [{ path, page: typeof x.page === "number" && Number.isInteger(x.page) ? x.page : null, quote }]
  })
  return { type: "answer", interpretation: text(o.interpretation) || `“${state.query.trim()}”`, answer: text(o.answer), reasoning: text(o.reasoning), citations }
}

export const makeSearchAgent = (client: OpenAiClient): Intelligence.SearchAgentService => ({
  tiers: client.config.searchTiers,
  next: (state) => {
    const tier = client.config.searchTiers[state.tier]
    if (tier === null) return Effect.fail(new Intelligence.EngineFailed({ operation: "search_agent", message: `the ${state.tier} tier has no model configured` }))
    const offer = state.steps_left > 0
    return client.chat({ model: tier.model, messages: searchMessages(state), ...(offer ? { tools: SEARCH_TOOLS, toolChoice: "auto" as const } : {}) }).pipe(
      Effect.map((reply): Intelligence.AgentStep => {
        const call = offer ? reply.toolCalls[0] : undefined
        if (call !== undefined) {
          let args: unknown
          try {
            args = JSON.parse(call.arguments)
          } catch {
            args = { unparsable_arguments: call.arguments }
          }
          return { type: "call", tool: call.name as Intelligence.AgentToolName, arguments: obj(args) }
        }
        return finalStep(state, reply.content)
      }),
      Effect.mapError(engineFailed("search_agent"))
    )
  }
})
