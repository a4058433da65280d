/**
 * A published snapshot held in memory for the graph tools: its nodes and edges by id and a
 * `graphology` multigraph for neighbourhoods, walks and degree. Snapshots are immutable, so a
 * loaded one is kept per snapshot head (`KnowledgeGraphCache`: up to `CACHED_GRAPH_ITEMS` nodes
 * and edges over all workspaces, least recently read evicted first) and only the head is read per
 * request; a publish on any instance gives the head a new revision, and the next request loads
 * that one. This is the process's only copy of a snapshot: the stores keep none of their own.
 */
import { MultiDirectedGraph } from "graphology"
import { Context, Effect, Layer, Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { KgNotBuilt } from "./errors.js"
import { KnowledgeGraphStore } from "./graph-store.js"
import type { GraphEdge, GraphNode, GraphSnapshot } from "./snapshot.js"

export interface LoadedGraph {
  readonly snapshot: GraphSnapshot
  readonly nodes: ReadonlyMap<string, GraphNode>
  readonly edges: ReadonlyMap<string, GraphEdge>
  /** node ids as keys, edge ids as keys; edges point from `from_node_id` to `to_node_id` */
  readonly graph: MultiDirectedGraph
}

export const loadGraph = (snapshot: GraphSnapshot): LoadedGraph => {
  const graph = new MultiDirectedGraph()
  const nodes = new Map<string, GraphNode>()
  const edges = new Map<string, GraphEdge>()
  for (const n of snapshot.nodes) {
    nodes.set(n.node_id, n)
    graph.addNode(n.node_id)
  }
  for (const e of snapshot.edges) {
    if (!nodes.has(e.from_node_id) || !nodes.has(e.to_node_id) || edges.has(e.edge_id)) continue
    edges.set(e.edge_id, e)
    graph.addDirectedEdgeWithKey(e.edge_id, e.from_node_id, e.to_node_id)
  }
  return { snapshot, nodes, edges, graph }
}

/**
 * how many nodes and edges the loaded snapshots an instance keeps hold in all (about three of
 * 20,000 nodes and 60,000 edges); the most recently read is kept even when it alone is larger
 */
export const CACHED_GRAPH_ITEMS = 250_000

const itemsOf = (g: LoadedGraph) => g.nodes.size + g.edges.size

export interface KnowledgeGraphCacheService {
  /** the loaded snapshot of `key` (tenant, workspace, snapshot id), loading it with `load` when absent */
  readonly get: <E, R>(key: string, load: Effect.Effect<LoadedGraph, E, R>) => Effect.Effect<LoadedGraph, E, R>
}

export class KnowledgeGraphCache extends Context.Tag("@docket/core/KnowledgeGraphCache")<KnowledgeGraphCache, KnowledgeGraphCacheService>() {}

/** A cache of `maxItems` nodes and edges (a `Map` keeps insertion order: least recently read first). */
export const makeKnowledgeGraphCache = (maxItems: number = CACHED_GRAPH_ITEMS): KnowledgeGraphCacheService => {
  const held = new Map<string, LoadedGraph>()
  let items = 0
  const drop = (key: string) => {
    const g = held.get(key)
    if (g === undefined) return
    held.delete(key)
    items -= itemsOf(g)
  }
  return {
    get: (key, load) =>
      Effect.suspend(() => {
        const hit = held.get(key)
        if (hit !== undefined) {
          held.delete(key)
          held.set(key, hit)
          return Effect.succeed(hit)
        }
        return Effect.tap(load, (loaded) =>
          Effect.sync(() => {
            drop(key)
            held.set(key, loaded)
            items += itemsOf(loaded)
            for (const oldest of held.keys()) {
              if (items <= maxItems || oldest === key) break
              drop(oldest)
            }
          }))
      })
  }
}

export const KnowledgeGraphCacheLive = Layer.sync(KnowledgeGraphCache, () => makeKnowledgeGraphCache())

/** The workspace's current graph, loaded; 409 `kg_not_built` before the first build has published. */
export const currentGraph = (tenantId: string, workspaceId: string): Effect.Effect<LoadedGraph, KgNotBuilt | StorageUnavailable, KnowledgeGraphStore | KnowledgeGraphCache> =>
  Effect.gen(function*() {
    const store = yield* KnowledgeGraphStore
    const head = yield* store.currentSnapshot(tenantId, workspaceId)
    if (Option.isNone(head)) return yield* new KgNotBuilt({ workspaceId })
    const cache = yield* KnowledgeGraphCache
    return yield* cache.get(
      `${tenantId}\n${workspaceId}\n${head.value.snapshot_id}\n${head.value.revision}`,
      Effect.flatMap(store.snapshot(tenantId, workspaceId), (s) =>
        Option.isNone(s) ? Effect.fail(new KgNotBuilt({ workspaceId })) : Effect.sync(() => loadGraph(s.value)))
    )
  })
