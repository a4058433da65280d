/** The request bodies of the search routes: shapes, bounds and defaults (spec 3, "Search", "Limits"). */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { DEFAULT_HITS, MAX_HITS, MAX_QUERY_CHARS } from "./hybrid-search.js"

const MAX_CATEGORIES = 100

export const Query = Schema.String.pipe(
  Schema.maxLength(MAX_QUERY_CHARS),
  Schema.filter((s) => s.trim() !== ""),
  fieldMessage(`must be a non-blank query of at most ${MAX_QUERY_CHARS} characters`)
)

export const PathPrefix = Schema.String.pipe(
  Schema.maxLength(4096),
  fieldMessage("must be a workspace folder path such as contracts/2024/ (at most 4096 characters; \"\" or \"/\" is the whole workspace)")
)

export const HybridSearchBody = Schema.Struct({
  query: Query,
  k: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_HITS), fieldMessage(`must be a whole number from 1 to ${MAX_HITS}`)),
    { default: () => DEFAULT_HITS }
  ),
  path_prefix: Schema.optional(PathPrefix),
  categories: Schema.optional(
    Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))).pipe(
      Schema.maxItems(MAX_CATEGORIES),
      fieldMessage(`must be an array of at most ${MAX_CATEGORIES} categories (group or group/subgroup, 1 to 200 characters each)`)
    )
  )
})
export type HybridSearchBody = typeof HybridSearchBody.Type
