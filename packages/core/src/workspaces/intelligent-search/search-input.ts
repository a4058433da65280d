/**
 * The request bodies of `fact-search` and `deep-search` (spec 3, "Search", "Limits"). Each names the
 * other's options only to refuse them with a message that says where they belong (a plain unknown
 * property would be refused without saying why).
 */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { SEARCH_TIERS } from "../../intelligence/search-agent.js"
import { PathPrefix, Query } from "../search/search-input.js"
import { DEFAULT_TOP_K, MAX_TOP_K } from "./fact-search.js"

export const MAX_CONTEXT_CHARS = 20_000

const Context = Schema.String.pipe(Schema.maxLength(MAX_CONTEXT_CHARS), fieldMessage(`must be a string of at most ${MAX_CONTEXT_CHARS} characters`))

/** present only to be refused with a helpful message */
const Refused = Schema.optional(Schema.Unknown)

export const FactSearchBody = Schema.Struct({
  query: Query,
  context: Schema.optional(Context),
  path_prefix: Schema.optional(PathPrefix),
  top_k: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_TOP_K), fieldMessage(`must be a whole number from 1 to ${MAX_TOP_K} (a cap on citations)`)),
    { default: () => DEFAULT_TOP_K }
  ),
  session_id: Refused,
  allow_clarification: Refused
})
export type FactSearchBody = typeof FactSearchBody.Type

export const DeepSearchBody = Schema.Struct({
  query: Query,
  context: Schema.optional(Context),
  tier: Schema.optionalWith(Schema.Literal(...SEARCH_TIERS).pipe(fieldMessage(`must be one of ${SEARCH_TIERS.join(", ")}`)), { default: () => "low" as const }),
  allow_clarification: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false }),
  path_prefix: Schema.optional(PathPrefix),
  session_id: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200), fieldMessage("must be the session_id of an earlier deep-search result"))),
  top_k: Refused
})
export type DeepSearchBody = typeof DeepSearchBody.Type

export const FACT_SESSION_REFUSAL = "fact search is a single-shot pipeline with no sessions: to continue a conversation use POST /v1/workspaces/{id}/deep-search with session_id"
export const FACT_CLARIFICATION_REFUSAL = "fact search never asks a clarification: use POST /v1/workspaces/{id}/deep-search with allow_clarification true"
export const DEEP_TOP_K_REFUSAL = "deep search decides how many passages to cite: top_k is a fact-search option (POST /v1/workspaces/{id}/fact-search)"
