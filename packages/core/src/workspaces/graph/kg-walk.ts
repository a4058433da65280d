/**
 * `POST …/tools/kg-walk` (spec 3, "Knowledge graph"): breadth first from the start nodes, along
 * edges in either direction, up to `hops` edges away and `max_nodes` nodes (start nodes first),
 * following only `edge_types` (when given) into nodes of `node_types` (when given; start nodes are
 * always in). Nodes and edges are those the caller sees (`graph-view.ts`); a withheld neighbour
 * or edge met on the way is counted in `coverage`. `paths` holds, for every node reached, the
 * first path found to it from a start node; `edges` every shown edge followed or joining two
 * returned nodes; `truncated` is true when `max_nodes` stopped the walk before it had visited
 * every node within reach.
 *
 * A start id that names no node the caller can see is refused (422), whether it never existed,
 * left the graph in a rebuild, or is withheld — the three are indistinguishable.
 */
import { Effect } from "effect"
import { InvalidInput } from "../../api/errors.js"
import { evidenceView, nodeOutput } from "./graph-output.js"
import { type GraphView, WithheldCount } from "./graph-view.js"
import type { GraphEdge } from "./snapshot.js"

interface Step {
  readonly node: string
  readonly hops: number
  /** the path's nodes and edges from its start */
  readonly nodes: ReadonlyArray<string>
  readonly edges: ReadonlyArray<string>
}

export const kgWalk = (
  view: GraphView,
  body: {
    readonly start_node_ids: ReadonlyArray<string>
    readonly hops: number
    readonly max_nodes: number
    readonly edge_types?: ReadonlyArray<string> | undefined
    readonly node_types?: ReadonlyArray<string> | undefined
  }
) =>
  Effect.gen(function*() {
    const starts = [...new Set(body.start_node_ids)]
    const unknown = starts.map((id, i) => ({ id, i })).filter(({ id }) => view.node(id)._tag !== "shown")
    if (unknown.length > 0) {
      return yield* new InvalidInput({
        errors: unknown.map(({ id }) => ({
          field: `start_node_ids[${body.start_node_ids.indexOf(id)}]`,
          message: `names no node of the current graph (${id}); find nodes with kg-search or kg-info`
        }))
      })
    }
    const edgeTypes = body.edge_types === undefined ? undefined : new Set(body.edge_types)
    const nodeTypes = body.node_types === undefined ? undefined : new Set(body.node_types)
    const withheld = new WithheldCount()
    const reached = new Map<string, Step>()
    const followed = new Set<string>()
    let truncated = false
    let frontier: Array<Step> = []
    for (const id of starts.slice(0, body.max_nodes)) {
      const step = { node: id, hops: 0, nodes: [id], edges: [] }
      reached.set(id, step)
      frontier.push(step)
    }
    if (starts.length > body.max_nodes) truncated = true
    while (frontier.length > 0 && !truncated) {
      const next: Array<Step> = []
      for (const step of frontier) {
        if (step.hops >= body.hops) continue
        for (const { id, seen } of view.edgesAt(step.node)) {
          const e = view.loaded.edges.get(id)!
          if (edgeTypes !== undefined && !edgeTypes.has(e.edge_type)) continue
          const other = e.from_node_id === step.node ? e.to_node_id : e.from_node_id
          const target = view.node(other)
          if (seen._tag === "withheld") {
            withheld.add(`e:${id}`, seen.labels)
            if (target._tag === "withheld") withheld.add(`n:${other}`, target.labels)
          }
          if (seen._tag !== "shown") continue
          if (target._tag !== "shown" || (nodeTypes !== undefined && !nodeTypes.has(target.view.node.node_type) && !reached.has(other))) continue
          if (reached.has(other)) {
            followed.add(id)
            continue
          }
          if (reached.size >= body.max_nodes) {
            truncated = true
            break
          }
          followed.add(id)
          const to = { node: other, hops: step.hops + 1, nodes: [...step.nodes, other], edges: [...step.edges, id] }
          reached.set(other, to)
          next.push(to)
        }
        if (truncated) break
      }
      frontier = next
    }
    // edges joining returned nodes, of the types followed
    for (const id of reached.keys()) {
      for (const { id: eid, seen } of view.edgesAt(id)) {
        const e = view.loaded.edges.get(eid)!
        if (seen._tag !== "shown" || (edgeTypes !== undefined && !edgeTypes.has(e.edge_type))) continue
        if (reached.has(e.from_node_id) && reached.has(e.to_node_id)) followed.add(eid)
      }
    }
    const edgeOut = (e: GraphEdge) => {
      const from = view.loaded.nodes.get(e.from_node_id)!.title
      const to = view.loaded.nodes.get(e.to_node_id)!.title
      return {
        edge_id: e.edge_id,
        edge_type: e.edge_type,
        from_node_id: e.from_node_id,
        to_node_id: e.to_node_id,
        evidence: e.evidence.map((ev) => evidenceView(view, ev, `${from} ${e.edge_type.replace(/_/g, " ")} ${to}`))
      }
    }
    return {
      nodes: [...reached.keys()].map((id) => {
        const seen = view.node(id)
        return nodeOutput(view, seen._tag === "shown" ? seen.view : (undefined as never))
      }),
      edges: [...followed].sort().map((id) => {
        const seen = view.edge(id)
        return edgeOut(seen._tag === "shown" ? seen.view : (undefined as never))
      }),
      paths: [...reached.values()].filter((s) => s.hops > 0).map((s) => ({ node_ids: s.nodes, edge_ids: s.edges })),
      truncated,
      coverage: withheld.coverage
    }
  })
