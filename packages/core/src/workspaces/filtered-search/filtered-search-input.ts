/**
 * The request body of `filtered-search` (spec 3, "Search", "Limits"), discriminated by `type`:
 * `query` (a question) or `page` (the `next_cursor` of an earlier result). Unknown fields are 422.
 */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { MAX_CONTEXT_CHARS } from "../intelligent-search/search-input.js"
import { PathPrefix, Query } from "../search/search-input.js"

export const FilteredQueryBody = Schema.Struct({
  type: Schema.Literal("query"),
  query: Query,
  context: Schema.optional(Schema.String.pipe(Schema.maxLength(MAX_CONTEXT_CHARS), fieldMessage(`must be a string of at most ${MAX_CONTEXT_CHARS} characters`))),
  path_prefix: Schema.optional(PathPrefix),
  allow_clarification: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false })
})

export const FilteredPageBody = Schema.Struct({
  type: Schema.Literal("page"),
  cursor: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(8192), fieldMessage("must be the next_cursor of an earlier filtered-search result"))
})

export const FilteredSearchBody = Schema.Union(FilteredQueryBody, FilteredPageBody).annotations({
  message: () => "must be {type: \"query\", query, context?, path_prefix?, allow_clarification?} or {type: \"page\", cursor}"
})
export type FilteredSearchBody = typeof FilteredSearchBody.Type
