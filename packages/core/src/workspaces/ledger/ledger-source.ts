/**
 * What the ledger engine reads: one workspace table (a sheet or a CSV) with its typed rows, read
 * up to a cap. A source whose rows were not all read says why, so the report's `parsing` counts
 * can tell how much of the population the findings rest on.
 */
import type { ColumnType, ComponentKind, TableRow, WorkspaceTable } from "../tables/workspace-table.js"

/** At most this many rows of one source are read (a journal of a mid-size company fits; a larger one is reported as capped). */
export const MAX_SOURCE_ROWS = 250_000

/**
 * Why a source's rows were not all read: `row_cap` — the engine's `MAX_SOURCE_ROWS`;
 * `read_limit` — the caller handed over fewer rows than the table holds (a store's own limit).
 */
export type CapReason = "row_cap" | "read_limit"

export interface LedgerColumn {
  readonly name: string
  readonly data_type: ColumnType
  /** the header cell the column came from (matched against the field vocabulary before `name`) */
  readonly header: string | null
}

export interface LedgerSource {
  /** stable id of the source in the catalog: the workspace table's name */
  readonly source_id: string
  readonly file_id: string
  readonly path: string
  readonly component: string
  readonly component_kind: ComponentKind
  readonly table_name: string
  readonly columns: ReadonlyArray<LedgerColumn>
  /** rows read, in column order (values as the workspace table holds them) */
  readonly rows: ReadonlyArray<TableRow>
  /** rows the table holds */
  readonly row_count: number
  /** null when every row was read */
  readonly cap: { readonly reason: CapReason; readonly rows_read: number } | null
}

/** A source from a workspace table and the rows read from it (at most `MAX_SOURCE_ROWS` are kept). */
export const ledgerSource = (table: WorkspaceTable, rows: ReadonlyArray<TableRow>, maxRows: number = MAX_SOURCE_ROWS): LedgerSource => {
  const kept = rows.length > maxRows ? rows.slice(0, maxRows) : rows
  const reason: CapReason | null = rows.length > maxRows ? "row_cap" : kept.length < table.row_count ? "read_limit" : null
  return {
    source_id: table.table_name,
    file_id: table.file_id,
    path: table.path,
    component: table.component,
    component_kind: table.component_kind,
    table_name: table.table_name,
    columns: table.columns.map((c) => ({ name: c.name, data_type: c.data_type, header: c.header })),
    rows: kept,
    row_count: Math.max(table.row_count, rows.length),
    cap: reason === null ? null : { reason, rows_read: kept.length }
  }
}

/** Only sheets and CSVs are ledger sources (a table found in a document is a rendering, not a dataset). */
export const isLedgerCandidate = (source: LedgerSource): boolean =>
  source.component_kind !== "document_table" && source.columns.length >= 2 && source.rows.length > 0
