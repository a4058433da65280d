/**
 * The port that turns a filtered-search question into the structured query the catalog runs
 * (spec 3, "Filtered search"): given the question, the catalog's columns and the document types
 * of the workspace's domain (with their aliases), it answers
 * - `query`: the shape (count, top N, list), document types, filters and order, and the
 *   interpretation — one sentence saying how the question was read, which states the currency
 *   assumption whenever money is involved (rule 5);
 * - `clarification`: one question back (only when the caller allowed it);
 * - `cannot_express`: the question asks what the catalog has no column for (or compares amounts
 *   across currencies); the message says why.
 * It never invents a filter value the question does not state. The job validates what it
 * answers (`appliedQueryProblems`) before anything runs.
 *
 * Implementations: the local, rule-based parser (`local/local-filtered-query-writer.ts`) and the
 * model-backed one (`@docket/intelligence-openai`).
 */
import { Context, type Effect } from "effect"
import type { CatalogFilter, CatalogSort } from "../workspaces/catalog/catalog-query.js"
import type { CatalogField } from "../workspaces/catalog/catalog-fields.js"
import type { QueryShape } from "../workspaces/filtered-search/applied-query.js"
import type { EngineFailed } from "./engine-error.js"

export interface QueryDocumentType {
  readonly document_type: string
  readonly aliases: ReadonlyArray<string>
}

export interface FilteredQuestion {
  readonly question: string
  /** what the caller added to help read the question (prompt only) */
  readonly context: string | null
  readonly columns: ReadonlyArray<CatalogField>
  readonly document_types: ReadonlyArray<QueryDocumentType>
  readonly allow_clarification: boolean
}

/** The query part the writer decides (the request adds its `path_prefix`). */
export interface WrittenQuery {
  readonly shape: QueryShape
  readonly n: number | null
  readonly document_types: ReadonlyArray<string>
  readonly filters: ReadonlyArray<CatalogFilter>
  readonly sort: CatalogSort | null
}

export type FilteredQueryPlan =
  | { readonly kind: "query"; readonly query: WrittenQuery; readonly interpretation: string }
  | { readonly kind: "clarification"; readonly question: string }
  | { readonly kind: "cannot_express"; readonly message: string }

export interface FilteredQueryWriterService {
  readonly write: (input: FilteredQuestion) => Effect.Effect<FilteredQueryPlan, EngineFailed>
}

export class FilteredQueryWriter extends Context.Tag("@docket/core/FilteredQueryWriter")<FilteredQueryWriter, FilteredQueryWriterService>() {}
