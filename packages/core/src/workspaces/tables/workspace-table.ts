/**
 * A workspace table: one queryable component of an uploaded file (a sheet, a CSV, a table found in
 * a document), with typed, profiled columns. The descriptor is what the catalog keeps and what
 * `folder-metadata` / `file-metadata` report; the rows live in the SQL engine (`sql-engine.ts`).
 */

/** The column types a table can hold (PostgreSQL: bigint, numeric, boolean, date, timestamp, text). */
export type ColumnType = "integer" | "numeric" | "boolean" | "date" | "timestamp" | "text"

export const COLUMN_TYPES: ReadonlyArray<ColumnType> = ["integer", "numeric", "boolean", "date", "timestamp", "text"]

/** What a component is in its file. */
export type ComponentKind = "sheet" | "csv" | "document_table"

/** A profiled column: min/max are rendered as strings in the column's own order (numbers numerically, dates in time). */
export interface ColumnProfile {
  readonly distinct_count: number
  readonly null_count: number
  readonly min_value: string | null
  readonly max_value: string | null
}

export interface TableColumn {
  /** SQL-safe, unique in the table (`column-names.ts`) */
  readonly name: string
  readonly data_type: ColumnType
  /** the header cell it came from, or null when the table had no header row */
  readonly header: string | null
  readonly profile: ColumnProfile
}

export interface WorkspaceTable {
  /** SQL-safe, unique in the workspace (`table-name.ts`) */
  readonly table_name: string
  readonly file_id: string
  readonly path: string
  /** the sheet or tab name, the CSV's file name, or the document table's name */
  readonly component: string
  readonly component_kind: ComponentKind
  readonly columns: ReadonlyArray<TableColumn>
  readonly row_count: number
  readonly column_count: number
  /** the size of the typed values as loaded (UTF-8 bytes of their text forms) */
  readonly size_bytes: number
}

/** A typed value as loaded: integer and numeric as decimal strings (exact), date `YYYY-MM-DD`, timestamp `YYYY-MM-DDTHH:MM:SS[.fff]`. */
export type TableValue = string | boolean | null

/** One row of typed values, in column order. */
export type TableRow = ReadonlyArray<TableValue>

/** A cell as a parser hands it over. */
export type RawCell = string | number | boolean | Date | null | undefined

/** A value in a query result: numbers that fit a double as numbers, exact decimals and bigints as strings. */
export type SqlValue = string | number | boolean | null

export interface SqlColumn {
  readonly name: string
  /** the engine's type, named as `ColumnType` where it is one, else the engine's name (`double precision`, `json`, …) */
  readonly data_type: string
}

export interface SqlResult {
  readonly columns: ReadonlyArray<SqlColumn>
  /** rows as arrays in column order (two columns may share a name) */
  readonly rows: ReadonlyArray<ReadonlyArray<SqlValue>>
  readonly row_count: number
  /** true when the query had more rows than `maxRows` */
  readonly truncated: boolean
}
