/**
 * The knowledge graph's store port (spec 3, "Knowledge graph"; DESIGN.md): per workspace, the
 * graph read from each file (what a build resumes from) and the current snapshot (what the tools
 * read).
 *
 * Rules every adapter keeps (the conformance suite, `testing/graph-store-suite.ts`, checks them):
 * - A file's graph is replaced whole by `putFileGraph`; `removeFileGraph` drops it; `fileGraphs`
 *   lists them in path order (code-point), `fileGraphHashes` gives each file's `ingested_hash`.
 * - `publish` replaces the workspace's snapshot whole: a reader sees the old one or the new one,
 *   never a mix. `clearFileGraphs` (a forced build) forgets the file graphs and keeps the snapshot
 *   readable until the next `publish`.
 * - `currentSnapshot` answers from the snapshot's head (id, revision, time, counts) without reading
 *   its nodes and edges; `snapshot` reads it whole, equal (deeply) to what was published. The
 *   revision is new on every publish.
 * - `removeWorkspace` leaves nothing; another tenant's or workspace's graph is unreachable.
 */
import { Context, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { FileGraph } from "./file-graph.js"
import type { GraphSnapshot } from "./snapshot.js"

export interface FileGraphRecord {
  readonly file_id: string
  readonly path: string
  /** the ingested hash the graph was read from: a resuming build extracts again a file whose hash moved */
  readonly ingested_hash: string
  /** epoch ms on the service clock */
  readonly extracted_at: number
  readonly graph: FileGraph
}

export interface SnapshotHead {
  readonly snapshot_id: string
  /** new on every publish, on any instance, even of the same snapshot again: a process keeping a loaded snapshot checks it against this */
  readonly revision: number
  readonly built_at: number
  readonly node_count: number
  readonly edge_count: number
  readonly file_count: number
}

export interface KnowledgeGraphStoreService {
  readonly putFileGraph: (tenantId: string, workspaceId: string, record: FileGraphRecord) => Effect.Effect<void, StorageUnavailable>
  readonly removeFileGraph: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<void, StorageUnavailable>
  readonly fileGraphs: (tenantId: string, workspaceId: string) => Effect.Effect<ReadonlyArray<FileGraphRecord>, StorageUnavailable>
  /** file id → the `ingested_hash` its kept graph was read from */
  readonly fileGraphHashes: (tenantId: string, workspaceId: string) => Effect.Effect<ReadonlyMap<string, string>, StorageUnavailable>
  readonly clearFileGraphs: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
  readonly publish: (tenantId: string, workspaceId: string, snapshot: GraphSnapshot) => Effect.Effect<void, StorageUnavailable>
  readonly currentSnapshot: (tenantId: string, workspaceId: string) => Effect.Effect<Option.Option<SnapshotHead>, StorageUnavailable>
  readonly snapshot: (tenantId: string, workspaceId: string) => Effect.Effect<Option.Option<GraphSnapshot>, StorageUnavailable>
  readonly removeWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
}

export class KnowledgeGraphStore extends Context.Tag("@docket/core/KnowledgeGraphStore")<KnowledgeGraphStore, KnowledgeGraphStoreService>() {}
