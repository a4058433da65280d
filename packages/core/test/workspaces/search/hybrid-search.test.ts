/**
 * The search service's own rules, on the memory index with an embedder whose vectors the test
 * chooses: vectors of another model are never compared, each candidate is counted once whichever
 * side found it, and a chunk holding the whole query stays first whatever the encoder prefers.
 */
import { Intelligence, Workspaces } from "@docket/core"
import { MemorySearchIndex } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

const S = Workspaces.Search

const unit = (...xs: Array<number>) => {
  const n = Math.hypot(...xs)
  return Float32Array.from(xs, (x) => x / n)
}

/** an embedder answering fixed vectors for the queries the tests send */
const embedderOf = (model: string, vectors: Record<string, Float32Array>) =>
  Layer.succeed(Intelligence.Embedder, {
    model,
    dimensions: 3,
    embed: (texts) => Effect.succeed(texts.map((t) => vectors[t] ?? unit(1, 1, 1)))
  })

const counts = (terms: ReadonlyArray<string>) => {
  const out: Record<string, number> = {}
  for (const t of terms) out[t] = (out[t] ?? 0) + 1
  return out
}

const chunkOf = (fileId: string, path: string, text: string, vector: Float32Array, label: string | null = null): Workspaces.Search.IndexedChunk => {
  const terms = S.analyze(text)
  return {
    file_id: fileId,
    chunk_index: 0,
    path,
    access_label: label,
    category: null,
    component: null,
    locator: { kind: "text", page: null, char_start: 0, char_end: text.length },
    title: "",
    text,
    terms: { title: {}, text: counts(terms) },
    length: { title: 0, text: terms.length },
    vector
  }
}

const seed = (model: string) =>
  Effect.gen(function*() {
    const index = yield* S.SearchIndex
    yield* index.replaceFile("t", "w", "f1", [chunkOf("f1", "a.md", "supplier concentration risk in Shenzhen", unit(1, 0, 0))], model)
    yield* index.replaceFile("t", "w", "f2", [chunkOf("f2", "b.md", "holiday calendar for the office", unit(0, 1, 0))], model)
    yield* index.replaceFile("t", "w", "f3", [chunkOf("f3", "c.md", "board minutes on supplier risk", unit(0, 0, 1), "board")], model)
  })

const QUERY = "supplier concentration risk"

describe("hybridSearch", () => {
  it.effect("vectors of another embedder than the running one are not compared: keyword hits only", () =>
    Effect.gen(function*() {
      yield* seed("old-model")
      const r = yield* S.hybridSearch("t", "w", "all", { query: QUERY, k: 10 })
      expect(r.hits.map((h) => h.path)).toEqual(["a.md", "c.md"])
      for (const h of r.hits) expect(h.why).not.toMatch(/meaning/)
    }).pipe(Effect.provide(Layer.merge(MemorySearchIndex.layer, embedderOf("new-model", { [QUERY]: unit(0, 1, 0) })))))

  it.effect("the same embedder: the dense side joins, and a chunk holding the whole query stays first though the encoder prefers another", () =>
    Effect.gen(function*() {
      yield* seed("m")
      const r = yield* S.hybridSearch("t", "w", "all", { query: QUERY, k: 10 })
      expect(r.hits[0]!.path).toBe("a.md")
      expect(r.hits[0]!.why).toMatch(/^keyword rank 1/)
      expect(r.hits.map((h) => h.path)).toContain("b.md")
      expect(r.hits.find((h) => h.path === "b.md")!.why).toMatch(/^meaning rank 1/)
    }).pipe(Effect.provide(Layer.merge(MemorySearchIndex.layer, embedderOf("m", { [QUERY]: unit(0, 1, 0) })))))

  it.effect("a hidden chunk found by both sides is counted once in candidates_seen and coverage; one found by the encoder alone too", () =>
    Effect.gen(function*() {
      yield* seed("m")
      // c.md (board) holds "supplier" and "risk" and is among the encoder's nearest: one candidate
      const hidden = yield* S.hybridSearch("t", "w", [], { query: QUERY, k: 10 })
      expect(hidden.hits.map((h) => h.path)).toEqual(["a.md", "b.md"])
      expect(hidden.coverage).toEqual({ restricted_candidates: 1, labels_required: ["board"] })
      // keyword: a.md, c.md; the encoder alone adds b.md
      expect(hidden.candidates_seen).toBe(3)
      const all = yield* S.hybridSearch("t", "w", "all", { query: QUERY, k: 10 })
      expect(all.candidates_seen).toBe(3)
      expect(all.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      // a query no chunk holds: every candidate is the encoder's; the hidden one still counted once
      const dense = yield* S.hybridSearch("t", "w", [], { query: "telecommute", k: 10 })
      expect(dense.candidates_seen).toBe(3)
      expect(dense.coverage.restricted_candidates).toBe(1)
    }).pipe(Effect.provide(Layer.merge(MemorySearchIndex.layer, embedderOf("m", { [QUERY]: unit(0, 1, 0), telecommute: unit(1, 1, 0) })))))

  it.effect("candidates_seen counts every chunk holding a term once, those beyond the keyword side's best 100 that the encoder also found included", () =>
    Effect.gen(function*() {
      const index = yield* S.SearchIndex
      // 150 chunks hold "ledger": the longer ones score lower, so the last are beyond the best 100;
      // the encoder's nearest are those last ones (and a chunk holding no term)
      for (let i = 0; i < 150; i++) {
        const text = `ledger ${"filler ".repeat(i)}`
        yield* index.replaceFile("t", "w", `f${i}`, [chunkOf(`f${i}`, `${String(i).padStart(3, "0")}.md`, text, i >= 140 ? unit(1, 0, 0) : unit(0, 1, 0))], "m")
      }
      yield* index.replaceFile("t", "w", "other", [chunkOf("other", "other.md", "nothing relevant", unit(1, 0.1, 0))], "m")
      const r = yield* S.hybridSearch("t", "w", "all", { query: "ledger", k: 10 })
      // 150 holding the term, plus other.md from the encoder alone
      expect(r.candidates_seen).toBe(151)
    }).pipe(Effect.provide(Layer.merge(MemorySearchIndex.layer, embedderOf("m", { ledger: unit(1, 0, 0) })))))

  it.effect("a hit whose file goes between the keyword read and the text read gives its place to the next; truncated speaks of what is left", () =>
    Effect.gen(function*() {
      yield* seed("old-model")
      // keyword only: a.md then c.md; a.md's file is removed just before the hits' text is read
      const r = yield* S.hybridSearch("t", "w", "all", { query: QUERY, k: 1 })
      expect(r.hits.map((h) => h.path)).toEqual(["c.md"])
      expect(r.truncated).toBe(false)
    }).pipe(Effect.provide(Layer.merge(
      Layer.effect(
        S.SearchIndex,
        Effect.map(S.SearchIndex, (index) => {
          let removed = false
          return {
            ...index,
            chunks: (t, w, keys, visible) =>
              Effect.flatMap(removed ? Effect.void : Effect.sync(() => (removed = true)).pipe(Effect.zipRight(index.removeFile("t", "w", "f1"))), () =>
                index.chunks(t, w, keys, visible))
          }
        })
      ).pipe(Layer.provide(MemorySearchIndex.layer)),
      embedderOf("new-model", {})
    ))))

  it.effect("a workspace never indexed is WorkspaceNotIndexed", () =>
    Effect.gen(function*() {
      const e = yield* Effect.flip(S.hybridSearch("t", "nothing", "all", { query: QUERY, k: 10 }))
      expect(e._tag).toBe("WorkspaceNotIndexed")
    }).pipe(Effect.provide(Layer.merge(MemorySearchIndex.layer, embedderOf("m", {})))))
})
