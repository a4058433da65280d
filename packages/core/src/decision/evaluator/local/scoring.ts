/**
 * Scoring queries against a state index.
 *
 * Per unit, a query term is *supported* by occurrences with the same polarity and *contradicted*
 * by opposite ones ("not paid", `paid: false`, "unpaid"), each with BM25-style saturation of the
 * term frequency. From these the scorer derives, for a query:
 * - support / contra: idf-weighted coverage of the query terms over the whole state (noisy-OR over
 *   units, each unit weighted by its focus);
 * - best: the best passage — a group (a small record or text) or a unit outside any group — by
 *   idf-weighted signed coverage; worst: the most contradicted passage;
 * - single: the strongest single matched term (descriptions are often lists of alternatives).
 * The instructions of a question define a focus: units and groups matching them weigh more.
 * Term vectors, foci and coverages are cached for the call, so questions sharing words share work.
 */
import { compare, type Comparison } from "./numeric.js"
import { QueryCompiler, polarityOf, type Query, type QueryTerm } from "./query.js"
import type { StateIndex } from "./state-index.js"

/** BM25-style saturation: sat = tf / (tf + K * (1 - B + B * len / avgLen)). */
const K = 0.5
const B = 0.4
/** A unit counts at most this much in the noisy-OR over units. */
const UNIT_CAP = 0.8
/** Contradicting occurrences weigh more than supporting ones within a passage. */
const CONTRA_WEIGHT = 1.5
/** Weight of a unit outside the focus of the instructions. */
const FOCUS_BASE = 0.35
/** A group is relevant as a passage with this share of its relevance... */
const GROUP_SHARE = 0.85
/** ...and its units inherit this share (sibling fields: { customer: "Bob", message: "..." }). */
const INHERITED_SHARE = 0.4

interface TermVector {
  /** matched units, ascending, with support and contradiction strength */
  readonly units: Int32Array
  readonly sup: Float64Array
  readonly con: Float64Array
  /** positions (in `units`) of the units outside any group */
  readonly loose: Int32Array
  /** matched groups, ascending, with the strongest support/contradiction of their units */
  readonly groups: Int32Array
  readonly gSup: Float64Array
  readonly gCon: Float64Array
  /** whether any occurrence contradicts the term */
  readonly hasCon: boolean
}

/**
 * The focus of a question's instructions: units and groups matching them weigh up to 1, the
 * others FOCUS_BASE. Only the active focus has its weights spread over the scratch arrays.
 */
export interface Focus {
  /** distinguishes foci in caches (1, 2, ... within a call) */
  readonly id: number
  readonly instructions: string
}

export interface Evidence {
  /** idf-weighted coverage of the query by supporting occurrences, in [0, 1] */
  readonly support: number
  /** idf-weighted coverage of the query by contradicting occurrences, in [0, 1] */
  readonly contra: number
  /** best passage, signed coverage in [-1.5, 1] */
  readonly best: number
  /** most contradicted passage: -CONTRA_WEIGHT * its contradicted coverage, in [-1.5, 0] */
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

export class Scorer {
  readonly index: StateIndex
  readonly queries: QueryCompiler
  private readonly vectors = new Map<string, TermVector>()
  private readonly coverages = new Map<string, readonly [number, number]>()
  private readonly focusCache = new Map<string, Focus | null>()
  private readonly polarityCache = new Map<number, Polarity>()
  private focusCount = 0
  // scratch buffers shared by every query of the call
  private readonly mark: Int32Array
  private readonly tmpSup: Float64Array
  private readonly tmpCon: Float64Array
  private readonly touched: Int32Array
  private readonly uStamp: Int32Array
  private readonly uAcc: Float64Array
  private readonly uCon: Float64Array
  private readonly uList: Int32Array
  private readonly gStamp: Int32Array
  private readonly gAcc: Float64Array
  private readonly gConAcc: Float64Array
  private readonly gList: Int32Array
  private stamp = 0
  // the active focus, spread over per-unit/per-group weights
  private active = 0
  private readonly fuWeight: Float64Array
  private readonly fgWeight: Float64Array

  constructor(index: StateIndex) {
    this.index = index
    this.queries = new QueryCompiler(index)
    const n = index.nUnits
    const g = index.nGroups
    this.mark = new Int32Array(n)
    this.tmpSup = new Float64Array(n)
    this.tmpCon = new Float64Array(n)
    this.touched = new Int32Array(n)
    this.uStamp = new Int32Array(n)
    this.uAcc = new Float64Array(n)
    this.uCon = new Float64Array(n)
    this.uList = new Int32Array(n)
    this.gStamp = new Int32Array(g)
    this.gAcc = new Float64Array(g)
    this.gConAcc = new Float64Array(g)
    this.gList = new Int32Array(g)
    this.fuWeight = new Float64Array(n)
    this.fgWeight = new Float64Array(g)
  }

  private sat(tf: number, u: number): number {
    if (tf <= 0) return 0
    return tf / (tf + K * (1 - B + (B * this.index.unitLen[u]!) / this.index.avgLen))
  }

  // ---------------------------------------------------------------- term vectors

  /** Where a query term matches, per unit and per group. Cached per call. */
  private termVector(qt: QueryTerm): TermVector {
    const cached = this.vectors.get(qt.key)
    if (cached !== undefined) return cached
    const idx = this.index
    const { mark, tmpSup, tmpCon, touched } = this
    const stamp = ++this.stamp
    let n = 0
    for (const e of qt.exps) {
      const data = idx.postings[e.id]!.data
      const sameIsNegated = qt.neg !== e.flip
      for (let i = 0; i < data.length; i += 3) {
        const u = data[i]!
        const tf = data[i + 1]!
        const negTf = data[i + 2]!
        const same = sameIsNegated ? negTf : tf - negTf
        const sup = e.sim * this.sat(same, u)
        const con = e.sim * this.sat(tf - same, u)
        if (mark[u] !== stamp) {
          mark[u] = stamp
          tmpSup[u] = sup
          tmpCon[u] = con
          touched[n++] = u
        } else {
          if (sup > tmpSup[u]!) tmpSup[u] = sup
          if (con > tmpCon[u]!) tmpCon[u] = con
        }
      }
    }
    const units = touched.slice(0, n)
    if (qt.exps.length > 1) units.sort()
    const sup = new Float64Array(n)
    const con = new Float64Array(n)
    const loose: Array<number> = []
    const groups: Array<number> = []
    const gSup: Array<number> = []
    const gCon: Array<number> = []
    let hasCon = false
    for (let i = 0; i < n; i++) {
      const u = units[i]!
      sup[i] = tmpSup[u]!
      con[i] = tmpCon[u]!
      if (con[i]! > 0) hasCon = true
      const g = idx.unitGroup[u]!
      if (g < 0) {
        loose.push(i)
        continue
      }
      // units are ascending and groups are runs of consecutive units
      const last = groups.length - 1
      if (last >= 0 && groups[last] === g) {
        if (sup[i]! > gSup[last]!) gSup[last] = sup[i]!
        if (con[i]! > gCon[last]!) gCon[last] = con[i]!
      } else {
        groups.push(g)
        gSup.push(sup[i]!)
        gCon.push(con[i]!)
      }
    }
    const vector: TermVector = {
      units,
      sup,
      con,
      loose: Int32Array.from(loose),
      groups: Int32Array.from(groups),
      gSup: Float64Array.from(gSup),
      gCon: Float64Array.from(gCon),
      hasCon
    }
    this.vectors.set(qt.key, vector)
    return vector
  }

  // ---------------------------------------------------------------- focus

  /** The focus of some instructions, or null when nothing (or everything) matches them. */
  focus(instructions: string | undefined): Focus | null {
    if (instructions === undefined || instructions.trim().length === 0) return null
    const cached = this.focusCache.get(instructions)
    if (cached !== undefined) return cached
    const focus: Focus = { id: ++this.focusCount, instructions }
    const result = this.spread(focus) ? focus : null
    this.focusCache.set(instructions, result)
    return result
  }

  /** Makes `focus` the active one (recomputing its weights if another focus was used since). */
  private activate(focus: Focus): void {
    if (this.active !== focus.id) this.spread(focus)
  }

  /**
   * Computes the weights of a focus into the dense per-unit / per-group arrays (linear in the
   * size of the state). Returns false when the instructions match nothing, or everything equally.
   */
  private spread(focus: Focus): boolean {
    const idx = this.index
    const query = this.queries.compile([{ text: focus.instructions, weight: 1 }])
    const W = query.totalWeight
    if (query.terms.length === 0 || W <= 0 || idx.nUnits === 0) return false
    const vectors = query.terms.map((qt) => this.termVector(qt))
    const { uStamp, uAcc, uList, gStamp, gAcc, gConAcc, gList } = this
    const stamp = ++this.stamp
    let nU = 0
    let nG = 0
    vectors.forEach((v, t) => {
      // a negated mention still locates the subject: polarity does not matter here
      const w = query.terms[t]!.weight
      for (let i = 0; i < v.units.length; i++) {
        const u = v.units[i]!
        if (uStamp[u] !== stamp) {
          uStamp[u] = stamp
          uAcc[u] = 0
          uList[nU++] = u
        }
        uAcc[u] += w * Math.max(v.sup[i]!, v.con[i]!)
      }
      for (let i = 0; i < v.groups.length; i++) {
        const g = v.groups[i]!
        if (gStamp[g] !== stamp) {
          gStamp[g] = stamp
          gAcc[g] = 0
          gConAcc[g] = 0 // best unit of the group
          gList[nG++] = g
        }
        gAcc[g] += w * Math.max(v.gSup[i]!, v.gCon[i]!)
      }
    })
    let max = 0
    let min = Infinity
    for (let i = 0; i < nU; i++) {
      const u = uList[i]!
      const r = uAcc[u]! / W
      uAcc[u] = r
      if (r > max) max = r
      if (r < min) min = r
      const g = idx.unitGroup[u]!
      if (g >= 0 && r > gConAcc[g]!) gConAcc[g] = r
    }
    for (let i = 0; i < nG; i++) {
      const g = gList[i]!
      gAcc[g] = gAcc[g]! / W
      if (GROUP_SHARE * gAcc[g]! > max) max = GROUP_SHARE * gAcc[g]!
    }
    // nothing matched, or everything matched equally: no focus
    if (max < 0.05 || (nU === idx.nUnits && max - min < 1e-9)) return false
    const scale = (r: number): number => FOCUS_BASE + (1 - FOCUS_BASE) * Math.min(1, r / max)
    const fu = this.fuWeight
    const fg = this.fgWeight
    fu.fill(FOCUS_BASE)
    fg.fill(FOCUS_BASE)
    for (let i = 0; i < nG; i++) {
      const g = gList[i]!
      fg[g] = scale(Math.max(gAcc[g]!, gConAcc[g]!))
      // units inherit part of the relevance of their record
      const inherited = scale(INHERITED_SHARE * gAcc[g]!)
      if (inherited > FOCUS_BASE) for (let u = idx.groupStart[g]!; u < idx.groupEnd[g]!; u++) fu[u] = inherited
    }
    for (let i = 0; i < nU; i++) {
      const u = uList[i]!
      const w = scale(uAcc[u]!)
      if (w > fu[u]!) fu[u] = w
    }
    this.active = focus.id
    return true
  }

  // ---------------------------------------------------------------- evidence

  /** Focus-weighted noisy-OR of a term over all units: [support, contra]. Cached per focus. */
  private termCoverage(qt: QueryTerm, v: TermVector, focus: Focus | null): readonly [number, number] {
    const key = `${focus === null ? 0 : focus.id}${qt.key}`
    const cached = this.coverages.get(key)
    if (cached !== undefined) return cached
    let supMiss = 1
    let conMiss = 1
    const { units, sup, con } = v
    if (focus === null) {
      for (let i = 0; i < units.length; i++) supMiss *= 1 - UNIT_CAP * sup[i]!
      if (v.hasCon) for (let i = 0; i < units.length; i++) conMiss *= 1 - UNIT_CAP * con[i]!
    } else {
      this.activate(focus)
      const fu = this.fuWeight
      for (let i = 0; i < units.length; i++) supMiss *= 1 - UNIT_CAP * fu[units[i]!]! * sup[i]!
      if (v.hasCon) for (let i = 0; i < units.length; i++) conMiss *= 1 - UNIT_CAP * fu[units[i]!]! * con[i]!
    }
    const result = [1 - supMiss, 1 - conMiss] as const
    this.coverages.set(key, result)
    return result
  }

  /** Evidence of the state for a query, under a focus. */
  evidence(query: Query, focus: Focus | null): Evidence {
    const idx = this.index
    const W = query.totalWeight
    if (query.terms.length === 0 || W <= 0 || idx.nUnits === 0) return NO_EVIDENCE
    if (focus !== null) this.activate(focus)
    const vectors = query.terms.map((qt) => this.termVector(qt))
    const { uStamp, uAcc, uCon, uList, gStamp, gAcc, gConAcc, gList } = this
    const stamp = ++this.stamp
    let nU = 0
    let nG = 0
    let support = 0
    let contra = 0
    let single = 0
    let maxWeight = 0
    for (const qt of query.terms) if (qt.weight > maxWeight) maxWeight = qt.weight
    for (let t = 0; t < vectors.length; t++) {
      const qt = query.terms[t]!
      const v = vectors[t]!
      if (v.units.length === 0) continue
      const [s, c] = this.termCoverage(qt, v, focus)
      const w = qt.weight
      support += w * s
      contra += w * c
      if ((s * w) / maxWeight > single) single = (s * w) / maxWeight
      const { groups, gSup, gCon } = v
      const nGroups = groups.length
      if (v.hasCon) {
        for (let i = 0; i < nGroups; i++) {
          const g = groups[i]!
          if (gStamp[g] !== stamp) {
            gStamp[g] = stamp
            gAcc[g] = 0
            gConAcc[g] = 0
            gList[nG++] = g
          }
          gAcc[g] += w * (gSup[i]! - CONTRA_WEIGHT * gCon[i]!)
          gConAcc[g] += w * gCon[i]!
        }
      } else {
        for (let i = 0; i < nGroups; i++) {
          const g = groups[i]!
          if (gStamp[g] !== stamp) {
            gStamp[g] = stamp
            gAcc[g] = 0
            gConAcc[g] = 0
            gList[nG++] = g
          }
          gAcc[g] += w * gSup[i]!
        }
      }
      const { loose, units, sup, con } = v
      for (let j = 0; j < loose.length; j++) {
        const i = loose[j]!
        const u = units[i]!
        if (uStamp[u] !== stamp) {
          uStamp[u] = stamp
          uAcc[u] = 0
          uCon[u] = 0
          uList[nU++] = u
        }
        uAcc[u] += w * (sup[i]! - CONTRA_WEIGHT * con[i]!)
        uCon[u] += w * con[i]!
      }
    }
    // passages: groups, and the units outside groups
    let best = 0
    let mostContra = 0
    const fg = this.fgWeight
    const fu = this.fuWeight
    for (let i = 0; i < nG; i++) {
      const g = gList[i]!
      const f = focus === null ? 1 : fg[g]!
      if (f * gAcc[g]! > best) best = f * gAcc[g]!
      if (f * gConAcc[g]! > mostContra) mostContra = f * gConAcc[g]!
    }
    for (let i = 0; i < nU; i++) {
      const u = uList[i]!
      const f = focus === null ? 1 : fu[u]!
      if (f * uAcc[u]! > best) best = f * uAcc[u]!
      if (f * uCon[u]! > mostContra) mostContra = f * uCon[u]!
    }
    best /= W
    const worst = (-CONTRA_WEIGHT * mostContra) / W
    support /= W
    contra /= W
    const score = 0.45 * support + 0.35 * best + 0.2 * single - 1.0 * contra + 0.25 * worst
    return { support, contra, best, worst, single, score }
  }

  // ---------------------------------------------------------------- sentiment

  /** Sentiment of the state, weighted by the focus. */
  polarity(focus: Focus | null): Polarity {
    const key = focus === null ? 0 : focus.id
    let result = this.polarityCache.get(key)
    if (result === undefined) {
      result = this.computePolarity(focus)
      this.polarityCache.set(key, result)
    }
    return result
  }

  private computePolarity(focus: Focus | null): Polarity {
    const idx = this.index
    let sum = 0
    let count = 0
    if (focus === null) {
      sum = idx.totalPol
      count = idx.totalPolCount
    } else {
      this.activate(focus)
      const fu = this.fuWeight
      let top = 0
      for (const u of idx.polarUnits) if (fu[u]! > top) top = fu[u]!
      for (const u of idx.polarUnits) {
        // sentiment belongs to a text: the focus is sharpened, relative to the best focused text
        const f = (fu[u]! / top) ** 2
        sum += f * idx.unitPol[u]!
        count += f * idx.unitPolCount[u]!
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
    const idx = this.index
    if (idx.numericUnits.length === 0 && idx.arrays.length === 0) return null
    const query = this.queries.compile([{ text: comparison.subject, weight: 1 }])
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
    // relevance of each unit / group to the subject (polarity does not matter)
    const relU = new Map<number, number>()
    const relG = new Map<number, number>()
    const termIds = new Map<number, number>()
    for (const qt of terms) {
      const v = this.termVector(qt)
      for (let i = 0; i < v.units.length; i++) {
        const u = v.units[i]!
        relU.set(u, (relU.get(u) ?? 0) + (qt.weight * Math.max(v.sup[i]!, v.con[i]!)) / W)
      }
      for (let i = 0; i < v.groups.length; i++) {
        const g = v.groups[i]!
        relG.set(g, (relG.get(g) ?? 0) + (qt.weight * Math.max(v.gSup[i]!, v.gCon[i]!)) / W)
      }
      for (const e of qt.exps) if (!e.flip) termIds.set(e.id, Math.max(termIds.get(e.id) ?? 0, qt.weight * e.sim))
    }
    let bestUnit = -1
    let bestRel = 0
    for (const u of idx.numericUnits) {
      const g = idx.unitGroup[u]!
      const rel = Math.max(relU.get(u) ?? 0, g >= 0 ? 0.8 * (relG.get(g) ?? 0) : 0)
      // ties: the shorter (more specific) unit
      if (rel > bestRel + 1e-12 || (bestUnit >= 0 && Math.abs(rel - bestRel) <= 1e-12 && idx.unitLen[u]! < idx.unitLen[bestUnit]!)) {
        bestRel = rel
        bestUnit = u
      }
    }
    // arrays answer "how many" ("more than 2 attachments")
    let bestArray = -1
    idx.arrays.forEach((a, i) => {
      let matched = 0
      for (const id of a.keys) matched = Math.max(matched, termIds.get(id) ?? 0)
      const rel = (0.9 * matched) / Math.max(...terms.map((t) => t.weight))
      const share = Math.min(1, rel * (terms.length === 1 ? 1 : 0.8))
      if (share > bestRel + 1e-12) {
        bestRel = share
        bestArray = i
      }
    })
    if (bestArray >= 0) {
      return bestRel < 0.25 ? null : { value: idx.arrays[bestArray]!.count, confidence: Math.min(1, bestRel * 1.25) }
    }
    if (bestUnit < 0) return null
    // the only number of its record (or of the state) needs less of a match
    const g = idx.unitGroup[bestUnit]!
    let unique = true
    for (const u of idx.numericUnits) {
      if (u !== bestUnit && (g < 0 || idx.unitGroup[u] === g)) {
        unique = false
        break
      }
    }
    if (unique && idx.unitNumbers.get(bestUnit)!.length > 1) unique = false
    if (bestRel < (unique ? 0.1 : 0.25)) return null
    const confidence = Math.min(1, bestRel * 1.25 + (unique ? 0.4 : 0))
    const numbers = idx.unitNumbers.get(bestUnit)!
    const tokens = idx.unitTokens.get(bestUnit)!
    let chosen = numbers[0]!
    let bestDist = Infinity
    for (let p = 0; p < tokens.length; p++) {
      if (!termIds.has(tokens[p]!)) continue
      for (const n of numbers) {
        // "total: 1500" (number after the subject) reads more naturally than "1500 total"
        const d = n.pos >= p ? n.pos - p : (p - n.pos) * 1.5
        if (d < bestDist) {
          bestDist = d
          chosen = n
        }
      }
    }
    return { value: chosen.value, confidence }
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
