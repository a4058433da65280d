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
 */
import { Analyzer, NEGATIVE_VALUES, POSITIVE_VALUES, newSink, trigrams, type TokenSink } from "./text.js"

/** Units longer than this (in terms) are split into sentence windows. */
const MAX_UNIT_TERMS = 60
/** Target size of a sentence window. */
const WINDOW_TERMS = 40
/** Largest subtree (in terms) that still forms a group. */
const GROUP_MAX_TERMS = 160
/** Terms kept from one key, and from a whole key path. */
const MAX_KEY_TERMS = 12
const MAX_PATH_TERMS = 16

export interface Posting {
  /** flattened [unit, tf, negatedTf] triples, units ascending */
  readonly data: Array<number>
}

/** An array of the state, as a count ("Are there more than 2 attachments?"). */
export interface ArrayCount {
  /** term ids of its key path, its own key last */
  readonly keys: ReadonlyArray<number>
  readonly count: number
}

export interface NumberMention {
  /** index of the number within the unit's term ids */
  readonly pos: number
  readonly value: number
}

export interface StateIndex {
  readonly analyzer: Analyzer
  readonly nUnits: number
  readonly avgLen: number
  /** number of terms in each unit (key path included) */
  readonly unitLen: Float64Array
  /** group of each unit, or -1 */
  readonly unitGroup: Int32Array
  readonly nGroups: number
  /** units [groupStart[g], groupEnd[g]) form group g */
  readonly groupStart: Int32Array
  readonly groupEnd: Int32Array
  readonly vocab: ReadonlyMap<string, number>
  readonly terms: ReadonlyArray<string>
  readonly postings: ReadonlyArray<Posting>
  /** signed sentiment of each unit and its number of sentiment words */
  readonly unitPol: Float64Array
  readonly unitPolCount: Float64Array
  /** units having a sentiment word */
  readonly polarUnits: Int32Array
  /** units mentioning numbers, with their term ids (for proximity) and numbers */
  readonly numericUnits: ReadonlyArray<number>
  readonly unitTokens: ReadonlyMap<number, Int32Array>
  readonly unitNumbers: ReadonlyMap<number, ReadonlyArray<NumberMention>>
  /** non-empty arrays with a key, as counts */
  readonly arrays: ReadonlyArray<ArrayCount>
  /** letter (non-numeric) terms in the whole state */
  readonly words: number
  /** total signed sentiment and sentiment words in the whole state */
  readonly totalPol: number
  readonly totalPolCount: number
  /** share of a term's occurrences that are keys above a value (where to look, not what is said) */
  keyShare(id: number): number
  /** vocabulary terms sharing a trigram (built on first use) */
  trigramIndex(): ReadonlyMap<number, ReadonlyArray<number>>
}

interface KeyContext {
  /** term ids of every key above the leaf's own key, deduplicated */
  readonly ancestors: ReadonlyArray<number>
  /** term ids of the leaf's own key (an array element inherits the array's key) */
  readonly own: ReadonlyArray<number>
}

type Frame =
  | { readonly kind: "value"; readonly value: unknown; readonly keys: KeyContext; readonly parent: number }
  | { readonly kind: "exit"; readonly node: number; readonly value: object }

const ROOT_KEYS: KeyContext = { ancestors: [], own: [] }

const isDigitStart = (t: string): boolean => {
  const c = t.charCodeAt(0)
  return c >= 48 && c <= 57
}

class Builder {
  readonly analyzer = new Analyzer()
  readonly vocab = new Map<string, number>()
  readonly terms: Array<string> = []
  readonly numericTerm: Array<boolean> = []
  readonly postings: Array<Posting> = []
  /** per term: the last unit it was counted in, and where that unit's entry is in its postings */
  private readonly lastUnit: Array<number> = []
  private readonly slot: Array<number> = []
  readonly occurrences: Array<number> = []
  readonly keyOccurrences: Array<number> = []
  readonly unitLen: Array<number> = []
  readonly unitPol: Array<number> = []
  readonly unitPolCount: Array<number> = []
  readonly unitTokens = new Map<number, Int32Array>()
  readonly unitNumbers = new Map<number, ReadonlyArray<NumberMention>>()
  readonly numericUnits: Array<number> = []
  readonly arrays: Array<ArrayCount> = []
  readonly nodeStart: Array<number> = []
  readonly nodeEnd: Array<number> = []
  readonly nodeTerms: Array<number> = []
  readonly nodeParent: Array<number> = []
  private readonly keyCache = new Map<string, ReadonlyArray<number>>()
  private readonly sink = newSink()
  private readonly scratchIds: Array<number> = []
  totalTerms = 0
  words = 0

  keyIds(key: string): ReadonlyArray<number> {
    let ids = this.keyCache.get(key)
    if (ids === undefined) {
      const sink = newSink()
      this.analyzer.analyze(key, sink, true)
      ids = sink.terms.slice(0, MAX_KEY_TERMS).map((t) => this.id(t))
      this.keyCache.set(key, ids)
    }
    return ids
  }

  id(term: string): number {
    let id = this.vocab.get(term)
    if (id === undefined) {
      id = this.terms.length
      this.vocab.set(term, id)
      this.terms.push(term)
      this.numericTerm.push(isDigitStart(term))
      this.postings.push({ data: [] })
      this.lastUnit.push(-1)
      this.slot.push(0)
      this.occurrences.push(0)
      this.keyOccurrences.push(0)
    }
    return id
  }

  private count(id: number, unit: number, neg: number): void {
    this.occurrences[id]++
    const data = this.postings[id]!.data
    if (this.lastUnit[id] !== unit) {
      this.lastUnit[id] = unit
      this.slot[id] = data.length
      data.push(unit, 1, neg)
    } else {
      const at = this.slot[id]!
      data[at + 1]++
      data[at + 2] += neg
    }
    if (!this.numericTerm[id]) this.words++
  }

  /** Adds a unit made of key terms + the terms [from, to) of `sink`. */
  addUnit(keys: KeyContext, ownNegated: boolean, sink: TokenSink | null, from: number, to: number): void {
    const keyCount = keys.ancestors.length + keys.own.length
    const len = keyCount + (sink === null ? 0 : to - from)
    if (len === 0) return
    const unit = this.unitLen.length
    for (const id of keys.ancestors) {
      this.count(id, unit, 0)
      this.keyOccurrences[id]++
    }
    const ownNeg = ownNegated ? 1 : 0
    for (const id of keys.own) {
      this.count(id, unit, ownNeg)
      // the key of a flag (`paid: false`) is what the value is about, not where to look
      if (sink !== null) this.keyOccurrences[id]++
    }
    let pol = 0
    let polCount = 0
    let hasNumbers = false
    if (sink !== null) {
      for (const n of sink.numbers) {
        if (n.pos >= from && n.pos < to) {
          hasNumbers = true
          break
        }
      }
      const ids = this.scratchIds
      ids.length = 0
      for (let i = from; i < to; i++) {
        const id = this.id(sink.terms[i]!)
        if (hasNumbers) ids.push(id)
        this.count(id, unit, sink.neg[i]!)
        const p = sink.polarity[i]!
        if (p !== 0) {
          pol += p
          polCount++
        }
      }
      if (hasNumbers) {
        const numbers: Array<NumberMention> = []
        for (const n of sink.numbers) if (n.pos >= from && n.pos < to) numbers.push({ pos: n.pos - from + keyCount, value: n.value })
        this.numericUnits.push(unit)
        this.unitNumbers.set(unit, numbers)
        const tokens = new Int32Array(keyCount + ids.length)
        tokens.set(keys.ancestors, 0)
        tokens.set(keys.own, keys.ancestors.length)
        tokens.set(ids, keyCount)
        this.unitTokens.set(unit, tokens)
      }
    }
    this.unitLen.push(len)
    this.unitPol.push(pol)
    this.unitPolCount.push(polCount)
    this.totalTerms += len
  }

  openNode(parent: number): number {
    const node = this.nodeStart.length
    this.nodeStart.push(this.unitLen.length)
    this.nodeEnd.push(this.unitLen.length)
    this.nodeTerms.push(this.totalTerms)
    this.nodeParent.push(parent)
    return node
  }

  closeNode(node: number): void {
    this.nodeEnd[node] = this.unitLen.length
    this.nodeTerms[node] = this.totalTerms - this.nodeTerms[node]!
  }

  addString(value: string, keys: KeyContext, parent: number): void {
    if (keys.own.length > 0 && value.length <= 12) {
      const trimmed = value.trim().toLowerCase()
      if (NEGATIVE_VALUES.has(trimmed) || trimmed.length === 0) return this.addUnit(keys, trimmed.length > 0, null, 0, 0)
      if (POSITIVE_VALUES.has(trimmed)) return this.addUnit(keys, false, null, 0, 0)
    }
    const sink = this.sink
    resetSink(sink)
    this.analyzer.analyze(value, sink)
    const n = sink.terms.length
    if (n <= MAX_UNIT_TERMS) return this.addUnit(keys, false, sink, 0, n)
    // a long text: windows of whole sentences, grouped like a record
    const node = this.openNode(parent)
    let start = 0
    let prev = 0
    for (let i = 0; i <= sink.breaks.length; i++) {
      const b = i < sink.breaks.length ? sink.breaks[i]! : n
      if (b <= prev || b > n) continue
      if (b - start > WINDOW_TERMS && prev > start) {
        this.addWindowed(keys, sink, start, prev)
        start = prev
      }
      prev = b
    }
    this.addWindowed(keys, sink, start, n)
    this.closeNode(node)
  }

  private addWindowed(keys: KeyContext, sink: TokenSink, from: number, to: number): void {
    for (let s = from; s < to; s += MAX_UNIT_TERMS) this.addUnit(keys, false, sink, s, Math.min(to, s + MAX_UNIT_TERMS))
  }

  addNumber(value: number, keys: KeyContext): void {
    if (!Number.isFinite(value)) return this.addUnit(keys, false, null, 0, 0)
    const sink = this.sink
    resetSink(sink)
    sink.terms.push(String(Math.abs(value)))
    sink.neg.push(0)
    sink.polarity.push(0)
    sink.numbers.push({ pos: 0, value })
    this.addUnit(keys, false, sink, 0, 1)
  }
}

const resetSink = (sink: TokenSink): void => {
  sink.terms.length = 0
  sink.neg.length = 0
  sink.numbers.length = 0
  sink.breaks.length = 0
  sink.polarity.length = 0
  sink.words = 0
}

/** The key path of the children of a node: its ancestors' terms and its own, the most specific
 * MAX_PATH_TERMS kept (bounded work for deeply nested states). */
const mergeKeys = (keys: KeyContext): ReadonlyArray<number> => {
  if (keys.own.length === 0) return keys.ancestors
  const out = keys.ancestors.filter((t) => !keys.own.includes(t))
  out.push(...keys.own)
  return out.length > MAX_PATH_TERMS ? out.slice(out.length - MAX_PATH_TERMS) : out
}

/** Builds the index of a state (any JSON value; other values are read as JSON would see them). */
export const buildStateIndex = (state: unknown): StateIndex => {
  const b = new Builder()
  const stack: Array<Frame> = []
  const onPath = new Set<object>()
  /** Indexes a scalar now, or returns false for a container (to visit through the stack). */
  const scalar = (value: unknown, keys: KeyContext, parent: number): boolean => {
    switch (typeof value) {
      case "string":
        b.addString(value, keys, parent)
        return true
      case "number":
        b.addNumber(value, keys)
        return true
      case "bigint":
        b.addNumber(Number(value), keys)
        return true
      case "boolean":
        b.addUnit(keys, !value, null, 0, 0)
        return true
      case "object":
        if (value === null) b.addUnit(keys, true, null, 0, 0)
        return value === null
      default:
        return true // undefined, functions, symbols: not JSON, ignored
    }
  }
  const container = (value: object, keys: KeyContext, parent: number): void => {
    if (onPath.has(value)) return // a cycle (not JSON): ignore the back edge
    const nested: Array<Frame> = []
    let node = -1
    const open = (): number => {
      if (node < 0) {
        node = b.openNode(parent)
        onPath.add(value)
      }
      return node
    }
    if (Array.isArray(value)) {
      if (value.length > 0 && keys.own.length > 0) b.arrays.push({ keys: mergeKeys(keys), count: value.length })
      for (const item of value) {
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue
        if (!scalar(item, keys, open())) nested.push({ kind: "value", value: item, keys, parent: open() })
      }
    } else {
      const obj = value as Record<string, unknown>
      const names = Object.keys(obj).sort()
      let merged: ReadonlyArray<number> | null = null
      for (const k of names) {
        const item = obj[k]
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue
        const childKeys: KeyContext = { ancestors: (merged ??= mergeKeys(keys)), own: b.keyIds(k) }
        if (!scalar(item, childKeys, open())) nested.push({ kind: "value", value: item, keys: childKeys, parent: open() })
      }
    }
    if (node < 0) {
      // [] and {}: the field is present but empty
      b.addUnit(keys, true, null, 0, 0)
      return
    }
    // scalars of this container come first, then nested containers in order
    stack.push({ kind: "exit", node, value })
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!)
  }
  if (!scalar(state, ROOT_KEYS, -1)) container(state as object, ROOT_KEYS, -1)
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.kind === "exit") {
      b.closeNode(frame.node)
      onPath.delete(frame.value)
    } else {
      container(frame.value as object, frame.keys, frame.parent)
    }
  }
  return finish(b)
}

const finish = (b: Builder): StateIndex => {
  const nUnits = b.unitLen.length
  const unitGroup = new Int32Array(nUnits).fill(-1)
  const starts: Array<number> = []
  const ends: Array<number> = []
  for (let node = 0; node < b.nodeStart.length; node++) {
    const size = b.nodeTerms[node]!
    const units = b.nodeEnd[node]! - b.nodeStart[node]!
    if (size > GROUP_MAX_TERMS || units < 2) continue
    const parent = b.nodeParent[node]!
    if (parent >= 0 && b.nodeTerms[parent]! <= GROUP_MAX_TERMS) continue
    const g = starts.length
    starts.push(b.nodeStart[node]!)
    ends.push(b.nodeEnd[node]!)
    for (let u = b.nodeStart[node]!; u < b.nodeEnd[node]!; u++) unitGroup[u] = g
  }
  const polar: Array<number> = []
  let totalPol = 0
  let totalPolCount = 0
  for (let u = 0; u < nUnits; u++) {
    if (b.unitPolCount[u]! > 0) {
      polar.push(u)
      totalPol += b.unitPol[u]!
      totalPolCount += b.unitPolCount[u]!
    }
  }
  let trigramIndex: Map<number, Array<number>> | null = null
  const terms = b.terms
  return {
    analyzer: b.analyzer,
    nUnits,
    avgLen: nUnits === 0 ? 1 : b.totalTerms / nUnits,
    unitLen: Float64Array.from(b.unitLen),
    unitGroup,
    nGroups: starts.length,
    groupStart: Int32Array.from(starts),
    groupEnd: Int32Array.from(ends),
    vocab: b.vocab,
    terms,
    postings: b.postings,
    unitPol: Float64Array.from(b.unitPol),
    unitPolCount: Float64Array.from(b.unitPolCount),
    polarUnits: Int32Array.from(polar),
    numericUnits: b.numericUnits,
    unitTokens: b.unitTokens,
    unitNumbers: b.unitNumbers,
    arrays: b.arrays,
    words: b.words,
    totalPol,
    totalPolCount,
    keyShare: (id) => (b.occurrences[id]! === 0 ? 0 : b.keyOccurrences[id]! / b.occurrences[id]!),
    trigramIndex: () => {
      if (trigramIndex === null) {
        trigramIndex = new Map()
        for (let id = 0; id < terms.length; id++) {
          const t = terms[id]!
          if (t.length < 4 || isDigitStart(t)) continue
          for (const g of trigrams(t)) {
            let list = trigramIndex.get(g)
            if (list === undefined) trigramIndex.set(g, (list = []))
            list.push(id)
          }
        }
      }
      return trigramIndex
    }
  }
}
