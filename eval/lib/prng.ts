/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every
 * run and machine, so the evaluation set is identical from run to run. Never `Math.random`.
 */
export class Prng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** a float in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** an integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<A>(items: ReadonlyArray<A>): A {
    if (items.length === 0) throw new Error("pick from an empty list")
    return items[this.int(0, items.length - 1)]
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /** `count` distinct items, in random order */
  sample<A>(items: ReadonlyArray<A>, count: number): Array<A> {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy.slice(0, Math.min(count, copy.length))
  }

  /** an amount in cents in [min, max] (whole units), returned as a number with two decimals */
  money(min: number, max: number): number {
    return this.int(min * 100, max * 100) / 100
  }

  /** a child generator, so adding a document does not shift the sequences of the others */
  fork(label: string): Prng {
    let h = this.state ^ 0x9e3779b9
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0
    return new Prng(h)
  }
}
