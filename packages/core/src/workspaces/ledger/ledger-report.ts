/**
 * The ledger-understanding report (spec 3, "Ledger understanding"): JSON-safe (amounts as decimal
 * strings, no BigInt, no Date), counts and examples only — never rows.
 */
import type { AmountLayout, ColumnMapping, MappingEvidence } from "./column-mapping.js"
import type { CapReason } from "./ledger-source.js"
import type { LedgerConventions } from "./ledger-conventions.js"
import type { LedgerIntegrity, LedgerPeriod } from "./integrity-tests.js"
import type { LedgerPackageScopePolicy, LedgerParsingPolicy } from "../workspace/workspace.js"
import type { DeclaredRelationship, JoinEdge } from "./join-graph.js"
import type { LedgerRole, RoleEvidence } from "./source-profile.js"

/**
 * - `ready`: a primary was read and every integrity test that could run passed;
 * - `ready_with_exceptions`: read, and some test failed (the exceptions are the findings);
 * - `needs_source_selection`: two or more sources are equally good primaries, or the selection
 *   made earlier is for another catalog revision — a selection must be made;
 * - `no_journal_lines`: no source is recognised as journal lines (nothing to select automatically);
 * - `blocked`: the selected primary cannot be read as a journal (no account or no amount column).
 */
export type AssessmentStatus = "ready" | "ready_with_exceptions" | "needs_source_selection" | "no_journal_lines" | "blocked"

/** The workspace policy a report was made under (`ledger_understanding` without `trigger`): a run under another policy reads again. */
export interface ReportPolicy {
  readonly gl_parsing: LedgerParsingPolicy | null
  readonly package_confirmation: "required" | "automatic"
  readonly package_scope: LedgerPackageScopePolicy | null
  readonly prepared_relationships: ReadonlyArray<DeclaredRelationship>
}

export interface ReportScope {
  readonly path_prefix: string | null
  readonly paths: ReadonlyArray<string>
  /** true when the request named no path and the policy's `package_scope` gave them */
  readonly scope_from_policy: boolean
  readonly selection_id: string | null
  /** `selection` (a confirmed selection) or `automatic` (the catalog's recommendation) */
  readonly selection_basis: "selection" | "automatic"
  /** the policy's `package_confirmation` the run followed */
  readonly package_confirmation: "required" | "automatic"
  /** true when the primary was the catalog's recommendation, taken without a confirmed selection (`package_confirmation: automatic`) */
  readonly primary_chosen_automatically: boolean
  /** `LEDGER_ENGINE_VERSION` of the engine that made the report: a stored report of another version is never republished */
  readonly engine_version: number
  /** the policy the report was made under; null when the engine was called without one */
  readonly policy: ReportPolicy | null
  readonly catalog_revision: string
  readonly review_reading_id: string
  readonly primary_source_id: string | null
  /** the tables the primary reads (a dataset's members) */
  readonly primary_table_ids: ReadonlyArray<string>
  readonly supporting_source_ids: ReadonlyArray<string>
  readonly period: LedgerPeriod | null
}

export interface BlockingReason {
  /** `stale_selection`, `ambiguous_primary`, `selection_required`, `no_journal_lines`, `primary_without_account`, `primary_without_amounts`, `unknown_source` */
  readonly code: string
  readonly message: string
  readonly source_ids: ReadonlyArray<string>
}

export interface ReportTable {
  readonly source_id: string
  readonly kind: "table" | "partitioned_dataset"
  readonly path: string
  readonly component: string
  readonly table_name: string | null
  readonly partition_id: string | null
  readonly member_source_ids: ReadonlyArray<string>
  readonly role: LedgerRole
  /** how the run used it: `primary`, `supporting`, or null (profiled, not used) */
  readonly used_as: "primary" | "supporting" | null
  readonly role_scores: Readonly<Record<LedgerRole, number>>
  readonly row_count: number
  readonly rows_read: number
  readonly amount_layout: AmountLayout | null
  readonly column_mapping: ColumnMapping
  readonly mapping_evidence: ReadonlyArray<MappingEvidence>
  readonly evidence: ReadonlyArray<RoleEvidence>
  readonly recommended_as_primary: boolean
  readonly primary_eligible: boolean
  readonly review_eligible: boolean
}

export interface OpenQuestion {
  /** `ambiguous_primary`, `date_format_ambiguous`, `sign_convention_assumed`, `period_inferred`, `trial_balance_currency`, `unmatched_accounts`, `no_chart_of_accounts`, `no_trial_balance`, `population_capped`, `unrecognized_primary_confirmed`, `confirm_primary`, `prepared_relationship_unresolved` */
  readonly code: string
  readonly question: string
  readonly source_ids: ReadonlyArray<string>
  /** the answers the engine can act on, when there is a closed set */
  readonly options: ReadonlyArray<string>
}

export interface ParsingCounts {
  /** sheets and CSVs offered (accessible, in scope) */
  readonly offered_sources: number
  /** tables profiled as candidates (documents' tables and empty tables are not) */
  readonly attempted_candidates: number
  /** attempted ÷ offered */
  readonly candidate_coverage: number
  readonly rows_total: number
  readonly rows_read: number
  /** share of the attempted candidates' rows not read because of a cap */
  readonly population_capped_share: number
  readonly cap_reason_counts: Readonly<Record<CapReason, number>>
  readonly cap_profiles: ReadonlyArray<{ readonly source_id: string; readonly reason: CapReason; readonly row_count: number; readonly rows_read: number; readonly role: LedgerRole }>
  /** lines read from the primary, and those whose amount or account could not be read */
  readonly journal_lines_read: number
  readonly journal_lines_without_amount: number
  /** total and balance rows of a report export, left out of the lines (`Total for 1000 Cash`) */
  readonly summary_rows_excluded: number
}

export interface LedgerAssessment {
  readonly status: AssessmentStatus
  /** the codes of the failed tests (`ready_with_exceptions`) or blocking reasons */
  readonly reasons: ReadonlyArray<string>
  readonly entries: number
  readonly lines: number
  readonly accounts: number
  readonly currencies: ReadonlyArray<string>
}

export interface LedgerReport {
  readonly report_version: 1
  /** false when made; the store sets it when the package's catalog revision moves on */
  readonly stale: boolean
  readonly scope: ReportScope
  readonly blocking: ReadonlyArray<BlockingReason>
  readonly tables: ReadonlyArray<ReportTable>
  readonly conventions: LedgerConventions | null
  readonly integrity: LedgerIntegrity | null
  readonly join_graph: ReadonlyArray<JoinEdge>
  readonly open_questions: ReadonlyArray<OpenQuestion>
  readonly parsing: ParsingCounts
  readonly assessment: LedgerAssessment
}
