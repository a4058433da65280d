import { Kernel, Workspaces } from "@docket/core"
import { searchIndexSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { resetsLayer, storageAdminLayer } from "../src/internal/resets.js"

searchIndexSuite("memory", MemoryStorage.searchIndexLayer)

// Not yet in the default storage layer (it joins with its PostgreSQL adapter), so built here as
// the storage layer will build it: inside the resets its StorageAdmin runs. `fresh`: without it
// this test got the suite's earlier build of the same layer object, built without resets (so the
// reset cleared nothing). Observed under @effect/vitest 0.30 even in a minimal file: a layer
// given alone to one `it.layer`, then provided a service in another, reads no such service.
// Building it the same way with plain `Layer.buildWithMemoMap` outside vitest, it does.
const withAdmin = Layer.mergeAll(Layer.fresh(MemoryStorage.searchIndexLayer), storageAdminLayer).pipe(Layer.provide(resetsLayer))

describe("memory storage: StorageAdmin.reset covers the search index", () => {
  it.layer(withAdmin)((it) => {
    it.effect("a workspace indexed before a reset is never-indexed after it, and the index takes new files", () =>
      Effect.gen(function*() {
        const index = yield* Workspaces.Search.SearchIndex
        const chunk = (fileId: string, text: string): Workspaces.Search.IndexedChunk => {
          const terms = Workspaces.Search.analyze(text)
          const counts: Record<string, number> = {}
          for (const term of terms) counts[term] = (counts[term] ?? 0) + 1
          return {
            file_id: fileId,
            chunk_index: 0,
            path: "a.md",
            access_label: null,
            category: null,
            component: null,
            locator: { kind: "text", page: null, char_start: 0, char_end: text.length },
            title: "",
            text,
            terms: { title: {}, text: counts },
            length: { title: 0, text: terms.length },
            vector: Float32Array.from([1, 0])
          }
        }
        yield* index.replaceFile("t", "w", "f1", [chunk("f1", "before the reset")], "m")
        expect(yield* index.status("t", "w")).toEqual({ indexed: true, files: 1, chunks: 1, model: "m" })
        yield* (yield* Kernel.StorageAdmin).reset
        expect(yield* index.status("t", "w")).toEqual({ indexed: false, files: 0, chunks: 0, model: null })
        const k = yield* index.keyword("t", "w", ["reset"], { visible: "all" })
        expect([k.candidates.length, k.stats.documentCount]).toEqual([0, 0])
        expect((yield* index.nearest("t", "w", Float32Array.from([1, 0]), 5, { visible: "all" })).hits).toEqual([])
        yield* index.replaceFile("t", "w", "f2", [chunk("f2", "after the reset")], null)
        const after = yield* index.keyword("t", "w", ["reset"], { visible: "all" })
        expect(after.candidates.map((c) => c.chunk.text)).toEqual(["after the reset"])
      }))
  })
})
