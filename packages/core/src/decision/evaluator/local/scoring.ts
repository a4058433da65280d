/**
 * Scoring candidate texts against a state index.
 *
 * A query (a label and its description, a level, a criterion, the instructions) is analysed like
 * the state. Each query term is matched against the index through its exact form, fuzzy variants
 * (character-trigram Dice similarity between stems: typos, compounds, other derivations) and
 * prefix antonyms ("unpaid" contradicts "paid"). Per unit, a term is *supported* by occurrences
 * with the same polarity and *contradicted* by negated ones ("not paid", `paid: false`). From
 * these the scorer derives, for a query:
 * - support / contra: idf-weighted coverage of the query terms over the whole state (noisy-OR over
 *   units, each unit weighted by its focus);
 * - best / worst: the best (most contradicted) single unit or group, by weighted term coverage;
 * - single: the strongest single matched term (descriptions are often lists of alternatives).
 * The instructions of a question define a focus: units (and groups) matching them weigh more.
 */
import type { Comparison } from "./numeric.js"
import { compare } from "./numeric.js"
import type { StateIndex } from "./state-index.js"
import { newSink, stem, trigrams } from "./text.js"

/** BM25-style saturation constants: sat = tf / (tf + K * (1 - B + B * len / avgLen)). */
const K = 0.5
const B = 0.4
/** A unit counts at most this much in the noisy-OR over units. */
const UNIT_CAP = 0.8
/** Contradicting occurrences weigh more than supporting ones within a unit. */
const CONTRA_WEIGHT = 1.5
/** Weight of a unit outside the focus of the instructions. */
const FOCUS_BASE = 0.35
/** Fuzzy matching: minimum Dice similarity, and the discount on fuzzy matches. */
const FUZZY_MIN = 0.62
const FUZZY_DISCOUNT = 0.8
const MAX_FUZZY = 6
/** Weight of label terms relative to description terms. */
export const LABEL_WEIGHT = 1.5
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
  readonly weight: number
  readonly exps: ReadonlyArray<Expansion>
}

export interface Query {
  readonly terms: ReadonlyArray<QueryTerm>
  readonly totalWeight: number
  /** sentiment of the query text in [-1, 1] and its number of sentiment words */
  readonly polarity: number
  readonly polarCount: number
}

export interface Focus {
  /** per unit, in [FOCUS_BASE, 1] */
  readonly unit: Float64Array
  /** per group, in [FOCUS_BASE, 1] */
  readonly group: Float64Array
}

export interface Evidence {
  /** idf-weighted coverage of the query by supporting occurrences, in [0, 1] */
  readonly support: number
  /** idf-weighted coverage of the query by contradicting occurrences, in [0, 1] */
  readonly contra: number
  /** best single unit or group, signed coverage in [-1.5, 1] */
  readonly best: number
  /** most contradicted unit or group, signed coverage (<= 0) */
  readonly worst: number
  /** strongest single supported term, in [0, 1] */
  readonly single: number
  /** combined evidence, roughly in [-1, 1] */
  readonly score: number
}

export const NO_EVIDENCE: Evidence = { support: 0, contra: 0, best: 0, worst: 0, single: 0, score: 0 }

export interface Polarity {
  /** sentiment of the (focused) state in [-1, 1] */
  readonly value: number
  /** how much sentiment evidence there is, in [0, 1) */
  readonly confidence: number
}

export interface NumberFound {
  readonly value: number
  /** how well the subject of the comparison matched, in [0, 1] */
  readonly confidence: number
}

export const polarityOf = (sum: number, count: number): number => Math.max(-1, Math.min(1, sum / (count + 0.5)))

export interface CompileOptions {
  /** terms of the instructions: in a candidate they locate the subject more than they answer */
  readonly locators?: ReadonlySet<string> | undefined
  /** a question sentence: later terms (the predicate) weigh more than the first (the subject) */
  readonly positional?: boolean | undefined
}

interface TextPart {
  readonly text: string
  readonly weight: number
  /** split identifiers (labels such as "needsReview" or "very_negative") */
  readonly identifier?: boolean
}

export class Scorer {
  private readonly idx: StateIndex
  private readonly expCache = new Map<string, ReadonlyArray<Expansion>>()
  private readonly focusCache = new Map<string, Focus | null>()
  private readonly locatorCache = new Map<string, ReadonlySet<string>>()
  private antonymIndex: Map<string, Array<number>> | null = null
  // scratch buffers, reused by every query of the call
  private readonly mark: Int32Array
  private readonly gMark: Int32Array
  private readonly covMark: Int32Array
  private readonly gCovMark: Int32Array
  private readonly tmpSup: Float64Array
  private readonly tmpCon: Float64Array
  private readonly gSup: Float64Array
  private readonly gCon: Float64Array
  private readonly covU: Float64Array
  private readonly covG: Float64Array
  private readonly touched: Int32Array
  private readonly gTouched: Int32Array
  private readonly covTouched: Int32Array
  private readonly gCovTouched: Int32Array
  private stamp = 0
  private covStamp = 0
  private trigramCounts: Int32Array | null = null

  constructor(index: StateIndex) {
    this.idx = index
    const n = index.nUnits
    const g = index.nGroups
    this.mark = new Int32Array(n)
    this.covMark = new Int32Array(n)
    this.gMark = new Int32Array(g)
    this.gCovMark = new Int32Array(g)
    this.tmpSup = new Float64Array(n)
    this.tmpCon = new Float64Array(n)
    this.covU = new Float64Array(n)
    this.gSup = new Float64Array(g)
    this.gCon = new Float64Array(g)
    this.covG = new Float64Array(g)
    this.touched = new Int32Array(n)
    this.covTouched = new Int32Array(n)
    this.gTouched = new Int32Array(g)
    this.gCovTouched = new Int32Array(g)
  }

  get index(): StateIndex {
    return this.idx
  }

  // ---------------------------------------------------------------- queries

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
    const entries = [...byKey.values()]
    const locators = options.locators
    const allLocators = locators === undefined || entries.every((e) => locators.has(e.term))
    const terms: Array<QueryTerm> = []
    let totalWeight = 0
    entries.forEach(({ term, neg, weight }, i) => {
      const exps = this.expansions(term)
      let w = weight * this.idfWeight(exps)
      if (options.positional === true && entries.length > 1) w *= 0.5 + i / (entries.length - 1)
      if (!allLocators && locators!.has(term)) w *= LOCATOR_WEIGHT
      terms.push({ term, neg, weight: w, exps })
      totalWeight += w
    })
    return { terms, totalWeight, polarity: polarityOf(polSum, polCount), polarCount: polCount }
  }

  /** Rarer terms weigh more (BM25 idf relative to a term seen once), with a floor: a term common
   * in the state is still evidence for a candidate that names it. Unseen terms weigh 1. */
  private idfWeight(exps: ReadonlyArray<Expansion>): number {
    const n = this.idx.nUnits
    if (exps.length === 0 || n === 0) return 1
    const df = this.idx.postings[exps[0]!.id]!.data.length / 3
    const idf = (d: number): number => Math.log(1 + (n - d + 0.5) / (d + 0.5))
    return 0.4 + 0.6 * Math.min(1, idf(df) / idf(1))
  }

  /** Index terms matching a query term: itself, fuzzy variants, prefix antonyms. */
  expansions(term: string): ReadonlyArray<Expansion> {
    const cached = this.expCache.get(term)
    if (cached !== undefined) return cached
    const idx = this.idx
    const out: Array<Expansion> = []
    const exact = idx.vocab.get(term)
    if (exact !== undefined) out.push({ id: exact, sim: 1, flip: false })
    const isWord = !/^[0-9]/.test(term)
    // "unpaid" / "nonrefundable" in the state contradict "paid" / "refundable"
    if (isWord && term.length >= 3) for (const id of this.antonyms().get(term) ?? []) out.push({ id, sim: 0.9, flip: true })
    if (isWord && term.length >= 4) {
      // and "unpaid" in the query is contradicted by "paid" in the state
      for (const prefix of ["un", "non"]) {
        if (term.startsWith(prefix) && term.length - prefix.length >= 4) {
          const base = idx.vocab.get(stem(term.slice(prefix.length)))
          if (base !== undefined && base !== exact) out.push({ id: base, sim: 0.9, flip: true })
        }
      }
      out.push(...this.fuzzy(term, exact))
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
        for (const prefix of ["un", "non"]) {
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

  private fuzzy(term: string, exact: number | undefined): Array<Expansion> {
    const idx = this.idx
    const grams = trigrams(term)
    const index = idx.trigramIndex()
    const counts = (this.trigramCounts ??= new Int32Array(idx.terms.length))
    const seen: Array<number> = []
    const maxDiff = Math.max(2, Math.floor(term.length / 3))
    for (const g of grams) {
      const list = index.get(g)
      if (list === undefined) continue
      for (const id of list) {
        if (Math.abs(idx.terms[id]!.length - term.length) > maxDiff) continue
        if (counts[id] === 0) seen.push(id)
        counts[id]++
      }
    }
    const found: Array<Expansion> = []
    for (const id of seen) {
      const shared = counts[id]!
      counts[id] = 0
      if (id === exact) continue
      const other = idx.terms[id]!
      // a padded term "^t$" has about len(t) trigrams
      const sim = Math.min(1, (2 * shared) / (grams.length + other.length))
      if (sim >= FUZZY_MIN) found.push({ id, sim: sim * FUZZY_DISCOUNT, flip: false })
    }
    found.sort((a, b) => b.sim - a.sim || a.id - b.id)
    return found.slice(0, MAX_FUZZY)
  }

  // ---------------------------------------------------------------- focus

  /** The terms of the instructions (locators for candidate texts). */
  instructionTerms(instructions: string | undefined): ReadonlySet<string> | undefined {
    if (instructions === undefined || instructions.trim().length === 0) return undefined
    let set = this.locatorCache.get(instructions)
    if (set === undefined) {
      const sink = newSink()
      this.idx.analyzer.analyze(instructions, sink)
      set = new Set(sink.terms)
      this.locatorCache.set(instructions, set)
    }
    return set
  }

  /** Units and groups matching the instructions, or null when nothing (or everything) matches. */
  focus(instructions: string | undefined): Focus | null {
    if (instructions === undefined || instructions.trim().length === 0) return null
    const cached = this.focusCache.get(instructions)
    if (cached !== undefined) return cached
    const result = this.computeFocus(this.compile([{ text: instructions, weight: 1 }]))
    this.focusCache.set(instructions, result)
    return result
  }

  private computeFocus(query: Query): Focus | null {
    const idx = this.idx
    if (query.terms.length === 0 || query.totalWeight <= 0 || idx.nUnits === 0) return null
    const relU = new Float64Array(idx.nUnits)
    const relG = new Float64Array(idx.nGroups)
    for (const qt of query.terms) {
      const stamp = ++this.stamp
      let nTouched = 0
      let nG = 0
      for (const e of qt.exps) {
        const data = idx.postings[e.id]!.data
        for (let i = 0; i < data.length; i += 3) {
          const u = data[i]!
          const m = e.sim * this.sat(data[i + 1]!, u)
          if (this.mark[u] !== stamp) {
            this.mark[u] = stamp
            this.tmpSup[u] = m
            this.touched[nTouched++] = u
          } else if (m > this.tmpSup[u]!) this.tmpSup[u] = m
        }
      }
      for (let i = 0; i < nTouched; i++) {
        const u = this.touched[i]!
        const m = this.tmpSup[u]!
        relU[u] += qt.weight * m
        const g = idx.unitGroup[u]!
        if (g >= 0) {
          if (this.gMark[g] !== stamp) {
            this.gMark[g] = stamp
            this.gSup[g] = m
            this.gTouched[nG++] = g
          } else if (m > this.gSup[g]!) this.gSup[g] = m
        }
      }
      for (let i = 0; i < nG; i++) {
        const g = this.gTouched[i]!
        relG[g] += qt.weight * this.gSup[g]!
      }
    }
    let max = 0
    for (let u = 0; u < idx.nUnits; u++) {
      const g = idx.unitGroup[u]!
      const r = Math.max(relU[u]!, g >= 0 ? 0.85 * relG[g]! : 0) / query.totalWeight
      relU[u] = r
      if (r > max) max = r
    }
    // nothing matched, or everything matched equally: no focus
    if (max < 0.05) return null
    let min = max
    for (let u = 0; u < idx.nUnits; u++) if (relU[u]! < min) min = relU[u]!
    if (max - min < 1e-9) return null
    const unit = new Float64Array(idx.nUnits)
    for (let u = 0; u < idx.nUnits; u++) unit[u] = FOCUS_BASE + (1 - FOCUS_BASE) * (relU[u]! / max)
    const group = new Float64Array(idx.nGroups)
    for (let g = 0; g < idx.nGroups; g++) {
      let best = Math.min(1, relG[g]! / query.totalWeight / max)
      for (let u = idx.groupStart[g]!; u < idx.groupEnd[g]!; u++) best = Math.max(best, relU[u]! / max)
      group[g] = FOCUS_BASE + (1 - FOCUS_BASE) * Math.min(1, best)
    }
    return { unit, group }
  }

  private sat(tf: number, u: number): number {
    if (tf <= 0) return 0
    return tf / (tf + K * (1 - B + (B * this.idx.unitLen[u]!) / this.idx.avgLen))
  }

  // ---------------------------------------------------------------- evidence

  /** Evidence of the state for a query, under a focus. */
  evidence(query: Query, focus: Focus | null): Evidence {
    const idx = this.idx
    const W = query.totalWeight
    if (query.terms.length === 0 || W <= 0 || idx.nUnits === 0) return NO_EVIDENCE
    const covStamp = ++this.covStamp
    let nCov = 0
    let nGCov = 0
    let support = 0
    let contra = 0
    let single = 0
    let maxWeight = 0
    for (const qt of query.terms) if (qt.weight > maxWeight) maxWeight = qt.weight
    for (const qt of query.terms) {
      const stamp = ++this.stamp
      let nTouched = 0
      for (const e of qt.exps) {
        const data = idx.postings[e.id]!.data
        const sameIsNegated = qt.neg !== e.flip
        for (let i = 0; i < data.length; i += 3) {
          const u = data[i]!
          const tf = data[i + 1]!
          const negTf = data[i + 2]!
          const same = sameIsNegated ? negTf : tf - negTf
          const opp = tf - same
          const sup = e.sim * this.sat(same, u)
          const con = e.sim * this.sat(opp, u)
          if (this.mark[u] !== stamp) {
            this.mark[u] = stamp
            this.tmpSup[u] = sup
            this.tmpCon[u] = con
            this.touched[nTouched++] = u
          } else {
            if (sup > this.tmpSup[u]!) this.tmpSup[u] = sup
            if (con > this.tmpCon[u]!) this.tmpCon[u] = con
          }
        }
      }
      let supMiss = 1
      let conMiss = 1
      let nG = 0
      for (let i = 0; i < nTouched; i++) {
        const u = this.touched[i]!
        const sup = this.tmpSup[u]!
        const con = this.tmpCon[u]!
        const f = focus === null ? 1 : focus.unit[u]!
        supMiss *= 1 - UNIT_CAP * f * sup
        conMiss *= 1 - UNIT_CAP * f * con
        if (this.covMark[u] !== covStamp) {
          this.covMark[u] = covStamp
          this.covU[u] = 0
          this.covTouched[nCov++] = u
        }
        this.covU[u] += qt.weight * (sup - CONTRA_WEIGHT * con)
        const g = idx.unitGroup[u]!
        if (g >= 0) {
          if (this.gMark[g] !== stamp) {
            this.gMark[g] = stamp
            this.gSup[g] = sup
            this.gCon[g] = con
            this.gTouched[nG++] = g
          } else {
            if (sup > this.gSup[g]!) this.gSup[g] = sup
            if (con > this.gCon[g]!) this.gCon[g] = con
          }
        }
      }
      for (let i = 0; i < nG; i++) {
        const g = this.gTouched[i]!
        if (this.gCovMark[g] !== covStamp) {
          this.gCovMark[g] = covStamp
          this.covG[g] = 0
          this.gCovTouched[nGCov++] = g
        }
        this.covG[g] += qt.weight * (this.gSup[g]! - CONTRA_WEIGHT * this.gCon[g]!)
      }
      const s = 1 - supMiss
      support += qt.weight * s
      contra += qt.weight * (1 - conMiss)
      if ((s * qt.weight) / maxWeight > single) single = (s * qt.weight) / maxWeight
    }
    let best = 0
    let worst = 0
    for (let i = 0; i < nCov; i++) {
      const u = this.covTouched[i]!
      const v = ((focus === null ? 1 : focus.unit[u]!) * this.covU[u]!) / W
      if (v > best) best = v
      if (v < worst) worst = v
    }
    for (let i = 0; i < nGCov; i++) {
      const g = this.gCovTouched[i]!
      const v = ((focus === null ? 1 : focus.group[g]!) * this.covG[g]!) / W
      if (v > best) best = v
      if (v < worst) worst = v
    }
    support /= W
    contra /= W
    const score = 0.45 * support + 0.35 * best + 0.2 * single - 1.0 * contra + 0.25 * worst
    return { support, contra, best, worst, single, score }
  }

  // ---------------------------------------------------------------- sentiment

  /** Sentiment of the state, weighted by the focus. */
  polarity(focus: Focus | null): Polarity {
    const idx = this.idx
    let sum = 0
    let count = 0
    if (focus === null) {
      sum = idx.totalPol
      count = idx.totalPolCount
    } else {
      for (const u of idx.polarUnits) {
        sum += focus.unit[u]! * idx.unitPol[u]!
        count += focus.unit[u]! * idx.unitPolCount[u]!
      }
    }
    if (count === 0) {
      // text without any sentiment word reads as neutral, with little confidence
      return { value: 0, confidence: idx.words === 0 ? 0 : Math.min(0.4, idx.words / 25) }
    }
    return { value: polarityOf(sum, count), confidence: count / (count + 1) }
  }

  // ---------------------------------------------------------------- numbers

  /** The number of the state that a comparison talks about, if one can be found. */
  findNumber(comparison: Comparison): NumberFound | null {
    const idx = this.idx
    if (idx.numericUnits.length === 0) return null
    const query = this.compile([{ text: comparison.subject, weight: 1 }])
    const terms = query.terms.filter((t) => !/^[0-9]/.test(t.term))
    if (terms.length === 0) {
      // no subject ("is it above 10?"): only a state with a single number answers
      if (idx.numericUnits.length === 1) {
        const numbers = idx.unitNumbers.get(idx.numericUnits[0]!)!
        if (numbers.length === 1) return { value: numbers[0]!.value, confidence: 0.6 }
      }
      return null
    }
    const W = terms.reduce((a, t) => a + t.weight, 0)
    const relU = new Map<number, number>()
    const relG = new Map<number, number>()
    const termIds = new Set<number>()
    for (const qt of terms) {
      const perUnit = new Map<number, number>()
      for (const e of qt.exps) {
        if (e.flip) continue
        termIds.add(e.id)
        const data = idx.postings[e.id]!.data
        for (let i = 0; i < data.length; i += 3) {
          const u = data[i]!
          const m = e.sim * this.sat(data[i + 1]!, u)
          if (m > (perUnit.get(u) ?? 0)) perUnit.set(u, m)
        }
      }
      const perGroup = new Map<number, number>()
      for (const [u, m] of perUnit) {
        relU.set(u, (relU.get(u) ?? 0) + (qt.weight * m) / W)
        const g = idx.unitGroup[u]!
        if (g >= 0 && m > (perGroup.get(g) ?? 0)) perGroup.set(g, m)
      }
      for (const [g, m] of perGroup) relG.set(g, (relG.get(g) ?? 0) + (qt.weight * m) / W)
    }
    let bestUnit = -1
    let bestRel = 0
    for (const u of idx.numericUnits) {
      const g = idx.unitGroup[u]!
      const rel = Math.max(relU.get(u) ?? 0, g >= 0 ? 0.8 * (relG.get(g) ?? 0) : 0)
      if (rel > bestRel + 1e-12 || (Math.abs(rel - bestRel) <= 1e-12 && bestUnit >= 0 && idx.unitLen[u]! < idx.unitLen[bestUnit]!)) {
        bestRel = rel
        bestUnit = u
      }
    }
    if (bestUnit < 0 || bestRel < 0.25) return null
    const numbers = idx.unitNumbers.get(bestUnit)!
    const tokens = idx.unitTokens.get(bestUnit)!
    const positions: Array<number> = []
    for (let i = 0; i < tokens.length; i++) if (termIds.has(tokens[i]!)) positions.push(i)
    let chosen = numbers[0]!
    if (positions.length > 0) {
      let bestDist = Infinity
      for (const n of numbers) {
        for (const p of positions) {
          // "total: 1500" (number after the subject) reads more naturally than "1500 total"
          const d = n.pos >= p ? n.pos - p : (p - n.pos) * 1.5
          if (d < bestDist) {
            bestDist = d
            chosen = n
          }
        }
      }
    }
    return { value: chosen.value, confidence: Math.min(1, bestRel * 1.25) }
  }

  /** Logit contribution of a numeric comparison (positive: holds), or 0 when undecidable. */
  comparisonLogit(comparison: Comparison): number {
    const found = this.findNumber(comparison)
    if (found === null) return 0
    const { holds, margin } = compare(comparison, found.value)
    const strength = 1.8 + 1.4 * Math.min(1, margin * 5)
    return (holds ? strength : -strength) * found.confidence
  }
}
