/** The bounded top-k selection both scans rank with (`keyword-scan.ts`, `vector-scan.ts`). */

/**
 * The best `capacity` rows (integer ids: the vector scan's rows, the keyword scan's slots) by a
 * score, worst at the root (a min-heap): a row enters only when it beats the root, so most rows
 * cost one comparison. `before(a, b)`: whether row a ranks before row b at equal scores (the
 * port's tie-break).
 */
export class BoundedHeap {
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

  /** the heap's positions, best first (score descending, then `before`) */
  order(): Array<number> {
    return Array.from({ length: this.size }, (_, i) => i).sort((i, j) => {
      const si = this.scores[i]!
      const sj = this.scores[j]!
      return si !== sj ? sj - si : this.before(this.rows[i]!, this.rows[j]!) ? -1 : 1
    })
  }
}
