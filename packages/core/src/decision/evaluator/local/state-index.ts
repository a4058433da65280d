/**
 * The index of one state, built once per evaluation call.
 *
 * The state is flattened into "units": one per leaf value (its key path + its text), long strings
 * being cut into windows of a few sentences. Object keys are visited in sorted order, so the key
 * order of the state never matters; array order is kept. Small subtrees (a record with a few
 * fields) also form a "group" of consecutive units, so that a question can match a record whose
 * fields each carry part of the answer ({ customer: "Bob", message: "I am furious" }).
 *
 * Flag-like leaves carry a polarity on their own key: `paid: false`, `paid: "no"`, `paid: null`,
 * `attachments: []` index "paid"/"attachments" as negated terms; `paid: true` as affirmed ones.
 *
 * Memory. Evaluating small states is the hot path of the service, so the index owns no per-call
 * objects: there is one index (`INDEX`), and every call rewinds its counts and overwrites its
 * typed arrays, which only ever grow. Everything past a count is stale data of an earlier call and
 * is never read. This is safe because `evaluateLocally` is synchronous and not reentrant: an index
 * is only used by the call that built it. Terms are numbered per call, by a reusable open-addressing
 * hash table (typed arrays, linear probing) from a term to its call-local id: a slot belongs to the
 * current call only if its stamp equals the call's stamp, so a new call empties the table in O(1),
 * and the table only grows (rehashed past half full). The vocabulary of the state takes ids
 * [0, nTerms); terms that only queries use are numbered after it, [nTerms, nCallTerms), so work
 * arrays of the queries and the scorer can be indexed by call-local ids. Ids mean nothing past
 * their call: nothing that persists across calls holds one.
 */
import { Analyzer, NEGATIVE_VALUES, POSITIVE_VALUES, TokenSink, grow } from "./text.js"

/** Units longer than this (in terms) are split into sentence windows. */
const MAX_UNIT_TERMS = 60
/** Target size of a sentence window. */
const WINDOW_TERMS = 40
/** Largest subtree (in terms) that still forms a group. */
const GROUP_MAX_TERMS = 160
/** Terms kept from one key, and from a whole key path. */
const MAX_KEY_TERMS = 12
const MAX_PATH_TERMS = 16
/** Path depth above which cycle detection switches from a linear scan to a Set. */
const PATH_SCAN_MAX = 32

// ---------------------------------------------------------------- growable buffers

export const ensureI32 = (a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> =>
  need <= a.length ? a : grow(a, new Int32Array(Math.max(need, a.length * 2)))
export const ensureF64 = (a: Float64Array<ArrayBuffer>, need: number): Float64Array<ArrayBuffer> =>
  need <= a.length ? a : grow(a, new Float64Array(Math.max(need, a.length * 2)))

// ---------------------------------------------------------------- term hashing

/**
 * FNV-1a over the UTF-16 code units of a term (terms are short), with a final mix of the high bits.
 * A pure function of the term: memos of analyses may keep it next to their terms.
 */
export const hashTerm = (term: string): number => {
  let h = 0x811c9dc5 | 0
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193)
  return h ^ (h >>> 16)
}

/**
 * Key -> its first MAX_KEY_TERMS terms and their hashes, shared by all calls (a memo of a pure
 * function of the key), emptied when it grows past KEY_TERMS_MAX entries.
 */
const KEY_TERMS = new Map<string, KeyTerms>()
interface KeyTerms {
  readonly terms: ReadonlyArray<string>
  /** `hashTerm` of each term */
  readonly hashes: Int32Array
}
const KEY_TERMS_MAX = 50_000

// ---------------------------------------------------------------- the index

/**
 * The index of the state of the current call. Arrays are valid up to their counts only.
 */
export class StateIndex {
  readonly analyzer = new Analyzer()
  /** stamp of the current call: slots of the term table with another stamp are empty */
  private call = 0
  // the term table (see the module comment): per slot, its stamp, the term's hash and id
  private hMask = 255
  private hStamp = new Int32Array(256)
  private hHash = new Int32Array(256)
  private hId = new Int32Array(256)
  /** per call term: its hash (to rehash) */
  private termHash = new Int32Array(64)

  // vocabulary: local term ids, in order of first appearance in the state
  nTerms = 0
  /** terms of the call: the vocabulary [0, nTerms), then terms only queries use [nTerms, nCallTerms) */
  nCallTerms = 0
  readonly terms: Array<string> = []
  private numericTerm = new Uint8Array(64)
  /** per term: the last unit it was counted in, and its entry there (then: fill cursor) */
  private lastUnit = new Int32Array(64)
  private slot = new Int32Array(64)
  private df = new Int32Array(64)
  private occurrences = new Int32Array(64)
  private keyOccurrences = new Int32Array(64)
  // postings while building: one entry per (term, unit), in unit order
  private nEntries = 0
  private entryTerm = new Int32Array(64)
  private entryUnit = new Int32Array(64)
  private entryTf = new Int32Array(64)
  private entryNeg = new Int32Array(64)
  /** postings of term t: [unit, tf, negatedTf] triples in post[3 * postStart[t], 3 * postStart[t + 1]), units ascending */
  postStart = new Int32Array(64)
  post = new Int32Array(192)

  // units
  nUnits = 0
  avgLen = 1
  private totalTerms = 0
  /** number of terms in each unit (key path included) */
  unitLen = new Float64Array(64)
  /** signed sentiment of each unit and its number of sentiment words */
  unitPol = new Float64Array(64)
  unitPolCount = new Float64Array(64)
  /** group of each unit, or -1 */
  unitGroup = new Int32Array(64)
  /** units [groupStart[g], groupEnd[g]) form group g */
  nGroups = 0
  groupStart = new Int32Array(16)
  groupEnd = new Int32Array(16)
  /** units having a sentiment word */
  nPolar = 0
  polarUnits = new Int32Array(16)
  /** letter (non-numeric) terms in the whole state */
  words = 0
  /** total signed sentiment and sentiment words in the whole state */
  totalPol = 0
  totalPolCount = 0

  // units mentioning numbers (k-th numeric unit: numericUnits[k])
  nNumeric = 0
  numericUnits = new Int32Array(16)
  /** per unit: its index among numeric units, or -1 */
  unitNumeric = new Int32Array(64)
  /** numbers of numeric unit k: [numStart[k], numStart[k + 1]) of numPos (index in its tokens) / numValue */
  numStart = new Int32Array(16)
  numPos = new Int32Array(16)
  numValue = new Float64Array(16)
  private nNumbers = 0
  /** term ids of numeric unit k (key path included): tokens[tokStart[k], tokStart[k + 1]) */
  tokStart = new Int32Array(16)
  tokens = new Int32Array(64)
  private nTokens = 0

  /** non-empty arrays with a key, as counts: key path keyArena[arrKeyStart[i], + arrKeyLen[i]), own key last */
  nArrays = 0
  arrKeyStart = new Int32Array(8)
  arrKeyLen = new Int32Array(8)
  arrCount = new Float64Array(8)
  /** key paths (term ids) of the traversal, as (start, length) slices */
  keyArena = new Int32Array(64)
  private nKeyArena = 0

  // subtrees (candidate groups)
  private nNodes = 0
  private nodeStart = new Int32Array(16)
  private nodeEnd = new Int32Array(16)
  private nodeTerms = new Int32Array(16)
  private nodeParent = new Int32Array(16)

  private readonly sink = new TokenSink()

  /** Starts a new call: forgets the previous state. */
  reset(): void {
    if (++this.call === 0x7fffffff) {
      this.call = 1
      this.hStamp.fill(0)
    }
    if (KEY_TERMS.size > KEY_TERMS_MAX) KEY_TERMS.clear()
    this.nTerms = 0
    this.nCallTerms = 0
    this.nEntries = 0
    this.nUnits = 0
    this.totalTerms = 0
    this.nGroups = 0
    this.nPolar = 0
    this.words = 0
    this.totalPol = 0
    this.totalPolCount = 0
    this.nNumeric = 0
    this.nNumbers = 0
    this.nTokens = 0
    this.nArrays = 0
    this.nKeyArena = 0
    this.nNodes = 0
  }

  /** The local id of a term of the state, or -1. */
  idOf(term: string): number {
    const id = this.lookup(term, hashTerm(term))
    return id >= 0 && id < this.nTerms ? id : -1
  }

  /**
   * The call-local number of any term (once the state is built): its id for a term of the state,
   * else a number in [nTerms, nCallTerms) assigned on first use in this call.
   */
  termId(term: string, h: number = hashTerm(term)): number {
    const found = this.lookup(term, h)
    return found >= 0 ? found : this.insert(term, h, -1 - found)
  }

  /** The id of a term in the term table, or -1 - (the empty slot where it would go). */
  private lookup(term: string, h: number): number {
    const mask = this.hMask
    const stamps = this.hStamp
    const call = this.call
    for (let s = h & mask; ; s = (s + 1) & mask) {
      if (stamps[s] !== call) return -1 - s
      if (this.hHash[s] === h) {
        const id = this.hId[s]!
        if (this.terms[id] === term) return id
      }
    }
  }

  /** Numbers a new term (the next call term) in empty slot `at`; returns its id. */
  private insert(term: string, h: number, at: number): number {
    const id = this.nCallTerms++
    if (id < this.terms.length) this.terms[id] = term
    else this.terms.push(term)
    if (id === this.termHash.length) this.termHash = grow(this.termHash, new Int32Array(id * 2))
    this.termHash[id] = h
    this.hStamp[at] = this.call
    this.hHash[at] = h
    this.hId[at] = id
    if (2 * this.nCallTerms > this.hMask + 1) this.rehash()
    return id
  }

  /** Doubles the term table and re-inserts the terms of the call. */
  private rehash(): void {
    const size = 2 * (this.hMask + 1)
    const mask = size - 1
    const stamps = new Int32Array(size)
    const hashes = new Int32Array(size)
    const ids = new Int32Array(size)
    const call = this.call
    for (let id = 0; id < this.nCallTerms; id++) {
      const h = this.termHash[id]!
      let s = h & mask
      while (stamps[s] === call) s = (s + 1) & mask
      stamps[s] = call
      hashes[s] = h
      ids[s] = id
    }
    this.hMask = mask
    this.hStamp = stamps
    this.hHash = hashes
    this.hId = ids
  }

  /** Number of units a term occurs in. */
  docFreq(id: number): number {
    return this.postStart[id + 1]! - this.postStart[id]!
  }

  /** share of a term's occurrences that are keys above a value (where to look, not what is said) */
  keyShare(id: number): number {
    return this.occurrences[id]! === 0 ? 0 : this.keyOccurrences[id]! / this.occurrences[id]!
  }

  // ---------------------------------------------------------------- building

  /** The id of a term of the state being built (every call term is one of the state until `finish`). */
  private id(term: string, h: number = hashTerm(term)): number {
    const found = this.lookup(term, h)
    if (found >= 0) return found
    const id = this.insert(term, h, -1 - found)
    this.nTerms = id + 1
    if (id === this.lastUnit.length) {
      const size = id * 2
      this.numericTerm = grow(this.numericTerm, new Uint8Array(size))
      this.lastUnit = grow(this.lastUnit, new Int32Array(size))
      this.slot = grow(this.slot, new Int32Array(size))
      this.df = grow(this.df, new Int32Array(size))
      this.occurrences = grow(this.occurrences, new Int32Array(size))
      this.keyOccurrences = grow(this.keyOccurrences, new Int32Array(size))
    }
    const c = term.charCodeAt(0)
    this.numericTerm[id] = c >= 48 && c <= 57 ? 1 : 0
    this.lastUnit[id] = -1
    this.df[id] = 0
    this.occurrences[id] = 0
    this.keyOccurrences[id] = 0
    return id
  }

  private count(id: number, unit: number, neg: number): void {
    this.occurrences[id]++
    if (this.lastUnit[id] !== unit) {
      this.lastUnit[id] = unit
      const e = this.nEntries++
      if (e === this.entryTerm.length) {
        this.entryTerm = grow(this.entryTerm, new Int32Array(e * 2))
        this.entryUnit = grow(this.entryUnit, new Int32Array(e * 2))
        this.entryTf = grow(this.entryTf, new Int32Array(e * 2))
        this.entryNeg = grow(this.entryNeg, new Int32Array(e * 2))
      }
      this.slot[id] = e
      this.df[id]++
      this.entryTerm[e] = id
      this.entryUnit[e] = unit
      this.entryTf[e] = 1
      this.entryNeg[e] = neg
    } else {
      const e = this.slot[id]!
      this.entryTf[e]++
      this.entryNeg[e] += neg
    }
    if (this.numericTerm[id] === 0) this.words++
  }

  /** Appends the ids of a key's terms to the key arena; returns how many. */
  private pushKeyIds(key: string): number {
    let memo = KEY_TERMS.get(key)
    if (memo === undefined) {
      const sink = this.sink
      sink.reset()
      this.analyzer.analyze(key, sink, true)
      const terms = sink.terms.slice(0, Math.min(sink.length, MAX_KEY_TERMS))
      const hashes = new Int32Array(terms.length)
      for (let i = 0; i < terms.length; i++) hashes[i] = hashTerm(terms[i]!)
      memo = { terms, hashes }
      KEY_TERMS.set(key, memo)
    }
    const terms = memo.terms
    const hashes = memo.hashes
    const n = terms.length
    this.keyArena = ensureI32(this.keyArena, this.nKeyArena + n)
    for (let i = 0; i < n; i++) this.keyArena[this.nKeyArena + i] = this.id(terms[i]!, hashes[i]!)
    this.nKeyArena += n
    return n
  }

  /**
   * The key path of the children of a node: its ancestors' terms and its own, the most specific
   * MAX_PATH_TERMS kept (bounded work for deeply nested states). Written to the key arena; sets
   * `mergedStart` / `mergedLen`.
   */
  private mergedStart = 0
  private mergedLen = 0
  private mergeKeys(aStart: number, aLen: number, oStart: number, oLen: number): void {
    if (oLen === 0) {
      this.mergedStart = aStart
      this.mergedLen = aLen
      return
    }
    this.keyArena = ensureI32(this.keyArena, this.nKeyArena + aLen + oLen)
    const arena = this.keyArena
    const start = this.nKeyArena
    let n = start
    for (let i = aStart; i < aStart + aLen; i++) {
      const t = arena[i]!
      let inOwn = false
      for (let j = oStart; j < oStart + oLen; j++) {
        if (arena[j] === t) {
          inOwn = true
          break
        }
      }
      if (!inOwn) arena[n++] = t
    }
    for (let j = oStart; j < oStart + oLen; j++) arena[n++] = arena[j]!
    this.nKeyArena = n
    const len = n - start
    this.mergedStart = len > MAX_PATH_TERMS ? n - MAX_PATH_TERMS : start
    this.mergedLen = len > MAX_PATH_TERMS ? MAX_PATH_TERMS : len
  }

  /** Adds a unit made of a key path (ancestors + own key) + the terms [from, to) of `sink`. */
  addUnit(aStart: number, aLen: number, oStart: number, oLen: number, ownNegated: boolean, sink: TokenSink | null, from: number, to: number): void {
    const keyCount = aLen + oLen
    const len = keyCount + (sink === null ? 0 : to - from)
    if (len === 0) return
    const unit = this.nUnits
    if (unit === this.unitLen.length) {
      this.unitLen = grow(this.unitLen, new Float64Array(unit * 2))
      this.unitPol = grow(this.unitPol, new Float64Array(unit * 2))
      this.unitPolCount = grow(this.unitPolCount, new Float64Array(unit * 2))
      this.unitNumeric = grow(this.unitNumeric, new Int32Array(unit * 2))
    }
    const arena = this.keyArena
    for (let i = aStart; i < aStart + aLen; i++) {
      const id = arena[i]!
      this.count(id, unit, 0)
      this.keyOccurrences[id]++
    }
    const ownNeg = ownNegated ? 1 : 0
    for (let i = oStart; i < oStart + oLen; i++) {
      const id = arena[i]!
      this.count(id, unit, ownNeg)
      // the key of a flag (`paid: false`) is what the value is about, not where to look
      if (sink !== null) this.keyOccurrences[id]++
    }
    let pol = 0
    let polCount = 0
    this.unitNumeric[unit] = -1
    if (sink !== null) {
      let hasNumbers = false
      for (let k = 0; k < sink.nNumbers; k++) {
        const pos = sink.numberPos[k]!
        if (pos >= from && pos < to) {
          hasNumbers = true
          break
        }
      }
      let tok = this.nTokens
      if (hasNumbers) {
        // the unit's term ids, for proximity between a subject and a number
        this.tokens = ensureI32(this.tokens, tok + len)
        for (let i = aStart; i < aStart + aLen; i++) this.tokens[tok++] = arena[i]!
        for (let i = oStart; i < oStart + oLen; i++) this.tokens[tok++] = arena[i]!
      }
      for (let i = from; i < to; i++) {
        const id = this.id(sink.terms[i]!)
        if (hasNumbers) this.tokens[tok++] = id
        this.count(id, unit, sink.neg[i]!)
        const p = sink.polarity[i]!
        if (p !== 0) {
          pol += p
          polCount++
        }
      }
      if (hasNumbers) this.addNumericUnit(unit, sink, from, to, keyCount, tok)
    }
    this.unitLen[unit] = len
    this.unitPol[unit] = pol
    this.unitPolCount[unit] = polCount
    this.nUnits = unit + 1
    this.totalTerms += len
  }

  private addNumericUnit(unit: number, sink: TokenSink, from: number, to: number, keyCount: number, tokensEnd: number): void {
    const k = this.nNumeric++
    this.numericUnits = ensureI32(this.numericUnits, k + 1)
    this.numStart = ensureI32(this.numStart, k + 2)
    this.tokStart = ensureI32(this.tokStart, k + 2)
    this.unitNumeric[unit] = k
    this.numStart[k] = this.nNumbers
    this.numPos = ensureI32(this.numPos, this.nNumbers + sink.nNumbers)
    this.numValue = ensureF64(this.numValue, this.nNumbers + sink.nNumbers)
    for (let j = 0; j < sink.nNumbers; j++) {
      const pos = sink.numberPos[j]!
      if (pos >= from && pos < to) {
        this.numPos[this.nNumbers] = pos - from + keyCount
        this.numValue[this.nNumbers++] = sink.numberValue[j]!
      }
    }
    this.numStart[k + 1] = this.nNumbers
    this.numericUnits[k] = unit
    this.tokStart[k] = this.nTokens
    this.tokStart[k + 1] = tokensEnd
    this.nTokens = tokensEnd
  }

  private openNode(parent: number): number {
    const node = this.nNodes++
    if (node === this.nodeStart.length) {
      this.nodeStart = grow(this.nodeStart, new Int32Array(node * 2))
      this.nodeEnd = grow(this.nodeEnd, new Int32Array(node * 2))
      this.nodeTerms = grow(this.nodeTerms, new Int32Array(node * 2))
      this.nodeParent = grow(this.nodeParent, new Int32Array(node * 2))
    }
    this.nodeStart[node] = this.nUnits
    this.nodeEnd[node] = this.nUnits
    this.nodeTerms[node] = this.totalTerms
    this.nodeParent[node] = parent
    return node
  }

  private closeNode(node: number): void {
    this.nodeEnd[node] = this.nUnits
    this.nodeTerms[node] = this.totalTerms - this.nodeTerms[node]!
  }

  private addString(value: string, aStart: number, aLen: number, oStart: number, oLen: number, parent: number): void {
    if (oLen > 0 && value.length <= 12) {
      const trimmed = value.trim().toLowerCase()
      if (NEGATIVE_VALUES.has(trimmed) || trimmed.length === 0) return this.addUnit(aStart, aLen, oStart, oLen, trimmed.length > 0, null, 0, 0)
      if (POSITIVE_VALUES.has(trimmed)) return this.addUnit(aStart, aLen, oStart, oLen, false, null, 0, 0)
    }
    const sink = this.sink
    sink.reset()
    this.analyzer.analyze(value, sink)
    const n = sink.length
    if (n <= MAX_UNIT_TERMS) return this.addUnit(aStart, aLen, oStart, oLen, false, sink, 0, n)
    // a long text: windows of whole sentences, grouped like a record
    const node = this.openNode(parent)
    let start = 0
    let prev = 0
    for (let i = 0; i <= sink.nBreaks; i++) {
      const b = i < sink.nBreaks ? sink.breaks[i]! : n
      if (b <= prev || b > n) continue
      if (b - start > WINDOW_TERMS && prev > start) {
        this.addWindowed(aStart, aLen, oStart, oLen, sink, start, prev)
        start = prev
      }
      prev = b
    }
    this.addWindowed(aStart, aLen, oStart, oLen, sink, start, n)
    this.closeNode(node)
  }

  private addWindowed(aStart: number, aLen: number, oStart: number, oLen: number, sink: TokenSink, from: number, to: number): void {
    for (let s = from; s < to; s += MAX_UNIT_TERMS) this.addUnit(aStart, aLen, oStart, oLen, false, sink, s, Math.min(to, s + MAX_UNIT_TERMS))
  }

  private addNumber(value: number, aStart: number, aLen: number, oStart: number, oLen: number): void {
    if (!Number.isFinite(value)) return this.addUnit(aStart, aLen, oStart, oLen, false, null, 0, 0)
    const sink = this.sink
    sink.reset()
    sink.push(String(Math.abs(value)), 0, 0)
    sink.pushNumber(0, value)
    this.addUnit(aStart, aLen, oStart, oLen, false, sink, 0, 1)
  }

  // ---------------------------------------------------------------- traversal

  // Pending containers, depth first: a "value" frame is a container to visit with its key path
  // and parent node; an "exit" frame closes `node` once its nested containers are done.
  private nFrames = 0
  private readonly frameValue: Array<unknown> = []
  private frameExit = new Uint8Array(16)
  private frameA = new Int32Array(16) // ancestors start, or the node of an exit frame
  private frameAL = new Int32Array(16)
  private frameO = new Int32Array(16)
  private frameOL = new Int32Array(16)
  private frameParent = new Int32Array(16)

  private pushFrame(value: unknown, exit: boolean, a: number, aLen: number, o: number, oLen: number, parent: number): void {
    const f = this.nFrames++
    if (f === this.frameExit.length) {
      this.frameExit = grow(this.frameExit, new Uint8Array(f * 2))
      this.frameA = grow(this.frameA, new Int32Array(f * 2))
      this.frameAL = grow(this.frameAL, new Int32Array(f * 2))
      this.frameO = grow(this.frameO, new Int32Array(f * 2))
      this.frameOL = grow(this.frameOL, new Int32Array(f * 2))
      this.frameParent = grow(this.frameParent, new Int32Array(f * 2))
    }
    if (f < this.frameValue.length) this.frameValue[f] = value
    else this.frameValue.push(value)
    this.frameExit[f] = exit ? 1 : 0
    this.frameA[f] = a
    this.frameAL[f] = aLen
    this.frameO[f] = o
    this.frameOL[f] = oLen
    this.frameParent[f] = parent
  }

  // Containers on the current path (a cycle is not JSON: its back edge is ignored). Small depths
  // are scanned; past PATH_SCAN_MAX a Set takes over for the rest of the call.
  private nPath = 0
  private readonly path: Array<object | null> = []
  private pathSet: Set<object> | null = null

  private onPath(value: object): boolean {
    if (this.pathSet !== null) return this.pathSet.has(value)
    for (let i = 0; i < this.nPath; i++) if (this.path[i] === value) return true
    return false
  }

  private enterPath(value: object): void {
    if (this.nPath < this.path.length) this.path[this.nPath] = value
    else this.path.push(value)
    this.nPath++
    if (this.pathSet !== null) this.pathSet.add(value)
    else if (this.nPath > PATH_SCAN_MAX) this.pathSet = new Set(this.path.slice(0, this.nPath) as Array<object>)
  }

  private exitPath(value: object): void {
    this.nPath--
    this.path[this.nPath] = null // the state is not kept past its call
    if (this.pathSet !== null) this.pathSet.delete(value)
  }

  /** Indexes a scalar now, or returns false for a container (to visit through the stack). */
  private scalar(value: unknown, a: number, aLen: number, o: number, oLen: number, parent: number): boolean {
    switch (typeof value) {
      case "string":
        this.addString(value, a, aLen, o, oLen, parent)
        return true
      case "number":
        this.addNumber(value, a, aLen, o, oLen)
        return true
      case "bigint":
        this.addNumber(Number(value), a, aLen, o, oLen)
        return true
      case "boolean":
        this.addUnit(a, aLen, o, oLen, !value, null, 0, 0)
        return true
      case "object":
        if (value === null) this.addUnit(a, aLen, o, oLen, true, null, 0, 0)
        return value === null
      default:
        return true // undefined, functions, symbols: not JSON, ignored
    }
  }

  /**
   * Visits a container: its scalars now, its nested containers later (pushed on the stack above
   * the frame that closes this node, first child on top).
   */
  private container(value: object, a: number, aLen: number, o: number, oLen: number, parent: number): void {
    if (this.onPath(value)) return
    const base = this.nFrames
    // reserve the exit frame below the nested ones
    this.pushFrame(null, true, 0, 0, 0, 0, 0)
    let node = -1
    if (Array.isArray(value)) {
      if (value.length > 0 && oLen > 0) {
        this.mergeKeys(a, aLen, o, oLen)
        const i = this.nArrays++
        this.arrKeyStart = ensureI32(this.arrKeyStart, i + 1)
        this.arrKeyLen = ensureI32(this.arrKeyLen, i + 1)
        this.arrCount = ensureF64(this.arrCount, i + 1)
        this.arrKeyStart[i] = this.mergedStart
        this.arrKeyLen[i] = this.mergedLen
        this.arrCount[i] = value.length
      }
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue
        if (node < 0) node = this.open(value, parent)
        if (!this.scalar(item, a, aLen, o, oLen, node)) this.pushFrame(item, false, a, aLen, o, oLen, node)
      }
    } else {
      const obj = value as Record<string, unknown>
      const names = sortedKeys(obj)
      let merged = false
      for (let i = 0; i < names.length; i++) {
        const k = names[i]!
        const item = obj[k]
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue
        if (!merged) {
          this.mergeKeys(a, aLen, o, oLen)
          merged = true
        }
        const ownStart = this.nKeyArena
        const ownLen = this.pushKeyIds(k)
        if (node < 0) node = this.open(value, parent)
        if (!this.scalar(item, this.mergedStart, this.mergedLen, ownStart, ownLen, node)) {
          this.pushFrame(item, false, this.mergedStart, this.mergedLen, ownStart, ownLen, node)
        }
      }
    }
    if (node < 0) {
      // [] and {}: the field is present but empty
      this.nFrames = base
      this.frameValue[base] = null
      this.addUnit(a, aLen, o, oLen, true, null, 0, 0)
      return
    }
    this.frameValue[base] = value
    this.frameA[base] = node
    // scalars of this container come first, then nested containers in order
    for (let i = base + 1, j = this.nFrames - 1; i < j; i++, j--) this.swapFrames(i, j)
  }

  private open(value: object, parent: number): number {
    const node = this.openNode(parent)
    this.enterPath(value)
    return node
  }

  private swapFrames(i: number, j: number): void {
    const v = this.frameValue[i]
    this.frameValue[i] = this.frameValue[j]
    this.frameValue[j] = v
    swap(this.frameExit, i, j)
    swap(this.frameA, i, j)
    swap(this.frameAL, i, j)
    swap(this.frameO, i, j)
    swap(this.frameOL, i, j)
    swap(this.frameParent, i, j)
  }

  /** Indexes a state (any JSON value; other values are read as JSON would see them). */
  build(state: unknown): void {
    this.reset()
    this.nFrames = 0
    this.nPath = 0
    this.pathSet = null
    if (!this.scalar(state, 0, 0, 0, 0, -1)) this.container(state as object, 0, 0, 0, 0, -1)
    while (this.nFrames > 0) {
      const f = --this.nFrames
      const value = this.frameValue[f] as object
      this.frameValue[f] = null
      if (this.frameExit[f] === 1) {
        this.closeNode(this.frameA[f]!)
        this.exitPath(value)
      } else {
        this.container(value, this.frameA[f]!, this.frameAL[f]!, this.frameO[f]!, this.frameOL[f]!, this.frameParent[f]!)
      }
    }
    this.pathSet = null
    this.finish()
  }

  private finish(): void {
    const nUnits = this.nUnits
    this.avgLen = nUnits === 0 ? 1 : this.totalTerms / nUnits
    // groups
    this.unitGroup = ensureI32(this.unitGroup, nUnits)
    this.unitGroup.fill(-1, 0, nUnits)
    for (let node = 0; node < this.nNodes; node++) {
      const size = this.nodeTerms[node]!
      const units = this.nodeEnd[node]! - this.nodeStart[node]!
      if (size > GROUP_MAX_TERMS || units < 2) continue
      const parent = this.nodeParent[node]!
      if (parent >= 0 && this.nodeTerms[parent]! <= GROUP_MAX_TERMS) continue
      const g = this.nGroups++
      this.groupStart = ensureI32(this.groupStart, g + 1)
      this.groupEnd = ensureI32(this.groupEnd, g + 1)
      this.groupStart[g] = this.nodeStart[node]!
      this.groupEnd[g] = this.nodeEnd[node]!
      for (let u = this.nodeStart[node]!; u < this.nodeEnd[node]!; u++) this.unitGroup[u] = g
    }
    // sentiment
    let totalPol = 0
    let totalPolCount = 0
    for (let u = 0; u < nUnits; u++) {
      if (this.unitPolCount[u]! > 0) {
        this.polarUnits = ensureI32(this.polarUnits, this.nPolar + 1)
        this.polarUnits[this.nPolar++] = u
        totalPol += this.unitPol[u]!
        totalPolCount += this.unitPolCount[u]!
      }
    }
    this.totalPol = totalPol
    this.totalPolCount = totalPolCount
    // postings, term by term (entries are in unit order, so each list is ascending)
    const nTerms = this.nTerms
    this.postStart = ensureI32(this.postStart, nTerms + 1)
    const cursor = this.slot
    let at = 0
    for (let t = 0; t < nTerms; t++) {
      this.postStart[t] = at
      cursor[t] = at
      at += this.df[t]!
    }
    this.postStart[nTerms] = at
    this.post = ensureI32(this.post, 3 * at)
    const post = this.post
    for (let e = 0; e < this.nEntries; e++) {
      const p = 3 * cursor[this.entryTerm[e]!]!++
      post[p] = this.entryUnit[e]!
      post[p + 1] = this.entryTf[e]!
      post[p + 2] = this.entryNeg[e]!
    }
  }
}

const swap = (a: Int32Array | Uint8Array, i: number, j: number): void => {
  const x = a[i]!
  a[i] = a[j]!
  a[j] = x
}

/**
 * Object.keys(obj).sort(), without the sort's scratch allocation for small records. Keys are
 * distinct strings, so an insertion sort by code units gives exactly the order of `sort()`.
 */
const sortedKeys = (obj: object): Array<string> => {
  const names = Object.keys(obj)
  if (names.length > 16) return names.sort()
  for (let i = 1; i < names.length; i++) {
    const k = names[i]!
    let j = i - 1
    while (j >= 0 && names[j]! > k) {
      names[j + 1] = names[j]!
      j--
    }
    names[j + 1] = k
  }
  return names
}

/** The one index, rebuilt by every call (see the module comment). */
const INDEX = new StateIndex()

/** Builds the index of a state (any JSON value; other values are read as JSON would see them). */
export const buildStateIndex = (state: unknown): StateIndex => {
  INDEX.build(state)
  return INDEX
}
