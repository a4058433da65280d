/**
 * The embedded names of a snapshot's nodes (`NodeVectors`): what a build embeds — each central
 * node (an ontology tier of 1 or 2) as its title and aliases — and how a search reads them back.
 */
import { Effect } from "effect"
import { Embedder } from "../../intelligence/embedder.js"
import type { Ontology } from "../domains/domain-definition.js"
import type { GraphNode, NodeVectors } from "./snapshot.js"

/** node types of these tiers are embedded (amounts, dates and identifiers are matched by their words) */
const EMBEDDED_TIERS = 2
const BATCH = 64
/** aliases read with a title (a node's text stays short: the encoder sees its first 128 tokens) */
const MAX_ALIASES = 4

export const nodeTextOf = (n: GraphNode) => [n.title, ...n.aliases.slice(0, MAX_ALIASES)].join(" / ")

export const embedNodes = (nodes: ReadonlyArray<GraphNode>, ontology: Ontology) =>
  Effect.gen(function*() {
    const central = new Set(ontology.node_types.filter((t) => t.tier <= EMBEDDED_TIERS).map((t) => t.name))
    const chosen = nodes.filter((n) => central.has(n.node_type))
    const embedder = yield* Embedder
    const out = new Float32Array(chosen.length * embedder.dimensions)
    for (let i = 0; i < chosen.length; i += BATCH) {
      const batch = chosen.slice(i, i + BATCH)
      const vectors = yield* embedder.embed(batch.map(nodeTextOf))
      vectors.forEach((v, j) => out.set(v.subarray(0, embedder.dimensions), (i + j) * embedder.dimensions))
      yield* Effect.yieldNow()
    }
    const vectors: NodeVectors = {
      model: embedder.model,
      dimensions: embedder.dimensions,
      node_ids: chosen.map((n) => n.node_id),
      data: Buffer.from(out.buffer, out.byteOffset, out.byteLength).toString("base64")
    }
    return vectors
  })

/** node id → its vector (views over one decoded buffer) */
export const readNodeVectors = (v: NodeVectors): ReadonlyMap<string, Float32Array> => {
  const bytes = Buffer.from(v.data, "base64")
  const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const out = new Map<string, Float32Array>()
  v.node_ids.forEach((id, i) => out.set(id, all.subarray(i * v.dimensions, (i + 1) * v.dimensions)))
  return out
}
