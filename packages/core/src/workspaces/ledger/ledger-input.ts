/** The ledger-understanding routes' inputs: shapes and bounds (spec 3, "Ledger understanding"). */
import { Either, Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { InvalidInput } from "../../api/errors.js"
import { optionalParam, QueryValue, QueryValues } from "../../api/schemas.js"
import { normalizeFilePath, normalizePathPrefix } from "../files/file-path.js"
import { PathPrefix } from "../search/search-input.js"
import { ledgerScope, type LedgerScope } from "./ledger-scope.js"

/** paths named at most (each a file of the package) */
export const MAX_LEDGER_PATHS = 500
/** source ids a selection or a review names at most */
export const MAX_LEDGER_SOURCE_IDS = 500

const SourceId = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(256), fieldMessage("must be a source id of the catalog (1 to 256 characters)"))
const SourceIds = Schema.Array(SourceId).pipe(Schema.maxItems(MAX_LEDGER_SOURCE_IDS), fieldMessage(`must be an array of at most ${MAX_LEDGER_SOURCE_IDS} source ids`))
const Paths = Schema.Array(Schema.String.pipe(Schema.maxLength(4096))).pipe(
  Schema.maxItems(MAX_LEDGER_PATHS),
  fieldMessage(`must be an array of at most ${MAX_LEDGER_PATHS} workspace file paths`)
)
const SelectionId = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64), fieldMessage("must be a selection_id returned by POST …/ledger-understanding/selections"))

export const LedgerSelectionBody = Schema.Struct({
  primary_source_id: SourceId,
  supporting_source_ids: Schema.optionalWith(SourceIds, { default: () => [] }),
  expected_catalog_revision: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(128), fieldMessage("must be the catalog's revision (GET …/ledger-understanding/sources)")),
  confirm_unrecognized_primary: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false }),
  /** the scope whose catalog the selection is for (the whole workspace by default) */
  path_prefix: Schema.optional(PathPrefix),
  paths: Schema.optional(Paths)
})

export const LedgerRunBody = Schema.Struct({
  path_prefix: Schema.optional(PathPrefix),
  paths: Schema.optional(Paths),
  selection_id: Schema.optional(SelectionId),
  force: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false }),
  review: Schema.optional(Schema.Struct({
    reading_id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(128), fieldMessage("must be the catalog's review_reading_id (GET …/ledger-understanding/sources)")),
    scope: Schema.optionalWith(SourceIds, { default: () => [] })
  }))
})

export const LedgerScopeQuery = Schema.Struct({
  path_prefix: optionalParam(QueryValue.pipe(Schema.maxLength(4096), fieldMessage("must be a workspace folder path of at most 4096 characters"))),
  paths: optionalParam(QueryValues.pipe(Schema.maxItems(MAX_LEDGER_PATHS), fieldMessage(`must be workspace file paths (repeat the parameter; at most ${MAX_LEDGER_PATHS})`))),
  selection_id: optionalParam(QueryValue.pipe(Schema.maxLength(64), fieldMessage("must be a selection_id")))
})

/** The selectors, normalized: a path that is not a workspace file path is refused by name. */
export const scopeOf = (raw: { readonly path_prefix?: string | undefined; readonly paths?: ReadonlyArray<string> | undefined; readonly selection_id?: string | undefined }) =>
  Effect.gen(function*() {
    const invalid = (field: string, message: string) => new InvalidInput({ errors: [{ field, message }] })
    // a leading `/` is the workspace root's, as in search
    const prefix = raw.path_prefix === undefined ? Either.right("") : normalizePathPrefix(raw.path_prefix.replace(/^\/+/, ""))
    if (Either.isLeft(prefix)) return yield* invalid("path_prefix", prefix.left.message)
    const paths: Array<string> = []
    for (const [n, p] of (raw.paths ?? []).entries()) {
      const normalized = normalizeFilePath(p.replace(/^\/+/, ""))
      if (Either.isLeft(normalized)) return yield* invalid(`paths[${n}]`, normalized.left.message)
      paths.push(normalized.right)
    }
    return ledgerScope(prefix.right, paths, raw.selection_id ?? null) satisfies LedgerScope
  })
