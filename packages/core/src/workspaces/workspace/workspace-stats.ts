/**
 * A workspace's stats (spec 3, "Workspace stats"), every field. The one place they are computed:
 * each part of the workspace service adds what it holds here. Files, bytes, pages and expiries
 * are counted by the file store (`WorkspaceFileStore.stats`, exact); `index_documents` is the
 * search index's chunk count (what a search ranks, every label); the graph stays 0 until the graph
 * part counts its own; `last_ingestion_at` is the later of the
 * latest succeeded `ingestion` job's finish and the latest file ingestion, and
 * `last_reconciliation_at` the latest succeeded `reconciliation` job's finish.
 */
import { Clock, Effect, Option } from "effect"
import { JobStore } from "../../jobs/job-store.js"
import { WorkspaceFileStore } from "../files/file-store.js"
import { KnowledgeGraphStore } from "../graph/graph-store.js"
import { SearchIndex } from "../search/search-index.js"
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

const DAY_MS = 86_400_000
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b)

export const workspaceStats = (w: Workspace) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const retention = {
      source_ttl_ms: w.retention_policy.source_ttl_days === null ? null : w.retention_policy.source_ttl_days * DAY_MS,
      derived_ttl_ms: w.retention_policy.derived_ttl_days === null ? null : w.retention_policy.derived_ttl_days * DAY_MS
    }
    const [lastIngestionJob, last_reconciliation_at, files, index, graph] = yield* Effect.all([
      lastFinished(w, "ingestion"),
      lastFinished(w, "reconciliation"),
      Effect.flatMap(WorkspaceFileStore, (s) => s.stats(w.tenant_id, w.workspace_id, retention, now, 7 * DAY_MS)),
      Effect.flatMap(SearchIndex, (s) => s.status(w.tenant_id, w.workspace_id)),
      Effect.flatMap(KnowledgeGraphStore, (s) => s.currentSnapshot(w.tenant_id, w.workspace_id))
    ])
    const stats: WorkspaceStats = {
      files_total: files.files_total,
      files_by_ingestion_status: Object.fromEntries(INGESTION_STATUSES.map((s) => [s, files.files_by_ingestion_status[s] ?? 0])) as WorkspaceStats["files_by_ingestion_status"],
      bytes_total: files.bytes_total,
      pages_ingested: files.pages_ingested,
      index_documents: index.chunks,
      // the published snapshot's counts, whoever asks (the graph tools count what a key sees)
      kg_nodes: Option.match(graph, { onNone: () => 0, onSome: (h) => h.node_count }),
      kg_edges: Option.match(graph, { onNone: () => 0, onSome: (h) => h.edge_count }),
      // the latest of a finished ingestion job and a file's own ingestion (a job still running has ingested some)
      last_ingestion_at: later(lastIngestionJob, iso(files.last_ingestion_at)),
      last_reconciliation_at,
      next_expiry_at: iso(files.next_expiry_at),
      files_expiring_within_7d: files.files_expiring_within
    }
    return stats
  })
