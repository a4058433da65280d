/**
 * A file's workspace tables (h-sql's `WorkspaceSql`): built from the derived grids (`buildTable`:
 * header detection, column names and types, profiles), named `tableNameFor` unique in the
 * workspace — the file's own earlier tables' names are free to take again, so a re-ingestion
 * keeps its names — and loaded one by one (each load replaces its table atomically). The table
 * fields of their components are filled from the built descriptors.
 */
import { Effect } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { type BuiltTable, buildTable } from "../tables/table-profile.js"
import { tableNameFor } from "../tables/table-name.js"
import { WorkspaceSql } from "../tables/sql-engine.js"
import type { DerivedFile } from "./derive.js"
import type { IngestedComponent } from "./file-ingestion.js"

export interface FileTables {
  readonly built: ReadonlyArray<BuiltTable>
  readonly components: ReadonlyArray<IngestedComponent>
}

/** Names and builds the file's tables; `mine`: the tables the file had before (their names are free). */
export const buildFileTables = (
  tenantId: string,
  workspaceId: string,
  file: { readonly file_id: string; readonly path: string },
  derived: DerivedFile,
  mine: ReadonlyArray<string>
): Effect.Effect<FileTables, StorageUnavailable, WorkspaceSql> =>
  Effect.gen(function*() {
    if (derived.tables.length === 0) return { built: [], components: derived.components }
    const existing = yield* (yield* WorkspaceSql).listTables(tenantId, workspaceId)
    const own = new Set(mine)
    const taken = new Set(existing.map((t) => t.table_name).filter((n) => !own.has(n)))
    const components = [...derived.components]
    const built: Array<BuiltTable> = []
    for (const c of derived.tables) {
      const table_name = tableNameFor(file.path, c.component, taken)
      taken.add(table_name)
      const b = buildTable({ file_id: file.file_id, path: file.path, component: c.component, component_kind: c.component_kind, table_name }, c.grid)
      if (b.descriptor.column_count === 0) continue
      built.push(b)
      const at = components[c.component_index]!
      components[c.component_index] = {
        ...at,
        table_name,
        row_count: b.descriptor.row_count,
        column_count: b.descriptor.column_count,
        columns: b.descriptor.columns.map((col) => ({ name: col.name, data_type: col.data_type })),
        queryable: true
      }
    }
    return { built, components }
  })

export const loadFileTables = (tenantId: string, workspaceId: string, tables: ReadonlyArray<BuiltTable>) =>
  Effect.flatMap(WorkspaceSql, (sql) => Effect.forEach(tables, (t) => sql.loadTable(tenantId, workspaceId, t.descriptor, t.rows), { discard: true }))

export const dropFileTables = (tenantId: string, workspaceId: string, names: ReadonlyArray<string>) =>
  names.length === 0 ? Effect.void : Effect.flatMap(WorkspaceSql, (sql) => sql.dropTables(tenantId, workspaceId, names))
