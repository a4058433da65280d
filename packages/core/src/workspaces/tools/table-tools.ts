/**
 * `run-sql` and `query-tables` (spec 3, "File tools"; DESIGN.md "Tables and SQL"): SQL over the
 * workspace's tables through the read-only `WorkspaceSql` engine, which alone decides what runs
 * (one statement, no writes, only this workspace's schema, a statement timeout, a row cap).
 *
 * Access labels: a table comes from an uploaded file, and the caller may read a table only if it
 * may see that file. One workspace's tables share one engine role, so the engine cannot hide some
 * of them from one caller; when any table of the workspace comes from a file hidden from the
 * caller, SQL over the workspace is refused (422 `TablesWithheld`, with the coverage) rather than
 * risk a query reaching them (by name, or through functions that run SQL text).
 */
import { Effect, Option } from "effect"
import { storageUnavailable } from "../../api/errors.js"
import { Settings } from "../../kernel/config.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import { answerTableQuestion } from "../tables/query-tables.js"
import { WorkspaceSql } from "../tables/sql-engine.js"
import type { WorkspaceTable } from "../tables/workspace-table.js"
import { TablesWithheld } from "./tool-errors.js"

export const DEFAULT_SQL_ROWS = 200
export const MAX_SQL_ROWS = 1000
export const MAX_SQL_CHARS = 20_000
export const MAX_COMPONENTS = 100

export const NO_COVERAGE = { restricted_candidates: 0, labels_required: [] as ReadonlyArray<string> }

/** The workspace's tables, or `TablesWithheld` when the caller may not see the file of one of them. */
export const visibleTables = (tenantId: string, workspaceId: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const tables = yield* (yield* WorkspaceSql).listTables(tenantId, workspaceId)
    if (visible === "all") return tables
    const files = yield* WorkspaceFileStore
    const hidden: Array<WorkspaceTable> = []
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
      if (!ok) hidden.push(t)
    }
    if (hidden.length > 0) return yield* new TablesWithheld({ restricted_candidates: hidden.length, labels_required: [...labels].sort() })
    return tables
  })


export const runSql = (tenantId: string, workspaceId: string, visible: VisibleLabels, input: { readonly sql: string; readonly max_rows: number }) =>
  Effect.gen(function*() {
    yield* visibleTables(tenantId, workspaceId, visible)
    const settings = yield* Settings
    const result = yield* (yield* WorkspaceSql).query(tenantId, workspaceId, input.sql, { maxRows: input.max_rows, timeoutMs: settings.workspaceSqlTimeoutMs })
    return { ...result, max_rows: input.max_rows, coverage: NO_COVERAGE }
  })

export const queryTables = (
  tenantId: string,
  workspaceId: string,
  visible: VisibleLabels,
  input: { readonly question: string; readonly components?: ReadonlyArray<string> | undefined; readonly max_rows: number }
) =>
  Effect.gen(function*() {
    const tables = yield* visibleTables(tenantId, workspaceId, visible)
    const settings = yield* Settings
    const answer = yield* answerTableQuestion(tenantId, workspaceId, input.question, input.components, { maxRows: input.max_rows, timeoutMs: settings.workspaceSqlTimeoutMs }).pipe(
      Effect.catchTag("EngineFailed", () => Effect.fail(storageUnavailable("the table question engine")))
    )
    const used = new Set(answer.table_names)
    return {
      question: input.question,
      answered: answer.answered,
      answer: answer.answer,
      interpretation: answer.interpretation,
      sql: answer.sql,
      columns: answer.result?.columns ?? [],
      rows: answer.result?.rows ?? [],
      row_count: answer.result?.row_count ?? 0,
      truncated: answer.result?.truncated ?? false,
      // the tables the answer used; when unanswered, the tables it could use, with their columns
      tables: tables.filter((t) => used.has(t.table_name)).map((t) => ({
        table_name: t.table_name,
        path: t.path,
        component: t.component,
        row_count: t.row_count,
        columns: t.columns.map((c) => ({ name: c.name, data_type: c.data_type }))
      })),
      coverage: NO_COVERAGE
    }
  })
