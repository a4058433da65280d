/**
 * The request bodies of `POST /v1/workspaces` and `PATCH /v1/workspaces/{id}` (spec 3,
 * "Workspace"), with their defaults: shape and bounds here; what needs the tenant's catalog and
 * domains (`access` labels, `domain_slug`) is checked by `./workspaces.ts`.
 */
import { Either, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { ACCESS_LABEL_DESCRIPTION_MAX, ACCESS_LABEL_NAME_MAX, ACCESS_LABEL_NAME_PATTERN } from "../access/access-label.js"
import { MAX_SLUG, SLUG_PATTERN } from "../domains/domain-definition.js"
import { normalizeFilePath, normalizePathPrefix } from "../files/file-path.js"
import { MAX_LEDGER_PATHS } from "../ledger/ledger-input.js"
import { MAX_SOURCE_ROWS } from "../ledger/ledger-source.js"
import { DATE_FORMAT_NAMES } from "../ledger/value-readers.js"
import { DEFAULT_JOB_TTL_DAYS, DEFAULT_KNOWLEDGE_GRAPH, DEFAULT_LEDGER_UNDERSTANDING } from "./workspace.js"

export const WORKSPACE_NAME_MAX = 200
/** labels one workspace may declare */
export const MAX_WORKSPACE_LABELS = 100
/** entries of each knowledge-graph exclusion list */
export const MAX_EXCLUSIONS = 500
const MAX_EXCLUSION = 1024
/** 100 years: a longer TTL is a mistake, not a policy */
export const MAX_TTL_DAYS = 36_500

const LabelName = Schema.String.pipe(
  Schema.maxLength(ACCESS_LABEL_NAME_MAX),
  Schema.pattern(ACCESS_LABEL_NAME_PATTERN),
  fieldMessage(`must be an access label name ([a-z0-9]+(?:_[a-z0-9]+)*, at most ${ACCESS_LABEL_NAME_MAX} characters)`)
)

const WorkspaceLabelSchema = Schema.Struct({
  name: LabelName,
  /** defaults to the catalog's description */
  description: Schema.optional(
    Schema.String.pipe(Schema.maxLength(ACCESS_LABEL_DESCRIPTION_MAX), fieldMessage(`must be a string of at most ${ACCESS_LABEL_DESCRIPTION_MAX} characters`))
  )
}).pipe(fieldMessage("must be an object with name (and optionally description)"))

export const AccessSchema = Schema.Struct({
  labels: Schema.optionalWith(
    Schema.Array(WorkspaceLabelSchema).pipe(Schema.maxItems(MAX_WORKSPACE_LABELS), fieldMessage(`must be an array of at most ${MAX_WORKSPACE_LABELS} labels`)),
    { default: () => [] }
  ),
  default_label: Schema.optionalWith(Schema.NullOr(LabelName), { default: () => null })
}).pipe(fieldMessage("must be an object with labels and default_label"))

const TtlDays = Schema.optionalWith(
  Schema.NullOr(Schema.Int.pipe(Schema.between(1, MAX_TTL_DAYS), fieldMessage(`must be null (keep forever) or a whole number of days from 1 to ${MAX_TTL_DAYS}`))),
  { default: () => null }
)

export const RetentionSchema = Schema.Struct({
  derived_ttl_days: TtlDays,
  source_ttl_days: TtlDays,
  job_ttl_days: Schema.optionalWith(
    Schema.NullOr(Schema.Int.pipe(Schema.between(1, MAX_TTL_DAYS), fieldMessage(`must be null (keep forever) or a whole number of days from 1 to ${MAX_TTL_DAYS}`))),
    { default: () => DEFAULT_JOB_TTL_DAYS }
  )
}).pipe(fieldMessage("must be an object with derived_ttl_days, source_ttl_days, job_ttl_days"))

const Exclusions = Schema.optionalWith(
  Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(MAX_EXCLUSION))).pipe(
    Schema.maxItems(MAX_EXCLUSIONS),
    fieldMessage(`must be an array of at most ${MAX_EXCLUSIONS} non-empty strings of at most ${MAX_EXCLUSION} characters`)
  ),
  { default: () => [] }
)

export const KnowledgeGraphSchema = Schema.Struct({
  auto_build: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => DEFAULT_KNOWLEDGE_GRAPH.auto_build }),
  exclude_path_prefixes: Exclusions,
  exclude_categories: Exclusions
}).pipe(fieldMessage("must be an object with auto_build, exclude_path_prefixes, exclude_categories"))

/** prepared relationships one workspace may declare */
export const MAX_PREPARED_RELATIONSHIPS = 100
/** key columns of one side of a relationship (a composite key: company, account, cost centre…) */
export const MAX_RELATIONSHIP_COLUMNS = 8

const GlParsingSchema = Schema.Struct({
  max_rows_per_source: Schema.optionalWith(
    Schema.NullOr(Schema.Int.pipe(Schema.between(1, MAX_SOURCE_ROWS), fieldMessage(`must be null (the engine's cap) or a whole number of rows from 1 to ${MAX_SOURCE_ROWS}`))),
    { default: () => null }
  ),
  date_format: Schema.optionalWith(
    Schema.NullOr(Schema.Literal(...DATE_FORMAT_NAMES).pipe(fieldMessage(`must be null (detected per column) or one of ${DATE_FORMAT_NAMES.join(", ")}`))),
    { default: () => null }
  ),
  decimal_separator: Schema.optionalWith(Schema.NullOr(Schema.Literal(".", ",").pipe(fieldMessage("must be null (the decimal separator detected per column), \".\" or \",\""))), {
    default: () => null
  }),
  sign_convention: Schema.optionalWith(
    Schema.NullOr(Schema.Literal("debit_positive", "credit_positive").pipe(fieldMessage("must be null (inferred), debit_positive or credit_positive"))),
    { default: () => null }
  )
}).pipe(fieldMessage("must be null or an object (max_rows_per_source, date_format, decimal_separator, sign_convention)"))

const isoDay = /^\d{4}-\d{2}-\d{2}$/
const validDay = (d: string) => isoDay.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d
const Day = Schema.String.pipe(Schema.filter(validDay), fieldMessage("must be a date written YYYY-MM-DD"))

const ScopePrefix = Schema.String.pipe(
  Schema.maxLength(4096),
  Schema.filter((p) => Either.isRight(normalizePathPrefix(p.replace(/^\/+/, "")))),
  fieldMessage({ invalid: (p: unknown) => {
    const refused = typeof p === "string" ? normalizePathPrefix(p.replace(/^\/+/, "")) : undefined
    return `must be a workspace folder path such as gl/2024/ (at most 4096 characters)${refused !== undefined && Either.isLeft(refused) ? `: ${refused.left.message}` : ""}`
  } })
)
const ScopePath = Schema.String.pipe(
  Schema.maxLength(4096),
  Schema.filter((p) => Either.isRight(normalizeFilePath(p.replace(/^\/+/, "")))),
  fieldMessage({ invalid: (p: unknown) => {
    const refused = typeof p === "string" ? normalizeFilePath(p.replace(/^\/+/, "")) : undefined
    return `must be a workspace file path such as gl/journal.csv${refused !== undefined && Either.isLeft(refused) ? `: ${refused.left.message}` : ""}`
  } })
)

const PackageScopeSchema = Schema.Struct({
  path_prefix: Schema.optionalWith(Schema.NullOr(ScopePrefix), { default: () => null }),
  paths: Schema.optionalWith(
    Schema.Array(ScopePath).pipe(Schema.maxItems(MAX_LEDGER_PATHS), fieldMessage(`must be an array of at most ${MAX_LEDGER_PATHS} workspace file paths`)),
    { default: () => [] }
  ),
  period: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({ start: Day, end: Day }).pipe(
        Schema.filter((p) => p.start <= p.end),
        fieldMessage("must be null or {start, end}: two dates written YYYY-MM-DD, start on or before end")
      )
    ),
    { default: () => null }
  )
}).pipe(fieldMessage("must be null or an object (path_prefix, paths, period)"))

const RelationshipSide = Schema.Struct({
  source: Schema.String.pipe(
    Schema.minLength(1),
    Schema.maxLength(4096),
    fieldMessage("must be a catalog source id (GET …/ledger-understanding/sources) or the path of a file holding one table")
  ),
  columns: Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(256))).pipe(
    Schema.minItems(1),
    Schema.maxItems(MAX_RELATIONSHIP_COLUMNS),
    fieldMessage(`must be an array of 1 to ${MAX_RELATIONSHIP_COLUMNS} column names or headers (1 to 256 characters each)`)
  )
}).pipe(fieldMessage("must be an object with source and columns"))

const PreparedRelationshipSchema = Schema.Struct({
  from: RelationshipSide,
  to: RelationshipSide,
  relation: Schema.optionalWith(
    Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_]{0,63}$/), fieldMessage("must be a relation name such as account, user or cost_centre ([a-z][a-z0-9_]*, at most 64 characters)")),
    { default: () => "account" }
  )
}).pipe(
  Schema.filter((r) => r.from.columns.length === r.to.columns.length),
  fieldMessage("must be an object with from and to ({source, columns}) naming as many columns on each side, and optionally relation")
)

export const LedgerUnderstandingSchema = Schema.Struct({
  trigger: Schema.optionalWith(Schema.Literal("auto", "always", "off").pipe(fieldMessage("must be auto, always or off")), {
    default: () => DEFAULT_LEDGER_UNDERSTANDING.trigger
  }),
  gl_parsing: Schema.optionalWith(Schema.NullOr(GlParsingSchema), { default: () => null }),
  package_confirmation: Schema.optionalWith(Schema.Literal("required", "automatic").pipe(fieldMessage("must be required or automatic")), {
    default: () => DEFAULT_LEDGER_UNDERSTANDING.package_confirmation
  }),
  package_scope: Schema.optionalWith(Schema.NullOr(PackageScopeSchema), { default: () => null }),
  prepared_relationships: Schema.optionalWith(
    Schema.NullOr(
      Schema.Array(PreparedRelationshipSchema).pipe(
        Schema.maxItems(MAX_PREPARED_RELATIONSHIPS),
        fieldMessage(`must be null or an array of at most ${MAX_PREPARED_RELATIONSHIPS} relationships`)
      )
    ),
    { default: () => null }
  )
}).pipe(fieldMessage("must be an object (trigger, gl_parsing, package_confirmation, package_scope, prepared_relationships)"))

export const CreateWorkspaceBody = Schema.Struct({
  name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(WORKSPACE_NAME_MAX), fieldMessage(`must be a string of 1 to ${WORKSPACE_NAME_MAX} characters`)),
  domain_slug: Schema.optionalWith(
    Schema.String.pipe(Schema.maxLength(MAX_SLUG), Schema.pattern(SLUG_PATTERN), fieldMessage("must be a domain slug")),
    { default: () => "generic" }
  ),
  domain_version: Schema.optional(Schema.Int.pipe(Schema.positive(), fieldMessage("must be a positive integer (a published version)"))),
  access: Schema.optionalWith(AccessSchema, { default: () => ({ labels: [], default_label: null }) }),
  retention_policy: Schema.optionalWith(RetentionSchema, {
    default: () => ({ derived_ttl_days: null, source_ttl_days: null, job_ttl_days: DEFAULT_JOB_TTL_DAYS })
  }),
  knowledge_graph: Schema.optionalWith(KnowledgeGraphSchema, { default: () => DEFAULT_KNOWLEDGE_GRAPH }),
  ledger_understanding: Schema.optionalWith(LedgerUnderstandingSchema, { default: () => DEFAULT_LEDGER_UNDERSTANDING })
})
export type CreateWorkspaceBody = typeof CreateWorkspaceBody.Type

/** Only these blocks may change (each replaced whole); anything else is an unknown field (422). */
export const PatchWorkspaceBody = Schema.Struct({
  knowledge_graph: Schema.optional(KnowledgeGraphSchema),
  ledger_understanding: Schema.optional(LedgerUnderstandingSchema)
})
export type PatchWorkspaceBody = typeof PatchWorkspaceBody.Type

export const DeleteWorkspaceBody = Schema.Struct({
  confirm_name: Schema.String.pipe(fieldMessage("must be the workspace's name, exactly"))
})
