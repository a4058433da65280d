/**
 * A workspace (spec 3, "Workspace"): source files and derived outputs pinned to a published domain
 * version, an access-label configuration and a retention policy. `config_version` counts the
 * accepted updates (1 at creation).
 */
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

/** The ledger-understanding policy block (spec 3, "Ledger understanding"), with its defaults applied. */
export interface LedgerUnderstandingPolicy {
  readonly trigger: "auto" | "always" | "off"
  /** the shapes of these three are not shown by the spec: JSON objects kept verbatim, or null */
  readonly gl_parsing: { readonly [key: string]: unknown } | null
  readonly package_confirmation: "required" | "automatic"
  readonly package_scope: { readonly [key: string]: unknown } | null
  readonly prepared_relationships: { readonly [key: string]: unknown } | null
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
