/**
 * Queries: candidate texts (labels, descriptions, levels, criteria, instructions) analysed like the
 * state and matched to index terms. A query term matches its exact stem, fuzzy variants (Dice
 * similarity of character trigrams between stems, for typos, compounds and other derivations) and
 * prefix antonyms ("unpaid" in the state contradicts "paid" in the query, and the reverse).
 */
import type { StateIndex } from "./state-index.js"
import { newSink, stem, trigrams } from "./text.js"

/** Fuzzy matching: minimum Dice similarity, the discount on fuzzy matches, how many to keep. */
const FUZZY_MIN = 0.62
const FUZZY_DISCOUNT = 0.8
const MAX_FUZZY = 4
/** Terms found in more units than this are not expanded fuzzily. */
const FUZZY_MAX_DF = 3
/** Similarity given to a prefix antonym. */
const ANTONYM_SIM = 0.9
const NEGATING_PREFIXES = ["un", "non"] as const
/** Weight of label terms relative to description terms. */
export const LABEL_WEIGHT = 1.5
/** In a question, discount on words the state uses as keys (0.8: a pure key weighs a fifth). */
const KEY_DISCOUNT = 0.8
/** Weight of a candidate's terms that the instructions already use to locate the subject. */
const LOCATOR_WEIGHT = 0.35

export interface Expansion {
  readonly id: number
  readonly sim: number
  /** matches the opposite of the term ("unpaid" for "paid") */
  readonly flip: boolean
}

export interface QueryTerm {
  readonly term: string
  readonly neg: boolean
  /** cache key: polarity + term */
  readonly key: string
  readonly weight: number
  readonly exps: ReadonlyArray<Expansion>
}

export interface Query {
  readonly terms: ReadonlyArray<QueryTerm>
  readonly totalWeight: number
  /** sentiment of the query text in [-1, 1] and its (weighted) number of sentiment words */
  readonly polarity: number
  readonly polarCount: number
}

export interface CompileOptions {
  /** terms of the instructions: in a candidate they locate the subject more than they answer */
  readonly locators?: ReadonlySet<string> | undefined
  /** a question sentence: later terms (the predicate) weigh more than the first (the subject) */
  readonly positional?: boolean | undefined
}

export interface TextPart {
  readonly text: string
  readonly weight: number
  /** split identifiers (labels such as "needsReview" or "very_negative") */
  readonly identifier?: boolean
}

/** Sentiment in [-1, 1] from a signed sum over `count` sentiment words. */
export const polarityOf = (sum: number, count: number): number => Math.max(-1, Math.min(1, sum / (count + 0.5)))

const isNumeric = (term: string): boolean => {
  const c = term.charCodeAt(0)
  return c >= 48 && c <= 57
}

export class QueryCompiler {
  private readonly idx: StateIndex
  private readonly expCache = new Map<string, ReadonlyArray<Expansion>>()
  private readonly termsCache = new Map<string, ReadonlySet<string>>()
  private antonymIndex: Map<string, Array<number>> | null = null
  private trigramCounts: Int32Array | null = null

  constructor(index: StateIndex) {
    this.idx = index
  }

  /** Analyses texts into a weighted query. */
  compile(parts: ReadonlyArray<TextPart>, options: CompileOptions = {}): Query {
    const byKey = new Map<string, { term: string; neg: boolean; weight: number }>()
    let polSum = 0
    let polCount = 0
    for (const part of parts) {
      if (part.text.length === 0 || part.weight <= 0) continue
      const sink = newSink()
      this.idx.analyzer.analyze(part.text, sink, part.identifier === true)
      for (let i = 0; i < sink.terms.length; i++) {
        const term = sink.terms[i]!
        const neg = sink.neg[i] === 1
        const key = (neg ? "-" : "+") + term
        const entry = byKey.get(key)
        // repeated words count, with diminishing returns
        if (entry === undefined) byKey.set(key, { term, neg, weight: part.weight })
        else entry.weight += part.weight * 0.5
        const p = sink.polarity[i]!
        if (p !== 0) {
          polSum += p * part.weight
          polCount += part.weight
        }
      }
    }
    const entries = [...byKey.entries()]
    const locators = options.locators
    const allLocators = locators === undefined || entries.every(([, e]) => locators.has(e.term))
    const terms: Array<QueryTerm> = []
    let totalWeight = 0
    entries.forEach(([key, { term, neg, weight }], i) => {
      const exps = this.expansions(term)
      let w = weight * this.idfWeight(exps)
      if (options.positional === true) {
        if (entries.length > 1) w *= 0.3 + 1.4 * (i / (entries.length - 1)) ** 1.5
        // a word the state uses as a key ("message", "customer") says where to look
        const exact = exps.length > 0 && !exps[0]!.flip && exps[0]!.sim === 1 ? exps[0]!.id : -1
        if (exact >= 0) w *= 1 - KEY_DISCOUNT * this.idx.keyShare(exact)
      }
      if (!allLocators && locators!.has(term)) w *= LOCATOR_WEIGHT
      terms.push({ term, neg, key, weight: w, exps })
      totalWeight += w
    })
    return { terms, totalWeight, polarity: polarityOf(polSum, polCount), polarCount: polCount }
  }

  /** The distinct terms of a text (cached). */
  termsOf(text: string, identifier = false): ReadonlySet<string> {
    const key = (identifier ? "i:" : "t:") + text
    let set = this.termsCache.get(key)
    if (set === undefined) {
      const sink = newSink()
      this.idx.analyzer.analyze(text, sink, identifier)
      set = new Set(sink.terms)
      this.termsCache.set(key, set)
    }
    return set
  }

  /**
   * Locators of a question: the terms of its instructions and the terms shared by several
   * candidates (they say where to look or what all candidates are about, not which one holds).
   */
  locators(instructions: string | undefined, candidates: ReadonlyArray<ReadonlyArray<TextPart>>): ReadonlySet<string> | undefined {
    const out = new Set<string>(instructions === undefined ? [] : this.termsOf(instructions))
    if (candidates.length > 1) {
      const seen = new Map<string, number>()
      for (const parts of candidates) {
        const terms = new Set<string>()
        for (const p of parts) for (const t of this.termsOf(p.text, p.identifier === true)) terms.add(t)
        for (const t of terms) seen.set(t, (seen.get(t) ?? 0) + 1)
      }
      for (const [t, n] of seen) if (n > 1) out.add(t)
    }
    return out.size === 0 ? undefined : out
  }

  /**
   * Rarer terms weigh more (BM25 idf relative to a term seen once), with a floor: a term common in
   * the state is still evidence for a candidate that names it. Unseen terms weigh 1.
   */
  private idfWeight(exps: ReadonlyArray<Expansion>): number {
    const n = this.idx.nUnits
    if (exps.length === 0 || n === 0) return 1
    const df = this.idx.postings[exps[0]!.id]!.data.length / 3
    const idf = (d: number): number => Math.log(1 + (n - d + 0.5) / (d + 0.5))
    return 0.4 + 0.6 * Math.min(1, idf(df) / idf(1))
  }

  /** Index terms matching a query term: itself, prefix antonyms, fuzzy variants. */
  expansions(term: string): ReadonlyArray<Expansion> {
    const cached = this.expCache.get(term)
    if (cached !== undefined) return cached
    const idx = this.idx
    const out: Array<Expansion> = []
    const exact = idx.vocab.get(term)
    if (exact !== undefined) out.push({ id: exact, sim: 1, flip: false })
    if (!isNumeric(term)) {
      // "unpaid" / "nonrefundable" in the state contradict "paid" / "refundable"
      if (term.length >= 3) for (const id of this.antonyms().get(term) ?? []) out.push({ id, sim: ANTONYM_SIM, flip: true })
      // and "unpaid" in the query is contradicted by "paid" in the state
      for (const prefix of NEGATING_PREFIXES) {
        if (term.startsWith(prefix) && term.length - prefix.length >= 4) {
          const base = idx.vocab.get(stem(term.slice(prefix.length)))
          if (base !== undefined && base !== exact) out.push({ id: base, sim: ANTONYM_SIM, flip: true })
        }
      }
      // fuzzy variants, unless the term itself is frequent enough to stand on its own
      const df = exact === undefined ? 0 : idx.postings[exact]!.data.length / 3
      if (term.length >= 4 && df <= FUZZY_MAX_DF) out.push(...this.fuzzy(term, out))
    }
    this.expCache.set(term, out)
    return out
  }

  private antonyms(): Map<string, Array<number>> {
    if (this.antonymIndex === null) {
      const map = new Map<string, Array<number>>()
      const terms = this.idx.terms
      for (let id = 0; id < terms.length; id++) {
        const t = terms[id]!
        for (const prefix of NEGATING_PREFIXES) {
          if (t.startsWith(prefix) && t.length - prefix.length >= 4 && /^[a-z]+$/.test(t)) {
            const base = stem(t.slice(prefix.length))
            let list = map.get(base)
            if (list === undefined) map.set(base, (list = []))
            list.push(id)
          }
        }
      }
      this.antonymIndex = map
    }
    return this.antonymIndex
  }

  private fuzzy(term: string, already: ReadonlyArray<Expansion>): Array<Expansion> {
    const idx = this.idx
    const grams = trigrams(term)
    const index = idx.trigramIndex()
    const counts = (this.trigramCounts ??= new Int32Array(idx.terms.length))
    const seen: Array<number> = []
    const maxDiff = Math.max(2, Math.floor(term.length / 3))
    // Prefix filter: a match shares at least `need` trigrams with the term, so it shares one of
    // the (q - need + 1) rarest ones; only those lists are scanned, the rest is checked per match.
    const q = grams.length
    const need = Math.max(1, Math.ceil((FUZZY_MIN * (2 * q - maxDiff)) / 2))
    const lists = grams
      .map((g) => index.get(g) ?? [])
      .sort((a, b) => a.length - b.length)
      .slice(0, Math.max(1, q - need + 1))
    for (const list of lists) {
      for (const id of list) {
        if (counts[id] !== 0 || Math.abs(idx.terms[id]!.length - term.length) > maxDiff) continue
        counts[id] = 1
        seen.push(id)
      }
    }
    const gramSet = new Set(grams)
    const found: Array<Expansion> = []
    for (const id of seen) {
      counts[id] = 0
      if (already.some((e) => e.id === id)) continue
      const other = trigrams(idx.terms[id]!)
      let shared = 0
      for (const g of other) if (gramSet.has(g)) shared++
      const sim = (2 * shared) / (q + other.length)
      if (sim >= FUZZY_MIN) found.push({ id, sim: sim * FUZZY_DISCOUNT, flip: false })
    }
    // ties by spelling, not by vocabulary id (which depends on the order of the state)
    found.sort((a, b) => b.sim - a.sim || (idx.terms[a.id]! < idx.terms[b.id]! ? -1 : 1))
    return found.slice(0, MAX_FUZZY)
  }
}
