/**
 * The filtered-search result (spec 3, "Filtered-search result"), and a catalog entry as a row.
 * `component` is what the file tools take (`qa-file`, `read-file`: a sheet's tab name; null for a
 * whole document), so a row can be read further (rule 6).
 */
import type { CatalogCell, CatalogEntry, ComponentKind } from "../catalog/catalog-entry.js"
import { CATALOG_FIELDS, type CatalogFieldKind } from "../catalog/catalog-fields.js"
import type { Coverage } from "../intelligent-search/intelligent-search-result.js"
import type { AppliedQuery } from "./applied-query.js"

export interface FilteredSearchColumn {
  readonly field: string
  readonly kind: CatalogFieldKind
  readonly description: string
  readonly repeated: boolean
}

export interface FilteredSearchRow {
  readonly source_path: string
  readonly source_file_id: string
  readonly component: string | null
  readonly component_kind: ComponentKind
  readonly document_type: string | null
  readonly page_start: number | null
  readonly page_end: number | null
  readonly cells: ReadonlyArray<CatalogCell>
}

export interface FilteredSearchResult {
  readonly result_type: "filtered_search"
  readonly columns: ReadonlyArray<FilteredSearchColumn>
  readonly rows: ReadonlyArray<FilteredSearchRow>
  readonly total_matches: number
  readonly next_cursor: string | null
  readonly exhaustive: boolean
  readonly catalog_drifted: boolean
  /** ISO 8601, the service clock when the query ran */
  readonly executed_at: string
  readonly applied_query: AppliedQuery | null
  readonly interpretation: string | null
  readonly clarification: string | null
  readonly coverage: Coverage
}

export const FILTERED_SEARCH_COLUMNS: ReadonlyArray<FilteredSearchColumn> = CATALOG_FIELDS.map((f) => ({
  field: f.field,
  kind: f.kind,
  description: f.description,
  repeated: f.repeated
}))

export const rowOf = (e: CatalogEntry): FilteredSearchRow => ({
  source_path: e.path,
  source_file_id: e.file_id,
  component: e.component,
  component_kind: e.component_kind,
  document_type: e.document_type,
  page_start: e.page_start,
  page_end: e.page_end,
  cells: e.cells
})
