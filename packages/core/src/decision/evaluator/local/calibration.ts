/**
 * From evidence scores to probabilities: softmax with a fixed temperature, a floor of uniform mass
 * (so no answer is ever exactly 0 or 1), neighbour smoothing for ordered levels, and rounding to 6
 * decimals that keeps distributions summing to 1.
 */

/** Softmax temperature for choice labels and score levels (evidence is roughly in [-1, 1]). */
export const CHOICE_TEMPERATURE = 0.12
export const SCORE_TEMPERATURE = 0.14
/** Share of the probability mass spread uniformly over all candidates. */
export const UNIFORM_SHARE = 0.04
/** noul answers stay inside [NOUL_MIN, 1 - NOUL_MIN]. */
export const NOUL_MIN = 0.02
/** Ordered levels: probability kept by a level vs given to each neighbour. */
const NEIGHBOUR_SHARE = 0.1

const DECIMALS = 1e6

export const round6 = (x: number): number => Math.round(x * DECIMALS) / DECIMALS

export const sigmoid = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)))

const finite = (x: number): number => (Number.isFinite(x) ? x : 0)

/** Probabilities proportional to exp(score / temperature); uniform when all scores are equal. */
export const softmax = (scores: ReadonlyArray<number>, temperature: number): Array<number> => {
  const xs = scores.map(finite)
  const max = Math.max(...xs)
  const exps = xs.map((x) => Math.exp((x - max) / temperature))
  const sum = exps.reduce((a, b) => a + b, 0)
  return exps.map((e) => e / sum)
}

/** Spreads ordered-level probability to neighbours (evidence for "4" is weak evidence for "3" and "5"). */
export const smoothOrdered = (p: ReadonlyArray<number>): Array<number> => {
  const n = p.length
  if (n < 3) return p.slice()
  const out = new Array<number>(n).fill(0)
  for (let i = 0; i < n; i++) {
    const left = i > 0
    const right = i < n - 1
    const give = NEIGHBOUR_SHARE * p[i]!
    out[i]! += p[i]! - (left ? give : 0) - (right ? give : 0)
    if (left) out[i - 1]! += give
    if (right) out[i + 1]! += give
  }
  return out
}

/** Mixes in a uniform share: every probability ends in (0, 1). */
export const withUniformFloor = (p: ReadonlyArray<number>): Array<number> => {
  const n = p.length
  return p.map((x) => (1 - UNIFORM_SHARE) * x + UNIFORM_SHARE / n)
}

/** Index of the largest value (the first on ties). */
export const argmax = (p: ReadonlyArray<number>): number => {
  let best = 0
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i
  return best
}

/**
 * Rounds a distribution to 6 decimals so that it still sums to 1: the rounding residue goes to
 * the largest probability.
 */
export const roundDistribution = (p: ReadonlyArray<number>): Array<number> => {
  const n = p.length
  if (n === 0) return []
  const sum = p.reduce((a, b) => a + finite(b), 0)
  const normalised = sum > 0 ? p.map((x) => finite(x) / sum) : p.map(() => 1 / n)
  const rounded = normalised.map(round6)
  const top = argmax(rounded)
  let rest = 0
  for (let i = 0; i < n; i++) if (i !== top) rest += rounded[i]!
  rounded[top] = round6(1 - rest)
  return rounded
}

/** A noul probability: clamped away from 0 and 1, rounded. */
export const noulProbability = (logit: number): number =>
  round6(Math.min(1 - NOUL_MIN, Math.max(NOUL_MIN, sigmoid(finite(logit)))))
