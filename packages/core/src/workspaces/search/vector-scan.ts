/**
 * Nearest-chunk ranking over a workspace's vectors, the one implementation every store uses (the
 * memory index, the PostgreSQL adapter's in-process cache), so they rank alike and fast.
 *
 * Layout: per vector length, every row in one contiguous `Float32Array` (rows appended; a removed
 * row is filled by the last one), with parallel `Int32Array`s naming each row's file slot, its
 * position among the file's chunks and its chunk index. A file's path, label and category are held
 * once per file, so scope and visibility cost one test per file per query (a flag array indexed by
 * file slot).
 *
 * Ranking (`nearest`): the `k` in-scope rows of highest cosine (the dot product: vectors are
 * L2-normalized), ties by path in code-point order, then chunk index; the same over the visible
 * rows only; the hidden rows among the unfiltered `k` (the port's `withheld` / `hidden`).
 *
 * - Exact: one unrolled dot product per in-scope row into bounded heaps (the tie-break's string
 *   comparison runs only for a row that would enter one). Used up to `APPROXIMATE_FROM` rows, and
 *   above it until a projection is ready.
 * - From `APPROXIMATE_FROM` rows (512-d: a full scan of 100k rows is ~50 ms of scalar JS, the
 *   search's budget is 50 ms): a first pass over every row in `REDUCED_DIMS` dimensions — the
 *   vectors projected on the top principal axes of a random sample of the workspace's own rows —
 *   puts each in-scope row's score in a histogram bin (kept per row in a scratch array); the bins
 *   give the cut above which lie the `max(POOL_PER_K · k, POOL_MIN)` best (for the unfiltered and
 *   the visible ranking each: a partial selection, no heap or sort over the pool), and the rows at
 *   or above either cut are ranked exactly on the full vectors. Embedders' vectors are far from
 *   isotropic (a few axes carry most of their variance), so the pool holds the exact top k but for
 *   rare misses (recall@100 against exact: `vector-scan.test.ts` on clustered vectors,
 *   `eval/vector-scan-recall.ts` on the encoder's). On isotropic (random) vectors the first pass
 *   knows little (recall@100 0.46 on random 512-d ones): when the learned axes keep less than
 *   `MIN_CAPTURED` of the sample's energy, the ranking stays exact.
 *
 * Learning the projection (`principal-axes.ts`, then projecting every row: ~4 s of CPU at 100k
 * 512-d rows, most of it the projection, which grows with the rows) runs in the background, in
 * slices of about `SLICE_WORK` multiply-adds (a few ms) handed to `schedule` (by default the event
 * loop's check phase, unreferenced), started by the write that brings the rows to
 * `APPROXIMATE_FROM`, and again when they have grown `REFIT_GROWTH`-fold. No call pays more than
 * its own ranking; searches stay exact (or on the previous projection) until the new one covers
 * every row. Slices rather than a worker thread: the rows live in this object and move under
 * removals while the projection is built; between slices every call sees them consistent (the
 * projected prefix is kept in step by `append` / `removeAt`), where a worker would need its own
 * copy of the vectors (200 MB at 100k) and a protocol for the rows that moved meanwhile. The
 * axes are learned on at most `SAMPLE_ROWS` rows copied at the start, so their cost does not grow
 * with the index.
 */
import { compareCodePoints, isVisible } from "../files/file-store.js"
import { BoundedHeap } from "./bounded-heap.js"
import { AxesFit, FIRST_SLICE_WORK, lcg, SLICE_WORK } from "./principal-axes.js"
import { inCategories, type SearchScope } from "./search-index.js"

/** rows of one vector length from which `nearest` ranks by a reduced first pass */
export const APPROXIMATE_FROM = 20_000
/** the first pass's dimensions */
export const REDUCED_DIMS = 64
/** the pool re-ranked exactly: `max(POOL_PER_K · k, POOL_MIN)` rows */
export const POOL_PER_K = 30
export const POOL_MIN = 3000
/**
 * the least share of the sampled rows' energy (Σ‖Px‖² / Σ‖x‖²) the reduced axes must keep for
 * the first pass to be used: below it the vectors are too isotropic for the reduced pass to find
 * their neighbours (random 512-d vectors keep 64/512 = 0.125 and reach recall@100 0.46), so the
 * ranking stays exact
 */
export const MIN_CAPTURED = 0.5
/** rows sampled (at random) to learn the projection */
export const SAMPLE_ROWS = 2048
/** the projection is learned again when the rows have grown this many times since */
const REFIT_GROWTH = 4
/** the first pass's score histogram (the pool's cut is one of its bin edges; at most 2^16) */
const BINS = 8192

/** what the scan needs of a file: where it is, who may see it */
export interface ScanFile {
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

export interface ScanChunk {
  readonly chunk_index: number
  readonly vector: Float32Array | null
}

export interface Neighbour<F extends ScanFile> {
  readonly file: F
  /** the chunk's position in the array the file's chunks were handed over in */
  readonly position: number
  readonly chunk_index: number
  /** cosine similarity with the query vector */
  readonly similarity: number
}

export interface ScanResult<F extends ScanFile> {
  /** the `k` visible rows in scope nearest to the vector, nearest first */
  readonly top: ReadonlyArray<Neighbour<F>>
  /** the hidden rows among the `k` nearest in scope before access filtering, nearest first */
  readonly hidden: ReadonlyArray<Neighbour<F>>
  /** rows in scope with a vector of the query's length, before access filtering */
  readonly seen: number
  /** whether the reduced first pass chose the pool (false: every in-scope row ranked exactly) */
  readonly approximate: boolean
}

/** Σ a[ao + i] · b[bo + i] for i < n, in double precision, unrolled by 8 */
export const dotAt = (a: Float32Array, ao: number, b: Float32Array, bo: number, n: number): number => {
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let i = 0
  for (; i + 7 < n; i += 8) {
    s0 += a[ao + i]! * b[bo + i]! + a[ao + i + 4]! * b[bo + i + 4]!
    s1 += a[ao + i + 1]! * b[bo + i + 1]! + a[ao + i + 5]! * b[bo + i + 5]!
    s2 += a[ao + i + 2]! * b[bo + i + 2]! + a[ao + i + 6]! * b[bo + i + 6]!
    s3 += a[ao + i + 3]! * b[bo + i + 3]! + a[ao + i + 7]! * b[bo + i + 7]!
  }
  for (; i < n; i++) s0 += a[ao + i]! * b[bo + i]!
  return (s0 + s1) + (s2 + s3)
}

/** `r` rows of `p` (r × d) times row `row` of `data`, into row `row` of `out` (r wide) */
const projectRow = (p: Float32Array, r: number, d: number, data: Float32Array, row: number, out: Float32Array) => {
  const at = row * d
  // four axes at a time: each element of the row read once per four products
  let j = 0
  for (; j + 3 < r; j += 4) {
    const o0 = j * d
    const o1 = o0 + d
    const o2 = o1 + d
    const o3 = o2 + d
    let s0 = 0
    let s1 = 0
    let s2 = 0
    let s3 = 0
    for (let i = 0; i < d; i++) {
      const x = data[at + i]!
      s0 += p[o0 + i]! * x
      s1 += p[o1 + i]! * x
      s2 += p[o2 + i]! * x
      s3 += p[o3 + i]! * x
    }
    out[row * r + j] = s0
    out[row * r + j + 1] = s1
    out[row * r + j + 2] = s2
    out[row * r + j + 3] = s3
  }
  for (; j < r; j++) out[row * r + j] = dotAt(p, j * d, data, at, d)
}

/** a projection being learned (its axes), then applied to the rows in order (its reduced copies) */
interface Fit {
  readonly axes: AxesFit
  /** the rows when it began */
  readonly from: number
  /** once the axes are learned and kept enough energy: they, and the rows below `done` projected */
  projection: Float32Array | null
  reduced: Float32Array | null
  done: number
  /** the next projecting step's multiply-adds (growing to `SLICE_WORK`) */
  budget: number
  /** false once finished or abandoned */
  live: boolean
}

/** the rows of one vector length */
class Rows {
  n = 0
  data: Float32Array
  slot: Int32Array
  position: Int32Array
  chunk: Int32Array
  /** the projection in use: this.r × dims, orthonormal rows, and every row's reduced copy; null until one is ready */
  projection: Float32Array | null = null
  reduced: Float32Array | null = null
  /** the share of the sample's energy the latest learned axes keep */
  captured = 0
  /** the rows when the latest finished fit began (0: none yet) */
  fittedAt = 0
  fit: Fit | null = null
  /** the first pass's score bins, one per row (scratch: `nearest` is synchronous) */
  bins = new Uint16Array(0)

  constructor(readonly dims: number, readonly r: number) {
    const cap = 64
    this.data = new Float32Array(cap * dims)
    this.slot = new Int32Array(cap)
    this.position = new Int32Array(cap)
    this.chunk = new Int32Array(cap)
  }

  get capacity() {
    return this.slot.length
  }

  private grow() {
    const cap = this.capacity * 2
    const data = new Float32Array(cap * this.dims)
    data.set(this.data.subarray(0, this.n * this.dims))
    this.data = data
    for (const name of ["slot", "position", "chunk"] as const) {
      const next = new Int32Array(cap)
      next.set(this[name].subarray(0, this.n))
      this[name] = next
    }
    const widen = (reduced: Float32Array, rows: number) => {
      const next = new Float32Array(cap * this.r)
      next.set(reduced.subarray(0, rows * this.r))
      return next
    }
    if (this.reduced !== null) this.reduced = widen(this.reduced, this.n)
    if (this.fit?.reduced != null) this.fit.reduced = widen(this.fit.reduced, this.fit.done)
  }

  append(slot: number, position: number, chunk: number, v: Float32Array): number {
    if (this.n === this.capacity) this.grow()
    const row = this.n++
    this.data.set(v, row * this.dims)
    this.slot[row] = slot
    this.position[row] = position
    this.chunk[row] = chunk
    if (this.projection !== null) projectRow(this.projection, this.r, this.dims, this.data, row, this.reduced!)
    // a fit in progress projects it when its cursor gets there
    return row
  }

  /** removes a row by moving the last one into its place: the moved row's old index, or -1 */
  removeAt(row: number): number {
    const last = --this.n
    const fit = this.fit
    if (row !== last) {
      const d = this.dims
      const r = this.r
      this.data.copyWithin(row * d, last * d, last * d + d)
      this.slot[row] = this.slot[last]!
      this.position[row] = this.position[last]!
      this.chunk[row] = this.chunk[last]!
      if (this.reduced !== null) this.reduced.copyWithin(row * r, last * r, (last + 1) * r)
      if (fit?.projection != null && row < fit.done) {
        // the projected prefix stays projected: the moved row's copy if it had one, else its projection now
        if (last < fit.done) fit.reduced!.copyWithin(row * r, last * r, (last + 1) * r)
        else projectRow(fit.projection, r, d, this.data, row, fit.reduced!)
      }
    }
    if (fit !== null && fit.done > this.n) fit.done = this.n
    return row === last ? -1 : last
  }

  /** begins learning a projection on a random sample of the rows (copied: the rows may move meanwhile) */
  startFit(): Fit {
    const d = this.dims
    const count = Math.min(this.n, SAMPLE_ROWS)
    const sample = new Float32Array(count * d)
    if (count === this.n) sample.set(this.data.subarray(0, count * d))
    else {
      const random = lcg(this.n)
      for (let s = 0; s < count; s++) {
        const row = Math.min(this.n - 1, Math.floor((random() + 0.5) * this.n))
        sample.set(this.data.subarray(row * d, row * d + d), s * d)
      }
    }
    return this.fit = { axes: new AxesFit(sample, count, d, this.r), from: this.n, projection: null, reduced: null, done: 0, budget: FIRST_SLICE_WORK, live: true }
  }

  /** one slice of the fit in progress; true when it has finished (the projection in use, or none kept) */
  fitStep(): boolean {
    const fit = this.fit!
    if (fit.projection === null) {
      if (!fit.axes.step()) return false
      if (fit.axes.captured < MIN_CAPTURED) {
        // too isotropic for a reduced pass: exact ranking until the rows have grown again
        this.finish(fit, null, null)
        return true
      }
      fit.projection = fit.axes.axes!
      fit.reduced = new Float32Array(this.capacity * this.r)
      return false
    }
    const end = Math.min(this.n, fit.done + Math.max(1, Math.floor(fit.budget / (this.r * this.dims))))
    fit.budget = Math.min(SLICE_WORK, 2 * fit.budget)
    for (let row = fit.done; row < end; row++) projectRow(fit.projection, this.r, this.dims, this.data, row, fit.reduced!)
    fit.done = end
    if (end < this.n) return false
    this.finish(fit, fit.projection, fit.reduced)
    return true
  }

  private finish(fit: Fit, projection: Float32Array | null, reduced: Float32Array | null) {
    this.projection = projection
    this.reduced = reduced
    this.captured = fit.axes.captured
    this.fittedAt = fit.from
    fit.live = false
    this.fit = null
  }

  /** stops the fit in progress, if any; whether there was one */
  abandonFit(): boolean {
    const fit = this.fit
    if (fit === null) return false
    fit.live = false
    this.fit = null
    return true
  }

  /** the first pass's scratch, at least `n` long */
  scratch(): Uint16Array {
    if (this.bins.length < this.n) this.bins = new Uint16Array(this.capacity)
    return this.bins
  }

  bytes() {
    return this.data.byteLength + 12 * this.capacity + this.bins.byteLength + (this.reduced?.byteLength ?? 0) + (this.projection?.byteLength ?? 0) +
      (this.fit?.reduced?.byteLength ?? 0)
  }
}

/** how `nearest` chooses between exact and reduced-first-pass ranking (defaults: the constants above) */
export interface VectorScanOptions {
  readonly approximateFrom?: number
  readonly reducedDims?: number
  readonly poolPerK?: number
  readonly poolMin?: number
  /**
   * runs a slice of the projection's learning later (default: `setImmediate`, unreferenced, so a
   * fit in progress never keeps a process alive); a test passes its own to run them step by step
   */
  readonly schedule?: (task: () => void) => void
}

const onEventLoop = (task: () => void) => {
  const handle = setImmediate(task) as { unref?: () => void }
  handle.unref?.()
}

/** projections being learned in the background, over every scan (benches wait for none) */
let fitsInProgress = 0
export const backgroundFits = (): number => fitsInProgress

const IN_SCOPE = 1
const VISIBLE = 2

interface FileEntry<F extends ScanFile> {
  readonly slot: number
  meta: F
  /** the file's rows, per vector length */
  readonly rows: Map<Rows, Array<number>>
}

/** A workspace's vectors and their files; every call synchronous. */
export class VectorScan<F extends ScanFile> {
  private readonly approximateFrom: number
  private readonly reducedDims: number
  private readonly poolPerK: number
  private readonly poolMin: number
  private readonly schedule: (task: () => void) => void

  constructor(options: VectorScanOptions = {}) {
    this.approximateFrom = options.approximateFrom ?? APPROXIMATE_FROM
    this.reducedDims = options.reducedDims ?? REDUCED_DIMS
    this.poolPerK = options.poolPerK ?? POOL_PER_K
    this.poolMin = options.poolMin ?? POOL_MIN
    this.schedule = options.schedule ?? onEventLoop
  }

  private readonly byDims = new Map<number, Rows>()
  private readonly files = new Map<string, FileEntry<F>>()
  private readonly slots: Array<FileEntry<F> | undefined> = []
  private readonly freeSlots: Array<number> = []

  /** rows with a vector */
  get size(): number {
    let n = 0
    for (const rows of this.byDims.values()) n += rows.n
    return n
  }

  /** whether a projection is being learned in the background */
  get fitting(): boolean {
    for (const rows of this.byDims.values()) if (rows.fit !== null) return true
    return false
  }

  /** bytes held (vectors, their reduced copies, the per-row arrays; file metadata not counted) */
  bytes(): number {
    let n = 0
    for (const rows of this.byDims.values()) n += rows.bytes()
    return n
  }

  file(key: string): F | undefined {
    return this.files.get(key)?.meta
  }

  /** replaces the file's rows by these chunks' vectors (chunks without one are left out) */
  replace(key: string, file: F, chunks: ReadonlyArray<ScanChunk>): void {
    this.remove(key)
    if (!chunks.some((c) => c.vector !== null)) return
    const slot = this.freeSlots.pop() ?? this.slots.length
    const entry: FileEntry<F> = { slot, meta: file, rows: new Map() }
    this.slots[slot] = entry
    this.files.set(key, entry)
    chunks.forEach((c, position) => {
      if (c.vector === null) return
      let rows = this.byDims.get(c.vector.length)
      if (rows === undefined) this.byDims.set(c.vector.length, rows = new Rows(c.vector.length, this.reducedDims))
      let list = entry.rows.get(rows)
      if (list === undefined) entry.rows.set(rows, list = [])
      list.push(rows.append(slot, position, c.chunk_index, c.vector))
    })
    for (const rows of entry.rows.keys()) this.maybeFit(rows)
  }

  /** starts learning a projection in the background when the rows reach the threshold, or have grown since the last */
  private maybeFit(rows: Rows) {
    if (rows.fit !== null || rows.n < this.approximateFrom || rows.dims <= 2 * rows.r) return
    if (rows.fittedAt > 0 && rows.n < REFIT_GROWTH * rows.fittedAt) return
    const fit = rows.startFit()
    fitsInProgress++
    // held weakly: a scan dropped without clear() (a store forgetting a workspace) stops its fit once collected
    const held = new WeakRef(rows)
    const schedule = this.schedule
    const slice = () => {
      if (!fit.live) return
      const current = held.deref()
      if (current === undefined) fit.live = false
      else if (!current.fitStep()) return schedule(slice)
      fitsInProgress--
    }
    schedule(slice)
  }

  private abandonFit(rows: Rows) {
    if (rows.abandonFit()) fitsInProgress--
  }

  remove(key: string): void {
    const entry = this.files.get(key)
    if (entry === undefined) return
    for (const [rows, list] of entry.rows) {
      // highest first: a row moved into a hole is never one of this file's still to remove
      for (const row of [...list].sort((a, b) => b - a)) {
        const moved = rows.removeAt(row)
        if (moved < 0) continue
        const owner = this.slots[rows.slot[row]!]!.rows.get(rows)!
        owner[owner.indexOf(moved)] = row
      }
      if (rows.n === 0) {
        this.abandonFit(rows)
        this.byDims.delete(rows.dims)
      }
    }
    this.files.delete(key)
    this.slots[entry.slot] = undefined
    this.freeSlots.push(entry.slot)
  }

  clear(): void {
    for (const rows of this.byDims.values()) this.abandonFit(rows)
    this.byDims.clear()
    this.files.clear()
    this.slots.length = 0
    this.freeSlots.length = 0
  }

  nearest(vector: Float32Array, k: number, scope: SearchScope): ScanResult<F> {
    const rows = this.byDims.get(vector.length)
    if (rows === undefined || rows.n === 0) return { top: [], hidden: [], seen: 0, approximate: false }
    const slots = this.slots
    // per file: in scope, visible — one test per file, not per row
    const flags = new Uint8Array(slots.length)
    let seen = 0
    for (let s = 0; s < slots.length; s++) {
      const entry = slots[s]
      if (entry === undefined) continue
      const f = entry.meta
      const inScope = (scope.path_prefix === undefined || f.path.startsWith(scope.path_prefix)) && inCategories(f.category, scope.categories)
      if (!inScope) continue
      flags[s] = IN_SCOPE | (isVisible(f.access_label, scope.visible) ? VISIBLE : 0)
      seen += entry.rows.get(rows)?.length ?? 0
    }
    const n = rows.n
    const slotOf = rows.slot
    // the port's tie-break: path in code-point order, then chunk index
    const before = (a: number, b: number) => {
      const pa = slots[slotOf[a]!]!.meta.path
      const pb = slots[slotOf[b]!]!.meta.path
      const byPath = pa === pb ? 0 : compareCodePoints(pa, pb)
      return byPath !== 0 ? byPath < 0 : rows.chunk[a]! < rows.chunk[b]!
    }
    const all = new BoundedHeap(k, before)
    const visible = new BoundedHeap(k, before)
    const d = rows.dims
    const data = rows.data
    const exact = (row: number, f: number) => {
      const similarity = dotAt(data, row * d, vector, 0, d)
      all.offer(similarity, row)
      if (f & VISIBLE) visible.offer(similarity, row)
    }
    const poolSize = Math.max(this.poolPerK * k, this.poolMin)
    const approximate = n >= this.approximateFrom && rows.projection !== null && seen > poolSize
    if (!approximate) {
      for (let row = 0; row < n; row++) {
        const f = flags[slotOf[row]!]!
        if (f !== 0) exact(row, f)
      }
    } else {
      const r = rows.r
      const p = rows.projection!
      const q = new Float32Array(r)
      let norm = 0
      for (let j = 0; j < r; j++) norm += (q[j] = dotAt(p, j * d, vector, 0, d)) ** 2
      // a row's first-pass score lies within ±‖Pq‖ (‖Px‖ ≤ ‖x‖ = 1): its histogram bin, kept per row
      norm = Math.sqrt(norm)
      const scale = norm > 0 ? BINS / (2 * norm) : 0
      const reduced = rows.reduced!
      const bins = rows.scratch()
      const inAll = new Int32Array(BINS)
      const inVisible = new Int32Array(BINS)
      const record = (row: number, f: number, score: number) => {
        let bin = ((score + norm) * scale) | 0
        bin = bin < 0 ? 0 : bin < BINS ? bin : BINS - 1
        bins[row] = bin
        inAll[bin]!++
        if (f & VISIBLE) inVisible[bin]!++
      }
      // two rows at a time: each element of q read once for both
      const even = r & ~1
      let row = 0
      for (; row + 1 < n; row += 2) {
        const f0 = flags[slotOf[row]!]!
        const f1 = flags[slotOf[row + 1]!]!
        if ((f0 | f1) === 0) continue
        const a = row * r
        const b = a + r
        let a0 = 0
        let a1 = 0
        let b0 = 0
        let b1 = 0
        for (let i = 0; i < even; i += 2) {
          const x = q[i]!
          const y = q[i + 1]!
          a0 += reduced[a + i]! * x
          a1 += reduced[a + i + 1]! * y
          b0 += reduced[b + i]! * x
          b1 += reduced[b + i + 1]! * y
        }
        if (even < r) {
          a0 += reduced[a + even]! * q[even]!
          b0 += reduced[b + even]! * q[even]!
        }
        if (f0 !== 0) record(row, f0, a0 + a1)
        if (f1 !== 0) record(row + 1, f1, b0 + b1)
      }
      if (row < n) {
        const f = flags[slotOf[row]!]!
        if (f !== 0) record(row, f, dotAt(reduced, row * r, q, 0, r))
      }
      // the pool: every row whose bin is at or above the one holding the poolSize-th best (of the
      // in-scope rows; of the visible ones): a partial selection, a few more than poolSize at most
      const cut = (counts: Int32Array) => {
        let held = 0
        for (let bin = BINS - 1; bin > 0; bin--) if ((held += counts[bin]!) >= poolSize) return bin
        return 0
      }
      const cutAll = cut(inAll)
      const cutVisible = cut(inVisible)
      const lowest = Math.min(cutAll, cutVisible)
      for (let row = 0; row < n; row++) {
        const bin = bins[row]!
        if (bin < lowest) continue
        const f = flags[slotOf[row]!]!
        if (f !== 0 && (bin >= cutAll || (f & VISIBLE && bin >= cutVisible))) exact(row, f)
      }
    }
    const ranked = (heap: BoundedHeap) =>
      heap.order().map((i): Neighbour<F> => {
        const row = heap.rows[i]!
        return { file: slots[slotOf[row]!]!.meta, position: rows.position[row]!, chunk_index: rows.chunk[row]!, similarity: heap.scores[i]! }
      })
    const hidden = ranked(all).filter((x) => !isVisible(x.file.access_label, scope.visible))
    return { top: ranked(visible), hidden, seen, approximate }
  }
}
