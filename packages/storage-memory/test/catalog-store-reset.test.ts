/** The catalog in the memory storage layer: `StorageAdmin.reset` empties it. */
import { Kernel, Workspaces } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"

describe("memory storage: StorageAdmin.reset covers the catalog", () => {
  it.layer(MemoryStorage.layer)((it) => {
    it.effect("a catalogued workspace is empty after a reset", () =>
      Effect.gen(function*() {
        const store = yield* Workspaces.Catalog.CatalogStore
        yield* store.replaceFile("t", "w", {
          file_id: "f",
          path: "a.pdf",
          document_type: null,
          category: null,
          access_label: null,
          catalog_version: Workspaces.Catalog.CATALOG_VERSION,
          components: [{ component: null, component_kind: "document", page_start: 1, page_end: 1, cells: Workspaces.Catalog.settleCells([]) }]
        })
        expect((yield* store.query("t", "w", { visible: "all", filters: [], limit: 10 })).total).toBe(1)
        yield* (yield* Kernel.StorageAdmin).reset
        expect((yield* store.query("t", "w", { visible: "all", filters: [], limit: 10 })).total).toBe(0)
        expect((yield* store.coverage("t", "w", "all", Workspaces.Catalog.CATALOG_VERSION)).revision).toBe(0)
      }))
  })
})
