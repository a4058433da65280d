/**
 * A knowledge graph drawn with sigma.js (WebGL) over a graphology graph laid out by ForceAtlas2.
 * The nodes are also listed (a drawing has no text for a screen reader); where the browser has no
 * WebGL the list is what remains, and the page says so.
 */
import Graph from "graphology"
import forceAtlas2 from "graphology-layout-forceatlas2"
import { useEffect, useRef, useState } from "preact/hooks"
import Sigma from "sigma"
import type { KgInfo } from "../api/workspaces.js"

const PALETTE = ["#1f5fbf", "#e8590c", "#2b8a3e", "#9c36b5", "#c92a2a", "#0b7285", "#5f3dc4", "#a61e4d"]

export const toGraph = (data: NonNullable<KgInfo["graph"]>) => {
  const graph = new Graph({ multi: true })
  const types = [...new Set(data.nodes.map((n) => n.node_type))]
  data.nodes.forEach((n, i) => {
    // a circle to start from; ForceAtlas2 spreads it
    const angle = (2 * Math.PI * i) / Math.max(1, data.nodes.length)
    graph.addNode(n.node_id, {
      label: n.title,
      x: Math.cos(angle),
      y: Math.sin(angle),
      size: 5 + Math.sqrt(n.degree) * 3,
      color: PALETTE[types.indexOf(n.node_type) % PALETTE.length]
    })
  })
  for (const e of data.edges) {
    if (graph.hasNode(e.from_node_id) && graph.hasNode(e.to_node_id)) {
      graph.addEdgeWithKey(e.edge_id, e.from_node_id, e.to_node_id, { label: e.edge_type, size: 1 })
    }
  }
  if (graph.order > 1) forceAtlas2.assign(graph, { iterations: 100, settings: forceAtlas2.inferSettings(graph) })
  return { graph, types }
}

export const GraphView = ({ data }: { readonly data: NonNullable<KgInfo["graph"]> }) => {
  const container = useRef<HTMLDivElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [drawn, setDrawn] = useState(false)
  const { graph, types } = toGraph(data)
  useEffect(() => {
    let renderer: Sigma | undefined
    try {
      // sizes in pixels: sigma 4 reads them in the layout's units by default, which on a small graph draws discs wider than their edges
      renderer = new Sigma(graph, container.current!, { settings: { itemSizesReference: "screen", labelRenderedSizeThreshold: 4 } })
      setDrawn(true)
    } catch (error) {
      setProblem(`This browser could not draw the graph (${(error as Error).message}); its nodes are listed below.`)
    }
    return () => renderer?.kill()
  }, [data])
  return (
    <figure class="graph">
      <div ref={container} class="graph-canvas" role="img" data-testid="graph-canvas" data-drawn={drawn ? "yes" : "no"}
        aria-label={`Knowledge graph: ${graph.order} nodes and ${graph.size} edges, drawn; the nodes are listed below`} />
      {problem === null ? null : <p class="error" role="alert">{problem}</p>}
      <figcaption>
        <ul class="legend" aria-label="Node types">
          {types.map((t, i) => <li key={t}><span class="swatch" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" />{t}</li>)}
        </ul>
        {data.truncated ? <p class="muted">The best-connected nodes only.</p> : null}
      </figcaption>
    </figure>
  )
}
