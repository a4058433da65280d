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
import { ensureF64, ensureI32, type StateIndex } from "./state-index.js"
import { grow } from "./text.js"
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

/**
 * Where a query term matches. Its data lives in the shared vector arenas (vUnits, ...), at the
 * offsets below, for the duration of the call.
 */
interface TermVector {
  /** index of the vector in this call (coverage cache) */
  readonly index: number
  /** matched units, ascending, with support and contradiction strength: vUnits/vSup/vCon[start, start + n) */
  readonly start: number
  readonly n: number
  /** positions (relative to `start`) of the units outside any group: vLoose[looseStart, + nLoose) */
  readonly looseStart: number
  readonly nLoose: number
  /** matched groups, ascending, with the strongest support/contradiction of their units: vGroups/vGSup/vGCon[gStart, + nGroups) */
  readonly gStart: number
  readonly nGroups: number
  /** whether any occurrence contradicts the term */
  readonly hasCon: boolean
}

// ---------------------------------------------------------------- scratch space
//
// Per-unit and per-group work arrays, and the arenas holding term vectors, are shared by all calls
// and only grow (a small state allocates nothing here once they have grown). Entries of the stamp
// arrays (mark, uStamp, gStamp, vecStamp) are valid only when equal to a stamp of the current
// operation, and stamps are never reused (all are zeroed on overflow), so data of one call is
// never read by another. Everything else is written before it is read within an operation.

let stamp = 0
const nextStamp = (): number => {
  if (++stamp === 0x7fffffff) {
    stamp = 1
    mark.fill(0)
    uStamp.fill(0)
    gStamp.fill(0)
    vecStamp.fill(0)
    tStamp.fill(0)
  }
  return stamp
}

// per unit
let mark = new Int32Array(64)
let tmpSup = new Float64Array(64)
let tmpCon = new Float64Array(64)
let touched = new Int32Array(64)
let uStamp = new Int32Array(64)
let uAcc = new Float64Array(64)
let uCon = new Float64Array(64)
let uList = new Int32Array(64)
/** weights of the active focus */
let fuWeight = new Float64Array(64)
// per group
let gStamp = new Int32Array(16)
let gAcc = new Float64Array(16)
let gConAcc = new Float64Array(16)
let gList = new Int32Array(16)
let fgWeight = new Float64Array(16)
// per index term (numbers: subject terms)
let tStamp = new Int32Array(64)
let tValue = new Float64Array(64)
// per query slot (2 * call-local term number + neg): the vector of this call
let vecStamp = new Int32Array(128)
let vecIndex = new Int32Array(128)
// term vector arenas
let vUnits = new Int32Array(256)
let vSup = new Float64Array(256)
let vCon = new Float64Array(256)
let vLoose = new Int32Array(256)
let vGroups = new Int32Array(64)
let vGSup = new Float64Array(64)
let vGCon = new Float64Array(64)

const growUnits = (n: number): void => {
  if (n <= mark.length) return
  const size = Math.max(n, mark.length * 2)
  mark = grow(mark, new Int32Array(size))
  tmpSup = new Float64Array(size)
  tmpCon = new Float64Array(size)
  touched = new Int32Array(size)
  uStamp = grow(uStamp, new Int32Array(size))
  uAcc = new Float64Array(size)
  uCon = new Float64Array(size)
  uList = new Int32Array(size)
  fuWeight = new Float64Array(size)
}

const growGroups = (n: number): void => {
  if (n <= gStamp.length) return
  const size = Math.max(n, gStamp.length * 2)
  gStamp = grow(gStamp, new Int32Array(size))
  gAcc = new Float64Array(size)
  gConAcc = new Float64Array(size)
  gList = new Int32Array(size)
  fgWeight = new Float64Array(size)
}

const growTerms = (n: number): void => {
  if (n <= tStamp.length) return
  const size = Math.max(n, tStamp.length * 2)
  tStamp = grow(tStamp, new Int32Array(size))
  tValue = new Float64Array(size)
}

const growSlots = (n: number): void => {
  if (n <= vecStamp.length) return
  const size = Math.max(n, vecStamp.length * 2)
  vecStamp = grow(vecStamp, new Int32Array(size))
  vecIndex = grow(vecIndex, new Int32Array(size))
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
  /** stamp of this call (vector cache) */
  private readonly call = nextStamp()
  private readonly vectors: Array<TermVector> = []
  // arena fill of this call
  private nvUnits = 0
  private nvLoose = 0
  private nvGroups = 0
  /** (focus, vector) -> offset of [support, contra] in `coverageValues` (made on first use) */
  private coverages: Map<number, number> | null = null
  private readonly coverageValues: Array<number> = []
  private focusCache: Map<string, Focus | null> | null = null
  private polarityCache: Map<number, Polarity> | null = null
  private focusCount = 0
  // the active focus, spread over per-unit/per-group weights (fuWeight, fgWeight)
  private active = 0

  constructor(index: StateIndex) {
    this.index = index
    this.queries = new QueryCompiler(index)
    growUnits(index.nUnits)
    growGroups(index.nGroups)
    growTerms(index.nTerms)
  }

  private sat(tf: number, u: number): number {
    if (tf <= 0) return 0
    return tf / (tf + K * (1 - B + (B * this.index.unitLen[u]!) / this.index.avgLen))
  }

  // ---------------------------------------------------------------- term vectors

  /** Where a query term matches, per unit and per group. Cached per call. */
  private termVector(qt: QueryTerm): TermVector {
    growSlots(2 * this.index.nCallTerms)
    if (vecStamp[qt.slot] === this.call) return this.vectors[vecIndex[qt.slot]!]!
    const idx = this.index
    const current = nextStamp()
    let n = 0
    const post = idx.post
    for (const e of qt.exps) {
      const sameIsNegated = qt.neg !== e.flip
      const end = 3 * idx.postStart[e.id + 1]!
      for (let i = 3 * idx.postStart[e.id]!; i < end; i += 3) {
        const u = post[i]!
        const tf = post[i + 1]!
        const negTf = post[i + 2]!
        const same = sameIsNegated ? negTf : tf - negTf
        const sup = e.sim * this.sat(same, u)
        const con = e.sim * this.sat(tf - same, u)
        if (mark[u] !== current) {
          mark[u] = current
          tmpSup[u] = sup
          tmpCon[u] = con
          touched[n++] = u
        } else {
          if (sup > tmpSup[u]!) tmpSup[u] = sup
          if (con > tmpCon[u]!) tmpCon[u] = con
        }
      }
    }
    const start = this.nvUnits
    vUnits = ensureI32(vUnits, start + n)
    vSup = ensureF64(vSup, start + n)
    vCon = ensureF64(vCon, start + n)
    vLoose = ensureI32(vLoose, this.nvLoose + n)
    vGroups = ensureI32(vGroups, this.nvGroups + n)
    vGSup = ensureF64(vGSup, this.nvGroups + n)
    vGCon = ensureF64(vGCon, this.nvGroups + n)
    for (let i = 0; i < n; i++) vUnits[start + i] = touched[i]!
    if (qt.exps.length > 1) sortUnits(start, n)
    const looseStart = this.nvLoose
    const gStart = this.nvGroups
    let nLoose = 0
    let nGroups = 0
    let hasCon = false
    for (let i = 0; i < n; i++) {
      const u = vUnits[start + i]!
      const sup = tmpSup[u]!
      const con = tmpCon[u]!
      vSup[start + i] = sup
      vCon[start + i] = con
      if (con > 0) hasCon = true
      const g = idx.unitGroup[u]!
      if (g < 0) {
        vLoose[looseStart + nLoose++] = i
        continue
      }
      // units are ascending and groups are runs of consecutive units
      const last = gStart + nGroups - 1
      if (nGroups > 0 && vGroups[last] === g) {
        if (sup > vGSup[last]!) vGSup[last] = sup
        if (con > vGCon[last]!) vGCon[last] = con
      } else {
        vGroups[last + 1] = g
        vGSup[last + 1] = sup
        vGCon[last + 1] = con
        nGroups++
      }
    }
    this.nvUnits = start + n
    this.nvLoose = looseStart + nLoose
    this.nvGroups = gStart + nGroups
    const vector: TermVector = { index: this.vectors.length, start, n, looseStart, nLoose, gStart, nGroups, hasCon }
    this.vectors.push(vector)
    vecStamp[qt.slot] = this.call
    vecIndex[qt.slot] = vector.index
    return vector
  }

  // ---------------------------------------------------------------- focus

  /** The focus of some instructions, or null when nothing (or everything) matches them. */
  focus(instructions: string | undefined): Focus | null {
    if (instructions === undefined || instructions.trim().length === 0) return null
    const cached = this.focusCache?.get(instructions)
    if (cached !== undefined) return cached
    const focus: Focus = { id: ++this.focusCount, instructions }
    const result = this.spread(focus) ? focus : null
    ;(this.focusCache ??= new Map()).set(instructions, result)
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
    // vectors first: building them uses other scratch arrays, never the ones accumulated below
    for (const qt of query.terms) this.termVector(qt)
    const current = nextStamp()
    let nU = 0
    let nG = 0
    for (const qt of query.terms) {
      const v = this.termVector(qt)
      // a negated mention still locates the subject: polarity does not matter here
      const w = qt.weight
      for (let i = 0; i < v.n; i++) {
        const u = vUnits[v.start + i]!
        if (uStamp[u] !== current) {
          uStamp[u] = current
          uAcc[u] = 0
          uList[nU++] = u
        }
        uAcc[u] += w * Math.max(vSup[v.start + i]!, vCon[v.start + i]!)
      }
      for (let i = 0; i < v.nGroups; i++) {
        const g = vGroups[v.gStart + i]!
        if (gStamp[g] !== current) {
          gStamp[g] = current
          gAcc[g] = 0
          gConAcc[g] = 0 // best unit of the group
          gList[nG++] = g
        }
        gAcc[g] += w * Math.max(vGSup[v.gStart + i]!, vGCon[v.gStart + i]!)
      }
    }
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
    const fu = fuWeight
    const fg = fgWeight
    fu.fill(FOCUS_BASE, 0, idx.nUnits)
    fg.fill(FOCUS_BASE, 0, idx.nGroups)
    for (let i = 0; i < nG; i++) {
      const g = gList[i]!
      fg[g] = scaleFocus(Math.max(gAcc[g]!, gConAcc[g]!), max)
      // units inherit part of the relevance of their record
      const inherited = scaleFocus(INHERITED_SHARE * gAcc[g]!, max)
      if (inherited > FOCUS_BASE) for (let u = idx.groupStart[g]!; u < idx.groupEnd[g]!; u++) fu[u] = inherited
    }
    for (let i = 0; i < nU; i++) {
      const u = uList[i]!
      const w = scaleFocus(uAcc[u]!, max)
      if (w > fu[u]!) fu[u] = w
    }
    this.active = focus.id
    return true
  }

  // ---------------------------------------------------------------- evidence

  /** Focus-weighted noisy-OR of a term over all units: support (returned) and contra (`lastContra`). Cached per focus. */
  private lastContra = 0
  private termCoverage(v: TermVector, focus: Focus | null): number {
    // focus ids and vector indices are small: the pair is one exact integer
    const key = (focus === null ? 0 : focus.id) * 2097152 + v.index
    const cached = this.coverages?.get(key)
    if (cached !== undefined) {
      this.lastContra = this.coverageValues[cached + 1]!
      return this.coverageValues[cached]!
    }
    let supMiss = 1
    let conMiss = 1
    const { start, n } = v
    if (focus === null) {
      for (let i = start; i < start + n; i++) supMiss *= 1 - UNIT_CAP * vSup[i]!
      if (v.hasCon) for (let i = start; i < start + n; i++) conMiss *= 1 - UNIT_CAP * vCon[i]!
    } else {
      this.activate(focus)
      const fu = fuWeight
      for (let i = start; i < start + n; i++) supMiss *= 1 - UNIT_CAP * fu[vUnits[i]!]! * vSup[i]!
      if (v.hasCon) for (let i = start; i < start + n; i++) conMiss *= 1 - UNIT_CAP * fu[vUnits[i]!]! * vCon[i]!
    }
    const support = 1 - supMiss
    const contra = 1 - conMiss
    ;(this.coverages ??= new Map()).set(key, this.coverageValues.length)
    this.coverageValues.push(support, contra)
    this.lastContra = contra
    return support
  }

  /** Evidence of the state for a query, under a focus. */
  evidence(query: Query, focus: Focus | null): Evidence {
    const idx = this.index
    const W = query.totalWeight
    if (query.terms.length === 0 || W <= 0 || idx.nUnits === 0) return NO_EVIDENCE
    if (focus !== null) this.activate(focus)
    // vectors first: building them uses other scratch arrays, never the ones accumulated below
    for (const qt of query.terms) this.termVector(qt)
    const current = nextStamp()
    let nU = 0
    let nG = 0
    let support = 0
    let contra = 0
    let single = 0
    let maxWeight = 0
    for (const qt of query.terms) if (qt.weight > maxWeight) maxWeight = qt.weight
    for (const qt of query.terms) {
      const v = this.termVector(qt)
      if (v.n === 0) continue
      const s = this.termCoverage(v, focus)
      const c = this.lastContra
      const w = qt.weight
      support += w * s
      contra += w * c
      if ((s * w) / maxWeight > single) single = (s * w) / maxWeight
      const gEnd = v.gStart + v.nGroups
      if (v.hasCon) {
        for (let i = v.gStart; i < gEnd; i++) {
          const g = vGroups[i]!
          if (gStamp[g] !== current) {
            gStamp[g] = current
            gAcc[g] = 0
            gConAcc[g] = 0
            gList[nG++] = g
          }
          gAcc[g] += w * (vGSup[i]! - CONTRA_WEIGHT * vGCon[i]!)
          gConAcc[g] += w * vGCon[i]!
        }
      } else {
        for (let i = v.gStart; i < gEnd; i++) {
          const g = vGroups[i]!
          if (gStamp[g] !== current) {
            gStamp[g] = current
            gAcc[g] = 0
            gConAcc[g] = 0
            gList[nG++] = g
          }
          gAcc[g] += w * vGSup[i]!
        }
      }
      for (let j = v.looseStart; j < v.looseStart + v.nLoose; j++) {
        const i = v.start + vLoose[j]!
        const u = vUnits[i]!
        if (uStamp[u] !== current) {
          uStamp[u] = current
          uAcc[u] = 0
          uCon[u] = 0
          uList[nU++] = u
        }
        uAcc[u] += w * (vSup[i]! - CONTRA_WEIGHT * vCon[i]!)
        uCon[u] += w * vCon[i]!
      }
    }
    // passages: groups, and the units outside groups
    let best = 0
    let mostContra = 0
    const fg = fgWeight
    const fu = fuWeight
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
    let result = this.polarityCache?.get(key)
    if (result === undefined) {
      result = this.computePolarity(focus)
      ;(this.polarityCache ??= new Map()).set(key, result)
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
      const fu = fuWeight
      const polar = idx.polarUnits
      let top = 0
      for (let i = 0; i < idx.nPolar; i++) if (fu[polar[i]!]! > top) top = fu[polar[i]!]!
      for (let i = 0; i < idx.nPolar; i++) {
        const u = polar[i]!
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
    if (idx.nNumeric === 0 && idx.nArrays === 0) return null
    const query = this.queries.compile([{ text: comparison.subject, weight: 1 }])
    const terms = query.terms.filter((t) => !/^[0-9]/.test(t.term))
    if (terms.length === 0) {
      // no subject ("is it above 10?"): only a state with a single number answers
      if (idx.nNumeric === 1 && idx.numStart[1]! - idx.numStart[0]! === 1) return { value: idx.numValue[idx.numStart[0]!]!, confidence: 0.6 }
      return null
    }
    let W = 0
    for (const t of terms) W += t.weight
    // vectors first: building them uses other scratch arrays, never the ones accumulated below
    for (const qt of terms) this.termVector(qt)
    // relevance of each unit (uAcc) / group (gAcc) to the subject (polarity does not matter),
    // and the best weight of each subject term id (tValue)
    const current = nextStamp()
    for (const qt of terms) {
      const v = this.termVector(qt)
      for (let i = v.start; i < v.start + v.n; i++) {
        const u = vUnits[i]!
        const prior = uStamp[u] === current ? uAcc[u]! : 0
        uStamp[u] = current
        uAcc[u] = prior + (qt.weight * Math.max(vSup[i]!, vCon[i]!)) / W
      }
      for (let i = v.gStart; i < v.gStart + v.nGroups; i++) {
        const g = vGroups[i]!
        const prior = gStamp[g] === current ? gAcc[g]! : 0
        gStamp[g] = current
        gAcc[g] = prior + (qt.weight * Math.max(vGSup[i]!, vGCon[i]!)) / W
      }
      for (const e of qt.exps) {
        if (e.flip) continue
        const prior = tStamp[e.id] === current ? tValue[e.id]! : 0
        tStamp[e.id] = current
        tValue[e.id] = Math.max(prior, qt.weight * e.sim)
      }
    }
    const relU = (u: number): number => (uStamp[u] === current ? uAcc[u]! : 0)
    const termWeight = (id: number): number => (tStamp[id] === current ? tValue[id]! : 0)
    let bestUnit = -1
    let bestRel = 0
    for (let k = 0; k < idx.nNumeric; k++) {
      const u = idx.numericUnits[k]!
      const g = idx.unitGroup[u]!
      const rel = Math.max(relU(u), g >= 0 ? 0.8 * (gStamp[g] === current ? gAcc[g]! : 0) : 0)
      // ties: the shorter (more specific) unit
      if (rel > bestRel + 1e-12 || (bestUnit >= 0 && Math.abs(rel - bestRel) <= 1e-12 && idx.unitLen[u]! < idx.unitLen[bestUnit]!)) {
        bestRel = rel
        bestUnit = u
      }
    }
    // arrays answer "how many" ("more than 2 attachments")
    let bestArray = -1
    let maxWeight = -Infinity
    for (const t of terms) maxWeight = Math.max(maxWeight, t.weight)
    for (let i = 0; i < idx.nArrays; i++) {
      let matched = 0
      const from = idx.arrKeyStart[i]!
      for (let j = from; j < from + idx.arrKeyLen[i]!; j++) matched = Math.max(matched, termWeight(idx.keyArena[j]!))
      const rel = (0.9 * matched) / maxWeight
      const share = Math.min(1, rel * (terms.length === 1 ? 1 : 0.8))
      if (share > bestRel + 1e-12) {
        bestRel = share
        bestArray = i
      }
    }
    if (bestArray >= 0) {
      return bestRel < 0.25 ? null : { value: idx.arrCount[bestArray]!, confidence: Math.min(1, bestRel * 1.25) }
    }
    if (bestUnit < 0) return null
    // the only number of its record (or of the state) needs less of a match
    const g = idx.unitGroup[bestUnit]!
    let unique = true
    for (let k = 0; k < idx.nNumeric; k++) {
      const u = idx.numericUnits[k]!
      if (u !== bestUnit && (g < 0 || idx.unitGroup[u] === g)) {
        unique = false
        break
      }
    }
    const k = idx.unitNumeric[bestUnit]!
    const numFrom = idx.numStart[k]!
    const numTo = idx.numStart[k + 1]!
    if (unique && numTo - numFrom > 1) unique = false
    if (bestRel < (unique ? 0.1 : 0.25)) return null
    const confidence = Math.min(1, bestRel * 1.25 + (unique ? 0.4 : 0))
    let chosen = numFrom
    let bestDist = Infinity
    const tokFrom = idx.tokStart[k]!
    const tokTo = idx.tokStart[k + 1]!
    for (let p = 0; p < tokTo - tokFrom; p++) {
      if (tStamp[idx.tokens[tokFrom + p]!] !== current) continue
      for (let m = numFrom; m < numTo; m++) {
        const pos = idx.numPos[m]!
        // "total: 1500" (number after the subject) reads more naturally than "1500 total"
        const d = pos >= p ? pos - p : (p - pos) * 1.5
        if (d < bestDist) {
          bestDist = d
          chosen = m
        }
      }
    }
    return { value: idx.numValue[chosen]!, confidence }
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

const scaleFocus = (r: number, max: number): number => FOCUS_BASE + (1 - FOCUS_BASE) * Math.min(1, r / max)

/** Sorts the units of a vector being built (distinct unit numbers, ascending). */
const sortUnits = (start: number, n: number): void => {
  if (n > 32) {
    vUnits.subarray(start, start + n).sort()
    return
  }
  for (let i = start + 1; i < start + n; i++) {
    const u = vUnits[i]!
    let j = i - 1
    while (j >= start && vUnits[j]! > u) {
      vUnits[j + 1] = vUnits[j]!
      j--
    }
    vUnits[j + 1] = u
  }
}
