import { Kernel, Workspaces } from "@docket/core"
import { searchIndexSuite } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

searchIndexSuite("memory", MemoryStorage.searchIndexLayer)

describe("memory storage: StorageAdmin.reset covers the search index", () => {
  // fresh: @effect/vitest shares one memo map per file, so the suite's earlier build of the same
  // index layer (outside any storage layer, without resets) would be reused here
  it.layer(Layer.fresh(MemoryStorage.layer))((it) => {
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
        const k = yield* index.keyword("t", "w", ["reset"], { visible: "all" }, 100)
        expect([k.candidates.length, k.stats.documentCount]).toEqual([0, 0])
        expect((yield* index.nearest("t", "w", Float32Array.from([1, 0]), 5, { visible: "all" })).hits).toEqual([])
        yield* index.replaceFile("t", "w", "f2", [chunk("f2", "after the reset")], null)
        const after = yield* index.keyword("t", "w", ["reset"], { visible: "all" }, 100)
        expect((yield* index.chunks("t", "w", after.candidates.map((c) => c.chunk), "all")).map((c) => c.text)).toEqual(["after the reset"])
      }))
  })
})
