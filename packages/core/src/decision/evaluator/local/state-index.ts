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

export interface Posting {
  /** flattened [unit, tf, negatedTf] triples, units ascending */
  readonly data: Array<number>
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
  /** letter (non-numeric) terms in the whole state */
  readonly words: number
  /** total signed sentiment and sentiment words in the whole state */
  readonly totalPol: number
  readonly totalPolCount: number
  /** vocabulary terms sharing a trigram (built on first use) */
  trigramIndex(): ReadonlyMap<string, ReadonlyArray<number>>
}

interface KeyContext {
  /** terms of every key above the leaf's own key, deduplicated */
  readonly ancestors: ReadonlyArray<string>
  /** terms of the leaf's own key (an array element inherits the array's key) */
  readonly own: ReadonlyArray<string>
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
  readonly postings: Array<Posting> = []
  readonly unitLen: Array<number> = []
  readonly unitPol: Array<number> = []
  readonly unitPolCount: Array<number> = []
  readonly unitTokens = new Map<number, Int32Array>()
  readonly unitNumbers = new Map<number, ReadonlyArray<NumberMention>>()
  readonly numericUnits: Array<number> = []
  readonly nodeStart: Array<number> = []
  readonly nodeEnd: Array<number> = []
  readonly nodeTerms: Array<number> = []
  readonly nodeParent: Array<number> = []
  private readonly keyCache = new Map<string, ReadonlyArray<string>>()
  totalTerms = 0
  words = 0

  keyTerms(key: string): ReadonlyArray<string> {
    let t = this.keyCache.get(key)
    if (t === undefined) {
      const sink = newSink()
      this.analyzer.analyze(key, sink, true)
      t = sink.terms
      this.keyCache.set(key, t)
    }
    return t
  }

  id(term: string): number {
    let id = this.vocab.get(term)
    if (id === undefined) {
      id = this.terms.length
      this.vocab.set(term, id)
      this.terms.push(term)
      this.postings.push({ data: [] })
    }
    return id
  }

  /** Adds a unit made of key terms + the terms [from, to) of `sink`. */
  addUnit(keys: KeyContext, ownNegated: boolean, sink: TokenSink | null, from: number, to: number): void {
    const unit = this.unitLen.length
    const ids: Array<number> = []
    const negs: Array<number> = []
    for (const t of keys.ancestors) {
      ids.push(this.id(t))
      negs.push(0)
    }
    for (const t of keys.own) {
      ids.push(this.id(t))
      negs.push(ownNegated ? 1 : 0)
    }
    const keyCount = ids.length
    let pol = 0
    let polCount = 0
    let numbers: Array<NumberMention> | null = null
    if (sink !== null) {
      for (let i = from; i < to; i++) {
        ids.push(this.id(sink.terms[i]!))
        negs.push(sink.neg[i]!)
        const p = sink.polarity[i]!
        if (p !== 0) {
          pol += p
          polCount++
        }
      }
      for (const n of sink.numbers) {
        if (n.pos >= from && n.pos < to) (numbers ??= []).push({ pos: n.pos - from + keyCount, value: n.value })
      }
    }
    if (ids.length === 0) return
    let words = 0
    // term id -> [tf, negated tf], in first-occurrence order
    const counts = new Map<number, [number, number]>()
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!
      const c = counts.get(id)
      if (c === undefined) counts.set(id, [1, negs[i]!])
      else {
        c[0]++
        c[1] += negs[i]!
      }
      if (!isDigitStart(this.terms[id]!)) words++
    }
    for (const [id, [tf, neg]] of counts) this.postings[id]!.data.push(unit, tf, neg)
    this.unitLen.push(ids.length)
    this.unitPol.push(pol)
    this.unitPolCount.push(polCount)
    if (numbers !== null) {
      this.numericUnits.push(unit)
      this.unitNumbers.set(unit, numbers)
      this.unitTokens.set(unit, Int32Array.from(ids))
    }
    this.totalTerms += ids.length
    this.words += words
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
    const trimmed = value.trim().toLowerCase()
    if (keys.own.length > 0 && trimmed.length <= 9) {
      if (NEGATIVE_VALUES.has(trimmed) || trimmed.length === 0) return this.addUnit(keys, trimmed.length > 0, null, 0, 0)
      if (POSITIVE_VALUES.has(trimmed)) return this.addUnit(keys, false, null, 0, 0)
    }
    const sink = newSink()
    this.analyzer.analyze(value, sink)
    const n = sink.terms.length
    if (n <= MAX_UNIT_TERMS) return this.addUnit(keys, false, sink, 0, n)
    // a long text: windows of whole sentences, grouped like a record
    const node = this.openNode(parent)
    const bounds = [...sink.breaks.filter((b) => b > 0 && b < n), n]
    let start = 0
    let prev = 0
    for (const b of bounds) {
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
    const sink = newSink()
    sink.terms.push(String(Math.abs(value)))
    sink.neg.push(0)
    sink.polarity.push(0)
    sink.numbers.push({ pos: 0, value })
    this.addUnit(keys, false, sink, 0, 1)
  }
}

const childKeys = (key: string, builder: Builder, merged: ReadonlyArray<string>): KeyContext => ({
  ancestors: merged,
  own: builder.keyTerms(key)
})

const mergeKeys = (keys: KeyContext): ReadonlyArray<string> => {
  if (keys.own.length === 0) return keys.ancestors
  const out = keys.ancestors.slice()
  for (const t of keys.own) if (!out.includes(t)) out.push(t)
  return out
}

/** Builds the index of a state (any JSON value; other values are read as JSON would see them). */
export const buildStateIndex = (state: unknown): StateIndex => {
  const b = new Builder()
  const stack: Array<Frame> = [{ kind: "value", value: state, keys: ROOT_KEYS, parent: -1 }]
  const onPath = new Set<object>()
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.kind === "exit") {
      b.closeNode(frame.node)
      onPath.delete(frame.value)
      continue
    }
    const { value, keys, parent } = frame
    switch (typeof value) {
      case "string":
        b.addString(value, keys, parent)
        break
      case "number":
        b.addNumber(value, keys)
        break
      case "bigint":
        b.addNumber(Number(value), keys)
        break
      case "boolean":
        b.addUnit(keys, !value, null, 0, 0)
        break
      case "object": {
        if (value === null) {
          b.addUnit(keys, true, null, 0, 0)
          break
        }
        if (onPath.has(value)) break // a cycle (not JSON): ignore the back edge
        const entries: Array<readonly [string | null, unknown]> = []
        if (Array.isArray(value)) {
          for (const item of value) entries.push([null, item])
        } else {
          const obj = value as Record<string, unknown>
          const keysSorted = Object.keys(obj).sort()
          for (const k of keysSorted) {
            const v = obj[k]
            if (v !== undefined && typeof v !== "function" && typeof v !== "symbol") entries.push([k, v])
          }
        }
        if (entries.length === 0) {
          // [] and {}: the field is present but empty
          b.addUnit(keys, true, null, 0, 0)
          break
        }
        const node = b.openNode(parent)
        onPath.add(value)
        stack.push({ kind: "exit", node, value })
        const merged = mergeKeys(keys)
        for (let i = entries.length - 1; i >= 0; i--) {
          const [k, v] = entries[i]!
          stack.push({ kind: "value", value: v, keys: k === null ? keys : childKeys(k, b, merged), parent: node })
        }
        break
      }
      default:
        break
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
  let trigramIndex: Map<string, Array<number>> | null = null
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
    words: b.words,
    totalPol,
    totalPolCount,
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
