/**
 * `GET …/tools/kg-info` (spec 3, "Knowledge graph"): the snapshot's id and time, its node and edge
 * types with counts, totals and hubs (the nodes of most shown edges) as the caller sees it within
 * `path_prefix`; with `include_graph`, the `graph_nodes` nodes of highest degree and the edges
 * between them. Counts, hubs and the graph follow `graph-view.ts`; withheld nodes and edges are
 * counted in `coverage`.
 */
import type { GraphView } from "./graph-view.js"
import { WithheldCount } from "./graph-view.js"

export const HUBS = 10

const byCount = (m: Map<string, number>) =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([type, count]) => ({ type, count }))

/** A node as kg-info lists it (hubs, and the nodes of `graph`). */
export interface KgNodeBrief {
  readonly node_id: string
  readonly node_type: string
  readonly title: string
  readonly degree: number
}

/** With `include_graph`: the nodes of highest degree, the edges between them, and whether more nodes were left out. */
export interface KgInfoGraph {
  readonly nodes: ReadonlyArray<KgNodeBrief>
  readonly edges: ReadonlyArray<{ readonly edge_id: string; readonly edge_type: string; readonly from_node_id: string; readonly to_node_id: string }>
  readonly truncated: boolean
}

export const kgInfo = (view: GraphView, options: { readonly include_graph: boolean; readonly graph_nodes: number }) => {
  const withheld = new WithheldCount()
  const nodeTypes = new Map<string, number>()
  const edgeTypes = new Map<string, number>()
  const degree = new Map<string, number>()
  for (const id of view.loaded.nodes.keys()) {
    const seen = view.node(id)
    if (seen._tag === "withheld") withheld.add(`n:${id}`, seen.labels)
    if (seen._tag !== "shown") continue
    nodeTypes.set(seen.view.node.node_type, (nodeTypes.get(seen.view.node.node_type) ?? 0) + 1)
    degree.set(id, 0)
  }
  for (const [id, e] of view.loaded.edges) {
    const seen = view.edge(id)
    if (seen._tag === "withheld") withheld.add(`e:${id}`, seen.labels)
    if (seen._tag !== "shown") continue
    edgeTypes.set(e.edge_type, (edgeTypes.get(e.edge_type) ?? 0) + 1)
    degree.set(e.from_node_id, degree.get(e.from_node_id)! + 1)
    degree.set(e.to_node_id, degree.get(e.to_node_id)! + 1)
  }
  const ranked = [...degree].sort((a, b) => {
    const na = view.loaded.nodes.get(a[0])!
    const nb = view.loaded.nodes.get(b[0])!
    return b[1] - a[1] || (na.title < nb.title ? -1 : na.title > nb.title ? 1 : 0) || (a[0] < b[0] ? -1 : 1)
  })
  const brief = ([id, d]: [string, number]): KgNodeBrief => {
    const n = view.loaded.nodes.get(id)!
    return { node_id: id, node_type: n.node_type, title: n.title, degree: d }
  }
  let graph: KgInfoGraph | null = null
  if (options.include_graph) {
    const chosen = ranked.slice(0, options.graph_nodes)
    const ids = new Set(chosen.map(([id]) => id))
    const edges = [...view.loaded.edges.values()]
      .filter((e) => ids.has(e.from_node_id) && ids.has(e.to_node_id) && view.edge(e.edge_id)._tag === "shown")
      .map((e) => ({ edge_id: e.edge_id, edge_type: e.edge_type, from_node_id: e.from_node_id, to_node_id: e.to_node_id }))
    graph = { nodes: chosen.map(brief), edges, truncated: ranked.length > chosen.length }
  }
  return {
    snapshot_id: view.loaded.snapshot.snapshot_id,
    built_at: new Date(view.loaded.snapshot.built_at).toISOString(),
    node_types: byCount(nodeTypes),
    edge_types: byCount(edgeTypes),
    node_total: degree.size,
    edge_total: [...edgeTypes.values()].reduce((a, b) => a + b, 0),
    hubs: ranked.slice(0, HUBS).filter(([, d]) => d > 0).map(brief),
    path_prefix: view.pathPrefix ?? null,
    coverage: withheld.coverage,
    graph
  }
}

/** The answer of `GET …/tools/kg-info`. */
export type KgInfo = ReturnType<typeof kgInfo>
