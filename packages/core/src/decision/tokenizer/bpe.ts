/**
 * Byte-pair merging of one pre-token, exactly as tiktoken defines it: start from single bytes,
 * repeatedly merge the adjacent pair whose concatenation has the lowest rank (the leftmost such
 * pair on ties) until no adjacent pair is a token; the parts' ranks are the tokens.
 *
 * Two implementations with identical output:
 * - `mergeShort`: the textbook loop (scan all pairs for the minimum, merge, update the two
 *   neighbouring pair ranks). O(n^2) but with tiny constants: best for short pieces, which are
 *   the overwhelming majority.
 * - `mergeLong`: doubly linked list of parts + binary min-heap of candidate pairs keyed by
 *   (rank, start position), with lazy invalidation. O(n log n).
 *
 * Why the heap reproduces the reference order: at every step the reference picks the minimum of
 * (rank, position in the part list) over the current adjacent pairs; parts are kept in byte
 * order so position order = start-byte order. Every current adjacent pair has a heap entry
 * (pushed whenever a part's right-hand pair changes) and an entry is acted on only if it still
 * describes the current pair of its left part (`pairRankOf[start] === rank`; a part's right
 * pair only ever grows, so its rank never returns to an older value, and removed parts are
 * marked NO_RANK). Hence the heap's minimum valid entry is exactly the reference's choice.
 */
import { NO_RANK, type RankTable } from "./ranks.js"

/** Pieces up to this many bytes use the quadratic scan; longer ones the heap. */
export const SHORT_PIECE_MAX = 192


export class Merger {
  private readonly starts = new Int32Array(SHORT_PIECE_MAX + 1)
  private readonly partRanks = new Int32Array(SHORT_PIECE_MAX)
  private readonly pairRanks = new Int32Array(SHORT_PIECE_MAX)
  /** rank -> bucket number + 1 for the long-piece queue; all zero between calls */
  private bucketIndex: Int32Array | null = null

  constructor(private readonly table: RankTable) {}

  /**
   * Tokens of bytes[0, n) for n >= 2. Pushes them to `out` when given; returns their number.
   */
  merge(bytes: Uint8Array, n: number, out: Array<number> | null): number {
    return n <= SHORT_PIECE_MAX ? this.mergeShort(bytes, n, out) : this.mergeLong(bytes, n, out)
  }

  mergeLong(bytes: Uint8Array, n: number, out: Array<number> | null): number {
    if (this.bucketIndex === null) this.bucketIndex = new Int32Array(this.table.maxRank + 1)
    return mergeLong(this.table, this.bucketIndex, bytes, n, out)
  }

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
  /** positions pushed in ascending order, consumed from `head` */
  readonly queue: Array<number>
  head: number
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
      b = { rank, queue: [position], head: 0, heap: [], queued: false }
      this.buckets.push(b)
      this.index[rank] = this.buckets.length
    } else {
      b = this.buckets[bi - 1]
      const q = b.queue
      if (q.length === 0 || position > q[q.length - 1]) q.push(position)
      else heapPush(b.heap, position)
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
      const q = b.queue
      const h = b.heap
      if (b.head < q.length) {
        if (h.length === 0 || q[b.head] < h[0]) {
          this.position = q[b.head++]
          if (b.head === q.length) {
            q.length = 0
            b.head = 0
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

/** O(n log n) worst case, ~O(n) typical; see the module comment. */
const mergeLong = (table: RankTable, index: Int32Array, bytes: Uint8Array, n: number, out: Array<number> | null): number => {
  const pairRank = table.pairRank
  // Parts are identified by their start byte. next[i]: start of the following part (n if last);
  // prev[i]: start of the preceding part (-1 if first).
  const next = new Int32Array(n)
  const prev = new Int32Array(n)
  // rank of the token formed by part i and its right neighbour (NO_RANK if none / i removed)
  const pairRankOf = new Int32Array(n)
  const pq = new PairQueue(index)
  try {
    for (let i = 0; i < n; i++) {
      next[i] = i + 1
      prev[i] = i - 1
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
      pairRankOf[j] = NO_RANK
      next[i] = k
      if (k < n) {
        prev[k] = i
        const r = table.lookup(bytes, i, next[k])
        pairRankOf[i] = r
        if (r !== NO_RANK) pq.push(r, i)
      } else {
        pairRankOf[i] = NO_RANK
      }
      const p = prev[i]
      if (p >= 0) {
        const r = table.lookup(bytes, p, k)
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
      out.push(table.lookup(bytes, i, next[i]))
      count++
    }
  } else {
    for (let i = 0; i < n; i = next[i]) count++
  }
  return count
}
