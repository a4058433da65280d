/** The request bodies of the file tools `read-file`, `qa-file`, `run-sql`, `query-tables`: shapes, bounds and defaults. */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { MAX_PATH_CHARS } from "../files/file-path.js"
import { MAX_PAGES } from "./file-selection.js"
import { MAX_QUESTION_CHARS } from "./qa-file.js"
import { DEFAULT_READ_CHARS, MAX_READ_CHARS } from "./read-file.js"
import { DEFAULT_SQL_ROWS, MAX_COMPONENTS, MAX_SQL_CHARS, MAX_SQL_ROWS } from "./table-tools.js"

const MAX_COMPONENT_CHARS = 1000

const Path = Schema.String.pipe(
  Schema.minLength(1),
  Schema.maxLength(MAX_PATH_CHARS),
  fieldMessage(`must be the workspace-relative path of an uploaded file (1 to ${MAX_PATH_CHARS} characters)`)
)
const Component = Schema.String.pipe(
  Schema.minLength(1),
  Schema.maxLength(MAX_COMPONENT_CHARS),
  fieldMessage(`must be a component name as file-metadata lists it (1 to ${MAX_COMPONENT_CHARS} characters)`)
)
const Pages = Schema.Array(Schema.Int.pipe(Schema.greaterThanOrEqualTo(1))).pipe(
  Schema.minItems(1),
  Schema.maxItems(MAX_PAGES),
  fieldMessage(`must be an array of 1 to ${MAX_PAGES} page numbers (1-based)`)
)
const Question = Schema.String.pipe(
  Schema.maxLength(MAX_QUESTION_CHARS),
  Schema.filter((s) => s.trim() !== ""),
  fieldMessage(`must be a non-blank question of at most ${MAX_QUESTION_CHARS} characters`)
)
const MaxRows = Schema.optionalWith(
  Schema.Int.pipe(Schema.between(1, MAX_SQL_ROWS), fieldMessage(`must be a whole number from 1 to ${MAX_SQL_ROWS}`)),
  { default: () => DEFAULT_SQL_ROWS }
)

/** Pages sorted and distinct. */
const pagesOf = (pages: ReadonlyArray<number> | undefined) => (pages === undefined ? undefined : [...new Set(pages)].sort((a, b) => a - b))

export const ReadFileBody = Schema.Struct({
  path: Path,
  component: Schema.optional(Component),
  pages: Schema.optional(Pages),
  offset: Schema.optionalWith(Schema.Int.pipe(Schema.greaterThanOrEqualTo(0), fieldMessage("must be a whole number of characters, 0 or more")), {
    default: () => 0
  }),
  max_chars: Schema.optionalWith(
    Schema.Int.pipe(Schema.between(1, MAX_READ_CHARS), fieldMessage(`must be a whole number from 1 to ${MAX_READ_CHARS}`)),
    { default: () => DEFAULT_READ_CHARS }
  )
})
export type ReadFileBody = typeof ReadFileBody.Type

export const QaFileBody = Schema.Struct({
  path: Path,
  question: Question,
  component: Schema.optional(Component),
  pages: Schema.optional(Pages)
})
export type QaFileBody = typeof QaFileBody.Type

export const RunSqlBody = Schema.Struct({
  sql: Schema.String.pipe(
    Schema.maxLength(MAX_SQL_CHARS),
    Schema.filter((s) => s.trim() !== ""),
    fieldMessage(`must be one read-only SELECT of at most ${MAX_SQL_CHARS} characters`)
  ),
  max_rows: MaxRows
})
export type RunSqlBody = typeof RunSqlBody.Type

export const QueryTablesBody = Schema.Struct({
  question: Question,
  components: Schema.optional(
    Schema.Array(Component).pipe(Schema.maxItems(MAX_COMPONENTS), fieldMessage(`must be an array of at most ${MAX_COMPONENTS} component or table names`))
  ),
  max_rows: MaxRows
})
export type QueryTablesBody = typeof QueryTablesBody.Type

export { pagesOf }
