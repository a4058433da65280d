/**
 * Runs an applied query on the catalog for one caller (spec 3, "Filtered-search rules"): the
 * shape decides the rows (count: none; top N: the first N, no cursor; list: a page of at most
 * 200 with `next_cursor`), `total_matches` is every visible match whatever the page, `coverage`
 * is what the store withheld. `exhaustive` (rule 4) is true when the catalog covers the scope
 * (`catalogCoversScope`) and nothing was withheld: then `total_matches` is a census and zero
 * proves absence for this caller. It is about the matches, not the page: a list page with more
 * to come is still exhaustive. `catalog_drifted` compares the catalog's revision now with the one
 * the query was validated against.
 */
import { Clock, Effect } from "effect"
import type { CatalogCursor } from "../catalog/catalog-query.js"
import { MAX_CATALOG_ROWS } from "../catalog/catalog-query.js"
import { CatalogStore } from "../catalog/catalog-store.js"
import { CATALOG_VERSION } from "../catalog/catalog-version.js"
import type { VisibleLabels } from "../files/file-store.js"
import type { AppliedQuery } from "./applied-query.js"
import { catalogCoversScope } from "./catalog-census.js"
import { encodeFilteredCursor } from "./filtered-search-cursor.js"
import { FILTERED_SEARCH_COLUMNS, type FilteredSearchResult, rowOf } from "./filtered-search-result.js"

export interface QueryRun {
  readonly tenantId: string
  readonly workspaceId: string
  readonly visible: VisibleLabels
  readonly query: AppliedQuery
  readonly interpretation: string | null
  /** the job that ran the query (a page's cursor names it) */
  readonly queryJobId: string
  /** the revision the query was validated against; null: this run validates it */
  readonly validatedRevision: number | null
  readonly after?: CatalogCursor | undefined
}

/** the catalog's current revision (0 for a workspace never catalogued) */
export const catalogRevision = (tenantId: string, workspaceId: string, visible: VisibleLabels) =>
  Effect.map(Effect.flatMap(CatalogStore, (s) => s.coverage(tenantId, workspaceId, visible, CATALOG_VERSION)), (c) => c.revision)

export const runFilteredQuery = (run: QueryRun) =>
  Effect.gen(function*() {
    const q = run.query
    const revision = yield* catalogRevision(run.tenantId, run.workspaceId, run.visible)
    const limit = q.shape === "count" ? 0 : q.shape === "top" ? Math.min(q.n ?? 1, MAX_CATALOG_ROWS) : MAX_CATALOG_ROWS
    const page = yield* Effect.flatMap(CatalogStore, (s) =>
      s.query(run.tenantId, run.workspaceId, {
        visible: run.visible,
        ...(q.path_prefix === "" ? {} : { path_prefix: q.path_prefix }),
        document_types: q.document_types,
        filters: q.filters,
        sort: q.sort ?? undefined,
        after: run.after,
        limit
      }))
    const covered = yield* catalogCoversScope(run.tenantId, run.workspaceId, run.visible, q.path_prefix)
    const validated = run.validatedRevision ?? revision
    const next = q.shape === "list" && page.next_cursor !== null
      ? encodeFilteredCursor({ job_id: run.queryJobId, revision: validated, after: page.next_cursor })
      : null
    const result: FilteredSearchResult = {
      result_type: "filtered_search",
      columns: FILTERED_SEARCH_COLUMNS,
      rows: page.rows.map(rowOf),
      total_matches: page.total,
      next_cursor: next,
      exhaustive: covered && page.withheld.count === 0,
      catalog_drifted: revision !== validated,
      executed_at: new Date(yield* Clock.currentTimeMillis).toISOString(),
      applied_query: q,
      interpretation: run.interpretation,
      clarification: null,
      coverage: { restricted_candidates: page.withheld.count, labels_required: page.withheld.labels }
    }
    return { result, revision: validated }
  })

/** A clarified run (rule 8): one question back, no rows, no applied query, never exhaustive. */
export const clarifiedResult = (question: string) =>
  Effect.map(Clock.currentTimeMillis, (now): FilteredSearchResult => ({
    result_type: "filtered_search",
    columns: FILTERED_SEARCH_COLUMNS,
    rows: [],
    total_matches: 0,
    next_cursor: null,
    exhaustive: false,
    catalog_drifted: false,
    executed_at: new Date(now).toISOString(),
    applied_query: null,
    interpretation: null,
    clarification: question,
    coverage: { restricted_candidates: 0, labels_required: [] }
  }))
