/**
 * The request bodies of `POST /v1/workspaces` and `PATCH /v1/workspaces/{id}` (spec 3,
 * "Workspace"), with their defaults: shape and bounds here; what needs the tenant's catalog and
 * domains (`access` labels, `domain_slug`) is checked by `./workspaces.ts`.
 */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { ACCESS_LABEL_DESCRIPTION_MAX, ACCESS_LABEL_NAME_MAX, ACCESS_LABEL_NAME_PATTERN } from "../access/access-label.js"
import { MAX_SLUG, SLUG_PATTERN } from "../domains/domain-definition.js"
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

/** The shapes of `gl_parsing`, `package_scope` and `prepared_relationships` are not shown by the spec: kept verbatim (any JSON object or null). */
const OpaqueBlock = Schema.optionalWith(
  Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Unknown })).pipe(fieldMessage("must be an object or null")),
  { default: () => null }
)

export const LedgerUnderstandingSchema = Schema.Struct({
  trigger: Schema.optionalWith(Schema.Literal("auto", "always", "off").pipe(fieldMessage("must be auto, always or off")), {
    default: () => DEFAULT_LEDGER_UNDERSTANDING.trigger
  }),
  gl_parsing: OpaqueBlock,
  package_confirmation: Schema.optionalWith(Schema.Literal("required", "automatic").pipe(fieldMessage("must be required or automatic")), {
    default: () => DEFAULT_LEDGER_UNDERSTANDING.package_confirmation
  }),
  package_scope: OpaqueBlock,
  prepared_relationships: OpaqueBlock
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
