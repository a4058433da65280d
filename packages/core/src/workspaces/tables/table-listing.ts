/**
 * The table parts of the file tools: `folder-metadata`'s `include_tables` (`tables` and the
 * `shared_columns` join candidates) and `file-metadata`'s table `components`, from descriptors.
 * A join candidate is a column name present in two or more tables (with compatible types: numbers
 * with numbers, else the same type), most occurrences first, then by name; each occurrence carries
 * its profile so a caller can judge the join (a key has distinct_count near row_count, and
 * overlapping min/max).
 */
import type { ColumnType, WorkspaceTable } from "./workspace-table.js"

export const MAX_LISTED_TABLES = 500
export const MAX_SHARED_COLUMNS = 40
export const MAX_SHARED_OCCURRENCES = 5

export interface TableEntry {
  readonly path: string
  readonly component: string
  readonly row_count: number
  readonly column_count: number
  readonly size_bytes: number
  readonly table_name: string
}

export interface SharedColumnOccurrence {
  readonly table_name: string
  readonly path: string
  readonly component: string
  readonly data_type: ColumnType
  readonly distinct_count: number
  readonly row_count: number
  readonly min_value: string | null
  readonly max_value: string | null
}

export interface SharedColumn {
  readonly column: string
  readonly table_count: number
  readonly occurrences: ReadonlyArray<SharedColumnOccurrence>
  readonly occurrences_truncated: boolean
}

export interface TablesListing {
  readonly tables: ReadonlyArray<TableEntry>
  readonly tables_truncated: boolean
  readonly shared_columns: ReadonlyArray<SharedColumn>
  readonly shared_columns_truncated: boolean
}

const family = (t: ColumnType) => (t === "integer" || t === "numeric" ? "number" : t)

const byPathThenComponent = (a: WorkspaceTable, b: WorkspaceTable) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.component < b.component ? -1 : a.component > b.component ? 1 : 0

/** `include_tables` of `folder-metadata` over the (already access-filtered) tables of the listed files. */
export const listTables = (tables: ReadonlyArray<WorkspaceTable>): TablesListing => {
  const sorted = [...tables].sort(byPathThenComponent)
  const listed = sorted.slice(0, MAX_LISTED_TABLES)
  const groups = new Map<string, Array<SharedColumnOccurrence>>()
  for (const t of sorted) {
    for (const c of t.columns) {
      const key = `${c.name}\u0000${family(c.data_type)}`
      const list = groups.get(key) ?? []
      list.push({
        table_name: t.table_name,
        path: t.path,
        component: t.component,
        data_type: c.data_type,
        distinct_count: c.profile.distinct_count,
        row_count: t.row_count,
        min_value: c.profile.min_value,
        max_value: c.profile.max_value
      })
      groups.set(key, list)
    }
  }
  const shared = [...groups.entries()]
    .filter(([, occurrences]) => new Set(occurrences.map((o) => o.table_name)).size >= 2)
    .map(([key, occurrences]): SharedColumn => ({
      column: key.split("\u0000")[0],
      table_count: new Set(occurrences.map((o) => o.table_name)).size,
      occurrences: occurrences.slice(0, MAX_SHARED_OCCURRENCES),
      occurrences_truncated: occurrences.length > MAX_SHARED_OCCURRENCES
    }))
    .sort((a, b) => b.table_count - a.table_count || (a.column < b.column ? -1 : a.column > b.column ? 1 : 0))
  return {
    tables: listed.map((t) => ({ path: t.path, component: t.component, row_count: t.row_count, column_count: t.column_count, size_bytes: t.size_bytes, table_name: t.table_name })),
    tables_truncated: sorted.length > MAX_LISTED_TABLES,
    shared_columns: shared.slice(0, MAX_SHARED_COLUMNS),
    shared_columns_truncated: shared.length > MAX_SHARED_COLUMNS
  }
}

/** A table as a `file-metadata` component (the lead adds `summary`, `char_count`, `readable`). */
export const tableComponent = (t: WorkspaceTable) => ({
  kind: t.component_kind === "document_table" ? ("table" as const) : ("sheet" as const),
  name: t.component,
  table_name: t.table_name,
  row_count: t.row_count,
  column_count: t.column_count,
  columns: t.columns.map((c) => ({ name: c.name, data_type: c.data_type })),
  queryable: true
})
