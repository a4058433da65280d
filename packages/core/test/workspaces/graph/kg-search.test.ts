/**
 * kg-search's ranking on a small snapshot with an encoder whose vectors the test chooses: words
 * and meaning both find nodes, vectors of another encoder are not compared, and a node found only
 * in a hidden file is withheld and counted.
 */
import { describe, expect, it } from "@effect/vitest"
import { Intelligence } from "@docket/core"
import { Effect, Layer } from "effect"
import { GraphView } from "../../../src/workspaces/graph/graph-view.js"
import { kgSearch } from "../../../src/workspaces/graph/kg-search.js"
import { loadGraph } from "../../../src/workspaces/graph/loaded-graph.js"
import type { GraphEvidence, GraphNode, GraphSnapshot, NodeVectors } from "../../../src/workspaces/graph/snapshot.js"

const evidence = (file_id: string): GraphEvidence => ({ file_id, path: `${file_id}.md`, page: 1, component: null, char_start: 0, char_end: 4, quote: "text" })
const node = (node_id: string, title: string, file = "f1", facts: GraphNode["facts"] = []): GraphNode => ({
  node_id, node_type: "organisation", title, aliases: [], facts, mentions: [evidence(file)], source_file_ids: [file]
})

/** unit vectors along axes: the query "carrier company" points along axis 0 */
const axis = (i: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : 0))
const vectorsOf = (model: string, byNode: ReadonlyArray<readonly [string, Float32Array]>): NodeVectors => {
  const all = new Float32Array(byNode.length * 4)
  byNode.forEach(([, v], i) => all.set(v, i * 4))
  return { model, dimensions: 4, node_ids: byNode.map(([id]) => id), data: Buffer.from(all.buffer).toString("base64") }
}

const embedder = Layer.succeed(Intelligence.Embedder, {
  model: "test-axes",
  dimensions: 4,
  embed: (texts) => Effect.succeed(texts.map((t) => (t.includes("carrier") ? axis(0) : axis(3))))
})

const snapshot = (vectors: NodeVectors | undefined): GraphSnapshot => ({
  snapshot_id: "s",
  built_at: 0,
  file_ids: ["f1", "f2"],
  nodes: [
    node("n1", "Northwind Logistics Ltd"),
    node("n2", "Globex GmbH", "f1", [{ predicate: "activity", value: "carrier services", evidence: evidence("f1") }]),
    node("n3", "Initech Corporation"),
    node("n4", "Hidden Freight Ltd", "f2")
  ],
  edges: [],
  ...(vectors === undefined ? {} : { vectors })
})

const files = new Map([
  ["f1", { path: "f1.md", access_label: "finance", kind: "document" as const }],
  ["f2", { path: "f2.md", access_label: "hr", kind: "document" as const }]
])

const search = (s: GraphSnapshot, query: string) =>
  kgSearch(new GraphView(loadGraph(s), files, ["finance"], undefined), { query, k: 10 }).pipe(Effect.provide(embedder))

describe("kg-search", () => {
  it.effect("finds by the words of names and facts, and by meaning through the build's vectors; a node found only in a hidden file is withheld and counted", () =>
    Effect.gen(function*() {
      const vectors = vectorsOf("test-axes", [["n1", axis(0)], ["n2", axis(1)], ["n3", axis(2)], ["n4", axis(0)]])
      const r = yield* search(snapshot(vectors), "carrier company")
      // Northwind Logistics by meaning only (no word in common), Globex by the word of its fact
      expect(r.nodes.map((n) => n.title).sort()).toEqual(["Globex GmbH", "Northwind Logistics Ltd"])
      expect(r.coverage).toEqual({ restricted_candidates: 1, labels_required: ["hr"] })
      // words alone: Initech by its name
      const byName = yield* search(snapshot(vectors), "Initech")
      expect(byName.nodes.map((n) => n.title)).toEqual(["Initech Corporation"])
      expect(byName.coverage.restricted_candidates).toBe(0)
    }))

  it.effect("vectors of another encoder (or none) are not compared: only words match", () =>
    Effect.gen(function*() {
      const other = vectorsOf("another-model", [["n1", axis(0)], ["n4", axis(0)]])
      for (const s of [snapshot(other), snapshot(undefined)]) {
        const r = yield* search(s, "carrier company")
        expect(r.nodes.map((n) => n.title)).toEqual(["Globex GmbH"])
        expect(r.coverage.restricted_candidates).toBe(0)
      }
    }))
})
