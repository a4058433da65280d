/**
 * The vector scan both stores rank on: below its threshold the exact ranking (checked against a
 * brute-force one after files are replaced, removed and relabelled, so rows moved by removals stay
 * with their files); above it the reduced first pass, checked against exact on 24k clustered
 * 512-d vectors (`testing/clustered-vectors.ts`): recall@100 of the visible hits and of the hidden
 * neighbours ≥ 0.99, and the approximate path actually taken; random (isotropic) vectors, on which
 * the reduced pass would miss half, stay exact.
 */
import { Workspaces } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { clusteredVectors } from "@docket/core/testing"

const S = Workspaces.Search

interface File {
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

interface Held {
  file: File
  readonly chunks: ReadonlyArray<{ readonly chunk_index: number; readonly vector: Float32Array | null }>
}

/** the port's ranking by brute force: cosine, then path in code-point order, then chunk index */
const bruteForce = (files: ReadonlyMap<string, Held>, q: Float32Array, k: number, scope: Workspaces.Search.SearchScope) => {
  const rows: Array<{ where: string; label: string | null; path: string; chunk: number; similarity: number }> = []
  for (const { file, chunks } of files.values()) {
    if (scope.path_prefix !== undefined && !file.path.startsWith(scope.path_prefix)) continue
    if (!S.inCategories(file.category, scope.categories)) continue
    for (const c of chunks) {
      if (c.vector === null || c.vector.length !== q.length) continue
      rows.push({ where: `${file.path}#${c.chunk_index}`, label: file.access_label, path: file.path, chunk: c.chunk_index, similarity: S.dotAt(c.vector, 0, q, 0, q.length) })
    }
  }
  rows.sort((a, b) => b.similarity - a.similarity || Workspaces.Files.compareCodePoints(a.path, b.path) || a.chunk - b.chunk)
  const visible = rows.filter((r) => Workspaces.Files.isVisible(r.label, scope.visible))
  return {
    top: visible.slice(0, k).map((r) => r.where),
    hidden: rows.slice(0, k).filter((r) => !Workspaces.Files.isVisible(r.label, scope.visible)).map((r) => r.where),
    seen: rows.length
  }
}

const where = (n: Workspaces.Search.Neighbour<File>) => `${n.file.path}#${n.chunk_index}`

const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe("VectorScan", () => {
  it("below the threshold ranks exactly as brute force, through replaces, removals and relabels, with ties by path then chunk index", () => {
    const random = lcg(3)
    const dims = 8
    const scan = new S.VectorScan<File>()
    const held = new Map<string, Held>()
    // few distinct vectors: many exact ties
    const palette = Array.from({ length: 12 }, () => {
      const v = Float32Array.from({ length: dims }, () => random() - 0.5)
      const n = Math.hypot(...v)
      return v.map((x) => x / n)
    })
    const labels = [null, null, "hr", "board"]
    const categories = [null, "legal/contracts", "finance/budget"]
    const put = (key: string) => {
      const file: File = {
        path: `${["a", "b", "B", "\u00e9"][Math.floor(random() * 4)]}/${key}.md`,
        access_label: labels[Math.floor(random() * labels.length)]!,
        category: categories[Math.floor(random() * categories.length)]!
      }
      const chunks = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
        chunk_index: 5 - i,
        vector: random() < 0.15 ? null : random() < 0.1 ? new Float32Array(3).fill(0.5) : palette[Math.floor(random() * palette.length)]!
      }))
      scan.replace(key, file, chunks)
      held.set(key, { file, chunks })
    }
    const scopes: Array<Workspaces.Search.SearchScope> = [
      { visible: "all" },
      { visible: [] },
      { visible: ["hr"], path_prefix: "a/" },
      { visible: ["board"], categories: ["legal"] }
    ]
    const check = () => {
      for (const scope of scopes) {
        for (const k of [1, 7, 50]) {
          const q = palette[Math.floor(random() * palette.length)]!
          const got = scan.nearest(q, k, scope)
          const want = bruteForce(held, q, k, scope)
          expect(got.approximate).toBe(false)
          expect(got.top.map(where)).toEqual(want.top)
          expect(got.hidden.map(where)).toEqual(want.hidden)
          expect(got.seen).toBe(want.seen)
        }
      }
    }
    for (let i = 0; i < 150; i++) put(`f${i}`)
    check()
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 40; i++) {
        const key = `f${Math.floor(random() * 200)}`
        const action = random()
        if (action < 0.4) put(key)
        else if (action < 0.7) {
          scan.remove(key)
          held.delete(key)
        } else if (held.has(key)) {
          const file = { ...held.get(key)!.file, access_label: labels[Math.floor(random() * labels.length)]!, path: `c/${key}.md` }
          scan.relabel(key, file)
          held.get(key)!.file = file
        }
      }
      check()
    }
    expect(scan.size).toBe([...held.values()].reduce((n, h) => n + h.chunks.filter((c) => c.vector !== null).length, 0))
    // vectors of another length are never compared with the query's
    const three = scan.nearest(new Float32Array(3).fill(1 / Math.sqrt(3)), 1000, { visible: "all" })
    expect(three.seen).toBe(bruteForce(held, new Float32Array(3).fill(1 / Math.sqrt(3)), 1000, { visible: "all" }).seen)
    expect(three.seen).toBeGreaterThan(0)
    expect(three.top.every((n) => held.get(n.file.path.replace(/^.*\/(.*)\.md$/, "$1"))!.chunks.find((c) => c.chunk_index === n.chunk_index)!.vector!.length === 3)).toBe(true)
  })

  it("above the threshold a reduced first pass picks the pool: recall@100 against exact ≥ 0.99 for hits and hidden neighbours, on 24k clustered vectors", { timeout: 240_000 }, () => {
    const next = clusteredVectors(11)
    const scan = new S.VectorScan<File>()
    const held = new Map<string, Held>()
    const files = 240
    for (let f = 0; f < files; f++) {
      const file: File = { path: `docs/${f % 7}/file-${f}.md`, access_label: f % 10 === 9 ? "restricted" : null, category: null }
      const chunks = Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: next() }))
      scan.replace(`f${f}`, file, chunks)
      held.set(`f${f}`, { file, chunks })
    }
    expect(scan.size).toBeGreaterThanOrEqual(S.APPROXIMATE_FROM)
    const measure = (queries: number) => {
      let found = 0
      let wanted = 0
      let hiddenFound = 0
      let hiddenWanted = 0
      for (let i = 0; i < queries; i++) {
        const q = next()
        const scope = { visible: [] as Array<string> }
        const got = scan.nearest(q, 100, scope)
        const want = bruteForce(held, q, 100, scope)
        expect(got.approximate).toBe(true)
        expect(got.seen).toBe(want.seen)
        const top = new Set(want.top)
        found += got.top.filter((n) => top.has(where(n))).length
        wanted += want.top.length
        const hidden = new Set(want.hidden)
        hiddenFound += got.hidden.filter((n) => hidden.has(where(n))).length
        hiddenWanted += want.hidden.length
        // what is returned is ranked exactly: true similarities, in the port's order
        for (const n of got.top) expect(n.similarity).toBe(S.dotAt(held.get(n.file.path.replace(/^.*file-(\d+)\.md$/, "f$1"))!.chunks[n.position]!.vector!, 0, q, 0, q.length))
        for (let j = 1; j < got.top.length; j++) expect(got.top[j - 1]!.similarity).toBeGreaterThanOrEqual(got.top[j]!.similarity)
      }
      return { recall: found / wanted, hiddenRecall: hiddenFound / hiddenWanted, hiddenWanted }
    }
    const first = measure(20)
    expect(first.recall).toBeGreaterThanOrEqual(0.99)
    expect(first.hiddenWanted).toBeGreaterThan(100)
    expect(first.hiddenRecall).toBeGreaterThanOrEqual(0.99)
    // rows moved by removals keep their reduced copies in step
    for (let f = 0; f < files; f += 9) {
      scan.remove(`f${f}`)
      held.delete(`f${f}`)
    }
    const after = measure(10)
    expect(after.recall).toBeGreaterThanOrEqual(0.99)
    expect(after.hiddenRecall).toBeGreaterThanOrEqual(0.99)
  })

  it("above the threshold, vectors too isotropic for the reduced pass (random ones) are ranked exactly", { timeout: 240_000 }, () => {
    const random = lcg(17)
    const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())
    const unit = () => {
      const v = Float32Array.from({ length: 512 }, gaussian)
      const n = Math.hypot(...v)
      return v.map((x) => x / n)
    }
    const scan = new S.VectorScan<File>()
    const held = new Map<string, Held>()
    for (let f = 0; f < 210; f++) {
      const file: File = { path: `r/${f}.md`, access_label: f % 10 === 9 ? "restricted" : null, category: null }
      const chunks = Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: unit() }))
      scan.replace(`f${f}`, file, chunks)
      held.set(`f${f}`, { file, chunks })
    }
    for (let i = 0; i < 3; i++) {
      const q = unit()
      const got = scan.nearest(q, 100, { visible: [] })
      const want = bruteForce(held, q, 100, { visible: [] })
      expect(got.approximate).toBe(false)
      expect(got.top.map(where)).toEqual(want.top)
      expect(got.hidden.map(where)).toEqual(want.hidden)
    }
  })
})
