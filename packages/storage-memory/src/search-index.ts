/**
 * The search index in memory. Per workspace: each file's chunks, a postings map (term → the chunks
 * holding it) kept in step with them, so `keyword` reads only the postings of the query's terms,
 * and per access label the chunk count and summed field lengths, so the visible collection's
 * statistics cost one step per label instead of a pass over every chunk. `nearest` ranks on
 * core's `VectorScan` (the workspace's vectors held contiguously, kept in step with the files).
 * Every operation runs synchronously, so a reader sees a file's old chunks or its new ones, never
 * a mix.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type ChunkField = Workspaces.Search.ChunkField
type ChunkRef = Workspaces.Search.ChunkRef
type SearchScope = Workspaces.Search.SearchScope

const FIELDS: ReadonlyArray<ChunkField> = ["title", "text"]

interface Stored {
  /** replaced whole on a relabel (a ref handed out never changes under its reader) */
  ref: ChunkRef
  readonly terms: Workspaces.Search.IndexedChunk["terms"]
  readonly length: Workspaces.Search.IndexedChunk["length"]
  readonly vector: Float32Array | null
}

interface LabelTotals {
  chunks: number
  title: number
  text: number
}

/** what the vector scan holds of a file */
interface ScannedFile {
  readonly fileId: string
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

interface WorkspaceIndex {
  readonly files: Map<string, ReadonlyArray<Stored>>
  readonly vectors: Workspaces.Search.VectorScan<ScannedFile>
  readonly postings: Map<string, Set<Stored>>
  readonly byLabel: Map<string | null, LabelTotals>
  chunks: number
  indexed: boolean
  model: string | null
}

const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

const inScope = (ref: ChunkRef, scope: SearchScope): boolean =>
  (scope.path_prefix === undefined || ref.path.startsWith(scope.path_prefix)) && Workspaces.Search.inCategories(ref.category, scope.categories)

const withheldOf = (labels: ReadonlyArray<string | null>): Workspaces.Files.Withheld => ({
  count: labels.length,
  labels: [...new Set(labels.filter((l): l is string => l !== null))].sort(Workspaces.Files.compareCodePoints)
})

const makeStore = (): Clearable<Workspaces.Search.SearchIndexService> => {
  const workspaces = new Map<string, WorkspaceIndex>()

  const indexOf = (tenantId: string, workspaceId: string, create: boolean): WorkspaceIndex | undefined => {
    const k = key(tenantId, workspaceId)
    let w = workspaces.get(k)
    if (w === undefined && create) {
      w = { files: new Map(), vectors: new Workspaces.Search.VectorScan(), postings: new Map(), byLabel: new Map(), chunks: 0, indexed: false, model: null }
      workspaces.set(k, w)
    }
    return w
  }

  const count = (w: WorkspaceIndex, s: Stored, sign: 1 | -1) => {
    const label = s.ref.access_label
    const totals = w.byLabel.get(label) ?? { chunks: 0, title: 0, text: 0 }
    totals.chunks += sign
    totals.title += sign * s.length.title
    totals.text += sign * s.length.text
    if (totals.chunks === 0) w.byLabel.delete(label)
    else w.byLabel.set(label, totals)
    w.chunks += sign
  }

  const drop = (w: WorkspaceIndex, fileId: string) => {
    const old = w.files.get(fileId)
    if (old === undefined) return
    for (const s of old) {
      count(w, s, -1)
      for (const term of termsOf(s)) {
        const postings = w.postings.get(term)
        postings?.delete(s)
        if (postings?.size === 0) w.postings.delete(term)
      }
    }
    w.files.delete(fileId)
    w.vectors.remove(fileId)
  }

  const visibleTotals = (w: WorkspaceIndex, visible: Workspaces.Files.VisibleLabels) => {
    const sum = { chunks: 0, title: 0, text: 0 }
    for (const [label, totals] of w.byLabel) {
      if (!Workspaces.Files.isVisible(label, visible)) continue
      sum.chunks += totals.chunks
      sum.title += totals.title
      sum.text += totals.text
    }
    return sum
  }

  const service: Workspaces.Search.SearchIndexService = {
    replaceFile: (t, ws, fileId, chunks, model) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, true)!
        drop(w, fileId)
        const stored = chunks.map((c): Stored => ({ ref: Workspaces.Search.chunkRefOf(c), terms: c.terms, length: c.length, vector: c.vector }))
        if (stored.length > 0) w.files.set(fileId, stored)
        if (chunks.length > 0) w.vectors.replace(fileId, { fileId, path: chunks[0]!.path, access_label: chunks[0]!.access_label, category: chunks[0]!.category }, chunks)
        for (const s of stored) {
          count(w, s, 1)
          for (const term of termsOf(s)) {
            let postings = w.postings.get(term)
            if (postings === undefined) w.postings.set(term, (postings = new Set()))
            postings.add(s)
          }
        }
        w.indexed = true
        if (model !== null) w.model = model
      }),
    removeFile: (t, ws, fileId) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        if (w !== undefined) drop(w, fileId)
      }),
    relabelFile: (t, ws, fileId, file) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        const stored = w?.files.get(fileId)
        if (w === undefined || stored === undefined) return
        for (const s of stored) {
          count(w, s, -1)
          s.ref = { ...s.ref, access_label: file.access_label, category: file.category, path: file.path }
          count(w, s, 1)
        }
        w.vectors.relabel(fileId, { fileId, ...file })
      }),
    removeWorkspace: (t, ws) => Effect.sync(() => void workspaces.delete(key(t, ws))),
    status: (t, ws) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        return w === undefined
          ? { indexed: false, files: 0, chunks: 0, model: null }
          : { indexed: w.indexed, files: w.files.size, chunks: w.chunks, model: w.model }
      }),
    keyword: (t, ws, terms, scope) =>
      Effect.sync(() => {
        const w = indexOf(t, ws, false)
        const totals = w === undefined ? { chunks: 0, title: 0, text: 0 } : visibleTotals(w, scope.visible)
        const documentFrequency = new Map<string, number>()
        const holding = new Set<Stored>()
        for (const term of terms) {
          let df = 0
          for (const s of w?.postings.get(term) ?? []) {
            holding.add(s)
            if (Workspaces.Files.isVisible(s.ref.access_label, scope.visible)) df++
          }
          if (df > 0) documentFrequency.set(term, df)
        }
        const candidates: Array<Workspaces.Search.KeywordCandidate> = []
        const hidden: Array<string | null> = []
        let seen = 0
        for (const s of holding) {
          if (!inScope(s.ref, scope)) continue
          seen++
          if (!Workspaces.Files.isVisible(s.ref.access_label, scope.visible)) {
            hidden.push(s.ref.access_label)
            continue
          }
          const termFrequency = { title: new Map<string, number>(), text: new Map<string, number>() }
          for (const f of FIELDS) {
            for (const term of terms) {
              const tf = s.terms[f][term]
              if (tf !== undefined && tf > 0) termFrequency[f].set(term, tf)
            }
          }
          candidates.push({ chunk: s.ref, candidate: { length: { title: s.length.title, text: s.length.text }, termFrequency } })
        }
        const average = (sum: number) => (totals.chunks > 0 ? sum / totals.chunks : 0)
        return {
          stats: { documentCount: totals.chunks, averageLength: { title: average(totals.title), text: average(totals.text) }, documentFrequency },
          candidates,
          seen,
          withheld: withheldOf(hidden)
        }
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
        const refOf = (n: Workspaces.Search.Neighbour<ScannedFile>) => w.files.get(n.file.fileId)![n.position]!.ref
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

/** the distinct terms of a chunk across its fields */
const termsOf = (s: Stored): Set<string> => {
  const out = new Set<string>()
  for (const f of FIELDS) for (const [term, tf] of Object.entries(s.terms[f])) if (tf > 0) out.add(term)
  return out
}

export const make: Effect.Effect<Workspaces.Search.SearchIndexService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Search.SearchIndex> = Layer.effect(Workspaces.Search.SearchIndex, make)
