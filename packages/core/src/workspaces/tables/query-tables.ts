/**
 * `query-tables`: a question over the workspace's tables answered by one generated `SELECT`. The
 * `TableQuestionWriter` writes the SQL from the tables' descriptors and the values of their
 * low-cardinality text columns (read through the engine); the SQL then runs through the same
 * read-only `WorkspaceSql.query` as `run-sql`, so a writer (local or model) can never do more
 * than a caller could.
 */
import { Effect } from "effect"
import { type QuestionTable, TableQuestionWriter } from "../../intelligence/table-question-writer.js"
import { WorkspaceSql, type SqlQueryOptions } from "./sql-engine.js"
import { quoteIdent } from "./postgres-dialect.js"
import type { SqlResult, WorkspaceTable } from "./workspace-table.js"

/** text columns with at most this many distinct values have their values shown to the writer */
export const QUESTION_VALUE_LIMIT = 50

export interface TableAnswer {
  /** a sentence answering the question, or saying why it could not be answered (naming the columns that exist) */
  readonly answer: string
  readonly answered: boolean
  readonly sql: string | null
  readonly interpretation: string | null
  readonly table_names: ReadonlyArray<string>
  readonly result: SqlResult | null
}

/** The tables a question may use: all, or those whose component or table name is in `components`. */
export const tablesForComponents = (tables: ReadonlyArray<WorkspaceTable>, components: ReadonlyArray<string> | undefined) =>
  components === undefined || components.length === 0 ? tables : tables.filter((t) => components.includes(t.component) || components.includes(t.table_name))

/** Each table with the distinct values of its low-cardinality text columns. */
export const questionTables = (tenantId: string, workspaceId: string, tables: ReadonlyArray<WorkspaceTable>) =>
  Effect.gen(function*() {
    const engine = yield* WorkspaceSql
    return yield* Effect.forEach(tables, (table) =>
      Effect.gen(function*() {
        const values: Record<string, ReadonlyArray<string>> = {}
        for (const c of table.columns) {
          if (c.data_type !== "text" || c.profile.distinct_count === 0 || c.profile.distinct_count > QUESTION_VALUE_LIMIT) continue
          const r = yield* engine.query(
            tenantId,
            workspaceId,
            `SELECT DISTINCT ${quoteIdent(c.name)} FROM ${quoteIdent(table.table_name)} WHERE ${quoteIdent(c.name)} IS NOT NULL`,
            { maxRows: QUESTION_VALUE_LIMIT, timeoutMs: 2000 }
          )
          values[c.name] = r.rows.map((row) => String(row[0]))
        }
        return { table, values } satisfies QuestionTable
      }))
  })

/** Answers `question` over the workspace's tables (restricted to `components` when given). */
export const answerTableQuestion = (
  tenantId: string,
  workspaceId: string,
  question: string,
  components: ReadonlyArray<string> | undefined,
  options: SqlQueryOptions
) =>
  Effect.gen(function*() {
    const engine = yield* WorkspaceSql
    const writer = yield* TableQuestionWriter
    const tables = tablesForComponents(yield* engine.listTables(tenantId, workspaceId), components)
    const unanswered = (answer: string): TableAnswer => ({ answer, answered: false, sql: null, interpretation: null, table_names: tables.map((t) => t.table_name), result: null })
    if (tables.length === 0) {
      return unanswered(components === undefined || components.length === 0
        ? "this workspace has no tables: ingest a spreadsheet, CSV or a document with tables first"
        : `no table matches the components ${components.join(", ")}`)
    }
    const plan = yield* writer.write({ question, tables: yield* questionTables(tenantId, workspaceId, tables) })
    if (plan.kind === "unanswerable") return unanswered(plan.message)
    const result = yield* engine.query(tenantId, workspaceId, plan.sql, options)
    const answer = yield* writer.answerSentence(question, plan.sql, result)
    return { answer, answered: true, sql: plan.sql, interpretation: plan.interpretation, table_names: [plan.table_name], result } satisfies TableAnswer
  })
