/**
 * Keyword ranking over a workspace's postings, the one implementation every store uses (the memory
 * index, the PostgreSQL adapter's in-process cache), so they rank alike and fast: a query returns
 * only the best `limit` candidates, scored by core's BM25F (`bm25.ts`), with the statistics.
 *
 * Layout: each chunk is a slot (slots allocated in order, never reused until a renumbering) with
 * its file, chunk index and field lengths in parallel typed arrays; a file's path, label and
 * category are held once per file, so scope and visibility cost one test per file per query. Per
 * term, one `Uint32Array` of postings in slot order: the slot and both fields' frequencies packed in
 * one word (a term with a frequency above 0xffff switches to one word each). A removed file's slots
 * are marked dead; a term's postings are compacted when its dead entries outnumber its live ones,
 * all slots renumbered when dead slots outnumber live ones.
 *
 * Query (`query`): term at a time, each term's contribution added into one score per slot — the
 * same operations in the same order as `bm25fScore`, so a score equals it to the bit — over the
 * in-scope visible chunks; statistics over the visible chunks of the whole workspace (label
 * totals kept per label, document frequencies counted on the term's postings); then the best
 * `limit` by score, path in code-point order, chunk index (a bounded heap: most candidates cost one
 * comparison).
 */
import { compareCodePoints, isVisible, type Withheld } from "../files/file-store.js"
import { BM25_K1, bm25Idf, CHUNK_FIELDS, type FieldedCandidate, type FieldedCollectionStats, queryTermCounts } from "./bm25.js"
import { BoundedHeap } from "./bounded-heap.js"
import { type ChunkField, type ChunkKey, inCategories, type KeywordCandidates, type SearchScope } from "./search-index.js"

/** what the scan needs of a file: its id, where it is, who may see it */
export interface KeywordFile {
  readonly file_id: string
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

/** A chunk's postings as the scan takes them: flat triples `term, tf in title, tf in text` (a term at most once). */
export type ChunkPostings = ReadonlyArray<string | number>

export interface KeywordChunk {
  readonly chunk_index: number
  readonly length: Readonly<Record<ChunkField, number>>
  readonly postings: ChunkPostings
}

/** A chunk's per-field term counts as flat triples (terms of zero frequency in both fields left out). */
export const postingsOf = (terms: Readonly<Record<ChunkField, Readonly<Record<string, number>>>>): Array<string | number> => {
  const out: Array<string | number> = []
  for (const [term, tf] of Object.entries(terms.title)) {
    const text = terms.text[term] ?? 0
    if (tf > 0 || text > 0) out.push(term, Math.max(0, tf), Math.max(0, text))
  }
  for (const [term, tf] of Object.entries(terms.text)) {
    if (tf > 0 && !Object.hasOwn(terms.title, term)) out.push(term, 0, tf)
  }
  return out
}

export interface KeywordHit<F extends KeywordFile> {
  readonly file: F
  readonly chunk_index: number
  /** its BM25F score (`bm25fScore` of `candidate` under the returned statistics) */
  readonly score: number
  readonly candidate: FieldedCandidate<ChunkField>
}

export interface KeywordRanking<F extends KeywordFile> {
  /** over the chunks the caller may see across the workspace, for the query's terms */
  readonly stats: FieldedCollectionStats<ChunkField>
  /** the best `limit` visible chunks in scope holding a term, best first */
  readonly top: ReadonlyArray<KeywordHit<F>>
  /** chunks in scope holding a term, before access filtering */
  readonly seen: number
  /** the hidden ones among them */
  readonly withheld: Withheld
  /** per probed key, whether it names a visible chunk in scope holding a term (a candidate, best or not) */
  readonly probed: ReadonlyArray<boolean>
}

/** A ranking as the port's `keyword` answers it (the stores' shared last step); none: an empty workspace. */
export const keywordCandidatesOf = <F extends KeywordFile>(ranked: KeywordRanking<F> | undefined, probe: ReadonlyArray<ChunkKey> = []): KeywordCandidates =>
  ranked === undefined
    ? { stats: { documentCount: 0, averageLength: { title: 0, text: 0 }, documentFrequency: new Map() }, candidates: [], seen: 0, withheld: { count: 0, labels: [] }, probed: probe.map(() => false) }
    : {
      stats: ranked.stats,
      candidates: ranked.top.map((h) => ({
        chunk: { file_id: h.file.file_id, chunk_index: h.chunk_index, path: h.file.path, access_label: h.file.access_label, category: h.file.category },
        candidate: h.candidate
      })),
      seen: ranked.seen,
      withheld: ranked.withheld,
      probed: ranked.probed
    }

const MAX_PACKED = 0xffff
const FIELD_TITLE = CHUNK_FIELDS.title
const FIELD_TEXT = CHUNK_FIELDS.text

/** One term's postings, in slot order. */
class Postings {
  /** packed: [slot, title << 16 | text]; wide: [slot, title, text] */
  data = new Uint32Array(8)
  /** entries held (dead ones included) */
  n = 0
  live = 0
  dead = 0
  wide = false

  get stride() {
    return this.wide ? 3 : 2
  }

  private widen() {
    const data = new Uint32Array(Math.max(12, Math.ceil((this.data.length / 2) * 3)))
    for (let i = 0; i < this.n; i++) {
      const w = this.data[2 * i + 1]!
      data[3 * i] = this.data[2 * i]!
      data[3 * i + 1] = w >>> 16
      data[3 * i + 2] = w & MAX_PACKED
    }
    this.data = data
    this.wide = true
  }

  push(slot: number, title: number, text: number) {
    if (!this.wide && (title > MAX_PACKED || text > MAX_PACKED)) this.widen()
    const stride = this.stride
    if ((this.n + 1) * stride > this.data.length) {
      const data = new Uint32Array(this.data.length * 2)
      data.set(this.data.subarray(0, this.n * stride))
      this.data = data
    }
    const at = this.n * stride
    this.data[at] = slot
    if (this.wide) {
      this.data[at + 1] = title
      this.data[at + 2] = text
    } else this.data[at + 1] = ((title << 16) | text) >>> 0
    this.n++
    this.live++
  }

  /** keeps the entries whose slot `remap` gives a number for (≥ 0), renumbered */
  rewrite(remap: (slot: number) => number) {
    const stride = this.stride
    let out = 0
    for (let i = 0; i < this.n; i++) {
      const to = remap(this.data[i * stride]!)
      if (to < 0) continue
      const at = out * stride
      this.data[at] = to
      for (let j = 1; j < stride; j++) this.data[at + j] = this.data[i * stride + j]!
      out++
    }
    this.n = out
    this.dead = 0
    if (this.data.length > 16 && out * stride * 4 < this.data.length) this.data = this.data.slice(0, Math.max(8, out * stride * 2))
  }

  /** the entry of this slot, or -1 (entries are in slot order) */
  find(slot: number): number {
    const stride = this.stride
    let lo = 0
    let hi = this.n - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const s = this.data[mid * stride]!
      if (s === slot) return mid
      if (s < slot) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  title(i: number) {
    return this.wide ? this.data[3 * i + 1]! : this.data[2 * i + 1]! >>> 16
  }

  text(i: number) {
    return this.wide ? this.data[3 * i + 2]! : this.data[2 * i + 1]! & MAX_PACKED
  }

  bytes() {
    return this.data.byteLength + 120
  }
}

interface FileEntry<F extends KeywordFile> {
  readonly index: number
  meta: F
  /** its chunks are the slots first .. first + count - 1 */
  first: number
  readonly count: number
  readonly lengthTitle: number
  readonly lengthText: number
  /** the terms of its chunks, with how many of its chunks hold each */
  readonly terms: ReadonlyArray<string>
  readonly holding: Int32Array
}

interface LabelTotals {
  chunks: number
  title: number
  text: number
}

const IN_SCOPE = 1
const VISIBLE = 2

/** dead slots tolerated before the slots are renumbered, at the least (beyond: as many as live ones) */
export const RENUMBER_FROM = 1024

export interface KeywordScanOptions {
  /** default `RENUMBER_FROM` (tests lower it to reach renumbering on small data) */
  readonly renumberFrom?: number | undefined
}

/** A workspace's postings and their files; every call synchronous. */
export class KeywordScan<F extends KeywordFile> {
  private readonly renumberFrom: number

  constructor(options: KeywordScanOptions = {}) {
    this.renumberFrom = options.renumberFrom ?? RENUMBER_FROM
  }

  private readonly postings = new Map<string, Postings>()
  private readonly files = new Map<string, FileEntry<F>>()
  private readonly entries: Array<FileEntry<F> | undefined> = []
  private readonly freeEntries: Array<number> = []
  private readonly byLabel = new Map<string | null, LabelTotals>()
  /** per slot: its file entry (-1: dead), chunk index, field lengths */
  private slotFile = new Int32Array(64)
  private slotChunk = new Int32Array(64)
  private slotTitle = new Int32Array(64)
  private slotText = new Int32Array(64)
  private slots = 0
  private deadSlots = 0
  private chunkCount = 0
  // per query scratch, reused: a score per slot, valid where `mark` holds the query's epoch
  private score = new Float64Array(0)
  private mark = new Uint32Array(0)
  private fileMark = new Uint32Array(0)
  private fileFlags = new Uint8Array(0)
  private epoch = 0

  /** chunks held */
  get size(): number {
    return this.chunkCount
  }

  /** bytes held (postings, per-slot arrays, per-term and per-file overheads) */
  bytes(): number {
    let n = this.slotFile.byteLength * 4 + this.score.byteLength + this.mark.byteLength
    for (const [term, p] of this.postings) n += p.bytes() + 2 * term.length + 60
    for (const f of this.files.values()) n += 100 + 12 * f.terms.length
    return n
  }

  file(fileId: string): F | undefined {
    return this.files.get(fileId)?.meta
  }

  clear(): void {
    this.postings.clear()
    this.files.clear()
    this.entries.length = 0
    this.freeEntries.length = 0
    this.byLabel.clear()
    this.slotFile = new Int32Array(64)
    this.slotChunk = new Int32Array(64)
    this.slotTitle = new Int32Array(64)
    this.slotText = new Int32Array(64)
    this.slots = 0
    this.deadSlots = 0
    this.chunkCount = 0
    this.score = new Float64Array(0)
    this.mark = new Uint32Array(0)
  }

  private count(label: string | null, chunks: number, title: number, text: number, sign: 1 | -1) {
    const totals = this.byLabel.get(label) ?? { chunks: 0, title: 0, text: 0 }
    totals.chunks += sign * chunks
    totals.title += sign * title
    totals.text += sign * text
    if (totals.chunks === 0) this.byLabel.delete(label)
    else this.byLabel.set(label, totals)
  }

  private reserve(n: number) {
    if (n <= this.slotFile.length) return
    let cap = this.slotFile.length
    while (cap < n) cap *= 2
    for (const name of ["slotFile", "slotChunk", "slotTitle", "slotText"] as const) {
      const next = new Int32Array(cap)
      next.set(this[name].subarray(0, this.slots))
      this[name] = next
    }
  }

  /** replaces the file's chunks (the file keyed by its `file_id`); a file of no chunks is removed */
  replace(file: F, chunks: ReadonlyArray<KeywordChunk>): void {
    this.remove(file.file_id)
    if (chunks.length === 0) return
    const first = this.slots
    this.reserve(first + chunks.length)
    const index = this.freeEntries.pop() ?? this.entries.length
    const holding = new Map<string, number>()
    let lengthTitle = 0
    let lengthText = 0
    chunks.forEach((c, i) => {
      const slot = first + i
      this.slotFile[slot] = index
      this.slotChunk[slot] = c.chunk_index
      this.slotTitle[slot] = c.length.title
      this.slotText[slot] = c.length.text
      lengthTitle += c.length.title
      lengthText += c.length.text
      const p = c.postings
      for (let j = 0; j + 2 < p.length; j += 3) {
        const term = p[j] as string
        const title = p[j + 1] as number
        const text = p[j + 2] as number
        if (title <= 0 && text <= 0) continue
        let postings = this.postings.get(term)
        if (postings === undefined) this.postings.set(term, postings = new Postings())
        postings.push(slot, Math.max(0, title), Math.max(0, text))
        holding.set(term, (holding.get(term) ?? 0) + 1)
      }
    })
    this.slots += chunks.length
    this.chunkCount += chunks.length
    const entry: FileEntry<F> = {
      index,
      meta: file,
      first,
      count: chunks.length,
      lengthTitle,
      lengthText,
      terms: [...holding.keys()],
      holding: Int32Array.from(holding.values())
    }
    this.entries[index] = entry
    this.files.set(file.file_id, entry)
    this.count(file.access_label, entry.count, lengthTitle, lengthText, 1)
  }

  remove(fileId: string): void {
    const entry = this.files.get(fileId)
    if (entry === undefined) return
    this.count(entry.meta.access_label, entry.count, entry.lengthTitle, entry.lengthText, -1)
    for (let s = entry.first; s < entry.first + entry.count; s++) this.slotFile[s] = -1
    this.deadSlots += entry.count
    this.chunkCount -= entry.count
    this.files.delete(fileId)
    this.entries[entry.index] = undefined
    this.freeEntries.push(entry.index)
    const slotFile = this.slotFile
    entry.terms.forEach((term, i) => {
      const p = this.postings.get(term)!
      const n = entry.holding[i]!
      p.live -= n
      p.dead += n
      if (p.live === 0) this.postings.delete(term)
      else if (p.dead > p.live) p.rewrite((s) => (slotFile[s]! < 0 ? -1 : s))
    })
    if (this.deadSlots > Math.max(this.renumberFrom, this.slots - this.deadSlots)) this.renumber()
  }

  /** drops the dead slots, numbering the live ones in their order (so postings stay in slot order) */
  private renumber() {
    const remap = new Int32Array(this.slots)
    let next = 0
    for (let s = 0; s < this.slots; s++) {
      if (this.slotFile[s]! < 0) {
        remap[s] = -1
        continue
      }
      remap[s] = next
      this.slotFile[next] = this.slotFile[s]!
      this.slotChunk[next] = this.slotChunk[s]!
      this.slotTitle[next] = this.slotTitle[s]!
      this.slotText[next] = this.slotText[s]!
      next++
    }
    for (const p of this.postings.values()) p.rewrite((s) => remap[s]!)
    for (const f of this.files.values()) f.first = remap[f.first]!
    this.slots = next
    this.deadSlots = 0
    this.score = new Float64Array(0)
    this.mark = new Uint32Array(0)
  }

  /**
   * The best `limit` visible chunks in scope holding any of `terms` (a query's analyzed terms; a
   * repeated term weighs that many times), the statistics to score them, `seen` / `withheld`, and
   * for each `probe` key whether it names a candidate.
   */
  query(terms: ReadonlyArray<string>, scope: SearchScope, limit: number, probe: ReadonlyArray<ChunkKey> = []): KeywordRanking<F> {
    const query = queryTermCounts(terms)
    const visible = scope.visible
    const sums = { chunks: 0, title: 0, text: 0 }
    for (const [label, totals] of this.byLabel) {
      if (!isVisible(label, visible)) continue
      sums.chunks += totals.chunks
      sums.title += totals.title
      sums.text += totals.text
    }
    const average = (sum: number) => (sums.chunks > 0 ? sum / sums.chunks : 0)
    const avgTitle = average(sums.title)
    const avgText = average(sums.text)
    const documentFrequency = new Map<string, number>()
    const stats: FieldedCollectionStats<ChunkField> = { documentCount: sums.chunks, averageLength: { title: avgTitle, text: avgText }, documentFrequency }

    // per-query scratch
    if (this.score.length < this.slots) {
      this.score = new Float64Array(this.slotFile.length)
      this.mark = new Uint32Array(this.slotFile.length)
      this.epoch = 0
    }
    if (this.fileMark.length < this.entries.length) {
      this.fileMark = new Uint32Array(Math.max(64, this.entries.length * 2))
      this.fileFlags = new Uint8Array(this.fileMark.length)
      this.epoch = 0
    }
    if (this.epoch === 0) {
      this.mark.fill(0)
      this.fileMark.fill(0)
    }
    const epoch = ++this.epoch
    if (this.epoch === 0xffffffff) this.epoch = 0
    const { score, mark, fileMark, fileFlags, slotFile, entries } = this
    const everything = visible === "all" && scope.path_prefix === undefined && (scope.categories === undefined || scope.categories.length === 0)
    const flagsOf = (f: number): number => {
      if (everything) return IN_SCOPE | VISIBLE
      if (fileMark[f] === epoch) return fileFlags[f]!
      const meta = entries[f]!.meta
      const inScope = (scope.path_prefix === undefined || meta.path.startsWith(scope.path_prefix)) && inCategories(meta.category, scope.categories)
      const flags = (inScope ? IN_SCOPE : 0) | (isVisible(meta.access_label, visible) ? VISIBLE : 0)
      fileMark[f] = epoch
      fileFlags[f] = flags
      return flags
    }

    const touched: Array<number> = []
    const hidden: Array<string | null> = []
    let seen = 0
    const bTitle = FIELD_TITLE.b
    const bText = FIELD_TEXT.b
    const wTitle = FIELD_TITLE.weight
    const wText = FIELD_TEXT.weight
    const k1 = BM25_K1
    for (const [term, qtf] of query) {
      const p = this.postings.get(term)
      if (p === undefined) continue
      const stride = p.stride
      const data = p.data
      const n = p.n
      let df = 0
      if (visible === "all") df = p.live
      else {
        for (let i = 0; i < n; i++) {
          const f = slotFile[data[i * stride]!]!
          if (f >= 0 && (flagsOf(f) & VISIBLE) !== 0) df++
        }
      }
      if (df > 0) documentFrequency.set(term, df)
      const idf = bm25Idf(sums.chunks, df)
      for (let i = 0; i < n; i++) {
        const slot = data[i * stride]!
        const f = slotFile[slot]!
        if (f < 0) continue
        const flags = flagsOf(f)
        if ((flags & IN_SCOPE) === 0) continue
        if (mark[slot] !== epoch) {
          mark[slot] = epoch
          seen++
          if ((flags & VISIBLE) === 0) {
            hidden.push(entries[f]!.meta.access_label)
            continue
          }
          score[slot] = 0
          touched.push(slot)
        } else if ((flags & VISIBLE) === 0) continue
        // bm25fScore's operations in its order: the fields' weighted, normalized frequencies summed, saturated once
        const rawTitle = p.wide ? data[i * 3 + 1]! : data[i * 2 + 1]! >>> 16
        const rawText = p.wide ? data[i * 3 + 2]! : data[i * 2 + 1]! & MAX_PACKED
        let tf = 0
        if (rawTitle > 0) tf += (wTitle * rawTitle) / (1 - bTitle + bTitle * (avgTitle > 0 ? this.slotTitle[slot]! / avgTitle : 0))
        if (rawText > 0) tf += (wText * rawText) / (1 - bText + bText * (avgText > 0 ? this.slotText[slot]! / avgText : 0))
        if (tf <= 0) continue
        score[slot] += qtf * ((idf * tf) / (tf + k1 * 1))
      }
    }

    const slotChunk = this.slotChunk
    const before = (a: number, b: number) => {
      const pa = entries[slotFile[a]!]!.meta.path
      const pb = entries[slotFile[b]!]!.meta.path
      const byPath = pa === pb ? 0 : compareCodePoints(pa, pb)
      return byPath !== 0 ? byPath < 0 : slotChunk[a]! < slotChunk[b]!
    }
    const heap = new BoundedHeap(Math.min(Math.max(0, limit), touched.length), before)
    for (const slot of touched) {
      const s = score[slot]!
      if (s > 0) heap.offer(s, slot)
    }
    const order = heap.order()
    const distinct = [...query.keys()].map((term) => [term, this.postings.get(term)] as const)
    const top = order.map((i): KeywordHit<F> => {
      const slot = heap.rows[i]!
      const termFrequency = { title: new Map<string, number>(), text: new Map<string, number>() }
      for (const [term, p] of distinct) {
        const at = p === undefined ? -1 : p.find(slot)
        if (at < 0) continue
        const title = p!.title(at)
        const text = p!.text(at)
        if (title > 0) termFrequency.title.set(term, title)
        if (text > 0) termFrequency.text.set(term, text)
      }
      return {
        file: entries[slotFile[slot]!]!.meta,
        chunk_index: slotChunk[slot]!,
        score: heap.scores[i]!,
        candidate: { length: { title: this.slotTitle[slot]!, text: this.slotText[slot]! }, termFrequency }
      }
    })

    const probed = probe.map((key) => {
      const entry = this.files.get(key.file_id)
      if (entry === undefined) return false
      for (let s = entry.first; s < entry.first + entry.count; s++) {
        if (slotChunk[s] === key.chunk_index) return mark[s] === epoch && (flagsOf(entry.index) & VISIBLE) !== 0
      }
      return false
    })
    const labels = [...new Set(hidden.filter((l): l is string => l !== null))].sort(compareCodePoints)
    return { stats, top, seen, withheld: { count: hidden.length, labels }, probed }
  }
}
