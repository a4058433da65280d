/**
 * A job's `result` by its kind: the job resource types `result` loosely (each kind shows its own,
 * `JobKindDefinition.v1Result`), so the console reads it through the kind, with core's type for
 * that kind's result (types only).
 */
import type { Documents, Workspaces } from "@docket/core"
import type { Job } from "./documents.js"

export interface JobResults {
  readonly parse: Documents.V1ParseResult
  readonly classify: Documents.V1CategorizeResult
  readonly categorize: Documents.V1CategorizeResult
  readonly extract: Documents.V1ExtractResult
  readonly ground: Documents.V1GroundResult
  readonly intelligent_search: Workspaces.IntelligentSearch.IntelligentSearchResult
  readonly filtered_search: Workspaces.FilteredSearch.FilteredSearchResult
}

export type GroundMatch = Documents.V1GroundResult["results"][number]["matches"][number]

/** The job's result when it is of one of `kinds` and has one (succeeded, not expired), else null. */
export const resultOf = <K extends keyof JobResults>(job: Job, ...kinds: ReadonlyArray<K>): JobResults[K] | null =>
  (kinds as ReadonlyArray<string>).includes(job.kind) && job.result !== null ? (job.result as JobResults[K]) : null
