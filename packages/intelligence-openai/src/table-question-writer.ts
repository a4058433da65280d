/**
 * The table question writer on a chat model with structured output: the tables (names, typed
 * columns with their profiles, the values of low-cardinality text columns) and the question go
 * in; one PostgreSQL `SELECT` over one table comes back, or `answerable: false` with what is
 * missing. The SQL is never trusted: `answerTableQuestion` runs it through the same read-only
 * `WorkspaceSql` engine as `run-sql`, which refuses anything but one read-only statement over the
 * workspace's tables. A table name outside the given tables is refused here already. The answer
 * sentence is the local one (deterministic, from the result).
 */
import { Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, engineFailed, strictObject } from "./internal/text.js"

/** characters of the table descriptions shown to the model */
export const MAX_TABLES_CHARS = 24_000

const RawPlan = Schema.Struct({
  answerable: Schema.Boolean,
  sql: Schema.String,
  table_name: Schema.String,
  interpretation: Schema.String
})

const SYSTEM = [
  "You write one PostgreSQL SELECT statement that answers a question over the tables given.",
  "Use only the tables and columns listed; quote identifiers with double quotes; never write anything but a single SELECT.",
  "When the tables cannot answer the question, set answerable to false, sql to an empty string, and say in interpretation what is missing."
].join(" ")

const describe = (t: Intelligence.QuestionTable) =>
  [
    `table "${t.table.table_name}" (component ${t.table.component}, ${t.table.row_count} rows):`,
    ...t.table.columns.map((c) => {
      const values = t.values[c.name]
      const range = c.profile.min_value === null ? "" : ` range ${c.profile.min_value} .. ${c.profile.max_value}`
      return `  "${c.name}" ${c.data_type}${range}${values === undefined ? "" : ` values: ${values.join(" | ")}`}`
    })
  ].join("\n")

export const makeTableQuestionWriter = (client: OpenAiClient): Intelligence.TableQuestionWriterService => ({
  write: (input) => {
    if (input.tables.length === 0) return Effect.succeed({ kind: "unanswerable", message: "there are no tables to query" } as const)
    const names = input.tables.map((t) => t.table.table_name)
    const user = [bounded(input.tables.map(describe).join("\n\n"), MAX_TABLES_CHARS), "", `Question: ${input.question.trim()}`].join("\n")
    const schema = strictObject({
      answerable: { type: "boolean" },
      sql: { type: "string" },
      table_name: { type: "string", enum: names },
      interpretation: { type: "string" }
    })
    return client.chatJson({ messages: [{ role: "system", content: SYSTEM }, { role: "user", content: user }], jsonSchema: { name: "table_query", schema } }, RawPlan).pipe(
      Effect.map((raw): Intelligence.TableQuestionPlan => {
        const columns = input.tables.map((t) => `${t.table.table_name} (${t.table.columns.map((c) => c.name).join(", ")})`).join("; ")
        if (!raw.answerable || raw.sql.trim() === "" || !names.includes(raw.table_name)) {
          return { kind: "unanswerable", message: `${raw.interpretation.trim() || "the question could not be mapped to the tables"} — tables: ${columns}` }
        }
        return { kind: "sql", sql: raw.sql.trim().replace(/;\s*$/, ""), table_name: raw.table_name, interpretation: raw.interpretation.trim() }
      }),
      Effect.mapError(engineFailed("query_tables"))
    )
  },
  answerSentence: (question, sql, result) => Effect.sync(() => Intelligence.LocalIntelligence.tableAnswerSentence(question, sql, result))
})
