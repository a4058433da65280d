/**
 * The package a run or a catalog read looks at: every workspace table the caller may see (its file
 * visible under the caller's labels), within the scope's `path_prefix` and `paths`, as engine
 * sources (`ledgerSource`). Rows are read through the read-only `WorkspaceSql` engine, one bounded
 * SELECT per table (at most `MAX_SOURCE_ROWS` + 1, so a larger table is known to be capped), with
 * the hidden tables passed as the engine's `hiddenTables` as every table tool does.
 *
 * - Non-boolean columns are read as text: the engine returns integers that fit a double as
 *   numbers, and the ledger engine reads every value as the table holds it (exact decimal text,
 *   `YYYY-MM-DD`). A timestamp's text has a space where the table's form has a `T`; put back.
 * - Tables found in documents are listed without reading their rows: the catalog skips them
 *   whatever they hold (`document_table`).
 * - `packageRevision` is the catalog revision from the descriptors alone (no rows read), what a
 *   read compares to say `stale` and a run compares to republish an unchanged package.
 * - Rows come in the table's stored order (no ORDER BY: the table has no row number, and a table
 *   is loaded whole and never updated).
 */
import { Effect } from "effect"
import { Settings } from "../../kernel/config.js"
import type { VisibleLabels } from "../files/file-store.js"
import { quoteIdent } from "../tables/postgres-dialect.js"
import { WorkspaceSql } from "../tables/sql-engine.js"
import type { TableRow, TableValue, WorkspaceTable } from "../tables/workspace-table.js"
import { tableAccess } from "../tools/table-tools.js"
import { inLedgerScope, type LedgerScope } from "./ledger-scope.js"
import { type LedgerSource, ledgerSource, MAX_SOURCE_ROWS } from "./ledger-source.js"
import { catalogRevision } from "./source-catalog.js"

/** a whole table of up to `MAX_SOURCE_ROWS` rows takes longer than one interactive query may */
export const LEDGER_READ_TIMEOUT_MS = 120_000

/** The caller's tables in scope, by table name. */
export const scopedTables = (tenantId: string, workspaceId: string, visible: VisibleLabels, scope: LedgerScope) =>
  Effect.map(tableAccess(tenantId, workspaceId, visible), (access) => ({
    tables: access.visible.filter((t) => inLedgerScope(scope, t.path)).sort((a, b) => (a.table_name < b.table_name ? -1 : a.table_name > b.table_name ? 1 : 0)),
    hidden: access.hidden,
    coverage: access.coverage
  }))

/** The catalog revision of these tables, from their descriptors alone. */
export const packageRevision = (tables: ReadonlyArray<WorkspaceTable>): string => catalogRevision(tables.map((t) => ledgerSource(t, [])))

const selectOf = (t: WorkspaceTable) =>
  `SELECT ${t.columns.map((c) => (c.data_type === "boolean" ? quoteIdent(c.name) : `${quoteIdent(c.name)}::text`)).join(", ")} FROM ${quoteIdent(t.table_name)}`

const valueOf = (t: WorkspaceTable, column: number, v: string | number | boolean | null): TableValue => {
  if (v === null || typeof v === "boolean") return v
  const text = String(v)
  return t.columns[column]?.data_type === "timestamp" ? text.replace(" ", "T") : text
}

/** Every table of the caller in scope, with its rows read (up to `maxRows`: the engine's cap, or the policy's lower `gl_parsing.max_rows_per_source`). */
export const readLedgerSources = (tenantId: string, workspaceId: string, visible: VisibleLabels, scope: LedgerScope, maxRows: number = MAX_SOURCE_ROWS) =>
  Effect.gen(function*() {
    const { tables, hidden } = yield* scopedTables(tenantId, workspaceId, visible, scope)
    const engine = yield* WorkspaceSql
    const settings = yield* Settings
    const cap = Math.min(maxRows, MAX_SOURCE_ROWS)
    const options = { maxRows: cap + 1, timeoutMs: Math.max(settings.workspaceSqlTimeoutMs, LEDGER_READ_TIMEOUT_MS), hiddenTables: hidden }
    const sources: Array<LedgerSource> = []
    for (const t of tables) {
      if (t.component_kind === "document_table" || t.columns.length === 0) {
        sources.push(ledgerSource(t, []))
        continue
      }
      const result = yield* engine.query(tenantId, workspaceId, selectOf(t), options)
      const rows: Array<TableRow> = result.rows.map((r) => r.map((v, i) => valueOf(t, i, v)))
      sources.push(ledgerSource(t, rows, cap))
    }
    return { sources, revision: packageRevision(tables) }
  })
