/**
 * The knowledge graph store's conformance suite on PostgreSQL (a database of its own, migrated),
 * and the snapshots a process keeps parsed: never stale when another instance publishes, removes
 * or resets.
 */
import { Kernel, Workspaces } from "@docket/core"
import { graphStoreSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const layer = PgStorage.PgGraphStore.layer.pipe(
  Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
  Layer.provideMerge(PgStorage.clientLayer({ url: db.url }))
)

graphStoreSuite("postgres", layer)

const snapshot = (id: string, title: string): Workspaces.Graph.GraphSnapshot => ({
  snapshot_id: id,
  built_at: 1_000,
  file_ids: ["f"],
  nodes: [{ node_id: "n1", node_type: "company", title, aliases: [], facts: [], mentions: [], source_file_ids: ["f"] }],
  edges: []
})

describe("KnowledgeGraphStore (postgres): the parsed snapshots this process keeps", () => {
  it("a kept snapshot gives way to another instance's publish (even under the same id), removal and reset", async () => {
    const a = ManagedRuntime.make(Layer.orDie(PgStorage.layer({ url: db.url })))
    const b = ManagedRuntime.make(Layer.orDie(PgStorage.layer({ url: db.url })))
    try {
      const read = (rt: typeof a) => rt.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (s) => s.snapshot("t", "w")))
      const publish = (rt: typeof a, s: Workspaces.Graph.GraphSnapshot) => rt.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (g) => g.publish("t", "w", s)))
      await publish(b, snapshot("s1", "First Ltd"))
      const first = Option.getOrThrow(await read(a))
      expect(first.nodes[0]!.title).toBe("First Ltd")
      // kept: the same object again
      expect(Option.getOrThrow(await read(a))).toBe(first)
      await publish(b, snapshot("s1", "Second Ltd"))
      expect(Option.getOrThrow(await read(a)).nodes[0]!.title).toBe("Second Ltd")
      await b.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (s) => s.removeWorkspace("t", "w")))
      expect(Option.isNone(await read(a))).toBe(true)
      await publish(b, snapshot("s2", "Third Ltd"))
      expect(Option.getOrThrow(await read(a)).nodes[0]!.title).toBe("Third Ltd")
      await b.runPromise(Effect.flatMap(Kernel.StorageAdmin, (admin) => admin.reset))
      expect(Option.isNone(await read(a))).toBe(true)
      await publish(b, snapshot("s2", "Third Ltd"))
      await publish(a, snapshot("s3", "Fourth Ltd"))
      expect(Option.getOrThrow(await read(b)).nodes[0]!.title).toBe("Fourth Ltd")
    } finally {
      await Promise.all([a.dispose(), b.dispose()])
    }
  })
})
