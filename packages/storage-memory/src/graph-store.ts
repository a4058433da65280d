/**
 * The knowledge graph in memory: per workspace, each file's graph and the current snapshot. Every
 * operation is one synchronous step, so a reader sees the old snapshot or the new one, never a mix.
 *
 * What is put or published is copied once and deep-frozen; reads hand out the frozen value
 * itself. A snapshot is read on every graph tool call and may hold tens of thousands of nodes:
 * copying it on each read (as the smaller stores do) would cost more than the tool's own work, and
 * frozen, no caller can change what the store keeps.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type FileGraphRecord = Workspaces.Graph.FileGraphRecord
type GraphSnapshot = Workspaces.Graph.GraphSnapshot
type SnapshotHead = Workspaces.Graph.SnapshotHead

interface WorkspaceGraph {
  readonly files: Map<string, FileGraphRecord>
  snapshot: { readonly head: SnapshotHead; readonly whole: GraphSnapshot } | undefined
}

const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** a copy of the caller's value that nothing can change */
const kept = <A>(value: A): A => deepFreeze(structuredClone(value))

const makeStore = (): Clearable<Workspaces.Graph.KnowledgeGraphStoreService> => {
  const workspaces = new Map<string, WorkspaceGraph>()
  // a publish's revision: new on every publish of this store
  let revisions = 0
  const graphOf = (t: string, w: string): WorkspaceGraph => {
    let g = workspaces.get(key(t, w))
    if (g === undefined) workspaces.set(key(t, w), (g = { files: new Map(), snapshot: undefined }))
    return g
  }
  return {
    putFileGraph: (t, w, record) => Effect.sync(() => void graphOf(t, w).files.set(record.file_id, kept(record))),
    removeFileGraph: (t, w, fileId) => Effect.sync(() => void workspaces.get(key(t, w))?.files.delete(fileId)),
    fileGraphs: (t, w) =>
      Effect.sync(() => [...(workspaces.get(key(t, w))?.files.values() ?? [])].sort((a, b) => Workspaces.Files.compareCodePoints(a.path, b.path) || Workspaces.Files.compareCodePoints(a.file_id, b.file_id))),
    fileGraphHashes: (t, w) => Effect.sync(() => new Map([...(workspaces.get(key(t, w))?.files.values() ?? [])].map((r) => [r.file_id, r.ingested_hash]))),
    clearFileGraphs: (t, w) => Effect.sync(() => workspaces.get(key(t, w))?.files.clear()),
    publish: (t, w, snapshot) =>
      Effect.sync(() => {
        const whole = kept(snapshot)
        const head = { snapshot_id: whole.snapshot_id, revision: ++revisions, built_at: whole.built_at, node_count: whole.nodes.length, edge_count: whole.edges.length, file_count: whole.file_ids.length }
        graphOf(t, w).snapshot = { head, whole }
      }),
    currentSnapshot: (t, w) => Effect.sync(() => Option.map(Option.fromNullable(workspaces.get(key(t, w))?.snapshot), (s) => ({ ...s.head }))),
    snapshot: (t, w) => Effect.sync(() => Option.map(Option.fromNullable(workspaces.get(key(t, w))?.snapshot), (s) => s.whole)),
    removeWorkspace: (t, w) => Effect.sync(() => void workspaces.delete(key(t, w))),
    clear: () => workspaces.clear()
  }
}

export const make: Effect.Effect<Workspaces.Graph.KnowledgeGraphStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Graph.KnowledgeGraphStore> = Layer.effect(Workspaces.Graph.KnowledgeGraphStore, make)
