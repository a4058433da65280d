/**
 * Nearest-chunk ranking over a workspace's vectors, the one implementation every store uses (the
 * memory index, the PostgreSQL adapter's in-process cache), so they rank alike and fast.
 *
 * Layout: per vector length, every row in one contiguous `Float32Array` (rows appended; a removed
 * row is filled by the last one), with parallel `Int32Array`s naming each row's file slot, its
 * position among the file's chunks and its chunk index. A file's path, label and category are held
 * once per file, so scope and visibility cost one test per file per query (a flag array indexed by
 * file slot), and a relabel is one assignment.
 *
 * Ranking (`nearest`): the `k` in-scope rows of highest cosine (the dot product: vectors are
 * L2-normalized), ties by path in code-point order, then chunk index; the same over the visible
 * rows only; the hidden rows among the unfiltered `k` (the port's `withheld` / `hidden`).
 *
 * - Up to `APPROXIMATE_FROM` rows: exact, one unrolled dot product per in-scope row into bounded
 *   heaps (the tie-break's string comparison runs only for a row that would enter one).
 * - From `APPROXIMATE_FROM` rows (512-d: a full scan of 100k rows is ~100 ms of scalar JS, the
 *   search's budget is 50 ms): a first pass over every row in `REDUCED_DIMS` dimensions — the
 *   vectors projected on the top principal axes of a sample of the workspace's own rows (learned
 *   on first use, learned again when the rows have grown `REFIT_GROWTH`-fold) — picks a pool of
 *   the `max(POOL_PER_K · k, POOL_MIN)` best rows (for the unfiltered and the visible ranking
 *   each), then the pool is ranked exactly on the full vectors. Embedders' vectors are far from
 *   isotropic (a few axes carry most of their variance), so the pool holds the exact top k but for
 *   rare misses; `vector-scan.test.ts` checks recall@100 against exact. On isotropic (random)
 *   vectors the first pass knows little (recall@100 0.46 on random 512-d ones): when the learned
 *   axes keep less than `MIN_CAPTURED` of the rows' energy, the ranking stays exact.
 */
import { compareCodePoints, isVisible } from "../files/file-store.js"
import { inCategories, type SearchScope } from "./search-index.js"

/** rows of one vector length from which `nearest` ranks by a reduced first pass */
export const APPROXIMATE_FROM = 20_000
/** the first pass's dimensions */
export const REDUCED_DIMS = 64
/** the pool re-ranked exactly: `max(POOL_PER_K · k, POOL_MIN)` rows */
export const POOL_PER_K = 30
export const POOL_MIN = 3000
/**
 * the least share of the rows' energy (Σ‖Px‖² / Σ‖x‖²) the reduced axes must keep for the first
 * pass to be used: below it the vectors are too isotropic for the reduced pass to find their
 * neighbours (random 512-d vectors keep 64/512 = 0.125 and reach recall@100 0.46), so the ranking
 * stays exact
 */
export const MIN_CAPTURED = 0.5
/** rows sampled to learn the projection */
const SAMPLE_ROWS = 2048
/** the projection is learned again when the rows have grown this many times since */
const REFIT_GROWTH = 4
/** subspace iterations learning the principal axes */
const ITERATIONS = 12

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

/** the rows of one vector length */
class Rows {
  n = 0
  data: Float32Array
  slot: Int32Array
  position: Int32Array
  chunk: Int32Array
  /** this.r × dims, orthonormal rows; null until learned */
  projection: Float32Array | null = null
  fittedAt = 0
  /** the share of the rows' energy the projection keeps, when learned */
  captured = 0
  reduced: Float32Array | null = null

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
    if (this.reduced !== null) {
      const reduced = new Float32Array(cap * this.r)
      reduced.set(this.reduced.subarray(0, this.n * this.r))
      this.reduced = reduced
    }
  }

  append(slot: number, position: number, chunk: number, v: Float32Array): number {
    if (this.n === this.capacity) this.grow()
    const row = this.n++
    this.data.set(v, row * this.dims)
    this.slot[row] = slot
    this.position[row] = position
    this.chunk[row] = chunk
    if (this.projection !== null) this.project(row)
    return row
  }

  /** removes a row by moving the last one into its place: the moved row's old index, or -1 */
  removeAt(row: number): number {
    const last = --this.n
    if (row === last) return -1
    const d = this.dims
    this.data.copyWithin(row * d, last * d, last * d + d)
    this.slot[row] = this.slot[last]!
    this.position[row] = this.position[last]!
    this.chunk[row] = this.chunk[last]!
    if (this.reduced !== null) this.reduced.copyWithin(row * this.r, last * this.r, (last + 1) * this.r)
    return last
  }

  private project(row: number) {
    const p = this.projection!
    const d = this.dims
    const r = this.r
    const data = this.data
    const out = this.reduced!
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

  /** learns the projection on a sample of the rows and projects every row */
  fit() {
    this.projection = principalAxes(this.data, this.n, this.dims, this.r)
    this.fittedAt = this.n
    this.reduced = new Float32Array(this.capacity * this.r)
    for (let row = 0; row < this.n; row++) this.project(row)
    let kept = 0
    let total = 0
    for (let i = 0; i < this.n * this.r; i++) kept += this.reduced[i]! ** 2
    for (let i = 0; i < this.n * this.dims; i++) total += this.data[i]! ** 2
    this.captured = total > 0 ? kept / total : 0
  }

  bytes() {
    return this.data.byteLength + 12 * this.capacity + (this.reduced?.byteLength ?? 0) + (this.projection?.byteLength ?? 0)
  }
}

/** how `nearest` chooses between exact and reduced-first-pass ranking (defaults: the constants above) */
export interface VectorScanOptions {
  readonly approximateFrom?: number
  readonly reducedDims?: number
  readonly poolPerK?: number
  readonly poolMin?: number
}

/** a deterministic generator in [-0.5, 0.5) (the projection is the same for the same rows) */
const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

/** orthonormalizes `r` vectors of length `d` held one after another (modified Gram–Schmidt) */
const orthonormalize = (q: Float64Array, r: number, d: number) => {
  for (let j = 0; j < r; j++) {
    const oj = j * d
    for (let i = 0; i < j; i++) {
      const oi = i * d
      let dot = 0
      for (let x = 0; x < d; x++) dot += q[oi + x]! * q[oj + x]!
      for (let x = 0; x < d; x++) q[oj + x]! -= dot * q[oi + x]!
    }
    let norm = 0
    for (let x = 0; x < d; x++) norm += q[oj + x]! ** 2
    norm = Math.sqrt(norm)
    // a degenerate direction (rows spanning fewer than r axes) stays zero: it scores nothing
    for (let x = 0; x < d; x++) q[oj + x] = norm > 1e-12 ? q[oj + x]! / norm : 0
  }
}

/**
 * The top `r` principal axes of the rows' uncentred second moment (what best preserves dot
 * products), by subspace iteration on the moment matrix of an evenly spaced sample.
 */
const principalAxes = (data: Float32Array, n: number, d: number, r: number): Float32Array => {
  const samples = Math.min(n, SAMPLE_ROWS)
  const m = new Float64Array(d * d)
  const x = new Float64Array(d)
  for (let s = 0; s < samples; s++) {
    const off = Math.floor((s * n) / samples) * d
    for (let i = 0; i < d; i++) x[i] = data[off + i]!
    for (let i = 0; i < d; i++) {
      const xi = x[i]!
      if (xi === 0) continue
      const row = i * d
      for (let j = i; j < d; j++) m[row + j]! += xi * x[j]!
    }
  }
  for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) m[i * d + j] = m[j * d + i]!
  const random = lcg(0x5eed)
  let q = new Float64Array(r * d)
  for (let i = 0; i < q.length; i++) q[i] = random()
  orthonormalize(q, r, d)
  let z = new Float64Array(r * d)
  for (let it = 0; it < ITERATIONS; it++) {
    for (let j = 0; j < r; j++) {
      const oj = j * d
      for (let i = 0; i < d; i++) {
        const row = i * d
        let s = 0
        for (let k = 0; k < d; k++) s += m[row + k]! * q[oj + k]!
        z[oj + i] = s
      }
    }
    orthonormalize(z, r, d)
    ;[q, z] = [z, q]
  }
  return Float32Array.from(q)
}

/**
 * The best `size` rows by a score, worst at the root (a min-heap): a row enters only when it beats
 * the root, so most rows cost one comparison. `before(a, b)`: whether row a ranks before row b at
 * equal scores (the exact ranking's tie-break; the pool's is the row index).
 */
class BoundedHeap {
  readonly scores: Float64Array
  readonly rows: Int32Array
  size = 0

  constructor(readonly capacity: number, private readonly before: (a: number, b: number) => boolean) {
    this.scores = new Float64Array(Math.max(1, capacity))
    this.rows = new Int32Array(Math.max(1, capacity))
  }

  /** whether (sa, a) ranks below (sb, b) */
  private worse(sa: number, a: number, sb: number, b: number) {
    return sa < sb || (sa === sb && this.before(b, a))
  }

  offer(score: number, row: number) {
    if (this.capacity <= 0) return
    if (this.size < this.capacity) {
      let i = this.size++
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!this.worse(score, row, this.scores[parent]!, this.rows[parent]!)) break
        this.scores[i] = this.scores[parent]!
        this.rows[i] = this.rows[parent]!
        i = parent
      }
      this.scores[i] = score
      this.rows[i] = row
      return
    }
    if (!this.worse(this.scores[0]!, this.rows[0]!, score, row)) return
    let i = 0
    const n = this.size
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) break
      const r = l + 1
      const c = r < n && this.worse(this.scores[r]!, this.rows[r]!, this.scores[l]!, this.rows[l]!) ? r : l
      if (!this.worse(this.scores[c]!, this.rows[c]!, score, row)) break
      this.scores[i] = this.scores[c]!
      this.rows[i] = this.rows[c]!
      i = c
    }
    this.scores[i] = score
    this.rows[i] = row
  }

  /** the least score held (-Infinity while not full) */
  get floor() {
    return this.size < this.capacity ? -Infinity : this.scores[0]!
  }
}

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

  constructor(options: VectorScanOptions = {}) {
    this.approximateFrom = options.approximateFrom ?? APPROXIMATE_FROM
    this.reducedDims = options.reducedDims ?? REDUCED_DIMS
    this.poolPerK = options.poolPerK ?? POOL_PER_K
    this.poolMin = options.poolMin ?? POOL_MIN
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
  }

  /** the file's new path, label and category */
  relabel(key: string, file: F): void {
    const entry = this.files.get(key)
    if (entry !== undefined) entry.meta = file
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
      if (rows.n === 0) this.byDims.delete(rows.dims)
    }
    this.files.delete(key)
    this.slots[entry.slot] = undefined
    this.freeSlots.push(entry.slot)
  }

  clear(): void {
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
    for (let s = 0; s < slots.length; s++) {
      const f = slots[s]?.meta
      if (f === undefined) continue
      const inScope = (scope.path_prefix === undefined || f.path.startsWith(scope.path_prefix)) && inCategories(f.category, scope.categories)
      if (inScope) flags[s] = IN_SCOPE | (isVisible(f.access_label, scope.visible) ? VISIBLE : 0)
    }
    const n = rows.n
    const slotOf = rows.slot
    let seen = 0
    for (let row = 0; row < n; row++) if (flags[slotOf[row]!] !== 0) seen++
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
    const exact = (row: number) => {
      const f = flags[slotOf[row]!]!
      const similarity = dotAt(data, row * d, vector, 0, d)
      all.offer(similarity, row)
      if (f & VISIBLE) visible.offer(similarity, row)
    }
    const r = rows.r
    const poolSize = Math.max(this.poolPerK * k, this.poolMin)
    let approximate = n >= this.approximateFrom && d > 2 * r && seen > poolSize
    if (approximate && (rows.projection === null || n >= REFIT_GROWTH * rows.fittedAt)) rows.fit()
    approximate &&= rows.captured >= MIN_CAPTURED
    if (!approximate) {
      for (let row = 0; row < n; row++) if (flags[slotOf[row]!] !== 0) exact(row)
    } else {
      const p = rows.projection!
      const q = new Float32Array(r)
      for (let j = 0; j < r; j++) q[j] = dotAt(p, j * d, vector, 0, d)
      const byRow = (a: number, b: number) => a < b
      const poolAll = new BoundedHeap(poolSize, byRow)
      const poolVisible = new BoundedHeap(poolSize, byRow)
      const reduced = rows.reduced!
      for (let row = 0; row < n; row++) {
        const f = flags[slotOf[row]!]!
        if (f === 0) continue
        const score = dotAt(reduced, row * r, q, 0, r)
        if (score >= poolAll.floor) poolAll.offer(score, row)
        if (f & VISIBLE && score >= poolVisible.floor) poolVisible.offer(score, row)
      }
      const pool = new Set<number>()
      for (let i = 0; i < poolAll.size; i++) pool.add(poolAll.rows[i]!)
      for (let i = 0; i < poolVisible.size; i++) pool.add(poolVisible.rows[i]!)
      for (const row of pool) exact(row)
    }
    const ranked = (heap: BoundedHeap) => {
      const order = Array.from({ length: heap.size }, (_, i) => i)
      order.sort((i, j) => {
        const si = heap.scores[i]!
        const sj = heap.scores[j]!
        return si !== sj ? sj - si : before(heap.rows[i]!, heap.rows[j]!) ? -1 : 1
      })
      return order.map((i): Neighbour<F> => {
        const row = heap.rows[i]!
        return { file: slots[slotOf[row]!]!.meta, position: rows.position[row]!, chunk_index: rows.chunk[row]!, similarity: heap.scores[i]! }
      })
    }
    const hidden = ranked(all).filter((x) => !isVisible(x.file.access_label, scope.visible))
    return { top: ranked(visible), hidden, seen, approximate }
  }
}
