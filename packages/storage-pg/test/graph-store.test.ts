/**
 * The knowledge graph store's conformance suite on PostgreSQL (a database of its own, migrated),
 * and core's loaded graphs over it: never stale when another instance publishes, removes or resets.
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

describe("KnowledgeGraphStore (postgres) under core's loaded-graph cache: the only copy a process keeps", () => {
  it("a loaded graph gives way to another instance's publish (even of the same snapshot id), removal and reset; the store reads the row as it is", async () => {
    const instance = () => ManagedRuntime.make(Layer.orDie(Layer.merge(PgStorage.layer({ url: db.url }), Workspaces.Graph.KnowledgeGraphCacheLive)))
    const a = instance()
    const b = instance()
    try {
      const title = (rt: typeof a) =>
        rt.runPromise(Workspaces.Graph.currentGraph("t", "w").pipe(
          Effect.map((g) => g.nodes.get("n1")!.title),
          Effect.catchTag("KgNotBuilt", () => Effect.succeed(null))
        ))
      const loaded = (rt: typeof a) => rt.runPromise(Workspaces.Graph.currentGraph("t", "w"))
      const publish = (rt: typeof a, s: Workspaces.Graph.GraphSnapshot) => rt.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (g) => g.publish("t", "w", s)))
      await publish(b, snapshot("s1", "First Ltd"))
      expect(await title(a)).toBe("First Ltd")
      // kept: the same loaded graph again
      expect(await loaded(a)).toBe(await loaded(a))
      // the store keeps nothing: each read parses the row anew
      const read = () => a.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (s) => s.snapshot("t", "w")))
      expect(Option.getOrThrow(await read())).not.toBe(Option.getOrThrow(await read()))
      await publish(b, snapshot("s1", "Second Ltd"))
      expect(await title(a)).toBe("Second Ltd")
      await b.runPromise(Effect.flatMap(Workspaces.Graph.KnowledgeGraphStore, (s) => s.removeWorkspace("t", "w")))
      expect(await title(a)).toBeNull()
      await publish(b, snapshot("s2", "Third Ltd"))
      expect(await title(a)).toBe("Third Ltd")
      await b.runPromise(Effect.flatMap(Kernel.StorageAdmin, (admin) => admin.reset))
      expect(await title(a)).toBeNull()
      await publish(b, snapshot("s2", "Third Ltd"))
      await publish(a, snapshot("s3", "Fourth Ltd"))
      expect(await title(b)).toBe("Fourth Ltd")
    } finally {
      await Promise.all([a.dispose(), b.dispose()])
    }
  })
})
