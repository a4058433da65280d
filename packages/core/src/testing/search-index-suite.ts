/**
 * The conformance suite of the `SearchIndex` port (`workspaces/search/search-index.ts`, whose
 * module comment states the rules checked here), run by every adapter
 * (`searchIndexSuite("memory", MemorySearchIndex.layer)`). Chunks are built with the real analyzer,
 * so a test reads as words; scores with core's BM25F, so "a hidden file never moves a statistic"
 * is checked as what it protects: a score. Each test works in a tenant and workspace of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { randomUUID } from "node:crypto"
import { compareCodePoints, type VisibleLabels } from "../workspaces/files/file-store.js"
import { analyze } from "../workspaces/search/analyzer.js"
import { bm25fScore, CHUNK_FIELDS, type FieldedCollectionStats, queryTermCounts } from "../workspaces/search/bm25.js"
import {
  type ChunkField,
  type ChunkHead,
  type ChunkRef,
  type IndexedChunk,
  type KeywordCandidates,
  SearchIndex,
  type SearchIndexService,
  type SearchScope,
  type VectorHits
} from "../workspaces/search/search-index.js"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"

const place = () => ({ t: unique("tenant"), w: randomUUID() })

const countsOf = (terms: ReadonlyArray<string>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const term of terms) out[term] = (out[term] ?? 0) + 1
  return out
}

/** the distinct analyzed terms of a query, as the search hands them to the store */
const terms = (query: string): Array<string> => [...new Set(analyze(query))]

/** an L2-normalized vector, as the embedder gives them */
const vec = (...xs: ReadonlyArray<number>): Float32Array => {
  const norm = Math.hypot(...xs)
  return Float32Array.from(xs, (x) => x / norm)
}

interface ChunkSpec {
  readonly text: string
  readonly title?: string
  readonly vector?: Float32Array | null
  readonly chunk_index?: number
}

interface FileSpec {
  readonly path: string
  readonly label?: string | null
  readonly category?: string | null
}

interface TestFile {
  readonly file_id: string
  readonly path: string
  readonly chunks: ReadonlyArray<IndexedChunk>
}

/** a file's chunks, indexed in order unless a chunk names its index */
const fileOf = (spec: FileSpec, chunks: ReadonlyArray<string | ChunkSpec>): TestFile => {
  const file_id = randomUUID()
  let offset = 0
  const built = chunks.map((c, i): IndexedChunk => {
    const s: ChunkSpec = typeof c === "string" ? { text: c } : c
    const title = s.title ?? ""
    const titleTerms = analyze(title)
    const textTerms = analyze(s.text)
    const start = offset
    offset += s.text.length + 2
    return {
      file_id,
      chunk_index: s.chunk_index ?? i,
      path: spec.path,
      access_label: spec.label ?? null,
      category: spec.category ?? null,
      component: title === "" ? null : title,
      locator: { kind: title === "" ? "text" : "section", page: title === "" ? 1 : null, char_start: start, char_end: start + s.text.length },
      title,
      text: s.text,
      terms: { title: countsOf(titleTerms), text: countsOf(textTerms) },
      length: { title: titleTerms.length, text: textTerms.length },
      vector: s.vector ?? null
    }
  })
  return { file_id, path: spec.path, chunks: built }
}

/** the same file indexed again under another label, category and path (as an ingestion of its new version does) */
const movedTo = (f: TestFile, spec: FileSpec): TestFile => ({
  file_id: f.file_id,
  path: spec.path,
  chunks: f.chunks.map((c) => ({ ...c, path: spec.path, access_label: spec.label ?? null, category: spec.category ?? null }))
})

/** what a hit must show of a chunk */
const refOf = (c: IndexedChunk): ChunkRef => ({
  file_id: c.file_id,
  chunk_index: c.chunk_index,
  path: c.path,
  access_label: c.access_label,
  category: c.category,
  component: c.component,
  locator: c.locator,
  title: c.title,
  text: c.text
})

/** the same, from whatever the adapter returned (extra fields ignored) */
const shown = (r: ChunkRef): ChunkRef => ({
  file_id: r.file_id,
  chunk_index: r.chunk_index,
  path: r.path,
  access_label: r.access_label,
  category: r.category,
  component: r.component,
  locator: { kind: r.locator.kind, page: r.locator.page, char_start: r.locator.char_start, char_end: r.locator.char_end },
  title: r.title,
  text: r.text
})

/** what a keyword candidate must show of a chunk: its key, path, label and category (extra fields ignored) */
const headOf = (r: ChunkHead): ChunkHead => ({
  file_id: r.file_id,
  chunk_index: r.chunk_index,
  path: r.path,
  access_label: r.access_label,
  category: r.category
})

/** a limit beyond every test's candidates: `keyword` then returns them all */
const ALL = 1000

const at = (r: { readonly path: string; readonly chunk_index: number }) => `${r.path}#${r.chunk_index}`

/** the candidates' chunks as `path#index`, sorted (for the tests of which chunks, not of their order) */
const found = (k: KeywordCandidates) => k.candidates.map((c) => at(c.chunk)).sort()

const hitsOf = (v: VectorHits) => v.hits.map((h) => at(h.chunk))

const dfOf = (stats: FieldedCollectionStats<ChunkField>, term: string) => stats.documentFrequency.get(term) ?? 0

/** the statistics for these terms, as plain values to compare */
const statsOf = (k: KeywordCandidates, query: ReadonlyArray<string>) => ({
  documentCount: k.stats.documentCount,
  averageLength: k.stats.averageLength,
  documentFrequency: Object.fromEntries(query.map((term) => [term, dfOf(k.stats, term)]))
})

/** a candidate's term frequencies per field, zero entries dropped */
const frequencies = (k: KeywordCandidates, where: string) => {
  const c = k.candidates.find((x) => at(x.chunk) === where)
  if (c === undefined) throw new Error(`no candidate ${where}`)
  const plain = (m: ReadonlyMap<string, number>) => Object.fromEntries([...m].filter(([, tf]) => tf > 0).sort(([a], [b]) => (a < b ? -1 : 1)))
  return { title: plain(c.candidate.termFrequency.title), text: plain(c.candidate.termFrequency.text), length: c.candidate.length }
}

/** each candidate's BM25F score, by `path#index` */
const scores = (k: KeywordCandidates, query: ReadonlyArray<string>) =>
  Object.fromEntries(k.candidates.map((c) => [at(c.chunk), bm25fScore(queryTermCounts(query), CHUNK_FIELDS, k.stats, c.candidate)]))

const everyone: SearchScope = { visible: "all" }
const granted = (visible: VisibleLabels, more: Omit<SearchScope, "visible"> = {}): SearchScope => ({ visible, ...more })

/** cosine of two L2-normalized vectors, in double precision */
const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!
  return dot
}

/** a deterministic pseudo-random generator (the suite's vectors are the same on every run) */
const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

export const searchIndexSuite = <E>(name: string, layer: Layer.Layer<SearchIndex, E>, options: SuiteOptions = {}) =>
  storageSuite(`SearchIndex (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: SearchIndexService) => Effect.Effect<A, E2>) => Effect.flatMap(SearchIndex, f)
    const put = (s: SearchIndexService, t: string, w: string, f: TestFile, model: string | null = null) =>
      s.replaceFile(t, w, f.file_id, f.chunks, model)

    it("replaceFile stores a file's chunks; keyword returns each chunk holding a term with its reference, per-field frequencies and lengths", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const f = fileOf({ path: "finance/invoices.md", label: "ops", category: "finance/billing" }, [
            { title: "Overdue invoices", text: "An invoice is overdue after thirty days; overdue invoices accrue interest." },
            { title: "Payment terms", text: "Payment is due on receipt." },
            { title: "Disputes", text: "A disputed invoice is paused while the dispute is open." },
            { text: "Contact the billing team." }
          ])
          yield* put(s, t, w, f)
          const query = terms("overdue invoice")
          expect(query).toEqual(["overdu", "invoic"])
          const k = yield* s.keyword(t, w, query, everyone, ALL)
          expect(found(k)).toEqual(["finance/invoices.md#0", "finance/invoices.md#2"])
          for (const c of k.candidates) expect(headOf(c.chunk)).toEqual(headOf(refOf(f.chunks[c.chunk.chunk_index]!)))
          // the whole references of the chunks shown, in the keys' order
          const read = yield* s.chunks(t, w, [...k.candidates].reverse().map((c) => c.chunk), "all")
          expect(read.map(shown)).toEqual([...k.candidates].reverse().map((c) => refOf(f.chunks[c.chunk.chunk_index]!)))
          expect(frequencies(k, "finance/invoices.md#0")).toEqual({
            title: { invoic: 1, overdu: 1 },
            text: { invoic: 2, overdu: 2 },
            length: { title: 2, text: 9 }
          })
          expect(frequencies(k, "finance/invoices.md#2")).toEqual({ title: {}, text: { invoic: 1 }, length: { title: 1, text: 6 } })
          // a term in the title and the text counts its chunk once
          expect(statsOf(k, query)).toEqual({ documentCount: 4, averageLength: { title: 5 / 4, text: 21 / 4 }, documentFrequency: { overdu: 1, invoic: 2 } })
          expect(k.seen).toBe(2)
          expect(k.withheld).toEqual({ count: 0, labels: [] })
          // a term only in a title finds its chunk
          expect(found(yield* s.keyword(t, w, terms("terms"), everyone, ALL))).toEqual(["finance/invoices.md#1"])
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 4, model: null })
        })))

    it("replaceFile replaces a file whole: its old chunks leave keyword, nearest, the statistics and the status; other files stay", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const old = vec(1, 0, 0, 0)
          const a = fileOf({ path: "a.md" }, [
            { text: "alpha gamma one", vector: old },
            { text: "alpha gamma two", vector: old },
            { text: "alpha three", vector: old }
          ])
          const b = fileOf({ path: "b.md" }, [{ text: "alpha in b", vector: vec(0, 1, 0, 0) }, { text: "beta in b", vector: vec(0, 0, 1, 0) }])
          yield* put(s, t, w, a, "m1")
          yield* put(s, t, w, b, "m1")
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 2, chunks: 5, model: "m1" })
          const next = fileOf({ path: "a.md" }, [{ text: "beta replaced", vector: vec(0, 0, 0, 1) }])
          yield* s.replaceFile(t, w, a.file_id, next.chunks.map((c) => ({ ...c, file_id: a.file_id })), "m1")
          const alpha = yield* s.keyword(t, w, terms("alpha gamma"), everyone, ALL)
          expect(found(alpha)).toEqual(["b.md#0"])
          expect(alpha.seen).toBe(1)
          expect(statsOf(alpha, terms("alpha gamma"))).toEqual({
            documentCount: 3,
            averageLength: { title: 0, text: 2 },
            documentFrequency: { alpha: 1, gamma: 0 }
          })
          const beta = yield* s.keyword(t, w, terms("beta"), everyone, ALL)
          expect(found(beta)).toEqual(["a.md#0", "b.md#1"])
          const replaced = yield* s.chunks(t, w, beta.candidates.filter((c) => c.chunk.path === "a.md").map((c) => c.chunk), "all")
          expect(replaced.map((c) => c.text)).toEqual(["beta replaced"])
          // the old chunks are gone: a key naming one reads nothing
          expect(yield* s.chunks(t, w, [{ file_id: a.file_id, chunk_index: 2 }], "all")).toEqual([])
          const near = yield* s.nearest(t, w, old, 10, everyone)
          expect(near.hits.map((h) => h.chunk.text).sort()).toEqual(["alpha in b", "beta in b", "beta replaced"])
          expect(near.seen).toBe(3)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 2, chunks: 3, model: "m1" })
        })))

    it("a reader sees a file's old chunks or its new ones, never a mix, and statistics of the same set", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const fileId = randomUUID()
          // generation g has 2 + g % 4 chunks, each naming its generation
          const generation = (g: number) =>
            fileOf(
              { path: "live.md" },
              Array.from({ length: 2 + (g % 4) }, (_, i) => ({ title: `generation${g}`, text: `shared words generation${g} part${i}`, vector: vec(1, i, g) }))
            ).chunks.map((c) => ({ ...c, file_id: fileId }))
          yield* s.replaceFile(t, w, fileId, generation(0), null)
          // every generation's word is a query term: a candidate's frequencies name its generation
          const query = terms(`shared ${Array.from({ length: 21 }, (_, g) => `generation${g}`).join(" ")}`)
          const reads: Array<KeywordCandidates> = []
          const nearReads: Array<VectorHits> = []
          yield* Effect.all(
            Array.from({ length: 80 }, (_, i) =>
              i % 4 === 0
                ? s.replaceFile(t, w, fileId, generation(i / 4 + 1), null)
                : i % 4 === 3
                ? Effect.map(s.nearest(t, w, vec(1, 1, 1), 10, everyone), (v) => void nearReads.push(v))
                : Effect.map(s.keyword(t, w, query, everyone, ALL), (k) => void reads.push(k))),
            { concurrency: "unbounded" }
          )
          expect([reads.length, nearReads.length]).toEqual([40, 20])
          for (const v of nearReads) {
            const gens = new Set(v.hits.map((h) => /generation(\d+)/.exec(h.chunk.text)![1]))
            expect(gens.size).toBe(1)
            const g = Number([...gens][0])
            expect([v.hits.length, v.seen]).toEqual([2 + (g % 4), 2 + (g % 4)])
          }
          for (const k of reads) {
            const gens = new Set(k.candidates.flatMap((c) => [...c.candidate.termFrequency.text.keys()].filter((x) => x.startsWith("generation"))))
            expect(gens.size).toBe(1)
            const g = Number(/generation(\d+)/.exec([...gens][0]!)![1])
            expect(k.candidates).toHaveLength(2 + (g % 4))
            expect(k.stats.documentCount).toBe(2 + (g % 4))
            expect(dfOf(k.stats, "share")).toBe(2 + (g % 4))
          }
          const last = yield* s.keyword(t, w, query, everyone, ALL)
          expect(last.candidates).toHaveLength(2 + (20 % 4))
          expect(yield* s.status(t, w)).toMatchObject({ files: 1, chunks: 2 + (20 % 4) })
        })))

    it("removeFile leaves nothing of the file in keyword, nearest, the statistics or the status; other files stay", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const v = vec(1, 1, 0)
          const gone = fileOf({ path: "gone.md", label: "hr" }, [{ text: "salary review", vector: v }, { text: "salary bands", vector: v }])
          const kept = fileOf({ path: "kept.md" }, [{ text: "salary policy", vector: v }])
          yield* put(s, t, w, gone, "m")
          yield* put(s, t, w, kept, "m")
          yield* s.removeFile(t, w, gone.file_id)
          const k = yield* s.keyword(t, w, terms("salary"), granted([]), ALL)
          expect(found(k)).toEqual(["kept.md#0"])
          expect(k.seen).toBe(1)
          expect(k.withheld).toEqual({ count: 0, labels: [] })
          expect(statsOf(k, ["salari"])).toEqual({ documentCount: 1, averageLength: { title: 0, text: 2 }, documentFrequency: { salari: 1 } })
          expect(statsOf(yield* s.keyword(t, w, terms("salary"), everyone, ALL), ["salari"]).documentCount).toBe(1)
          const near = yield* s.nearest(t, w, v, 10, granted([]))
          expect(hitsOf(near)).toEqual(["kept.md#0"])
          expect(near.seen).toBe(1)
          expect(near.withheld).toEqual({ count: 0, labels: [] })
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m" })
          // removing it again, or a file never indexed, or in a workspace never indexed, is no error
          yield* s.removeFile(t, w, gone.file_id)
          yield* s.removeFile(t, w, randomUUID())
          yield* s.removeFile(t, randomUUID(), kept.file_id)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m" })
        })))

    it("indexed is set by any replaceFile (even of no chunks) and kept when every file is removed; model is the latest named; removeWorkspace clears both", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          expect(yield* s.status(t, w)).toEqual({ indexed: false, files: 0, chunks: 0, model: null })
          yield* s.replaceFile(t, w, randomUUID(), [], null)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 0, chunks: 0, model: null })
          const g = fileOf({ path: "g.md" }, [{ text: "one", vector: vec(1, 0) }, { text: "two", vector: vec(0, 1) }])
          yield* put(s, t, w, g, "use-lite")
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 2, model: "use-lite" })
          const h = fileOf({ path: "h.md" }, ["no vectors here"])
          yield* put(s, t, w, h, null)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 2, chunks: 3, model: "use-lite" })
          yield* put(s, t, w, h, "glove")
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 2, chunks: 3, model: "glove" })
          // a file replaced by no chunks is no file of the index
          yield* s.replaceFile(t, w, h.file_id, [], null)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 2, model: "glove" })
          expect(found(yield* s.keyword(t, w, terms("vectors"), everyone, ALL))).toEqual([])
          yield* s.removeFile(t, w, g.file_id)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 0, chunks: 0, model: "glove" })
          yield* put(s, t, w, g, "use-lite")
          yield* s.removeWorkspace(t, w)
          expect(yield* s.status(t, w)).toEqual({ indexed: false, files: 0, chunks: 0, model: null })
          const k = yield* s.keyword(t, w, terms("one two"), everyone, ALL)
          expect(k.candidates).toEqual([])
          expect(k.seen).toBe(0)
          expect(k.stats.documentCount).toBe(0)
          const near = yield* s.nearest(t, w, vec(1, 0), 10, everyone)
          expect(near.hits).toEqual([])
          expect(near.seen).toBe(0)
          // the workspace indexes again from nothing
          yield* put(s, t, w, h, null)
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 1, chunks: 1, model: null })
          // a workspace never indexed is no error to remove
          yield* s.removeWorkspace(t, randomUUID())
        })))

    it("removeWorkspace leaves nothing of the workspace and touches no other workspace of the tenant", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const other = randomUUID()
          const v = vec(1, 2, 3)
          const a = fileOf({ path: "a.md", label: "hr" }, [{ text: "merger plan", vector: v }])
          const b = fileOf({ path: "b.md" }, [{ text: "merger memo", vector: v }])
          yield* put(s, t, w, a, "m")
          yield* put(s, t, w, b, "m")
          yield* put(s, t, other, fileOf({ path: "a.md" }, [{ text: "merger elsewhere", vector: v }]), "m")
          yield* s.removeWorkspace(t, w)
          const k = yield* s.keyword(t, w, terms("merger"), granted([]), ALL)
          expect([k.candidates.length, k.seen, k.withheld.count, k.stats.documentCount, dfOf(k.stats, "merger")]).toEqual([0, 0, 0, 0, 0])
          const near = yield* s.nearest(t, w, v, 5, granted([]))
          expect([near.hits.length, near.seen, near.withheld.count]).toEqual([0, 0, 0])
          expect(yield* s.status(t, w)).toEqual({ indexed: false, files: 0, chunks: 0, model: null })
          expect(found(yield* s.keyword(t, other, terms("merger"), everyone, ALL))).toEqual(["a.md#0"])
          expect(yield* s.status(t, other)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m" })
        })))

    it("a file indexed again under a new label, category and path moves every chunk: visibility, scope and statistics follow", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const v = vec(1, 0, 1)
          const f = fileOf({ path: "drafts/plan.md" }, [{ text: "budget plan draft", vector: v }, { text: "budget table", vector: v }])
          const g = fileOf({ path: "public/notes.md" }, [{ text: "budget notes", vector: v }])
          yield* put(s, t, w, f)
          yield* put(s, t, w, g)
          const query = terms("budget")
          expect(found(yield* s.keyword(t, w, query, granted([]), ALL))).toEqual(["drafts/plan.md#0", "drafts/plan.md#1", "public/notes.md#0"])
          yield* put(s, t, w, movedTo(f, { label: "board", category: "finance/budget", path: "board/plan.md" }))
          const hidden = yield* s.keyword(t, w, query, granted([]), ALL)
          expect(found(hidden)).toEqual(["public/notes.md#0"])
          expect(hidden.seen).toBe(3)
          expect(hidden.withheld).toEqual({ count: 2, labels: ["board"] })
          expect(statsOf(hidden, query)).toEqual({ documentCount: 1, averageLength: { title: 0, text: 2 }, documentFrequency: { budget: 1 } })
          const nearHidden = yield* s.nearest(t, w, v, 10, granted([]))
          expect(hitsOf(nearHidden)).toEqual(["public/notes.md#0"])
          expect(nearHidden.withheld).toEqual({ count: 2, labels: ["board"] })
          // the hidden neighbours themselves, nearest first (equal similarity: path, then chunk index), with their new label and path
          expect(nearHidden.hidden.map((r) => [r.path, r.chunk_index, r.access_label])).toEqual([["board/plan.md", 0, "board"], ["board/plan.md", 1, "board"]])
          const board = yield* s.keyword(t, w, query, granted(["board"]), ALL)
          expect(found(board)).toEqual(["board/plan.md#0", "board/plan.md#1", "public/notes.md#0"])
          for (const c of board.candidates.filter((x) => x.chunk.file_id === f.file_id)) {
            expect(headOf(c.chunk)).toEqual({
              ...headOf(refOf(f.chunks[c.chunk.chunk_index]!)),
              access_label: "board",
              category: "finance/budget",
              path: "board/plan.md"
            })
          }
          expect(board.stats.documentCount).toBe(3)
          expect(found(yield* s.keyword(t, w, query, granted("all", { path_prefix: "drafts/" }), ALL))).toEqual([])
          expect(found(yield* s.keyword(t, w, query, granted("all", { path_prefix: "board/" }), ALL))).toEqual(["board/plan.md#0", "board/plan.md#1"])
          expect(found(yield* s.keyword(t, w, query, granted("all", { categories: ["finance"] }), ALL))).toEqual(["board/plan.md#0", "board/plan.md#1"])
          expect(hitsOf(yield* s.nearest(t, w, v, 10, granted("all", { path_prefix: "board/" })))).toEqual(["board/plan.md#0", "board/plan.md#1"])
          // back to no label: visible to a key granted nothing again
          yield* put(s, t, w, f)
          const back = yield* s.keyword(t, w, query, granted([]), ALL)
          expect(found(back)).toEqual(["drafts/plan.md#0", "drafts/plan.md#1", "public/notes.md#0"])
          expect(back.withheld).toEqual({ count: 0, labels: [] })
          expect(found(yield* s.keyword(t, w, query, granted("all", { categories: ["finance"] }), ALL))).toEqual([])
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 2, chunks: 3, model: null })
        })))

    it("chunks reads whole references in the keys' order: hidden chunks and keys naming no chunk left out; a file indexed again under a new label shows it", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const open = fileOf({ path: "open.md" }, [{ title: "One", text: "first open chunk" }, "second open chunk"])
          const closed = fileOf({ path: "closed.md", label: "hr" }, ["closed chunk"])
          yield* put(s, t, w, open)
          yield* put(s, t, w, closed)
          const keys = [
            { file_id: open.file_id, chunk_index: 1 },
            { file_id: closed.file_id, chunk_index: 0 },
            { file_id: randomUUID(), chunk_index: 0 },
            { file_id: open.file_id, chunk_index: 7 },
            { file_id: open.file_id, chunk_index: 0 }
          ]
          expect((yield* s.chunks(t, w, keys, [])).map(shown)).toEqual([refOf(open.chunks[1]!), refOf(open.chunks[0]!)])
          expect((yield* s.chunks(t, w, keys, ["hr"])).map(shown)).toEqual([refOf(open.chunks[1]!), refOf(closed.chunks[0]!), refOf(open.chunks[0]!)])
          expect(yield* s.chunks(t, w, [], "all")).toEqual([])
          yield* put(s, t, w, movedTo(closed, { category: "hr/policies", path: "public/closed.md" }))
          expect((yield* s.chunks(t, w, keys.slice(1, 2), [])).map(shown)).toEqual([
            { ...refOf(closed.chunks[0]!), access_label: null, category: "hr/policies", path: "public/closed.md" }
          ])
          yield* s.removeFile(t, w, open.file_id)
          expect((yield* s.chunks(t, w, keys, "all")).map((c) => c.path)).toEqual(["public/closed.md"])
          expect(yield* s.chunks(t, randomUUID(), keys, "all")).toEqual([])
        })))

    it("a hidden chunk is never returned: keyword counts it in seen and in withheld with its label", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          yield* put(s, t, w, fileOf({ path: "public.md" }, ["contract renewal notice", "contract terms"]))
          yield* put(s, t, w, fileOf({ path: "hr.md", label: "hr" }, ["employment contract", "contract of the director"]))
          yield* put(s, t, w, fileOf({ path: "board.md", label: "board" }, ["board contract"]))
          yield* put(s, t, w, fileOf({ path: "legal.md", label: "legal" }, ["nothing relevant"]))
          const query = terms("contract")
          const legal = yield* s.keyword(t, w, query, granted(["legal"]), ALL)
          expect(found(legal)).toEqual(["public.md#0", "public.md#1"])
          expect(legal.seen).toBe(5)
          expect(legal.withheld).toEqual({ count: 3, labels: ["board", "hr"] })
          const hr = yield* s.keyword(t, w, query, granted(["hr"]), ALL)
          expect(found(hr)).toEqual(["hr.md#0", "hr.md#1", "public.md#0", "public.md#1"])
          expect(hr.withheld).toEqual({ count: 1, labels: ["board"] })
          const nothing = yield* s.keyword(t, w, query, granted([]), ALL)
          expect(found(nothing)).toEqual(["public.md#0", "public.md#1"])
          expect(nothing.withheld).toEqual({ count: 3, labels: ["board", "hr"] })
          const all = yield* s.keyword(t, w, query, everyone, ALL)
          expect(found(all)).toEqual(["board.md#0", "hr.md#0", "hr.md#1", "public.md#0", "public.md#1"])
          expect(all.seen).toBe(5)
          expect(all.withheld).toEqual({ count: 0, labels: [] })
        })))

    it("a hidden chunk never moves a statistic: document frequencies, count and average lengths, so a score is the same with or without it", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t } = place()
          const without = randomUUID()
          const withHidden = randomUUID()
          const visible = [
            fileOf({ path: "policy.md" }, [
              { title: "Remote work", text: "Employees may work remotely two days a week." },
              { title: "Equipment", text: "The company provides a laptop for remote work." }
            ]),
            fileOf({ path: "handbook.md", label: "staff" }, [{ title: "Office", text: "The office opens at eight." }, "Holidays follow the calendar."])
          ]
          // long chunks, dense in the query's terms: counted, they would move every statistic
          const hiddenFile = fileOf({ path: "secret.md", label: "board" }, [
            { title: "Remote remote work", text: "remote work remote work remote work and a very long body of many other words besides" },
            { title: "Remote", text: "work work work remote" }
          ])
          for (const f of visible) {
            yield* put(s, t, without, f)
            const copy = randomUUID()
            yield* put(s, t, withHidden, { ...f, file_id: copy, chunks: f.chunks.map((c) => ({ ...c, file_id: copy })) })
          }
          yield* put(s, t, withHidden, hiddenFile)
          const query = terms("remote work laptop")
          const caller = granted(["staff"])
          const a = yield* s.keyword(t, without, query, caller, ALL)
          const b = yield* s.keyword(t, withHidden, query, caller, ALL)
          expect(statsOf(b, query)).toEqual(statsOf(a, query))
          expect(statsOf(a, query)).toEqual({
            documentCount: 4,
            averageLength: { title: 4 / 4, text: 18 / 4 },
            documentFrequency: { remot: 2, work: 2, laptop: 1 }
          })
          expect(found(b)).toEqual(found(a))
          expect(scores(b, query)).toEqual(scores(a, query))
          expect(b.withheld).toEqual({ count: 2, labels: ["board"] })
          // a caller who may see the file gets statistics (and scores) that count it
          const all = yield* s.keyword(t, withHidden, query, everyone, ALL)
          expect(all.stats.documentCount).toBe(6)
          expect(dfOf(all.stats, "remot")).toBe(4)
          expect(all.stats.averageLength.text).toBeGreaterThan(a.stats.averageLength.text)
          expect(scores(all, query)["policy.md#1"]).not.toBe(scores(a, query)["policy.md#1"])
        })))

    it("statistics cover the whole visible workspace, not narrowed by path_prefix or categories", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          yield* put(s, t, w, fileOf({ path: "a/one.md", category: "legal/contracts" }, ["lease term", "lease rent review"]))
          yield* put(s, t, w, fileOf({ path: "b/two.md", category: "finance/budget" }, [{ title: "Lease", text: "lease costs" }]))
          yield* put(s, t, w, fileOf({ path: "c/three.md" }, ["unrelated words only here"]))
          const query = terms("lease rent")
          const whole = yield* s.keyword(t, w, query, everyone, ALL)
          const expected = { documentCount: 4, averageLength: { title: 1 / 4, text: 11 / 4 }, documentFrequency: { leas: 3, rent: 1 } }
          expect(statsOf(whole, query)).toEqual(expected)
          const folder = yield* s.keyword(t, w, query, granted("all", { path_prefix: "a/" }), ALL)
          expect(found(folder)).toEqual(["a/one.md#0", "a/one.md#1"])
          expect(statsOf(folder, query)).toEqual(expected)
          expect(folder.seen).toBe(2)
          const category = yield* s.keyword(t, w, query, granted("all", { categories: ["finance/budget"] }), ALL)
          expect(found(category)).toEqual(["b/two.md#0"])
          expect(statsOf(category, query)).toEqual(expected)
          const none = yield* s.keyword(t, w, query, granted("all", { path_prefix: "zzz/" }), ALL)
          expect(none.candidates).toEqual([])
          expect(statsOf(none, query)).toEqual(expected)
        })))

    it("path_prefix is a plain prefix of the path: `reports/` holds reports/… and not reports-old/…; case, `_` and `%` are literal", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const v = vec(3, 1)
          const paths = ["reports/q1.md", "reports/2024/q2.md", "reports-old/q0.md", "reportsx.md", "Reports/q3.md", "a_b/x.md", "axb/y.md", "100%/z.md", "1000/w.md"]
          for (const path of paths) yield* put(s, t, w, fileOf({ path }, [{ text: "quarterly figures", vector: v }]))
          const query = terms("quarterly figures")
          const both = (prefix: string) =>
            Effect.gen(function*() {
              const scope = granted("all", { path_prefix: prefix })
              const k = yield* s.keyword(t, w, query, scope, ALL)
              const near = yield* s.nearest(t, w, v, 100, scope)
              expect(hitsOf(near).sort()).toEqual(found(k))
              expect(near.seen).toBe(k.seen)
              return found(k).map((x) => x.replace(/#0$/, ""))
            })
          expect(yield* both("reports/")).toEqual(["reports/2024/q2.md", "reports/q1.md"])
          expect(yield* both("reports/2024/")).toEqual(["reports/2024/q2.md"])
          expect(yield* both("reports")).toEqual(["reports-old/q0.md", "reports/2024/q2.md", "reports/q1.md", "reportsx.md"])
          expect(yield* both("Reports/")).toEqual(["Reports/q3.md"])
          expect(yield* both("a_b/")).toEqual(["a_b/x.md"])
          expect(yield* both("100%/")).toEqual(["100%/z.md"])
          expect(yield* both("nothing/")).toEqual([])
          expect(yield* both("")).toEqual([...paths].sort())
        })))

    it("categories: `group/subgroup` matches exactly, `group` matches it and everything under `group/`; unclassified only without the filter", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const v = vec(1, 1, 1, 1)
          const files: Array<[string, string | null]> = [
            ["contracts.md", "legal/contracts"],
            ["contracts-old.md", "legal/contracts-old"],
            ["policies.md", "legal/policies"],
            ["legal.md", "legal"],
            ["legalese.md", "legalese/misc"],
            ["budget.md", "finance/budget"],
            ["loose.md", null]
          ]
          for (const [path, category] of files) yield* put(s, t, w, fileOf({ path, category }, [{ text: "annual review", vector: v }]))
          // a hidden chunk in a category: withheld only when its category is in scope
          yield* put(s, t, w, fileOf({ path: "hidden-budget.md", category: "finance/budget", label: "hr" }, [{ text: "annual review", vector: v }]))
          const query = terms("annual review")
          const both = (categories: ReadonlyArray<string> | undefined) =>
            Effect.gen(function*() {
              const scope = granted([], { categories })
              const k = yield* s.keyword(t, w, query, scope, ALL)
              const near = yield* s.nearest(t, w, v, 100, scope)
              expect(hitsOf(near).sort()).toEqual(found(k))
              expect([near.seen, near.withheld]).toEqual([k.seen, k.withheld])
              expect(near.hidden.map((r) => r.path)).toEqual(k.withheld.count === 0 ? [] : ["hidden-budget.md"])
              return { paths: found(k).map((x) => x.replace(/#0$/, "")), withheld: k.withheld.count, seen: k.seen }
            })
          expect(yield* both(["legal/contracts"])).toEqual({ paths: ["contracts.md"], withheld: 0, seen: 1 })
          expect(yield* both(["legal"])).toEqual({ paths: ["contracts-old.md", "contracts.md", "legal.md", "policies.md"], withheld: 0, seen: 4 })
          expect(yield* both(["legal/contracts", "finance"])).toEqual({ paths: ["budget.md", "contracts.md"], withheld: 1, seen: 3 })
          expect(yield* both(["finance/budget"])).toEqual({ paths: ["budget.md"], withheld: 1, seen: 2 })
          expect(yield* both(["legal/contr"])).toEqual({ paths: [], withheld: 0, seen: 0 })
          expect(yield* both(["lega"])).toEqual({ paths: [], withheld: 0, seen: 0 })
          const every = ["budget.md", "contracts-old.md", "contracts.md", "legal.md", "legalese.md", "loose.md", "policies.md"]
          expect(yield* both(undefined)).toEqual({ paths: every, withheld: 1, seen: 8 })
          expect(yield* both([])).toEqual({ paths: every, withheld: 1, seen: 8 })
          // both filters intersect
          const k = yield* s.keyword(t, w, query, granted("all", { categories: ["legal"], path_prefix: "contracts" }), ALL)
          expect(found(k)).toEqual(["contracts-old.md#0", "contracts.md#0"])
        })))

    it("keyword returns exactly the visible chunks in scope holding any term; no term, or an empty term list, finds nothing", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          yield* put(s, t, w, fileOf({ path: "x.md" }, ["apples and pears", "pears only", "plums", "nothing"]))
          yield* put(s, t, w, fileOf({ path: "y.md", label: "private" }, ["apples hidden", "plums hidden"]))
          const k = yield* s.keyword(t, w, terms("apples plums"), granted([]), ALL)
          expect(found(k)).toEqual(["x.md#0", "x.md#2"])
          expect(k.seen).toBe(4)
          expect(k.withheld).toEqual({ count: 2, labels: ["private"] })
          expect(statsOf(k, ["appl", "plum"])).toEqual({ documentCount: 4, averageLength: { title: 0, text: 6 / 4 }, documentFrequency: { appl: 1, plum: 1 } })
          const unknown = yield* s.keyword(t, w, terms("zebra"), everyone, ALL)
          expect([unknown.candidates, unknown.seen, unknown.withheld, dfOf(unknown.stats, "zebra")]).toEqual([[], 0, { count: 0, labels: [] }, 0])
          const empty = yield* s.keyword(t, w, [], everyone, ALL)
          expect([empty.candidates, empty.seen, empty.withheld, empty.stats.documentFrequency.size]).toEqual([[], 0, { count: 0, labels: [] }, 0])
        })))

    it("keyword returns only the best `limit` candidates, in order: BM25F score, then path in code-point order, then chunk index", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          // scores spread by term frequency and length; equal chunks in several files tie
          const texts = (n: number) =>
            Array.from({ length: n }, (_, i) => `${"audit ".repeat(1 + (i % 4))}${"ledger ".repeat(i % 3)}filler words ${"more ".repeat(i % 5)}`)
          yield* put(s, t, w, fileOf({ path: "b.md" }, texts(9)))
          yield* put(s, t, w, fileOf({ path: "a.md" }, texts(9)))
          yield* put(s, t, w, fileOf({ path: "\u{1F600}.md" }, texts(5)))
          yield* put(s, t, w, fileOf({ path: "\uFFFD.md" }, texts(5)))
          yield* put(s, t, w, fileOf({ path: "B.md", category: "x/y" }, [{ title: "Audit", text: "audit ledger" }, "ledger only"]))
          // hidden chunks scoring highest: they take no place among the best
          yield* put(s, t, w, fileOf({ path: "0-hidden.md", label: "hr" }, [{ title: "Audit ledger audit", text: "audit audit ledger ledger" }]))
          for (const query of [terms("audit ledger"), [...terms("audit"), ...terms("audit ledger")]]) {
            const all = yield* s.keyword(t, w, query, granted([]), ALL)
            expect(all.candidates).toHaveLength(30)
            const scored = scores(all, query)
            const expected = all.candidates.map((c) => ({ where: at(c.chunk), path: c.chunk.path, index: c.chunk.chunk_index, score: scored[at(c.chunk)]! }))
              .sort((a, b) => b.score - a.score || compareCodePoints(a.path, b.path) || a.index - b.index)
              .map((x) => x.where)
            // ties exist, so the tie-break is exercised
            expect(new Set(Object.values(scored)).size).toBeLessThan(30)
            expect(all.candidates.map((c) => at(c.chunk))).toEqual(expected)
            for (const limit of [1, 4, 10, 28]) {
              const best = yield* s.keyword(t, w, query, granted([]), limit)
              expect(best.candidates.map((c) => at(c.chunk))).toEqual(expected.slice(0, limit))
              // the statistics, seen and withheld are those of every candidate, not of the best
              expect(statsOf(best, query)).toEqual(statsOf(all, query))
              expect([best.seen, best.withheld]).toEqual([31, { count: 1, labels: ["hr"] }])
              for (const c of best.candidates) expect(frequencies(best, at(c.chunk))).toEqual(frequencies(all, at(c.chunk)))
            }
          }
          // a repeated query term weighs that many times: it changes which chunk is best (once each,
          // the two chunks score the same and the path decides)
          const heavy = fileOf({ path: "weights/heavy.md" }, ["zebra zebra zebra zebra zebra quartz"])
          const light = fileOf({ path: "weights/light.md" }, ["quartz quartz quartz quartz quartz zebra"])
          for (const f of [heavy, light]) yield* put(s, t, w, f)
          const once = yield* s.keyword(t, w, terms("zebra quartz"), everyone, 1)
          const twice = yield* s.keyword(t, w, analyze("zebra quartz quartz"), everyone, 1)
          expect(once.candidates.map((c) => c.chunk.path)).toEqual(["weights/heavy.md"])
          expect(twice.candidates.map((c) => c.chunk.path)).toEqual(["weights/light.md"])
          expect((yield* s.keyword(t, w, terms("zebra"), everyone, 0)).candidates).toEqual([])
        })))

    it("keyword's probe: whether each key names a visible chunk in scope holding a term, among the best or not", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const strong = fileOf({ path: "docs/strong.md" }, ["tariff tariff tariff", "tariff", "no such word"])
          const hidden = fileOf({ path: "docs/hidden.md", label: "board" }, ["tariff"])
          const outside = fileOf({ path: "other/outside.md" }, ["tariff tariff"])
          for (const f of [strong, hidden, outside]) yield* put(s, t, w, f)
          const key = (f: TestFile, i: number) => ({ file_id: f.file_id, chunk_index: i })
          const probe = [key(strong, 0), key(strong, 1), key(strong, 2), key(hidden, 0), key(outside, 0), key(strong, 9), { file_id: randomUUID(), chunk_index: 0 }]
          const k = yield* s.keyword(t, w, terms("tariff"), granted([], { path_prefix: "docs/" }), 1, probe)
          expect(k.candidates.map((c) => at(c.chunk))).toEqual(["docs/strong.md#0"])
          // the second chunk is a candidate beyond the limit; hidden, out of scope, no term, no such chunk: not
          expect(k.probed).toEqual([true, true, false, false, false, false, false])
          expect([k.seen, k.withheld.count]).toEqual([3, 1])
          expect((yield* s.keyword(t, w, terms("tariff"), everyone, 5, probe)).probed).toEqual([true, true, false, true, true, false, false])
          expect((yield* s.keyword(t, w, terms("tariff"), everyone, 5)).probed).toEqual([])
        })))

    it("nearest ranks by exact cosine, nearest first; k beyond the collection returns every chunk with a vector; chunks without one are skipped", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const random = lcg(14)
          const dims = 16
          const next = () => vec(...Array.from({ length: dims }, random))
          const files = Array.from({ length: 5 }, (_, f) =>
            fileOf(
              { path: `doc${f}.md`, label: f === 4 ? "team" : null },
              Array.from({ length: 6 }, (_, i) => ({ text: `chunk ${f} ${i}`, vector: (f + i) % 4 === 3 ? null : next() }))
            ))
          for (const f of files) yield* put(s, t, w, f, "m")
          const q = next()
          const withVector = files.flatMap((f) => f.chunks).filter((c) => c.vector !== null)
          const expected = withVector
            .map((c) => ({ where: at(c), similarity: cosine(c.vector!, q) }))
            .sort((a, b) => b.similarity - a.similarity)
          // the data keeps neighbours apart, so float precision cannot reorder them
          for (let i = 1; i < expected.length; i++) expect(expected[i - 1]!.similarity - expected[i]!.similarity).toBeGreaterThan(1e-5)
          const five = yield* s.nearest(t, w, q, 5, everyone)
          expect(hitsOf(five)).toEqual(expected.slice(0, 5).map((x) => x.where))
          five.hits.forEach((h, i) => expect(h.similarity).toBeCloseTo(expected[i]!.similarity, 5))
          for (const h of five.hits) expect(shown(h.chunk)).toEqual(refOf(files.flatMap((f) => f.chunks).find((c) => at(c) === at(h.chunk))!))
          expect(five.seen).toBe(withVector.length)
          const every = yield* s.nearest(t, w, q, 1000, everyone)
          expect(hitsOf(every)).toEqual(expected.map((x) => x.where))
          every.hits.forEach((h, i) => expect(h.similarity).toBeCloseTo(expected[i]!.similarity, 5))
          expect(every.withheld).toEqual({ count: 0, labels: [] })
          // the query's own vector is its nearest, at similarity 1
          const own = withVector[7]!
          const self = yield* s.nearest(t, w, own.vector!, 1, everyone)
          expect(hitsOf(self)).toEqual([at(own)])
          expect(self.hits[0]!.similarity).toBeCloseTo(1, 5)
          // without the team's file: the same order, those chunks left out
          const outsiders = yield* s.nearest(t, w, q, 1000, granted([]))
          expect(hitsOf(outsiders)).toEqual(expected.map((x) => x.where).filter((x) => !x.startsWith("doc4.md")))
          expect(outsiders.seen).toBe(withVector.length)
        })))

    it("nearest breaks equal similarities by path in code-point order, then chunk index", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const tie = vec(1, 2, 2)
          const best = vec(1, 2, 2.2)
          const far = vec(-1, 0, 0)
          // inserted in an order unlike the expected one; chunks handed over last index first
          yield* put(s, t, w, fileOf({ path: "\u{1F600}.md" }, [{ text: "emoji", vector: tie }]))
          yield* put(s, t, w, fileOf({ path: "b.md" }, [
            { text: "b2", vector: tie, chunk_index: 2 },
            { text: "b1", vector: far, chunk_index: 1 },
            { text: "b0", vector: tie, chunk_index: 0 }
          ]))
          yield* put(s, t, w, fileOf({ path: "\uFFFD.md" }, [{ text: "replacement", vector: tie }]))
          yield* put(s, t, w, fileOf({ path: "a.md" }, [{ text: "a", vector: tie }]))
          yield* put(s, t, w, fileOf({ path: "B.md" }, [{ text: "B", vector: tie }]))
          yield* put(s, t, w, fileOf({ path: "z.md" }, [{ text: "z", vector: best }]))
          const order = ["z.md#0", "B.md#0", "a.md#0", "b.md#0", "b.md#2", "\uFFFD.md#0", "\u{1F600}.md#0", "b.md#1"]
          expect(order.slice(1, 7).map((x) => x.replace(/#\d$/, ""))).toEqual(
            [...order.slice(1, 7).map((x) => x.replace(/#\d$/, ""))].sort(compareCodePoints)
          )
          const all = yield* s.nearest(t, w, vec(1, 2, 2.2), 10, everyone)
          expect(hitsOf(all)).toEqual(order)
          const ties = all.hits.slice(1, 7).map((h) => h.similarity)
          for (const x of ties) expect(x).toBe(ties[0])
          // k cuts inside the tie by the same order
          expect(hitsOf(yield* s.nearest(t, w, vec(1, 2, 2.2), 4, everyone))).toEqual(order.slice(0, 4))
        })))

    it("nearest counts in withheld the hidden chunks that would have been in the unfiltered top k, and only those", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          // similarity falls with the angle: rank 1 nearest
          const ranked: Array<[string, string | null]> = [
            ["r1.md", "hr"],
            ["r2.md", null],
            ["r3.md", "board"],
            ["r4.md", null],
            ["r5.md", "hr"],
            ["r6.md", null],
            ["r7.md", "legal"]
          ]
          const angle = (i: number) => vec(Math.cos(i * 0.2), Math.sin(i * 0.2))
          for (const [i, [path, label]] of ranked.entries()) yield* put(s, t, w, fileOf({ path: `folder/${path}`, label }, [{ text: path, vector: angle(i) }]))
          yield* put(s, t, w, fileOf({ path: "other/r0.md", label: "board" }, [{ text: "outside", vector: angle(0) }]))
          const q = angle(0)
          const inFolder = (visible: VisibleLabels) => granted(visible, { path_prefix: "folder/" })
          const paths = (v: VectorHits) => v.hits.map((h) => h.chunk.path.replace("folder/", ""))
          const three = yield* s.nearest(t, w, q, 3, inFolder([]))
          expect(paths(three)).toEqual(["r2.md", "r4.md", "r6.md"])
          expect(three.withheld).toEqual({ count: 2, labels: ["board", "hr"] })
          expect(three.seen).toBe(7)
          const five = yield* s.nearest(t, w, q, 5, inFolder([]))
          expect(paths(five)).toEqual(["r2.md", "r4.md", "r6.md"])
          expect(five.withheld).toEqual({ count: 3, labels: ["board", "hr"] })
          expect(five.hidden.map((r) => r.path.replace("folder/", ""))).toEqual(["r1.md", "r3.md", "r5.md"])
          const hr = yield* s.nearest(t, w, q, 3, inFolder(["hr"]))
          expect(paths(hr)).toEqual(["r1.md", "r2.md", "r4.md"])
          expect(hr.withheld).toEqual({ count: 1, labels: ["board"] })
          const one = yield* s.nearest(t, w, q, 1, inFolder(["legal"]))
          expect(paths(one)).toEqual(["r2.md"])
          expect(one.withheld).toEqual({ count: 1, labels: ["hr"] })
          const all = yield* s.nearest(t, w, q, 7, inFolder("all"))
          expect(paths(all)).toEqual(ranked.map(([p]) => p))
          expect(all.withheld).toEqual({ count: 0, labels: [] })
          // without the folder, the outside chunk ties r1 (which leads by path): both withheld
          const whole = yield* s.nearest(t, w, q, 2, granted([]))
          expect(whole.hits.map((h) => h.chunk.path)).toEqual(["folder/r2.md", "folder/r4.md"])
          expect(whole.withheld).toEqual({ count: 2, labels: ["board", "hr"] })
          expect(whole.hidden.map((r) => r.path)).toEqual(["folder/r1.md", "other/r0.md"])
          expect(whole.seen).toBe(8)
        })))

    it("another tenant's or workspace's chunks are unreachable, whatever the call", () =>
      run((s) =>
        Effect.gen(function*() {
          const t1 = unique("tenant")
          const t2 = unique("tenant")
          const w = randomUUID()
          const w2 = randomUUID()
          const v = vec(2, 1, 0)
          const mine = fileOf({ path: "shared.md" }, [{ text: "quarterly forecast", vector: v }])
          const theirs = fileOf({ path: "shared.md" }, [{ text: "quarterly forecast theirs", vector: v }, { text: "quarterly more", vector: v }])
          const sibling = fileOf({ path: "shared.md" }, [{ text: "quarterly sibling", vector: v }])
          yield* put(s, t1, w, mine, "m1")
          yield* put(s, t2, w, theirs, "m2")
          yield* put(s, t1, w2, sibling, "m3")
          const query = terms("quarterly")
          const texts = (tenant: string, workspace: string, k: KeywordCandidates) =>
            Effect.map(s.chunks(tenant, workspace, k.candidates.map((c) => c.chunk), "all"), (cs) => cs.map((c) => c.text).sort())
          const k1 = yield* s.keyword(t1, w, query, everyone, ALL)
          expect(yield* texts(t1, w, k1)).toEqual(["quarterly forecast"])
          expect([k1.seen, k1.stats.documentCount, dfOf(k1.stats, "quarterli")]).toEqual([1, 1, 1])
          const k2 = yield* s.keyword(t2, w, query, everyone, ALL)
          expect(yield* texts(t2, w, k2)).toEqual(["quarterly forecast theirs", "quarterly more"])
          expect(yield* texts(t1, w2, yield* s.keyword(t1, w2, query, everyone, ALL))).toEqual(["quarterly sibling"])
          // another tenant's or workspace's keys read nothing here
          expect(yield* texts(t1, w, k2)).toEqual([])
          expect(yield* texts(t2, w2, k1)).toEqual([])
          expect((yield* s.nearest(t1, w, v, 10, everyone)).hits.map((h) => h.chunk.text)).toEqual(["quarterly forecast"])
          expect(yield* s.status(t1, w)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m1" })
          expect(yield* s.status(t2, w)).toEqual({ indexed: true, files: 1, chunks: 2, model: "m2" })
          // calls naming another tenant or workspace reach nothing of this one
          yield* s.removeFile(t2, w, mine.file_id)
          yield* s.removeFile(t1, w2, mine.file_id)
          yield* s.removeWorkspace(t2, w2)
          const after = yield* s.keyword(t1, w, query, granted([]), ALL)
          expect((yield* s.chunks(t1, w, after.candidates.map((c) => c.chunk), [])).map(shown)).toEqual([refOf(mine.chunks[0]!)])
          yield* s.removeWorkspace(t2, w)
          expect(yield* s.status(t1, w)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m1" })
          expect(yield* s.status(t1, w2)).toEqual({ indexed: true, files: 1, chunks: 1, model: "m3" })
          expect(yield* s.status(t2, w)).toEqual({ indexed: false, files: 0, chunks: 0, model: null })
        })))

    it("concurrent replaceFile of different files loses neither, and their postings stay in step", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = place()
          const files = Array.from({ length: 12 }, (_, i) =>
            fileOf({ path: `f${String(i).padStart(2, "0")}.md`, label: i % 3 === 0 ? "hr" : null }, [
              { text: `common marker${i}`, vector: vec(1, i) },
              { text: `common second`, vector: vec(i, 1) }
            ]))
          // a file being removed while the others arrive
          const leaving = fileOf({ path: "leaving.md" }, [{ text: "common leaving", vector: vec(1, 1) }])
          yield* put(s, t, w, leaving)
          yield* Effect.all([...files.map((f) => put(s, t, w, f)), s.removeFile(t, w, leaving.file_id)], { concurrency: "unbounded" })
          expect(yield* s.status(t, w)).toEqual({ indexed: true, files: 12, chunks: 24, model: null })
          const k = yield* s.keyword(t, w, terms("common"), everyone, ALL)
          expect(k.candidates).toHaveLength(24)
          expect([k.stats.documentCount, dfOf(k.stats, "common")]).toEqual([24, 24])
          const outsider = yield* s.keyword(t, w, terms("common"), granted([]), ALL)
          expect([outsider.candidates.length, outsider.stats.documentCount, outsider.withheld.count]).toEqual([16, 16, 8])
          for (const [i, f] of files.entries()) expect(found(yield* s.keyword(t, w, terms(`marker${i}`), everyone, ALL))).toEqual([`${f.path}#0`])
          expect((yield* s.nearest(t, w, vec(1, 1), 100, everyone)).hits).toHaveLength(24)
        })))
  })
