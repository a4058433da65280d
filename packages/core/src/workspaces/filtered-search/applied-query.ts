/**
 * The structured query a filtered search runs (spec 3, "Filtered-search rules"): what the
 * question writer makes of a question, shown as the result's `applied_query` and re-run, as it
 * is, by every page request (rule 2). It is the catalog's `CatalogQuery` without the caller's
 * access, cursor and limit, plus the question's shape:
 * - `count`: `total_matches` only, no rows;
 * - `top` with `n` (1 to 200): the first `n` rows in `sort` order, `total_matches` the matches
 *   before the cutoff, no `next_cursor`;
 * - `list`: pages of at most 200 rows with `next_cursor`.
 *
 * `appliedQueryProblems` is what the job checks before it runs a query a writer (a model) made:
 * the catalog's rules (`catalogQueryProblems`), a shape that fits, document types of the
 * workspace's taxonomy.
 */
import { type CatalogFilter, catalogQueryProblems, type CatalogSort, MAX_CATALOG_ROWS } from "../catalog/catalog-query.js"

export type QueryShape = "count" | "top" | "list"

export interface AppliedQuery {
  readonly shape: QueryShape
  /** `top` only: how many rows; null otherwise */
  readonly n: number | null
  /** the rows' `document_type` is one of these; empty: any */
  readonly document_types: ReadonlyArray<string>
  readonly filters: ReadonlyArray<CatalogFilter>
  readonly sort: CatalogSort | null
  /** the request's normalized `path_prefix`; "" is the whole workspace */
  readonly path_prefix: string
}

export const appliedQueryProblems = (q: AppliedQuery, knownDocumentTypes: ReadonlyArray<string>): ReadonlyArray<string> => {
  const problems: Array<string> = [
    ...catalogQueryProblems({ filters: q.filters, sort: q.sort ?? undefined, limit: 0 })
  ]
  if (q.shape === "top" && (q.n === null || !Number.isInteger(q.n) || q.n < 1 || q.n > MAX_CATALOG_ROWS)) {
    problems.push(`a top-N question needs N from 1 to ${MAX_CATALOG_ROWS}`)
  }
  if (q.shape === "top" && q.sort === null) problems.push("a top-N question needs an order")
  if (q.shape !== "top" && q.n !== null) problems.push("only a top-N question has n")
  for (const t of q.document_types) if (!knownDocumentTypes.includes(t)) problems.push(`\`${t}\` is not a document type of the workspace's domain`)
  return problems
}
