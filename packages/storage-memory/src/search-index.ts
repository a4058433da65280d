/**
 * The search index in memory. Per workspace: each file's chunk references (what `chunks` and
 * `nearest` show), core's `KeywordScan` (compact postings, the label totals; `keyword` is its
 * top-k ranking) and core's `VectorScan` (the workspace's vectors held contiguously), both kept in
 * step with the files. Every operation runs synchronously, so a reader sees a file's old chunks or
 * its new ones, never a mix.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type ChunkRef = Workspaces.Search.ChunkRef

interface Stored {
  /** a ref handed out never changes under its reader */
  ref: ChunkRef
}

/** what the scans hold of a file */
interface ScannedFile {
  readonly file_id: string
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

interface WorkspaceIndex {
  readonly files: Map<string, ReadonlyArray<Stored>>
  readonly vectors: Workspaces.Search.VectorScan<ScannedFile>
  readonly keywords: Workspaces.Search.KeywordScan<ScannedFile>
  indexed: boolean
  model: string | null
}

const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

const withheldOf = (labels: ReadonlyArray<string | null>): Workspaces.Files.Withheld => ({
  count: labels.length,
  labels: [...new Set(labels.filter((l): l is string => l !== null))].sort(Workspaces.Files.compareCodePoints)
})

/** what `keyword` ranks on for a workspace never indexed */
const EMPTY = new Workspaces.Search.KeywordScan<ScannedFile>()

const makeStore = (): Clearable<Workspaces.Search.SearchIndexService> => {
  const workspaces = new Map<string, WorkspaceIndex>()

  const indexOf = (tenantId: string, workspaceId: string, create: boolean): WorkspaceIndex | undefined => {
    const k = key(tenantId, workspaceId)
    let w = workspaces.get(k)
    if (w === undefined && create) {
      w = { files: new Map(), vectors: new Workspaces.Search.VectorScan(), keywords: new Workspaces.Search.KeywordScan(), indexed: false, model: null }
      workspaces.set(k, w)
    }
    return w
  }

  const drop = (w: WorkspaceIndex, fileId: string) => {
    w.files.delete(fileId)
    w.vectors.remove(fileId)
    w.keywords.remove(fileId)
  }

  const service: Workspaces.Search.SearchIndexService = {
    replaceFile: (t, ws, fileId, chunks, model) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, true)!
        drop(w, fileId)
        if (chunks.length > 0) {
          w.files.set(fileId, chunks.map((c): Stored => ({ ref: Workspaces.Search.chunkRefOf(c) })))
          // a file's chunks share its path, label and category
          const file: ScannedFile = { file_id: fileId, path: chunks[0]!.path, access_label: chunks[0]!.access_label, category: chunks[0]!.category }
          w.vectors.replace(fileId, file, chunks)
          w.keywords.replace(file, chunks.map((c) => ({ chunk_index: c.chunk_index, length: c.length, postings: Workspaces.Search.postingsOf(c.terms) })))
        }
        w.indexed = true
        if (model !== null) w.model = model
      }),
    removeFile: (t, ws, fileId) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        if (w !== undefined) drop(w, fileId)
      }),
    removeWorkspace: (t, ws) => Effect.sync(() => void workspaces.delete(key(t, ws))),
    status: (t, ws) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        return w === undefined
          ? { indexed: false, files: 0, chunks: 0, model: null }
          : { indexed: w.indexed, files: w.files.size, chunks: w.keywords.size, model: w.model }
      }),
    keyword: (t, ws, terms, scope, limit, probe) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        return Workspaces.Search.keywordCandidatesOf((w?.keywords ?? EMPTY).query(terms, scope, limit, probe))
      }),
    chunks: (t, ws, keys, visible) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        if (w === undefined) return []
        const out: Array<ChunkRef> = []
        for (const key of keys) {
          const ref = w.files.get(key.file_id)?.find((s) => s.ref.chunk_index === key.chunk_index)?.ref
          if (ref !== undefined && Workspaces.Files.isVisible(ref.access_label, visible)) out.push(ref)
        }
        return out
      }),
    nearest: (t, ws, vector, k, scope) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        if (w === undefined) return { hits: [], seen: 0, withheld: withheldOf([]), hidden: [] }
        const ranked = w.vectors.nearest(vector, k, scope)
        const refOf = (n: Workspaces.Search.Neighbour<ScannedFile>) => w.files.get(n.file.file_id)![n.position]!.ref
        const hidden = ranked.hidden.map(refOf)
        return {
          hits: ranked.top.map((n) => ({ chunk: refOf(n), similarity: n.similarity })),
          seen: ranked.seen,
          withheld: withheldOf(hidden.map((r) => r.access_label)),
          hidden
        }
      })
  }
  return { ...service, clear: () => workspaces.clear() }
}

export const make: Effect.Effect<Workspaces.Search.SearchIndexService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Search.SearchIndex> = Layer.effect(Workspaces.Search.SearchIndex, make)
