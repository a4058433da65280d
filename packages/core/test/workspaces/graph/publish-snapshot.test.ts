/**
 * A build whose workspace is deleted meanwhile leaves nothing: whether the delete came before the
 * build published or its teardown ran between the build's check and its publish, no snapshot and
 * no file graph of the build remain, and the build fails `workspace_deleting`.
 */
import { Workspaces } from "@docket/core"
import { MemoryGraphStore, MemoryWorkspaceStore } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Option } from "effect"
import { KnowledgeGraphStore } from "../../../src/workspaces/graph/graph-store.js"
import { publishUnlessDeleted } from "../../../src/workspaces/graph/publish-snapshot.js"
import type { GraphSnapshot } from "../../../src/workspaces/graph/snapshot.js"
import { workspaceFixture } from "@docket/core/testing"

const workspace = workspaceFixture()

const snapshot: GraphSnapshot = { snapshot_id: "snap-1", built_at: 0, file_ids: ["f-1"], nodes: [], edges: [] }
const fileGraph = { file_id: "f-1", path: "a.md", ingested_hash: "h", graph: { nodes: [], edges: [] } } as unknown as Workspaces.Graph.FileGraphRecord

/** what the build wrote before publishing, and the workspace as the test sets it */
const written = (status: "active" | "deleting") =>
  Effect.gen(function*() {
    const workspaces = yield* Workspaces.WorkspaceStore
    yield* workspaces.create(workspace)
    if (status === "deleting") yield* workspaces.markDeleting("ten-1", "ws-1", 1)
    yield* Effect.flatMap(KnowledgeGraphStore, (s) => s.putFileGraph("ten-1", "ws-1", fileGraph))
  })

const left = Effect.gen(function*() {
  const store = yield* KnowledgeGraphStore
  return { snapshot: Option.isSome(yield* store.currentSnapshot("ten-1", "ws-1")), fileGraphs: (yield* store.fileGraphs("ten-1", "ws-1")).length }
})

const stores = Layer.merge(MemoryWorkspaceStore.layer, MemoryGraphStore.layer)

describe("publishing a build's snapshot", () => {
  it.effect("an active workspace gets the snapshot", () =>
    Effect.gen(function*() {
      yield* written("active")
      yield* publishUnlessDeleted("ten-1", "ws-1", snapshot)
      expect(yield* left).toEqual({ snapshot: true, fileGraphs: 1 })
    }).pipe(Effect.provide(stores)))

  it.effect("a workspace marked deleting before the publish: nothing published, the build's file graphs removed", () =>
    Effect.gen(function*() {
      yield* written("deleting")
      const out = yield* Effect.either(publishUnlessDeleted("ten-1", "ws-1", snapshot))
      expect(Either.isLeft(out) && out.left).toMatchObject({ code: "workspace_deleting", retryable: false })
      expect(yield* left).toEqual({ snapshot: false, fileGraphs: 0 })
    }).pipe(Effect.provide(stores)))

  it.effect("a delete whose teardown runs between the check and the publish: the snapshot written after the teardown is removed", () => {
    // the store publishes after the delete marked the workspace and its teardown emptied the graph
    const racing = Layer.effect(
      KnowledgeGraphStore,
      Effect.gen(function*() {
        const inner = yield* MemoryGraphStore.make
        const workspaces = yield* Workspaces.WorkspaceStore
        return {
          ...inner,
          publish: (t, w, s) =>
            Effect.gen(function*() {
              yield* workspaces.markDeleting(t, w, 1)
              yield* inner.removeWorkspace(t, w)
              yield* inner.publish(t, w, s)
            })
        } satisfies Workspaces.Graph.KnowledgeGraphStoreService
      })
    ).pipe(Layer.provideMerge(MemoryWorkspaceStore.layer))
    return Effect.gen(function*() {
      yield* written("active")
      const out = yield* Effect.either(publishUnlessDeleted("ten-1", "ws-1", snapshot))
      expect(Either.isLeft(out) && out.left).toMatchObject({ code: "workspace_deleting" })
      expect(yield* left).toEqual({ snapshot: false, fileGraphs: 0 })
    }).pipe(Effect.provide(racing))
  })

  it.effect("a workspace already gone: workspace_not_found, nothing kept", () =>
    Effect.gen(function*() {
      yield* written("active")
      yield* Effect.flatMap(Workspaces.WorkspaceStore, (s) => s.remove("ten-1", "ws-1"))
      const out = yield* Effect.either(publishUnlessDeleted("ten-1", "ws-1", snapshot))
      expect(Either.isLeft(out) && out.left).toMatchObject({ code: "workspace_not_found" })
      expect(yield* left).toEqual({ snapshot: false, fileGraphs: 0 })
    }).pipe(Effect.provide(stores)))
})
