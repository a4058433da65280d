/**
 * A workspace's stats (spec 3, "Workspace stats"), every field. The one place they are computed:
 * each part of the workspace service adds what it holds here. Today the configuration stores
 * hold no files, pages, index entries or graph, so those counts are 0 and their dates null until
 * the files, index and graph parts count theirs; `last_ingestion_at` and
 * `last_reconciliation_at` are read from the workspace's jobs (the latest succeeded `ingestion`
 * and `reconciliation` job's finish).
 */
import { Effect } from "effect"
import { JobStore } from "../../jobs/job-store.js"
import type { Workspace } from "./workspace.js"

/** spec 3, "File": the ingestion statuses, each counted (0 included) */
export const INGESTION_STATUSES = ["discovered", "queued", "ingesting", "ingested", "stale", "expired", "failed", "not_required"] as const

export interface WorkspaceStats {
  readonly files_total: number
  readonly files_by_ingestion_status: Readonly<Record<(typeof INGESTION_STATUSES)[number], number>>
  readonly bytes_total: number
  readonly pages_ingested: number
  readonly index_documents: number
  readonly kg_nodes: number
  readonly kg_edges: number
  readonly last_ingestion_at: string | null
  readonly last_reconciliation_at: string | null
  readonly next_expiry_at: string | null
  readonly files_expiring_within_7d: number
}

/** The finish of the workspace's latest succeeded job of `kind`, or null. */
const lastFinished = (w: Workspace, kind: string) =>
  Effect.flatMap(JobStore, (jobs) =>
    jobs.list({ tenantId: w.tenant_id, workspaceId: w.workspace_id, kinds: [kind], statuses: ["succeeded"], limit: 1 })).pipe(
      Effect.map((page) => {
        const at = page.jobs[0]?.finished_at ?? null
        return at === null ? null : new Date(at).toISOString()
      }),
      // a cursor is never given here
      Effect.catchTag("CursorNotFound", () => Effect.succeed(null))
    )

export const workspaceStats = (w: Workspace) =>
  Effect.gen(function*() {
    const [last_ingestion_at, last_reconciliation_at] = yield* Effect.all([lastFinished(w, "ingestion"), lastFinished(w, "reconciliation")])
    const stats: WorkspaceStats = {
      files_total: 0,
      files_by_ingestion_status: Object.fromEntries(INGESTION_STATUSES.map((s) => [s, 0])) as WorkspaceStats["files_by_ingestion_status"],
      bytes_total: 0,
      pages_ingested: 0,
      index_documents: 0,
      kg_nodes: 0,
      kg_edges: 0,
      last_ingestion_at,
      last_reconciliation_at,
      next_expiry_at: null,
      files_expiring_within_7d: 0
    }
    return stats
  })
