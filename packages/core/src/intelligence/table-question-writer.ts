/**
 * The port that turns a natural-language question about workspace tables into one SQL `SELECT`
 * (`query-tables`, spec 3), and a result back into a sentence. The SQL always runs through the
 * read-only `WorkspaceSql` engine, which is what keeps it harmless; a question the writer cannot
 * map is `unanswerable` with a message naming the columns that exist — never made-up SQL.
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"
import type { SqlResult, WorkspaceTable } from "../workspaces/tables/workspace-table.js"

export interface QuestionTable {
  readonly table: WorkspaceTable
  /** the distinct values of the table's low-cardinality text columns (column name → values), for filters */
  readonly values: Readonly<Record<string, ReadonlyArray<string>>>
}

export interface TableQuestionInput {
  readonly question: string
  readonly tables: ReadonlyArray<QuestionTable>
}

export type TableQuestionPlan =
  | { readonly kind: "sql"; readonly sql: string; readonly table_name: string; readonly interpretation: string }
  | { readonly kind: "unanswerable"; readonly message: string }

export interface TableQuestionWriterService {
  readonly write: (input: TableQuestionInput) => Effect.Effect<TableQuestionPlan, EngineFailed>
  readonly answerSentence: (question: string, sql: string, result: SqlResult) => Effect.Effect<string, EngineFailed>
}

export class TableQuestionWriter extends Context.Tag("@docket/core/TableQuestionWriter")<TableQuestionWriter, TableQuestionWriterService>() {}
