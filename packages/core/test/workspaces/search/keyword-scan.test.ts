/**
 * The keyword scan both stores rank on, against the straightforward ranking it replaces (every
 * visible chunk in scope holding a term scored by `bm25fScore`, ranked by `rankByScore`,
 * statistics counted over every visible chunk): on random files with labels, paths and categories,
 * replaced (also under another path and label) and removed many times (so dead entries are compacted and slots
 * renumbered), under random scopes and limits. Scores must be equal, not close.
 */
import { Workspaces } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"

const S = Workspaces.Search
type ChunkField = Workspaces.Search.ChunkField

interface File {
  readonly file_id: string
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

interface Chunk {
  readonly chunk_index: number
  readonly terms: Record<ChunkField, Record<string, number>>
  readonly length: Record<ChunkField, number>
}

interface Held {
  file: File
  readonly chunks: ReadonlyArray<Chunk>
}

const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** the ranking the scan replaces, from the chunks themselves */
const reference = (files: ReadonlyMap<string, Held>, terms: ReadonlyArray<string>, scope: Workspaces.Search.SearchScope, limit: number) => {
  const query = S.queryTermCounts(terms)
  const visible = (f: File) => Workspaces.Files.isVisible(f.access_label, scope.visible)
  const inScope = (f: File) => (scope.path_prefix === undefined || f.path.startsWith(scope.path_prefix)) && S.inCategories(f.category, scope.categories)
  let documentCount = 0
  let title = 0
  let text = 0
  const documentFrequency = new Map<string, number>()
  const candidates: Array<{ file: File; chunk: Chunk; candidate: Workspaces.Search.FieldedCandidate<ChunkField> }> = []
  const hidden: Array<string | null> = []
  for (const { file, chunks } of files.values()) {
    for (const c of chunks) {
      const holds = [...query.keys()].filter((t) => (c.terms.title[t] ?? 0) > 0 || (c.terms.text[t] ?? 0) > 0)
      if (visible(file)) {
        documentCount++
        title += c.length.title
        text += c.length.text
        for (const t of holds) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1)
      }
      if (holds.length === 0 || !inScope(file)) continue
      if (!visible(file)) {
        hidden.push(file.access_label)
        continue
      }
      const termFrequency = { title: new Map<string, number>(), text: new Map<string, number>() }
      for (const t of holds) {
        if ((c.terms.title[t] ?? 0) > 0) termFrequency.title.set(t, c.terms.title[t]!)
        if ((c.terms.text[t] ?? 0) > 0) termFrequency.text.set(t, c.terms.text[t]!)
      }
      candidates.push({ file, chunk: c, candidate: { length: c.length, termFrequency } })
    }
  }
  const average = (sum: number) => (documentCount > 0 ? sum / documentCount : 0)
  const stats = { documentCount, averageLength: { title: average(title), text: average(text) }, documentFrequency }
  const ranked = S.rankByScore(
    candidates,
    (c) => S.bm25fScore(query, S.CHUNK_FIELDS, stats, c.candidate),
    (a, b) => Workspaces.Files.compareCodePoints(a.file.path, b.file.path) || a.chunk.chunk_index - b.chunk.chunk_index,
    limit
  )
  const labels = [...new Set(hidden.filter((l): l is string => l !== null))].sort(Workspaces.Files.compareCodePoints)
  return {
    stats,
    top: ranked.map((r) => ({ where: `${r.item.file.path}#${r.item.chunk.chunk_index}`, score: r.score, candidate: r.item.candidate })),
    seen: candidates.length + hidden.length,
    withheld: { count: hidden.length, labels },
    candidates: new Set(candidates.map((c) => `${c.file.file_id}#${c.chunk.chunk_index}`))
  }
}

const plain = (c: Workspaces.Search.FieldedCandidate<ChunkField>) => ({
  length: c.length,
  title: Object.fromEntries([...c.termFrequency.title].sort()),
  text: Object.fromEntries([...c.termFrequency.text].sort())
})

describe("KeywordScan", () => {
  it("ranks as bm25fScore + rankByScore over every candidate: same statistics, the same best `limit` with equal scores, seen, withheld, probes", () => {
    const random = lcg(20261126)
    const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(random() * xs.length)]!
    // a small vocabulary, skewed, so terms are shared and scores tie at times
    const vocabulary = Array.from({ length: 40 }, (_, i) => `w${i}`)
    const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2)]!
    const labels = [null, null, "hr", "board"]
    const categories = [null, "legal", "legal/contracts", "finance/budget", "legalese"]
    const folders = ["a/", "a/b/", "b/", "", "\u{1F600}/", "\uFFFD/"]
    const chunkOf = (chunk_index: number): Chunk => {
      const terms = { title: {} as Record<string, number>, text: {} as Record<string, number> }
      const nTitle = Math.floor(random() * 3)
      const nText = Math.floor(random() * 12)
      for (let i = 0; i < nTitle; i++) {
        const w = word()
        terms.title[w] = (terms.title[w] ?? 0) + 1
      }
      for (let i = 0; i < nText; i++) {
        const w = word()
        terms.text[w] = (terms.text[w] ?? 0) + 1
      }
      // now and then a frequency beyond 16 bits
      if (random() < 0.01) terms.text[word()] = 70_000
      const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0)
      return { chunk_index, terms, length: { title: sum(terms.title), text: sum(terms.text) + Math.floor(random() * 5) } }
    }
    const fileOf = (file_id: string): Held => ({
      file: { file_id, path: `${pick(folders)}f${Math.floor(random() * 30)}.md`, access_label: pick(labels), category: pick(categories) },
      // chunk indexes in any order, some files empty
      chunks: Array.from({ length: Math.floor(random() * 6) }, (_, i) => chunkOf(random() < 0.2 ? 20 - i : i))
    })
    const held = new Map<string, Held>()
    const scan = new S.KeywordScan<File>({ renumberFrom: 64 })
    const put = (h: Held) => {
      if (h.chunks.length === 0) held.delete(h.file.file_id)
      else held.set(h.file.file_id, h)
      scan.replace(h.file, h.chunks.map((c) => ({ chunk_index: c.chunk_index, length: c.length, postings: S.postingsOf(c.terms) })))
    }
    const ids = Array.from({ length: 120 }, (_, i) => `file-${i}`)
    let compared = 0
    let nonEmpty = 0
    for (let round = 0; round < 700; round++) {
      const id = pick(ids)
      const op = random()
      if (op < 0.6) put(fileOf(id))
      else if (op < 0.8) {
        held.delete(id)
        scan.remove(id)
      } else {
        const h = held.get(id)
        if (h !== undefined) {
          // the same chunks indexed again under another path, label and category
          put({ ...h, file: { ...h.file, path: `${pick(folders)}moved${Math.floor(random() * 5)}.md`, access_label: pick(labels), category: pick(categories) } })
        }
      }
      if (round % 5 !== 0) continue
      expect(scan.size).toBe([...held.values()].reduce((n, h) => n + h.chunks.length, 0))
      for (let q = 0; q < 4; q++) {
        const terms = Array.from({ length: 1 + Math.floor(random() * 4) }, () => (random() < 0.1 ? "absent" : word()))
        const scope: Workspaces.Search.SearchScope = {
          visible: pick<Workspaces.Files.VisibleLabels>(["all", [], ["hr"], ["board", "hr"]]),
          path_prefix: random() < 0.3 ? pick(folders.filter((f) => f !== "")) : undefined,
          categories: random() < 0.3 ? pick([["legal"], ["finance/budget", "legal/contracts"], [], ["lega"]]) : undefined
        }
        const limit = pick([1, 3, 10, 1000, 0])
        const want = reference(held, terms, scope, limit)
        const probe = Array.from({ length: 5 }, () => ({ file_id: pick(ids), chunk_index: Math.floor(random() * 21) }))
        const got = scan.query(terms, scope, limit, probe)
        expect(got.stats.documentCount).toBe(want.stats.documentCount)
        expect(got.stats.averageLength).toEqual(want.stats.averageLength)
        expect([...got.stats.documentFrequency].sort()).toEqual([...want.stats.documentFrequency].sort())
        expect(got.top.map((h) => `${h.file.path}#${h.chunk_index}`)).toEqual(want.top.map((h) => h.where))
        got.top.forEach((h, i) => {
          expect(h.score).toBe(want.top[i]!.score)
          expect(plain(h.candidate)).toEqual(plain(want.top[i]!.candidate))
          // what the search recomputes from the returned statistics is the same number
          expect(S.bm25fScore(S.queryTermCounts(terms), S.CHUNK_FIELDS, got.stats, h.candidate)).toBe(h.score)
        })
        expect(got.seen).toBe(want.seen)
        expect(got.withheld).toEqual(want.withheld)
        expect(got.probed).toEqual(probe.map((k) => want.candidates.has(`${k.file_id}#${k.chunk_index}`)))
        compared++
        if (got.top.length > 0) nonEmpty++
      }
    }
    // the data exercised what it should
    expect(compared).toBe(560)
    expect(nonEmpty).toBeGreaterThan(250)
    expect(scan.bytes()).toBeGreaterThan(0)
  })

  it("a query on no chunks, or of no terms, returns empty statistics and nothing else", () => {
    const scan = new S.KeywordScan<File>()
    expect(scan.query(["x"], { visible: "all" }, 10, [{ file_id: "f", chunk_index: 0 }])).toEqual({
      stats: { documentCount: 0, averageLength: { title: 0, text: 0 }, documentFrequency: new Map() },
      top: [],
      seen: 0,
      withheld: { count: 0, labels: [] },
      probed: [false]
    })
    scan.replace({ file_id: "f", path: "f.md", access_label: null, category: null }, [{ chunk_index: 0, length: { title: 0, text: 2 }, postings: ["x", 0, 2] }])
    const none = scan.query([], { visible: "all" }, 10)
    expect([none.stats.documentCount, none.stats.averageLength, none.top, none.seen]).toEqual([1, { title: 0, text: 2 }, [], 0])
  })
})
