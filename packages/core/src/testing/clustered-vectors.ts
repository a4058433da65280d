/**
 * Vectors shaped like a sentence encoder's, for tests of nearest-neighbour search: generated, not
 * embedded (embedding 20k texts takes minutes), with the structure real embeddings have and
 * random ones lack — every vector shares a common direction (USE-lite's vectors of unrelated texts
 * have cosines around 0.2–0.4, not 0), documents gather around topics, and the variance falls off
 * across axes (a power law: a few axes carry most of it). A query is drawn like a document of a
 * random topic (never one of the documents). The axes are the coordinate axes: principal axes are
 * found whatever their orientation, so a rotation would change nothing but the test's time.
 */
const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return (s + 0.5) / 2 ** 32
  }
}

export interface ClusteredOptions {
  readonly dims: number
  readonly topics: number
  /** variance on axis i ∝ (i + 1)^-decay */
  readonly decay: number
  /** a document's spread around its topic, relative to the topics' spread */
  readonly spread: number
  /** the weight of the common direction */
  readonly common: number
}

export const DEFAULT_CLUSTERED: ClusteredOptions = { dims: 512, topics: 300, decay: 1, spread: 0.8, common: 0.6 }

/** a generator of L2-normalized vectors: `next()` a document or query of a random topic */
export const clusteredVectors = (seed: number, options: ClusteredOptions = DEFAULT_CLUSTERED) => {
  const random = lcg(seed)
  const gaussian = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random())
  const { dims } = options
  const scale = Float64Array.from({ length: dims }, (_, i) => (i + 1) ** (-options.decay / 2))
  const norm = Math.sqrt(scale.reduce((n, s) => n + s * s, 0))
  const common = Float64Array.from({ length: dims }, () => gaussian())
  const commonNorm = Math.hypot(...common)
  const topics = Array.from({ length: options.topics }, () => Float64Array.from(scale, (s) => (gaussian() * s) / norm))
  return () => {
    const topic = topics[Math.floor(random() * topics.length)]!
    const v = new Float32Array(dims)
    let n = 0
    for (let i = 0; i < dims; i++) {
      const x = (options.common * common[i]!) / commonNorm + topic[i]! + (options.spread * gaussian() * scale[i]!) / norm
      v[i] = x
      n += x * x
    }
    n = Math.sqrt(n)
    for (let i = 0; i < dims; i++) v[i]! /= n
    return v
  }
}
