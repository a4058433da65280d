/**
 * The workspace's `ledger_understanding` policy as the service applies it (spec 3; the shapes are
 * in `../workspace/workspace.ts`, validated by `../workspace/workspace-input.ts`):
 * - `gl_parsing`: the row cap handed to `readLedgerSources` and the conventions handed to the
 *   engine (`ParsingOptions`);
 * - `package_confirmation`: handed to the engine (`required` stops a run without a selection at
 *   `needs_source_selection`);
 * - `package_scope`: the selectors of a run, a catalog read, a selection or a latest-report read
 *   whose request names neither `path_prefix` nor `paths`, and the audit period;
 * - `prepared_relationships`: the declared joins handed to the engine.
 * The policy a report was made under is echoed in it (`scope.policy`), so a run under another policy
 * reads the package again instead of republishing.
 */
import { Effect } from "effect"
import type { LedgerUnderstandingPolicy, Workspace } from "../workspace/workspace.js"
import type { DeclaredRelationship } from "./join-graph.js"
import type { ReportPolicy } from "./ledger-report.js"
import { scopeOf } from "./ledger-input.js"
import { MAX_SOURCE_ROWS } from "./ledger-source.js"
import type { ParsingOptions } from "./parsing-options.js"

export interface AppliedLedgerPolicy {
  readonly parsing: ParsingOptions
  /** rows read per source at most */
  readonly max_rows: number
  readonly package_confirmation: "required" | "automatic"
  readonly relationships: ReadonlyArray<DeclaredRelationship>
  readonly period: { readonly start: string; readonly end: string } | null
  /** what the report echoes */
  readonly report: ReportPolicy
}

export const appliedLedgerPolicy = (policy: LedgerUnderstandingPolicy): AppliedLedgerPolicy => {
  const g = policy.gl_parsing
  // a block stored before these fields were shaped may hold anything else: read as "not set"
  const relationships = Array.isArray(policy.prepared_relationships) ? policy.prepared_relationships : []
  return {
    parsing: { date_format: g?.date_format ?? null, decimal_separator: g?.decimal_separator ?? null, sign_convention: g?.sign_convention ?? null },
    max_rows: g?.max_rows_per_source ?? MAX_SOURCE_ROWS,
    package_confirmation: policy.package_confirmation,
    relationships,
    period: policy.package_scope?.period ?? null,
    report: {
      gl_parsing: g,
      package_confirmation: policy.package_confirmation,
      package_scope: policy.package_scope,
      prepared_relationships: relationships
    }
  }
}

/** JSON with object keys sorted: a policy read back from storage (jsonb reorders keys) compares equal to itself. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v !== null && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
      : v

/** whether a stored report's `scope.policy` is this policy */
export const samePolicy = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null))

export const ledgerPolicyOf = (w: Workspace): AppliedLedgerPolicy => appliedLedgerPolicy(w.ledger_understanding)

/**
 * The selectors of a request, or the policy's `package_scope` when the request names neither
 * `path_prefix` nor `paths` (an explicit `path_prefix: ""` asks for the whole workspace).
 */
export const resolvedScopeOf = (
  w: Workspace,
  raw: { readonly path_prefix?: string | undefined; readonly paths?: ReadonlyArray<string> | undefined; readonly selection_id?: string | undefined }
) => {
  const policy = w.ledger_understanding.package_scope
  const prefix = policy?.path_prefix ?? null
  const paths = Array.isArray(policy?.paths) ? policy.paths : []
  const fromPolicy = raw.path_prefix === undefined && raw.paths === undefined && (prefix !== null || paths.length > 0)
  const selectors = fromPolicy ? { path_prefix: prefix ?? undefined, paths, selection_id: raw.selection_id } : raw
  return Effect.map(scopeOf(selectors), (scope) => ({ scope, from_policy: fromPolicy }))
}
