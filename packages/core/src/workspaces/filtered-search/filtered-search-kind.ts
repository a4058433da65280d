/**
 * The `filtered_search` job (spec 3, "Search", "Filtered-search rules"). The input freezes at
 * acceptance the calling key and the labels it was granted (the run sees what the caller saw,
 * against the workspace's current label configuration).
 *
 * - `query`: the engine's `FilteredQueryWriter` reads the question against the catalog's columns
 *   and the document types of the workspace's pinned domain; a clarification (only when allowed)
 *   ends the run with no rows (rule 8); a query is validated (`appliedQueryProblems`) and run. A
 *   question the writer cannot express, or a query that does not validate (a model's mistake),
 *   is a clarification when allowed, else the job fails `invalid_request` with the reasons —
 *   never a made-up result.
 * - `page`: re-runs the parent's applied query (no engine call) from the cursor, against the
 *   current catalog and the paging key's current access (rule 2); `catalog_drifted` compares
 *   the catalog's revision with the one the parent was validated against.
 * Units: 1 per run.
 */
import { Effect, Option, Schema } from "effect"
import { FilteredQueryWriter } from "../../intelligence/filtered-query-writer.js"
import { defineJobKind, shapeOf } from "../../jobs/job-kind.js"
import type { JobError } from "../../jobs/job.js"
import { CatalogCursorSchema } from "./cursor-schema.js"
import { pinnedDomain, resolveDomain } from "../domains/domain-catalog.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import { CATALOG_FIELDS } from "../catalog/catalog-fields.js"
import { type AppliedQuery, appliedQueryProblems } from "./applied-query.js"
import type { FilteredSearchResult } from "./filtered-search-result.js"
import { FILTERED_SEARCH, parentQuery } from "./parent-query.js"
import { clarifiedResult, runFilteredQuery } from "./run-filtered-query.js"


export const FilteredSearchInput = Schema.Struct({
  mode: Schema.Literal("query", "page"),
  workspace_id: Schema.String,
  /** the key that asked (only it may page the query) */
  key_id: Schema.String,
  /** the labels the key was granted at acceptance */
  access_labels: Schema.Array(Schema.String),
  /** query: the question and its options */
  query: Schema.NullOr(Schema.String),
  context: Schema.NullOr(Schema.String),
  /** normalized; "" is the whole workspace */
  path_prefix: Schema.String,
  allow_clarification: Schema.Boolean,
  /** page: the query job, the revision it was validated against, where to resume */
  parent_job_id: Schema.NullOr(Schema.String),
  revision: Schema.NullOr(Schema.Number),
  after: Schema.NullOr(CatalogCursorSchema),
  /** the body as sent: an idempotent replay is compared on it (and the key) */
  request: Schema.Unknown
})
export type FilteredSearchInput = typeof FilteredSearchInput.Type

const fail = (code: string, message: string, retryable = false) => Effect.fail<JobError>({ code, message, retryable })

const jobErrorOf = (e: unknown): JobError => {
  const tagged = e as { readonly _tag?: string; readonly message?: string; readonly code?: string; readonly retryable?: boolean }
  if (typeof tagged.code === "string" && typeof tagged.retryable === "boolean" && tagged._tag === undefined) return e as JobError
  switch (tagged._tag) {
    case "EngineFailed":
      return { code: "upstream_unavailable", message: `the question writer failed: ${tagged.message ?? "unknown"}; search again`, retryable: true }
    case "StorageUnavailable":
      return { code: "upstream_unavailable", message: "storage was unavailable; search again", retryable: true }
    default:
      return { code: "internal_error", message: "the filtered search failed", retryable: true }
  }
}

export const filteredSearchKind = defineJobKind({
  kind: FILTERED_SEARCH,
  input: FilteredSearchInput,
  result: shapeOf<FilteredSearchResult>(Schema.Struct({
    result_type: Schema.Literal("filtered_search"),
    rows: Schema.Array(Schema.Object),
    total_matches: Schema.Number
  })),
  stage: "searching",
  // a replay is the same body from the same key (rule 7)
  fingerprint: (kind, input) => JSON.stringify([kind, input.workspace_id, input.key_id, input.request]),
  run: (job) => {
    const i = job.input
    const t = job.tenant_id
    return Effect.gen(function*() {
      const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, i.workspace_id))
      if (Option.isNone(found)) return yield* fail("workspace_not_found", `workspace ${i.workspace_id} not found`)
      const workspace = found.value
      const visible = visibleLabelsOf(workspace, i.access_labels)
      if (i.mode === "page") {
        const parent = yield* parentQuery(t, i.workspace_id, i.key_id, i.parent_job_id ?? "").pipe(
          Effect.catchIf((e): e is { readonly refusal: string } => "refusal" in e, (e) => fail("invalid_request", e.refusal))
        )
        const { result } = yield* runFilteredQuery({
          tenantId: t,
          workspaceId: i.workspace_id,
          visible,
          query: parent.query,
          interpretation: parent.interpretation,
          queryJobId: parent.job_id,
          validatedRevision: i.revision,
          after: i.after ?? undefined
        })
        return { result, units: 1 }
      }
      const taxonomy = yield* pinnedDomain(t, workspace.domain_slug, workspace.domain_version).pipe(
        Effect.flatMap((v) => resolveDomain(t, v)),
        Effect.map((r) => r.effective.taxonomy),
        Effect.catchIf((e) => e._tag !== "StorageUnavailable", () => fail("domain_not_found", `the workspace's domain ${workspace.domain_slug} v${workspace.domain_version} is not available`))
      )
      const documentTypes = [...new Map(taxonomy.classes.map((c) => [c.document_type, c])).values()].map((c) => ({
        document_type: c.document_type,
        aliases: taxonomy.classes.filter((x) => x.document_type === c.document_type).flatMap((x) => x.aliases)
      }))
      const plan = yield* Effect.flatMap(FilteredQueryWriter, (w) =>
        w.write({ question: i.query ?? "", context: i.context, columns: CATALOG_FIELDS, document_types: documentTypes, allow_clarification: i.allow_clarification }))
      const refuse = (why: string) =>
        i.allow_clarification
          ? Effect.map(clarifiedResult(`${why} Could you rephrase the question?`), (result) => ({ result, units: 1 }))
          : fail("invalid_request", why)
      switch (plan.kind) {
        case "clarification":
          if (!i.allow_clarification) return yield* fail("invalid_request", `the question is unclear and clarification was not allowed: ${plan.question}`)
          return { result: yield* clarifiedResult(plan.question), units: 1 }
        case "cannot_express":
          return yield* refuse(`The catalog cannot answer this question: ${plan.message}`)
        case "query": {
          const query: AppliedQuery = { ...plan.query, path_prefix: i.path_prefix }
          const problems = appliedQueryProblems(query, documentTypes.map((d) => d.document_type))
          if (problems.length > 0) return yield* refuse(`The question could not be turned into a valid catalog query: ${problems.join("; ")}.`)
          const { result } = yield* runFilteredQuery({
            tenantId: t,
            workspaceId: i.workspace_id,
            visible,
            query,
            interpretation: plan.interpretation,
            queryJobId: job.job_id,
            validatedRevision: null
          })
          return { result, units: 1 }
        }
      }
    }).pipe(Effect.mapError(jobErrorOf))
  }
})
