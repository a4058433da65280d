/**
 * Probabilities from the logprobs of one answer token: the mass the model put on each answer code
 * ("yes"/"no", a letter, a level index), summed over the spellings of a code among the
 * `top_logprobs` (" Yes", "yes", "YES"…). Codes absent from the top list share the probability
 * mass the list leaves uncovered; the result is renormalized over the codes, so it sums to 1.
 */
import type { TokenLogprob } from "./client.js"

const DECIMALS = 1e6

export const round6 = (x: number): number => Math.round(x * DECIMALS) / DECIMALS

/** Index of the largest value (the first on ties). */
export const argmax = (p: ReadonlyArray<number>): number => {
  let best = 0
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i
  return best
}

/** Rounds to 6 decimals keeping the sum at 1: the rounding residue goes to the largest entry. */
export const roundDistribution = (p: ReadonlyArray<number>): Array<number> => {
  if (p.length === 0) return []
  const sum = p.reduce((a, b) => a + b, 0)
  const normalised = sum > 0 ? p.map((x) => x / sum) : p.map(() => 1 / p.length)
  const rounded = normalised.map(round6)
  const top = argmax(rounded)
  let rest = 0
  for (let i = 0; i < rounded.length; i++) if (i !== top) rest += rounded[i]!
  rounded[top] = round6(1 - rest)
  return rounded
}

/** A yes/no token: case and surrounding spaces ignored. */
export const normalizeWord = (token: string): string => token.trim().toLowerCase()

/** A letter or index token: surrounding spaces and punctuation (`A.`, `(3`) ignored, letters upper-cased. */
export const normalizeCode = (token: string): string => token.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toUpperCase()

/**
 * The distribution over `codes` read from the first generated token, or null when no code
 * appears among its candidates (the model answered something else).
 */
export const codeDistribution = (
  codes: ReadonlyArray<string>,
  token: TokenLogprob,
  normalize: (token: string) => string
): Array<number> | null => {
  const wanted = new Set(codes)
  const candidates = token.top_logprobs.some((t) => t.token === token.token)
    ? token.top_logprobs
    : [{ token: token.token, logprob: token.logprob }, ...token.top_logprobs]
  const mass = new Map<string, number>()
  let covered = 0
  for (const c of candidates) {
    const p = Math.exp(c.logprob)
    if (!Number.isFinite(p)) continue
    covered += p
    const code = normalize(c.token)
    if (wanted.has(code)) mass.set(code, (mass.get(code) ?? 0) + p)
  }
  if (mass.size === 0) return null
  const missing = codes.filter((c) => !mass.has(c)).length
  const share = missing === 0 ? 0 : Math.max(0, 1 - covered) / missing
  const raw = codes.map((c) => mass.get(c) ?? share)
  const sum = raw.reduce((a, b) => a + b, 0)
  return raw.map((x) => x / sum)
}

/** Letters A–Z for up to 26 labels, else 1-based indices (single tokens up to 999 in common vocabularies). */
export const choiceCodes = (n: number): Array<string> =>
  Array.from({ length: n }, (_, i) => (n <= 26 ? String.fromCharCode(65 + i) : String(i + 1)))
