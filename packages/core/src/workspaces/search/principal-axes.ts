/**
 * The top principal axes of a sample of vectors, learned a bounded slice of work at a time, so the
 * vector scan can learn them between calls without holding the event loop (`vector-scan.ts`).
 *
 * The axes are those of the sample's uncentred second moment M = Σ x xᵀ (what best preserves dot
 * products), found by subspace iteration: start from random orthonormal axes Q, repeat Q ← orth(M Q).
 * Work is counted in multiply-adds; one `step()` does at most about `SLICE_WORK` of them (a few
 * ms of scalar JS), whatever the sample's size or the vectors' length.
 */

/** multiply-adds per step */
export const SLICE_WORK = 1 << 21
/**
 * the first step of each phase does this much, each next one twice the last up to `SLICE_WORK`:
 * a loop's first run is slow (not yet compiled), so it runs on little work
 */
export const FIRST_SLICE_WORK = SLICE_WORK >> 5

/** subspace iterations: all but the last update the axes, the last measures what they keep */
const ITERATIONS = 13

/** a deterministic generator in [-0.5, 0.5) (the same sample learns the same axes) */
export const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

/**
 * orthonormalizes vectors `from` to `to` (excluded) of length `d` held one after another against
 * the ones before them, already orthonormal (modified Gram–Schmidt)
 */
const orthonormalize = (q: Float64Array, from: number, to: number, d: number) => {
  for (let j = from; j < to; j++) {
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
 * Learns `r` axes of `sample` (`count` rows of length `d`, contiguous; the caller's copy, not
 * read after the moment is built). `step()` until it returns true; then `axes` (r × d, orthonormal
 * rows) and `captured`: the share of the sample's energy (Σ‖Px‖² / Σ‖x‖²) the axes keep.
 */
export class AxesFit {
  private phase: "moment" | "iterate" | "orthonormalize" | "done" = "moment"
  private readonly m: Float64Array
  private q: Float64Array
  private z: Float64Array
  /** the next sample row (moment) or axis (iterate) */
  private next = 0
  private iteration = 0
  private kept = 0
  private budget = FIRST_SLICE_WORK
  private sample: Float32Array | null
  axes: Float32Array | null = null
  captured = 0

  constructor(sample: Float32Array, private readonly count: number, private readonly d: number, private readonly r: number) {
    this.sample = sample
    this.m = new Float64Array(d * d)
    this.q = new Float64Array(r * d)
    this.z = new Float64Array(r * d)
  }

  get done(): boolean {
    return this.phase === "done"
  }

  /** one slice of the work; true when the axes are learned */
  step(): boolean {
    const phase = this.phase
    const done = this.work()
    this.budget = this.phase === phase ? Math.min(SLICE_WORK, 2 * this.budget) : FIRST_SLICE_WORK
    return done
  }

  private work(): boolean {
    const { d, r, m, budget } = this
    switch (this.phase) {
      case "moment": {
        const sample = this.sample!
        const end = Math.min(this.count, this.next + Math.max(1, Math.floor(budget / ((d * (d + 1)) / 2))))
        for (let s = this.next; s < end; s++) {
          const off = s * d
          for (let i = 0; i < d; i++) {
            const xi = sample[off + i]!
            if (xi === 0) continue
            const row = i * d
            for (let j = i; j < d; j++) m[row + j]! += xi * sample[off + j]!
          }
        }
        this.next = end
        if (end < this.count) return false
        for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) m[i * d + j] = m[j * d + i]!
        this.sample = null
        // random starting axes, orthonormalized as an iteration's are (then iteration 0)
        const random = lcg(0x5eed)
        for (let i = 0; i < this.z.length; i++) this.z[i] = random()
        this.iteration = -1
        this.phase = "orthonormalize"
        this.next = 0
        return false
      }
      case "iterate": {
        const { q, z } = this
        const last = this.iteration === ITERATIONS - 1
        const end = Math.min(r, this.next + Math.max(1, Math.floor(budget / (d * d))))
        for (let j = this.next; j < end; j++) {
          const oj = j * d
          for (let i = 0; i < d; i++) {
            const row = i * d
            let s = 0
            for (let k = 0; k < d; k++) s += m[row + k]! * q[oj + k]!
            z[oj + i] = s
            // qⱼᵀ M qⱼ: the sample's energy along axis j
            if (last) this.kept += s * q[oj + i]!
          }
        }
        this.next = end
        if (end < r) return false
        this.next = 0
        if (!last) {
          this.phase = "orthonormalize"
          return false
        }
        let trace = 0
        for (let i = 0; i < d; i++) trace += m[i * d + i]!
        this.captured = trace > 0 ? this.kept / trace : 0
        this.axes = Float32Array.from(q)
        this.phase = "done"
        return true
      }
      case "orthonormalize": {
        // vector j costs about 2·j·d
        let end = this.next
        for (let work = 0; end < r && (end === this.next || work + 2 * end * d <= budget); end++) work += 2 * end * d
        orthonormalize(this.z, this.next, end, d)
        this.next = end
        if (end < r) return false
        this.next = 0
        ;[this.q, this.z] = [this.z, this.q]
        this.iteration++
        this.phase = "iterate"
        return false
      }
      case "done":
        return true
    }
  }
}
