/**
 * The intelligent-search result (spec 3, "Intelligent-search result"), shared by fact and deep
 * search, and the coverage the tools' withheld counts add up to.
 */
import { compareCodePoints } from "../files/file-store.js"

export interface SearchEvidence {
  readonly source_path: string
  readonly source_file_id: string | null
  /** 1-based; absent when the passage is not on a page (spreadsheets, unpaged text) */
  readonly page?: number
  readonly quote: string
  /** 0 to 1 */
  readonly relevance: number
}

export interface ToolCallRecord {
  readonly tool: string
  /** SHA-256 (hex) of the call's arguments as canonical JSON (keys sorted) */
  readonly arguments_digest: string
  /** what the call returned: hits, listed files, citations (the tool's own count; 0 on an error) */
  readonly hits: number
  readonly duration_ms: number
}

export interface Coverage {
  readonly restricted_candidates: number
  readonly labels_required: ReadonlyArray<string>
}

export const NO_COVERAGE: Coverage = { restricted_candidates: 0, labels_required: [] }

/** Sums what several tool calls withheld: counts add, labels unite (sorted). */
export const addCoverage = (a: Coverage, b: Coverage | undefined): Coverage =>
  b === undefined
    ? a
    : {
      restricted_candidates: a.restricted_candidates + b.restricted_candidates,
      labels_required: [...new Set([...a.labels_required, ...b.labels_required])].sort(compareCodePoints)
    }

export interface IntelligentSearchResult {
  readonly result_type: "intelligent_search"
  readonly evidences: ReadonlyArray<SearchEvidence>
  readonly reasoning: string | null
  readonly answer: string | null
  readonly interpretation: string | null
  readonly clarification: string | null
  readonly coverage: Coverage
  readonly candidates_seen: number
  readonly steps_used: number
  readonly exhausted: boolean
  readonly tool_calls: ReadonlyArray<ToolCallRecord>
  readonly session_id: string | null
}
