/**
 * The loaded-graph cache: a snapshot is loaded once per head (id and revision), the least recently
 * read give way when the nodes and edges held pass the bound, the latest read is always kept.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { loadGraph, makeKnowledgeGraphCache } from "../../../src/workspaces/graph/loaded-graph.js"
import type { GraphSnapshot } from "../../../src/workspaces/graph/snapshot.js"

const snapshotOf = (id: string, nodes: number): GraphSnapshot => ({
  snapshot_id: id,
  built_at: 0,
  file_ids: [],
  nodes: Array.from({ length: nodes }, (_, i) => ({ node_id: `${id}-${i}`, node_type: "organisation", title: `N${i}`, aliases: [], facts: [], mentions: [], source_file_ids: [] })),
  edges: []
})

describe("KnowledgeGraphCache", () => {
  it.effect("loads a head once, keeps the most recently read within the bound of nodes and edges, always the latest", () =>
    Effect.gen(function*() {
      const cache = makeKnowledgeGraphCache(10)
      const loads: Array<string> = []
      const get = (key: string, nodes: number) => cache.get(key, Effect.sync(() => (loads.push(key), loadGraph(snapshotOf(key, nodes)))))
      const a = yield* get("a", 4)
      expect(yield* get("a", 4)).toBe(a)
      yield* get("b", 4)
      expect(loads).toEqual(["a", "b"])
      // a read makes "a" the most recent: "c" pushes "b" out (4 + 4 + 4 > 10)
      yield* get("a", 4)
      yield* get("c", 4)
      yield* get("a", 4)
      yield* get("b", 4)
      expect(loads).toEqual(["a", "b", "c", "b"])
      // larger than the bound alone: kept while it is the latest, the others give way
      const big = yield* get("big", 50)
      expect(yield* get("big", 50)).toBe(big)
      yield* get("a", 4)
      expect(loads).toEqual(["a", "b", "c", "b", "big", "a"])
      yield* get("big", 50)
      expect(loads.at(-1)).toBe("big")
      expect(loads).toHaveLength(7)
    }))
})
