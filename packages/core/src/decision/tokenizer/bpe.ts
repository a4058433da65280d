/**
 * Byte-pair merging of one pre-token, exactly as tiktoken defines it: start from single bytes,
 * repeatedly merge the adjacent pair whose concatenation has the lowest rank (the leftmost such
 * pair on ties) until no adjacent pair is a token; the parts' ranks are the tokens.
 *
 * Two implementations with identical output:
 * - `mergeShort`: the textbook loop of tiktoken's `_byte_pair_merge` (scan all pairs for the
 *   minimum, merge, update the two neighbouring pair ranks). O(n^2) but with tiny constants:
 *   best for short pieces, which are the overwhelming majority.
 * - `mergeLong`: doubly linked list of parts + a priority queue of candidate pairs keyed by
 *   (rank, start position), with lazy invalidation. O(n log n) worst case.
 *
 * Why the queue reproduces the reference order: at every step the reference picks the minimum of
 * (rank, position in the part list) over the current adjacent pairs; parts are kept in byte
 * order so position order = start-byte order. Every current adjacent pair has a queue entry
 * (pushed whenever a part's right-hand pair changes) and an entry is acted on only if it still
 * describes the current pair of its left part (`pairRankOf[start] === rank`; a part's right
 * pair only ever grows, so its rank never returns to an older value, and removed parts are
 * marked NO_RANK). Hence the queue's minimum valid entry is exactly the reference's choice.
 *
 * The priority queue (`PairQueue`) is a binary min-heap of the distinct ranks present, each
 * with a bucket of positions: an append-only sorted array for positions that arrive in
 * ascending order (nearly all of them: pairs are created left to right within a rank) plus a
 * binary heap for the others. A plain binary heap over all pairs was measured 2-4x slower on
 * megabyte pieces (every pop sifts through ~20 levels of an array much larger than the cache).
 * Pair ranks are looked up through a small direct-mapped cache keyed by the two parts' ranks
 * (`PairCache`), which avoids re-hashing long byte ranges on runs of one character.
 */
import { NO_RANK, type RankTable } from "./ranks.js"

/**
 * Pieces up to this many bytes use the quadratic scan, longer ones the queue (measured
 * crossover: ~30-60 bytes for random letters, ~16-32 for runs of one character).
 */
export const SHORT_PIECE_MAX = 48

/** `mergeShort` accepts pieces up to this many bytes (more than it is used for, so tests can compare). */
export const SHORT_MERGE_CAPACITY = 256

/** Long-path work arrays up to this many bytes are kept for reuse. */
const SCRATCH_MAX = 1 << 16

export class Merger {
  private readonly starts = new Int32Array(SHORT_MERGE_CAPACITY + 1)
  private readonly partRanks = new Int32Array(SHORT_MERGE_CAPACITY)
  private readonly pairRanks = new Int32Array(SHORT_MERGE_CAPACITY)
  /** rank -> bucket number + 1 for the long-piece queue; all zero between calls */
  private bucketIndex: Int32Array | null = null
  /** work arrays of mergeLong, kept while small */
  private scratch: ReadonlyArray<Int32Array> = [0, 0, 0, 0].map(() => new Int32Array(0))
  private readonly pairCache: PairCache

  constructor(private readonly table: RankTable) {
    this.pairCache = new PairCache(table)
  }

  /**
   * Tokens of bytes[0, n) for n >= 2. Pushes them to `out` when given; returns their number.
   */
  merge(bytes: Uint8Array, n: number, out: Array<number> | null): number {
    return n <= SHORT_PIECE_MAX ? this.mergeShort(bytes, n, out) : this.mergeLong(bytes, n, out)
  }

  /** O(n log n) merge of bytes[0, n). */
  mergeLong(bytes: Uint8Array, n: number, out: Array<number> | null): number {
    if (this.bucketIndex === null) this.bucketIndex = new Int32Array(this.table.maxRank + 1)
    let work = this.scratch
    if (work[0].length < n) {
      let cap = 256
      while (cap < n) cap *= 2
      if (cap > SCRATCH_MAX) cap = n // one-off: exact size, not kept
      work = [new Int32Array(cap), new Int32Array(cap), new Int32Array(cap), new Int32Array(cap)]
      if (cap <= SCRATCH_MAX) this.scratch = work
    }
    return mergeLong(this.table, this.pairCache, this.bucketIndex, work[0], work[1], work[2], work[3], bytes, n, out)
  }

  /** Quadratic merge of bytes[0, n), n <= SHORT_MERGE_CAPACITY. */
  mergeShort(bytes: Uint8Array, n: number, out: Array<number> | null): number {
    const table = this.table
    const byteRank = table.byteRank
    const pairRank = table.pairRank
    const starts = this.starts
    const partRanks = this.partRanks
    const pairRanks = this.pairRanks
    for (let i = 0; i < n; i++) {
      starts[i] = i
      partRanks[i] = byteRank[bytes[i]]
    }
    starts[n] = n
    for (let i = 0; i < n - 1; i++) pairRanks[i] = pairRank[(bytes[i] << 8) | bytes[i + 1]]
    let m = n // number of parts; pairRanks[0 .. m-2] are valid
    while (m > 1) {
      let best = NO_RANK
      let bi = -1
      for (let i = 0; i < m - 1; i++) {
        const r = pairRanks[i]
        if (r < best) {
          best = r
          bi = i
        }
      }
      if (bi < 0) break
      // merge part bi+1 into part bi
      partRanks[bi] = best
      for (let i = bi + 1; i < m; i++) starts[i] = starts[i + 1]
      for (let i = bi + 1; i < m - 1; i++) partRanks[i] = partRanks[i + 1]
      for (let i = bi + 1; i < m - 2; i++) pairRanks[i] = pairRanks[i + 1]
      m--
      if (bi < m - 1) pairRanks[bi] = table.lookup(bytes, starts[bi], starts[bi + 2])
      if (bi > 0) pairRanks[bi - 1] = table.lookup(bytes, starts[bi - 1], starts[bi + 1])
    }
    if (out !== null) for (let i = 0; i < m; i++) out.push(partRanks[i])
    return m
  }
}

/** Candidate pairs of one rank, by start position. */
interface Bucket {
  readonly rank: number
  /** positions pushed in ascending order: queue[head, tail) */
  queue: Int32Array
  head: number
  tail: number
  /** binary min-heap of positions that arrived out of order */
  readonly heap: Array<number>
  /** whether `rank` is in the rank heap */
  queued: boolean
}

const heapPush = (heap: Array<number>, x: number): void => {
  let pos = heap.length
  heap.push(x)
  while (pos > 0) {
    const parent = (pos - 1) >> 1
    const px = heap[parent]
    if (px <= x) break
    heap[pos] = px
    pos = parent
  }
  heap[pos] = x
}

const heapPop = (heap: Array<number>): number => {
  const top = heap[0]
  const last = heap.pop() as number
  const size = heap.length
  if (size > 0) {
    let pos = 0
    for (;;) {
      let child = 2 * pos + 1
      if (child >= size) break
      if (child + 1 < size && heap[child + 1] < heap[child]) child++
      if (heap[child] >= last) break
      heap[pos] = heap[child]
      pos = child
    }
    heap[pos] = last
  }
  return top
}

/**
 * Priority queue of (rank, position) with the minimum taken in (rank, position) order.
 *
 * A min-heap of the distinct ranks present, and per rank a bucket of positions. Pairs created
 * while merging a long piece mostly arrive in ascending position order for their rank, so a
 * bucket is an append-only sorted queue plus a small heap for the rare out-of-order arrival;
 * push and pop are then O(1) in the common case instead of O(log n) with cache misses over a
 * heap of a million entries. `index` (rank -> bucket number + 1) is scratch owned by the caller
 * and left all-zero again by `release`.
 */
class PairQueue {
  private readonly buckets: Array<Bucket> = []
  private readonly ranks: Array<number> = []
  /** set by `pop` */
  rank = 0
  position = 0

  constructor(private readonly index: Int32Array) {}

  push(rank: number, position: number): void {
    const bi = this.index[rank]
    let b: Bucket
    if (bi === 0) {
      b = { rank, queue: new Int32Array(16), head: 0, tail: 1, heap: [], queued: false }
      b.queue[0] = position
      this.buckets.push(b)
      this.index[rank] = this.buckets.length
    } else {
      b = this.buckets[bi - 1]
      let tail = b.tail
      if (tail === b.head || position > b.queue[tail - 1]) {
        if (tail === b.queue.length) {
          if (b.head >= tail >> 1) {
            // reuse the consumed front
            b.queue.copyWithin(0, b.head, tail)
            tail -= b.head
            b.head = 0
          } else {
            const bigger = new Int32Array(tail * 2)
            bigger.set(b.queue)
            b.queue = bigger
          }
        }
        b.queue[tail] = position
        b.tail = tail + 1
      } else {
        heapPush(b.heap, position)
      }
    }
    if (!b.queued) {
      b.queued = true
      heapPush(this.ranks, rank)
    }
  }

  /** Takes the minimum into `rank` / `position`; false when empty. */
  pop(): boolean {
    const ranks = this.ranks
    while (ranks.length > 0) {
      const rank = ranks[0]
      const b = this.buckets[this.index[rank] - 1]
      const h = b.heap
      if (b.head < b.tail) {
        if (h.length === 0 || b.queue[b.head] < h[0]) {
          this.position = b.queue[b.head++]
          if (b.head === b.tail) {
            b.head = 0
            b.tail = 0
          }
        } else {
          this.position = heapPop(h)
        }
      } else if (h.length > 0) {
        this.position = heapPop(h)
      } else {
        b.queued = false
        heapPop(ranks)
        continue
      }
      this.rank = rank
      return true
    }
    return false
  }

  release(): void {
    for (const b of this.buckets) this.index[b.rank] = 0
  }
}

/**
 * Direct-mapped cache (left part rank, right part rank) -> rank of their concatenation.
 * Exact because a rank determines its bytes. Saves hashing the bytes of long pairs, which
 * dominates on runs of one character (pairs of up to 2 × 128 bytes, looked up over and over).
 */
class PairCache {
  private static readonly BITS = 12
  private readonly left = new Int32Array(1 << PairCache.BITS).fill(-1)
  private readonly right = new Int32Array(1 << PairCache.BITS)
  private readonly merged = new Int32Array(1 << PairCache.BITS)

  constructor(private readonly table: RankTable) {}

  /** Rank of bytes[a, c) = (part of rank `l`) + (part of rank `r`), or NO_RANK. */
  get(l: number, r: number, bytes: Uint8Array, a: number, c: number): number {
    if (c - a > this.table.maxTokenLength) return NO_RANK
    // (a byte that is not a token has no rank to stand for it)
    if (l === NO_RANK || r === NO_RANK) return this.table.lookup(bytes, a, c)
    const slot = Math.imul(Math.imul(l, 0x9e3779b1) ^ r, 0x85ebca6b) >>> (32 - PairCache.BITS)
    if (this.left[slot] === l && this.right[slot] === r) return this.merged[slot]
    const m = this.table.lookup(bytes, a, c)
    this.left[slot] = l
    this.right[slot] = r
    this.merged[slot] = m
    return m
  }
}

/** O(n log n) worst case, ~O(n) typical; see the module comment. */
const mergeLong = (
  table: RankTable,
  cache: PairCache,
  index: Int32Array,
  // Parts are identified by their start byte. next[i]: start of the following part (n if last);
  // prev[i]: start of the preceding part (-1 if first); partRank[i]: rank of part i;
  // pairRankOf[i]: rank of the token formed by part i and its right neighbour (NO_RANK if none,
  // or if i is no longer a part). Work arrays of length >= n; their contents on entry are
  // irrelevant.
  next: Int32Array,
  prev: Int32Array,
  partRank: Int32Array,
  pairRankOf: Int32Array,
  bytes: Uint8Array,
  n: number,
  out: Array<number> | null
): number => {
  const byteRank = table.byteRank
  const pairRank = table.pairRank
  const pq = new PairQueue(index)
  try {
    for (let i = 0; i < n; i++) {
      next[i] = i + 1
      prev[i] = i - 1
      partRank[i] = byteRank[bytes[i]]
      if (i < n - 1) {
        const r = pairRank[(bytes[i] << 8) | bytes[i + 1]]
        pairRankOf[i] = r
        if (r !== NO_RANK) pq.push(r, i)
      } else {
        pairRankOf[i] = NO_RANK
      }
    }
    while (pq.pop()) {
      const rank = pq.rank
      const i = pq.position
      if (pairRankOf[i] !== rank) continue // stale
      // merge part i with its right neighbour j
      const j = next[i]
      const k = next[j] // start of the part after the merged one (or n)
      partRank[i] = rank
      pairRankOf[j] = NO_RANK
      next[i] = k
      if (k < n) {
        prev[k] = i
        const r = cache.get(rank, partRank[k], bytes, i, next[k])
        pairRankOf[i] = r
        if (r !== NO_RANK) pq.push(r, i)
      } else {
        pairRankOf[i] = NO_RANK
      }
      const p = prev[i]
      if (p >= 0) {
        const r = cache.get(partRank[p], rank, bytes, p, k)
        pairRankOf[p] = r
        if (r !== NO_RANK) pq.push(r, p)
      }
    }
  } finally {
    pq.release()
  }
  let count = 0
  if (out !== null) {
    for (let i = 0; i < n; i = next[i]) {
      out.push(partRank[i])
      count++
    }
  } else {
    for (let i = 0; i < n; i = next[i]) count++
  }
  return count
}
