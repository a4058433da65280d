/**
 * A workspace (spec 3, "Workspace"): source files and derived outputs pinned to a published domain
 * version, an access-label configuration and a retention policy. `config_version` counts the
 * accepted updates (1 at creation).
 */
import type { DateFormat } from "../ledger/value-readers.js"

export type WorkspaceStatus = "active" | "deleting"

export interface WorkspaceLabel {
  readonly name: string
  readonly description: string
}

export interface WorkspaceAccess {
  /** empty: the workspace filters nothing */
  readonly labels: ReadonlyArray<WorkspaceLabel>
  /** a declared label's name; null only when `labels` is empty */
  readonly default_label: string | null
}

/** Days; null keeps forever. */
export interface RetentionPolicy {
  /** anchored at a file's `ingested_at` */
  readonly derived_ttl_days: number | null
  /** anchored at a file's `created_at` */
  readonly source_ttl_days: number | null
  /** a workspace job's payload; default 30 */
  readonly job_ttl_days: number | null
}

export const DEFAULT_JOB_TTL_DAYS = 30

export interface KnowledgeGraphPolicy {
  readonly auto_build: boolean
  readonly exclude_path_prefixes: ReadonlyArray<string>
  readonly exclude_categories: ReadonlyArray<string>
}

export const DEFAULT_KNOWLEDGE_GRAPH: KnowledgeGraphPolicy = { auto_build: false, exclude_path_prefixes: [], exclude_categories: [] }

/**
 * `ledger_understanding.gl_parsing`: how the engine reads the package's cells, forced instead of
 * inferred (an auditor who knows the client's export settles the conventions once). Every field
 * null means "infer" (the engine's default).
 */
export interface LedgerParsingPolicy {
  /** rows read per source at most (below the engine's own cap); null: the engine's cap */
  readonly max_rows_per_source: number | null
  /** the date form of every date column (`DD/MM/YYYY`…); null: detected per column */
  readonly date_format: DateFormat | null
  /** the decimal separator of text amounts; null: voted per column */
  readonly decimal_separator: "." | "," | null
  /** the sign of a single signed amount column; null: from the chart's account types, else assumed debit-positive */
  readonly sign_convention: "debit_positive" | "credit_positive" | null
}

/** `ledger_understanding.package_scope`: the scope a run, a catalog read or a latest-report read takes when the request names none. */
export interface LedgerPackageScopePolicy {
  /** a workspace folder (`gl/2024/`); null: the whole workspace */
  readonly path_prefix: string | null
  /** workspace file paths (empty: every path) */
  readonly paths: ReadonlyArray<string>
  /** the audit period (`YYYY-MM-DD`, inclusive); null: inferred from the posting dates */
  readonly period: { readonly start: string; readonly end: string } | null
}

/** One side of a prepared relationship: a catalog source (its id, or the path of a file holding one table) and its key columns. */
export interface PreparedRelationshipSide {
  readonly source: string
  readonly columns: ReadonlyArray<string>
}

/** `ledger_understanding.prepared_relationships[]`: a join the user declares between two sources (journal account → chart code…). */
export interface PreparedRelationship {
  readonly from: PreparedRelationshipSide
  readonly to: PreparedRelationshipSide
  /** what the key is (`account`, `user`, `cost_centre`…); `account` by default */
  readonly relation: string
}

/** The ledger-understanding policy block (spec 3, "Ledger understanding"), with its defaults applied. */
export interface LedgerUnderstandingPolicy {
  readonly trigger: "auto" | "always" | "off"
  /** null: every convention inferred */
  readonly gl_parsing: LedgerParsingPolicy | null
  readonly package_confirmation: "required" | "automatic"
  /** null: the whole workspace, the period inferred */
  readonly package_scope: LedgerPackageScopePolicy | null
  /** null or empty: only inferred joins */
  readonly prepared_relationships: ReadonlyArray<PreparedRelationship> | null
}

export const DEFAULT_LEDGER_UNDERSTANDING: LedgerUnderstandingPolicy = {
  trigger: "auto",
  gl_parsing: null,
  package_confirmation: "required",
  package_scope: null,
  prepared_relationships: null
}

export interface Workspace {
  readonly workspace_id: string
  readonly tenant_id: string
  readonly name: string
  readonly domain_id: string
  readonly domain_slug: string
  readonly domain_version: number
  readonly access: WorkspaceAccess
  readonly retention_policy: RetentionPolicy
  readonly knowledge_graph: KnowledgeGraphPolicy
  readonly ledger_understanding: LedgerUnderstandingPolicy
  readonly config_version: number
  readonly status: WorkspaceStatus
  readonly created_at: number
  readonly updated_at: number
}

/** What PATCH may replace: each block sent replaces the stored one whole. */
export interface WorkspacePolicies {
  readonly knowledge_graph?: KnowledgeGraphPolicy | undefined
  readonly ledger_understanding?: LedgerUnderstandingPolicy | undefined
}

const iso = (ms: number) => new Date(ms).toISOString()

export const workspaceView = (w: Workspace) => ({
  workspace_id: w.workspace_id,
  name: w.name,
  domain_id: w.domain_id,
  domain_slug: w.domain_slug,
  domain_version: w.domain_version,
  access: w.access,
  retention_policy: w.retention_policy,
  knowledge_graph: w.knowledge_graph,
  ledger_understanding: w.ledger_understanding,
  config_version: w.config_version,
  status: w.status,
  created_at: iso(w.created_at),
  updated_at: iso(w.updated_at)
})

export const workspaceSummaryView = (w: Workspace) => ({
  workspace_id: w.workspace_id,
  name: w.name,
  domain_slug: w.domain_slug,
  domain_version: w.domain_version,
  status: w.status,
  created_at: iso(w.created_at),
  updated_at: iso(w.updated_at)
})

/** A workspace as `POST`, `GET` and `PATCH /v1/workspaces/{id}` answer it. */
export type WorkspaceView = ReturnType<typeof workspaceView>
/** A workspace in `GET /v1/workspaces`. */
export type WorkspaceSummaryView = ReturnType<typeof workspaceSummaryView>
