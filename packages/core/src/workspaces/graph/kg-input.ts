/** The graph routes' inputs: shapes, bounds and defaults (spec 3, "Knowledge graph", "Limits"). */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { optionalParam, QueryValue, queryInt, queryLiteral, withDefault } from "../../api/schemas.js"
import { PathPrefix, Query } from "../search/search-input.js"

export const DEFAULT_KG_SEARCH_K = 10
export const MAX_KG_SEARCH_K = 100
export const MAX_START_NODES = 50
export const DEFAULT_HOPS = 2
export const MAX_HOPS = 5
export const DEFAULT_WALK_NODES = 100
export const MAX_WALK_NODES = 500
export const DEFAULT_GRAPH_NODES = 150
export const MAX_GRAPH_NODES = 500
const MAX_TYPES = 100

const TypeNames = Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64))).pipe(
  Schema.maxItems(MAX_TYPES),
  fieldMessage(`must be an array of at most ${MAX_TYPES} type names of the workspace's ontology`)
)

export const KgBuildBody = Schema.Struct({
  force: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false })
})

export const KgInfoQuery = Schema.Struct({
  path_prefix: optionalParam(QueryValue.pipe(Schema.maxLength(4096), fieldMessage("must be a workspace folder path of at most 4096 characters"))),
  include_graph: withDefault(queryLiteral(["true", "false"] as const, "must be true or false"), "false" as const),
  graph_nodes: withDefault(queryInt(1, MAX_GRAPH_NODES), DEFAULT_GRAPH_NODES)
})

export const KgSearchBody = Schema.Struct({
  query: Query,
  k: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_KG_SEARCH_K), fieldMessage(`must be a whole number from 1 to ${MAX_KG_SEARCH_K}`)),
    { default: () => DEFAULT_KG_SEARCH_K }
  ),
  node_types: Schema.optional(TypeNames),
  path_prefix: Schema.optional(PathPrefix)
})
export type KgSearchBody = typeof KgSearchBody.Type

export const KgWalkBody = Schema.Struct({
  start_node_ids: Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64))).pipe(
    Schema.minItems(1),
    Schema.maxItems(MAX_START_NODES),
    fieldMessage(`must be an array of 1 to ${MAX_START_NODES} node ids`)
  ),
  hops: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_HOPS), fieldMessage(`must be a whole number from 1 to ${MAX_HOPS}`)),
    { default: () => DEFAULT_HOPS }
  ),
  edge_types: Schema.optional(TypeNames),
  node_types: Schema.optional(TypeNames),
  max_nodes: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_WALK_NODES), fieldMessage(`must be a whole number from 1 to ${MAX_WALK_NODES}`)),
    { default: () => DEFAULT_WALK_NODES }
  ),
  path_prefix: Schema.optional(PathPrefix)
})
export type KgWalkBody = typeof KgWalkBody.Type
