/**
 * The vector scan both stores rank on: below its threshold the exact ranking (checked against a
 * brute-force one after files are replaced (also under another label and path) and removed, so rows moved by removals stay
 * with their files). Above it the projection is learned in slices run by the test's own scheduler
 * (or, by default, on the event loop): the search is exact, as brute force, until the projection
 * covers every row, rows added and removed meanwhile included; then the reduced first pass, checked
 * against exact on 24k clustered 512-d vectors (`testing/clustered-vectors.ts`): recall@100 of the
 * visible hits and of the hidden neighbours ≥ 0.99, each row its own nearest neighbour, the
 * approximate path actually taken. Random (isotropic) vectors, on which the reduced pass would miss
 * half, stay exact. A fit in progress ends with the rows it was learning.
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
  it("below the threshold ranks exactly as brute force, through replaces (also under another label and path) and removals, with ties by path then chunk index", () => {
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
          // the same chunks indexed again under another label and path
          const file = { ...held.get(key)!.file, access_label: labels[Math.floor(random() * labels.length)]!, path: `c/${key}.md` }
          scan.replace(key, file, held.get(key)!.chunks)
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

  it("above the threshold the projection is learned in slices between calls, exact until it covers every row (rows added and removed meanwhile); then the reduced first pass: recall@100 against exact ≥ 0.99 for hits and hidden neighbours, on 24k clustered vectors", { timeout: 240_000 }, () => {
    const next = clusteredVectors(11)
    const tasks: Array<() => void> = []
    const scan = new S.VectorScan<File>({ schedule: (task) => tasks.push(task) })
    const held = new Map<string, Held>()
    const fitsBefore = S.backgroundFits()
    const put = (key: string, f: number) => {
      const file: File = { path: `docs/${f % 7}/file-${key}.md`, access_label: f % 10 === 9 ? "restricted" : null, category: null }
      const chunks = Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: next() }))
      scan.replace(key, file, chunks)
      held.set(key, { file, chunks })
    }
    const files = 240
    for (let f = 0; f < files; f++) {
      put(`f${f}`, f)
      // the write that brings the rows to the threshold starts the fit, and only that one
      expect(tasks.length).toBe(scan.size >= S.APPROXIMATE_FROM ? 1 : 0)
    }
    expect(scan.size).toBeGreaterThanOrEqual(S.APPROXIMATE_FROM)
    expect(scan.fitting).toBe(true)
    expect(S.backgroundFits()).toBe(fitsBefore + 1)
    const heldOf = (n: Workspaces.Search.Neighbour<File>) => held.get(n.file.path.replace(/^.*file-(.*)\.md$/, "$1"))!
    const exactly = (q: Float32Array) => {
      const scope = { visible: [] as Array<string> }
      const got = scan.nearest(q, 100, scope)
      const want = bruteForce(held, q, 100, scope)
      expect(got.approximate).toBe(false)
      expect(got.top.map(where)).toEqual(want.top)
      expect(got.hidden.map(where)).toEqual(want.hidden)
    }
    exactly(next())
    // rows removed (the last rows moved into their holes) and added while the fit runs, in every phase
    let slices = 0
    let added = 0
    let removed = 0
    while (tasks.length > 0) {
      for (let i = 0; i < 40 && tasks.length > 0; i++, slices++) tasks.shift()!()
      if (!scan.fitting) break
      scan.remove(`f${removed * 13}`)
      held.delete(`f${removed++ * 13}`)
      put(`g${added}`, added++)
      if (added % 4 === 0) exactly(next())
    }
    expect(scan.fitting).toBe(false)
    expect(S.backgroundFits()).toBe(fitsBefore)
    // learned in many slices, none of them the whole fit
    expect(slices).toBeGreaterThan(100)
    expect(added).toBeGreaterThan(5)
    // every row's reduced copy is its own: each of these rows (added during the fit, or moved into a
    // hole) is its own nearest neighbour through the first pass
    for (const key of [...held.keys()].slice(-8)) {
      const { chunks } = held.get(key)!
      for (let i = 0; i < chunks.length; i += 5) {
        const got = scan.nearest(chunks[i]!.vector!, 1, { visible: "all" })
        expect(got.approximate).toBe(true)
        expect(where(got.top[0]!)).toBe(`${held.get(key)!.file.path}#${chunks[i]!.chunk_index}`)
      }
    }
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
        for (const n of got.top) expect(n.similarity).toBe(S.dotAt(heldOf(n).chunks[n.position]!.vector!, 0, q, 0, q.length))
        for (let j = 1; j < got.top.length; j++) expect(got.top[j - 1]!.similarity).toBeGreaterThanOrEqual(got.top[j]!.similarity)
      }
      return { recall: found / wanted, hiddenRecall: hiddenFound / hiddenWanted, hiddenWanted }
    }
    const first = measure(60)
    expect(first.recall).toBeGreaterThanOrEqual(0.99)
    expect(first.hiddenWanted).toBeGreaterThan(100)
    expect(first.hiddenRecall).toBeGreaterThanOrEqual(0.99)
    // rows moved by removals keep their reduced copies in step
    for (let f = 1; f < files; f += 9) {
      scan.remove(`f${f}`)
      held.delete(`f${f}`)
    }
    const after = measure(10)
    expect(after.recall).toBeGreaterThanOrEqual(0.99)
    expect(after.hiddenRecall).toBeGreaterThanOrEqual(0.99)
    expect(tasks.length).toBe(0)
  })

  it("by default the projection is learned on the event loop, a slice a turn: the search is exact until it is ready", async () => {
    const next = clusteredVectors(5, { dims: 64, topics: 40, decay: 2, spread: 0.8, common: 0.6 })
    const scan = new S.VectorScan<File>({ approximateFrom: 3000, reducedDims: 8, poolMin: 300, poolPerK: 3 })
    const held = new Map<string, Held>()
    for (let f = 0; f < 32; f++) {
      const file: File = { path: `e/${f}.md`, access_label: null, category: null }
      const chunks = Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: next() }))
      scan.replace(`f${f}`, file, chunks)
      held.set(`f${f}`, { file, chunks })
    }
    expect(scan.fitting).toBe(true)
    const q = next()
    const before = scan.nearest(q, 10, { visible: "all" })
    expect(before.approximate).toBe(false)
    expect(before.top.map(where)).toEqual(bruteForce(held, q, 10, { visible: "all" }).top)
    let turns = 0
    while (scan.fitting) {
      await new Promise((resolve) => setImmediate(resolve))
      turns++
    }
    expect(turns).toBeGreaterThan(1)
    for (let i = 0; i < 5; i++) {
      const v = next()
      const got = scan.nearest(v, 10, { visible: "all" })
      expect(got.approximate).toBe(true)
      expect(got.top.map(where)).toEqual(bruteForce(held, v, 10, { visible: "all" }).top)
    }
  })

  it("a fit in progress is dropped with the rows: clear() and removing every row end it", () => {
    const next = clusteredVectors(9, { dims: 64, topics: 40, decay: 2, spread: 0.8, common: 0.6 })
    const tasks: Array<() => void> = []
    const scan = new S.VectorScan<File>({ approximateFrom: 500, reducedDims: 8, schedule: (task) => tasks.push(task) })
    const fitsBefore = S.backgroundFits()
    const fill = () => {
      for (let f = 0; f < 6; f++) scan.replace(`f${f}`, { path: `c/${f}.md`, access_label: null, category: null }, Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: next() })))
    }
    fill()
    expect(S.backgroundFits()).toBe(fitsBefore + 1)
    tasks.shift()!()
    scan.clear()
    expect(scan.fitting).toBe(false)
    expect(S.backgroundFits()).toBe(fitsBefore)
    // the dropped fit's next slice does nothing and schedules nothing
    tasks.shift()!()
    expect(tasks.length).toBe(0)
    fill()
    expect(scan.fitting).toBe(true)
    for (let f = 0; f < 6; f++) scan.remove(`f${f}`)
    expect(scan.fitting).toBe(false)
    expect(S.backgroundFits()).toBe(fitsBefore)
  })

  it("above the threshold, vectors too isotropic for the reduced pass (random ones) are ranked exactly", { timeout: 240_000 }, () => {
    const random = lcg(17)
    const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())
    const unit = () => {
      const v = Float32Array.from({ length: 512 }, gaussian)
      const n = Math.hypot(...v)
      return v.map((x) => x / n)
    }
    const tasks: Array<() => void> = []
    const scan = new S.VectorScan<File>({ schedule: (task) => tasks.push(task) })
    const held = new Map<string, Held>()
    for (let f = 0; f < 210; f++) {
      const file: File = { path: `r/${f}.md`, access_label: f % 10 === 9 ? "restricted" : null, category: null }
      const chunks = Array.from({ length: 100 }, (_, i) => ({ chunk_index: i, vector: unit() }))
      scan.replace(`f${f}`, file, chunks)
      held.set(`f${f}`, { file, chunks })
    }
    // the axes are learned, found to keep too little, and no reduced copy is kept
    const bytes = scan.bytes()
    expect(scan.fitting).toBe(true)
    while (tasks.length > 0) tasks.shift()!()
    expect(scan.fitting).toBe(false)
    expect(scan.bytes()).toBe(bytes)
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
