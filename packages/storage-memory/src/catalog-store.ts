/**
 * The catalog in memory: per workspace, each catalogued file's entries (replaced whole) and a
 * revision moved by every write. Queries run the port's reference semantics
 * (`Workspaces.Catalog.runCatalogQuery`) over the workspace's entries; every operation runs
 * synchronously, so a reader sees a file's old entries or its new ones, never a mix.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type CatalogEntry = Workspaces.Catalog.CatalogEntry

interface CataloguedFile {
  readonly catalog_version: number
  readonly access_label: string | null
  readonly entries: ReadonlyArray<CatalogEntry>
}

interface WorkspaceCatalog {
  readonly files: Map<string, CataloguedFile>
  revision: number
}

const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

const makeStore = (): Clearable<Workspaces.Catalog.CatalogStoreService> => {
  const workspaces = new Map<string, WorkspaceCatalog>()
  const catalogOf = (t: string, w: string): WorkspaceCatalog => {
    let c = workspaces.get(key(t, w))
    if (c === undefined) workspaces.set(key(t, w), (c = { files: new Map(), revision: 0 }))
    return c
  }
  return {
    replaceFile: (t, w, file) =>
      Effect.sync(() => {
        const c = catalogOf(t, w)
        // copies: what the caller keeps mutating later never reaches the store
        const entries = structuredClone(Workspaces.Catalog.entriesOf(file))
        c.files.set(file.file_id, { catalog_version: file.catalog_version, access_label: file.access_label, entries })
        c.revision++
      }),
    removeFile: (t, w, fileId) =>
      Effect.sync(() => {
        const c = workspaces.get(key(t, w))
        if (c !== undefined && c.files.delete(fileId)) c.revision++
      }),
    removeWorkspace: (t, w) => Effect.sync(() => void workspaces.delete(key(t, w))),
    query: (t, w, q) =>
      Effect.sync(() => {
        const c = workspaces.get(key(t, w))
        const all = c === undefined ? [] : [...c.files.values()].flatMap((f) => f.entries)
        return structuredClone(Workspaces.Catalog.runCatalogQuery(all, q))
      }),
    coverage: (t, w, visible, version) =>
      Effect.sync(() => {
        const c = workspaces.get(key(t, w))
        let current = 0
        let outdated = 0
        const hidden: Array<string | null> = []
        for (const f of c?.files.values() ?? []) {
          if (!Workspaces.Files.isVisible(f.access_label, visible)) hidden.push(f.access_label)
          else if (f.catalog_version === version) current++
          else outdated++
        }
        return { current, outdated, withheld: Workspaces.Catalog.withheldOf(hidden), revision: c?.revision ?? 0 }
      }),
    uncatalogued: (t, w, fileIds, version) =>
      Effect.sync(() => {
        const c = workspaces.get(key(t, w))
        return fileIds.filter((id) => c?.files.get(id)?.catalog_version !== version)
      }),
    clear: () => workspaces.clear()
  }
}

export const make: Effect.Effect<Workspaces.Catalog.CatalogStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Catalog.CatalogStore> = Layer.effect(Workspaces.Catalog.CatalogStore, make)
