/**
 * `run-sql` and `query-tables` (spec 3, "File tools"; DESIGN.md "Tables and SQL"): SQL over the
 * workspace's tables through the read-only `WorkspaceSql` engine, which alone decides what runs
 * (one statement, no writes, only this workspace's schema, a statement timeout, a row cap).
 *
 * Access labels: a table comes from an uploaded file, and its rows are the caller's only if the
 * caller may see that file. The tables of files hidden from the caller are passed to the engine as
 * `hiddenTables`: its row-level security makes them read as empty however the query reaches them
 * (by name, a join, or a function that runs SQL text), and the answer's `coverage` counts them
 * (`restricted_candidates`) and names the labels that would unlock them — filtered first,
 * reported, never silently (spec 3, "Authentication"). `query-tables` shows its writer the visible
 * tables only.
 */
import { Effect, Option } from "effect"
import { storageUnavailable } from "../../api/errors.js"
import { TableQuestionWriter } from "../../intelligence/table-question-writer.js"
import { Settings } from "../../kernel/config.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import { questionTables, tablesForComponents } from "../tables/query-tables.js"
import { WorkspaceSql } from "../tables/sql-engine.js"
import type { WorkspaceTable } from "../tables/workspace-table.js"

export const DEFAULT_SQL_ROWS = 200
export const MAX_SQL_ROWS = 1000
export const MAX_SQL_CHARS = 20_000
export const MAX_COMPONENTS = 100

export interface TableAccess {
  readonly visible: ReadonlyArray<WorkspaceTable>
  readonly hidden: ReadonlyArray<string>
  readonly coverage: { readonly restricted_candidates: number; readonly labels_required: ReadonlyArray<string> }
}

/** The workspace's tables split by whether the caller may see their file. */
export const tableAccess = (tenantId: string, workspaceId: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const tables = yield* (yield* WorkspaceSql).listTables(tenantId, workspaceId)
    const none = { restricted_candidates: 0, labels_required: [] as ReadonlyArray<string> }
    if (visible === "all") return { visible: tables, hidden: [], coverage: none } satisfies TableAccess
    const files = yield* WorkspaceFileStore
    const shown: Array<WorkspaceTable> = []
    const hidden: Array<string> = []
    const labels = new Set<string>()
    const seen = new Map<string, boolean>()
    for (const t of tables) {
      let ok = seen.get(t.file_id)
      if (ok === undefined) {
        const file = yield* files.get(tenantId, workspaceId, t.file_id)
        // a table whose file is gone is withheld too: it is on its way out (the file's delete cascades)
        ok = Option.isSome(file) && isVisible(file.value.access_label, visible)
        if (Option.isSome(file) && !ok && file.value.access_label !== null) labels.add(file.value.access_label)
        seen.set(t.file_id, ok)
      }
      if (ok) shown.push(t)
      else hidden.push(t.table_name)
    }
    return { visible: shown, hidden, coverage: { restricted_candidates: hidden.length, labels_required: [...labels].sort() } } satisfies TableAccess
  })

export const runSql = (tenantId: string, workspaceId: string, visible: VisibleLabels, input: { readonly sql: string; readonly max_rows: number }) =>
  Effect.gen(function*() {
    const access = yield* tableAccess(tenantId, workspaceId, visible)
    const settings = yield* Settings
    const result = yield* (yield* WorkspaceSql).query(tenantId, workspaceId, input.sql, {
      maxRows: input.max_rows,
      timeoutMs: settings.workspaceSqlTimeoutMs,
      hiddenTables: access.hidden
    })
    return { ...result, max_rows: input.max_rows, coverage: access.coverage }
  })

const tableView = (t: WorkspaceTable) => ({
  table_name: t.table_name,
  path: t.path,
  component: t.component,
  row_count: t.row_count,
  columns: t.columns.map((c) => ({ name: c.name, data_type: c.data_type }))
})

export const queryTables = (
  tenantId: string,
  workspaceId: string,
  visible: VisibleLabels,
  input: { readonly question: string; readonly components?: ReadonlyArray<string> | undefined; readonly max_rows: number }
) =>
  Effect.gen(function*() {
    const access = yield* tableAccess(tenantId, workspaceId, visible)
    const settings = yield* Settings
    const options = { maxRows: input.max_rows, timeoutMs: settings.workspaceSqlTimeoutMs, hiddenTables: access.hidden }
    const tables = tablesForComponents(access.visible, input.components)
    const base = { question: input.question, columns: [], rows: [], row_count: 0, truncated: false, coverage: access.coverage }
    const unanswered = (answer: string) => ({ ...base, answered: false, answer, interpretation: null, sql: null, tables: tables.map(tableView) })
    if (tables.length === 0) {
      return unanswered(input.components === undefined || input.components.length === 0
        ? "this workspace has no tables you can read: ingest a spreadsheet, CSV or a document with tables first"
        : `no table matches the components ${input.components.join(", ")}`)
    }
    const writer = yield* TableQuestionWriter
    const engineDown = () => Effect.fail(storageUnavailable("the table question engine"))
    const plan = yield* writer.write({ question: input.question, tables: yield* questionTables(tenantId, workspaceId, tables) }).pipe(Effect.catchTag("EngineFailed", engineDown))
    if (plan.kind === "unanswerable") return unanswered(plan.message)
    const result = yield* (yield* WorkspaceSql).query(tenantId, workspaceId, plan.sql, options)
    const answer = yield* writer.answerSentence(input.question, plan.sql, result).pipe(Effect.catchTag("EngineFailed", engineDown))
    return {
      ...base,
      answered: true,
      answer,
      interpretation: plan.interpretation,
      sql: plan.sql,
      columns: result.columns,
      rows: result.rows,
      row_count: result.row_count,
      truncated: result.truncated,
      tables: tables.filter((t) => t.table_name === plan.table_name).map(tableView)
    }
  })
