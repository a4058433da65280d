/**
 * Queries: candidate texts (labels, descriptions, levels, criteria, instructions) analysed like the
 * state and matched to index terms. A query term matches its exact stem, fuzzy variants (Dice
 * similarity of character trigrams between stems, for typos, compounds and other derivations) and
 * prefix antonyms ("unpaid" in the state contradicts "paid" in the query, and the reverse).
 */
import { ensureF64, ensureI32, hashTerm, type StateIndex } from "./state-index.js"
import { TokenSink, grow, stem, trigramsInto } from "./text.js"
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

/** Vocabularies with at most this many trigrams in all are scanned instead of building a trigram table. */
const SMALL_TABLE = 24
/** Prefix-antonym candidates up to this number are scanned instead of building a map. */
const SMALL_ANTONYMS = 32

export interface Expansion {
  readonly id: number
  readonly sim: number
  /** matches the opposite of the term ("unpaid" for "paid") */
  readonly flip: boolean
}

export interface QueryTerm {
  readonly term: string
  readonly neg: boolean
  /** cache key, valid in its call: 2 * call-local term number + (neg ? 1 : 0) (see `StateIndex.termId`) */
  readonly slot: number
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
  /** terms of the instructions (a set from `locators`, 0 for none): in a candidate they locate the subject more than they answer */
  readonly locators?: number | undefined
  /** a question sentence: later terms (the predicate) weigh more than the first (the subject) */
  readonly positional?: boolean | undefined
}

const NO_OPTIONS: CompileOptions = {}

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

// ---------------------------------------------------------------- scratch space
//
// Compiling happens once per candidate of every question, so its working sets live in arrays
// indexed by call-local term number (`StateIndex.termId`) and shared by all calls, instead of Maps
// and Sets made per compile. A number names another term in another call: an entry is valid only
// while its stamp equals the stamp of the current operation; stamps are never reused (until all
// stamp arrays are zeroed on overflow), so nothing written in one call or one compile can be read
// by another.

let stamp = 0
const nextStamp = (): number => {
  if (++stamp === 0x7fffffff) {
    stamp = 1
    compileStamp.fill(0)
    expStamp.fill(0)
    locStamp.fill(0)
    seenStamp.fill(0)
    fuzzySeen.fill(0)
  }
  return stamp
}

/** per slot (2 * term + neg): the entry of the query being compiled */
let compileStamp = new Int32Array(128)
let compileEntry = new Int32Array(128)
/** per term: the expansions of this call */
let expStamp = new Int32Array(64)
const expCache: Array<ReadonlyArray<Expansion> | undefined> = []
/** per term: member of locator set `locStamp[t]` */
let locStamp = new Int32Array(64)
/** per term, while computing locators: counted for candidate `lastCandidate[t]`, `candidates[t]` times */
let seenStamp = new Int32Array(64)
let lastCandidate = new Int32Array(64)
let candidateCount = new Int32Array(64)

/** Grows the term-indexed arrays to `n` term numbers (all those of the call so far). */
const ensureTerms = (n: number): void => {
  if (n <= expStamp.length) return
  const size = Math.max(n, expStamp.length * 2)
  compileStamp = grow(compileStamp, new Int32Array(2 * size))
  compileEntry = grow(compileEntry, new Int32Array(2 * size))
  expStamp = grow(expStamp, new Int32Array(size))
  locStamp = grow(locStamp, new Int32Array(size))
  seenStamp = grow(seenStamp, new Int32Array(size))
  lastCandidate = grow(lastCandidate, new Int32Array(size))
  candidateCount = grow(candidateCount, new Int32Array(size))
}

/** The entries of the query being compiled (distinct polarity + term, in order of appearance). */
const entryTerms: Array<string> = []
let entryId = new Int32Array(16)
let entryNeg = new Uint8Array(16)
let entryWeight = new Float64Array(16)

const SINK = new TokenSink()

/** What compiling needs of the analysis of a text (a TokenSink, or a memoised copy). */
interface Analysis {
  readonly length: number
  readonly terms: ReadonlyArray<string>
  readonly neg: Uint8Array
  readonly polarity: Float64Array
  /** `hashTerm` of each term (memoised analyses only) */
  readonly hashes?: Int32Array
}

/**
 * Question text -> its analysis, shared by all calls: a memo of a pure function (the analyser
 * starts every text afresh), so answers never depend on its content. The same instructions,
 * labels and criteria are sent again and again, and each is analysed several times per call
 * (focus, locators, candidates). It keeps terms and their hashes (pure functions of the text), never
 * call-local term numbers. Only texts up to MEMO_TEXT_MAX characters are kept; each map is
 * emptied when it reaches MEMO_MAX entries.
 */
const TEXT_ANALYSES = new Map<string, Analysis>()
const IDENTIFIER_ANALYSES = new Map<string, Analysis>()
const MEMO_TEXT_MAX = 256
const MEMO_MAX = 10_000

/** The expansions of the term being expanded: EXPANSIONS[0, nExp), copied out at exact size. */
const EXPANSIONS: Array<Expansion> = []
let nExp = 0
const NO_EXPANSIONS: ReadonlyArray<Expansion> = []
const addExpansion = (id: number, sim: number, flip: boolean): void => {
  const e: Expansion = { id, sim, flip }
  if (nExp < EXPANSIONS.length) EXPANSIONS[nExp] = e
  else EXPANSIONS.push(e)
  nExp++
}

// fuzzy matching scratch: trigrams of the query term (and their table slots), of every index term
let queryGrams = new Float64Array(32)
let gramOrder = new Int32Array(32)
let gramSlot = new Int32Array(32)
let seenIds = new Int32Array(32)
/** per index term: already a candidate of the term being expanded (stamp) */
let fuzzySeen = new Int32Array(64)
let vocabGramStart = new Int32Array(64)
let vocabGrams = new Float64Array(256)
/** the best fuzzy matches of the term being expanded: nFound ids and similarities */
let nFound = 0
let fuzzyIds = new Int32Array(16)
let fuzzySims = new Float64Array(16)

export class QueryCompiler {
  private readonly idx: StateIndex
  /** stamp of this call (expansion cache) */
  private readonly call = nextStamp()
  // prefix antonyms of the vocabulary ("unpaid" -> "pay"): scanned when few, else a map
  private antonymsReady = false
  private antonymIds: Array<number> = []
  private antonymBases: Array<string> = []
  private antonymIndex: Map<string, Array<number>> | null = null
  // the trigram index of the vocabulary (vocabGrams, and the trigram table unless it has at most
  // SMALL_TABLE trigrams), built on first use
  private trigramsReady = false
  private gramTable = false

  constructor(index: StateIndex) {
    this.idx = index
  }

  /** Analyses texts into a weighted query. */
  compile(parts: ReadonlyArray<TextPart>, options: CompileOptions = NO_OPTIONS): Query {
    const current = nextStamp()
    let nEntries = 0
    let polSum = 0
    let polCount = 0
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!
      if (part.text.length === 0 || part.weight <= 0) continue
      const sink = this.analyze(part.text, part.identifier === true)
      for (let i = 0; i < sink.length; i++) {
        const term = sink.terms[i]!
        const neg = sink.neg[i]!
        const g = this.idx.termId(term, sink.hashes !== undefined ? sink.hashes[i]! : hashTerm(term))
        ensureTerms(this.idx.nCallTerms)
        const slot = 2 * g + neg
        // repeated words count, with diminishing returns
        if (compileStamp[slot] === current) entryWeight[compileEntry[slot]!] += part.weight * 0.5
        else {
          compileStamp[slot] = current
          compileEntry[slot] = nEntries
          if (nEntries === entryNeg.length) {
            entryId = grow(entryId, new Int32Array(nEntries * 2))
            entryNeg = grow(entryNeg, new Uint8Array(nEntries * 2))
            entryWeight = grow(entryWeight, new Float64Array(nEntries * 2))
          }
          if (nEntries < entryTerms.length) entryTerms[nEntries] = term
          else entryTerms.push(term)
          entryId[nEntries] = g
          entryNeg[nEntries] = neg
          entryWeight[nEntries] = part.weight
          nEntries++
        }
        const pol = sink.polarity[i]!
        if (pol !== 0) {
          polSum += pol * part.weight
          polCount += part.weight
        }
      }
    }
    const locators = options.locators ?? 0
    let allLocators = true
    if (locators !== 0) {
      for (let i = 0; i < nEntries; i++) {
        if (locStamp[entryId[i]!] !== locators) {
          allLocators = false
          break
        }
      }
    }
    const terms = new Array<QueryTerm>(nEntries) // exact size: no growth
    let totalWeight = 0
    for (let i = 0; i < nEntries; i++) {
      const term = entryTerms[i]!
      const g = entryId[i]!
      const exps = this.expansions(term, g)
      let w = entryWeight[i]! * this.idfWeight(exps)
      if (options.positional === true) {
        if (nEntries > 1) w *= 0.3 + 1.4 * (i / (nEntries - 1)) ** 1.5
        // a word the state uses as a key ("message", "customer") says where to look
        const exact = exps.length > 0 && !exps[0]!.flip && exps[0]!.sim === 1 ? exps[0]!.id : -1
        if (exact >= 0) w *= 1 - KEY_DISCOUNT * this.idx.keyShare(exact)
      }
      if (!allLocators && locStamp[g] === locators) w *= LOCATOR_WEIGHT
      terms[i] = { term, neg: entryNeg[i] === 1, slot: 2 * g + entryNeg[i]!, weight: w, exps }
      totalWeight += w
    }
    return { terms, totalWeight, polarity: polarityOf(polSum, polCount), polarCount: polCount }
  }

  /**
   * Locators of a question: the terms of its instructions and the terms shared by several
   * candidates (they say where to look or what all candidates are about, not which one holds).
   * Returns the set as a stamp for `CompileOptions.locators` (0: empty), valid during this call.
   */
  locators(instructions: string | undefined, candidates: ReadonlyArray<ReadonlyArray<TextPart>>): number {
    const set = nextStamp()
    let size = 0
    if (instructions !== undefined) {
      const sink = this.analyze(instructions, false)
      for (let i = 0; i < sink.length; i++) {
        const term = sink.terms[i]!
        const g = this.idx.termId(term, sink.hashes !== undefined ? sink.hashes[i]! : hashTerm(term))
        ensureTerms(this.idx.nCallTerms)
        if (locStamp[g] !== set) {
          locStamp[g] = set
          size++
        }
      }
    }
    if (candidates.length > 1) {
      const seen = nextStamp()
      for (let c = 0; c < candidates.length; c++) {
        const parts = candidates[c]!
        for (let p = 0; p < parts.length; p++) {
          const sink = this.analyze(parts[p]!.text, parts[p]!.identifier === true)
          for (let i = 0; i < sink.length; i++) {
            const term = sink.terms[i]!
            const g = this.idx.termId(term, sink.hashes !== undefined ? sink.hashes[i]! : hashTerm(term))
            ensureTerms(this.idx.nCallTerms)
            if (seenStamp[g] !== seen) {
              seenStamp[g] = seen
              lastCandidate[g] = c
              candidateCount[g] = 1
            } else if (lastCandidate[g] !== c) {
              // a term shared by several candidates
              lastCandidate[g] = c
              if (++candidateCount[g]! === 2 && locStamp[g] !== set) {
                locStamp[g] = set
                size++
              }
            }
          }
        }
      }
    }
    return size === 0 ? 0 : set
  }

  /** The analysis of a question text (memoised for short texts, which recur across calls). */
  private analyze(text: string, identifier: boolean): Analysis {
    const memo = identifier ? IDENTIFIER_ANALYSES : TEXT_ANALYSES
    const cached = memo.get(text)
    if (cached !== undefined) return cached
    const sink = SINK
    sink.reset()
    this.idx.analyzer.analyze(text, sink, identifier)
    if (text.length > MEMO_TEXT_MAX) return sink
    const n = sink.length
    const terms = sink.terms.slice(0, n)
    const hashes = new Int32Array(n)
    for (let i = 0; i < n; i++) hashes[i] = hashTerm(terms[i]!)
    const analysis: Analysis = { length: n, terms, neg: sink.neg.slice(0, n), polarity: sink.polarity.slice(0, n), hashes }
    if (memo.size >= MEMO_MAX) memo.clear()
    memo.set(text, analysis)
    return analysis
  }

  /**
   * Rarer terms weigh more (BM25 idf relative to a term seen once), with a floor: a term common in
   * the state is still evidence for a candidate that names it. Unseen terms weigh 1.
   */
  private idfWeight(exps: ReadonlyArray<Expansion>): number {
    const n = this.idx.nUnits
    if (exps.length === 0 || n === 0) return 1
    const df = this.idx.docFreq(exps[0]!.id)
    return 0.4 + 0.6 * Math.min(1, idf(n, df) / idf(n, 1))
  }

  /** Index terms matching a query term (`g`: its call-local number): itself, prefix antonyms, fuzzy variants. */
  private expansions(term: string, g: number): ReadonlyArray<Expansion> {
    if (expStamp[g] === this.call) return expCache[g]!
    const idx = this.idx
    nExp = 0
    // the term's own id if the state has it (ids below nTerms are the state's vocabulary)
    const exact = g < idx.nTerms ? g : -1
    if (exact >= 0) addExpansion(exact, 1, false)
    if (!isNumeric(term)) {
      // "unpaid" / "nonrefundable" in the state contradict "paid" / "refundable"
      if (term.length >= 3) this.addAntonyms(term)
      // and "unpaid" in the query is contradicted by "paid" in the state
      for (const prefix of NEGATING_PREFIXES) {
        if (term.startsWith(prefix) && term.length - prefix.length >= 4) {
          const base = idx.idOf(stem(term.slice(prefix.length)))
          if (base >= 0 && base !== exact) addExpansion(base, ANTONYM_SIM, true)
        }
      }
      // fuzzy variants, unless the term itself is frequent enough to stand on its own
      const df = exact < 0 ? 0 : idx.docFreq(exact)
      if (term.length >= 4 && df <= FUZZY_MAX_DF) this.fuzzy(term)
    }
    // the expansion arrays are per call: stale ones are never read (stamp), only overwritten
    while (expCache.length <= g) expCache.push(undefined)
    const out = nExp === 0 ? NO_EXPANSIONS : EXPANSIONS.slice(0, nExp)
    expCache[g] = out
    expStamp[g] = this.call
    return out
  }

  /** Adds the vocabulary terms that negate `term` by a prefix ("unpaid" for "pay"), ids ascending. */
  private addAntonyms(term: string): void {
    if (!this.antonymsReady) this.findAntonyms()
    if (this.antonymIndex !== null) {
      const ids = this.antonymIndex.get(term)
      if (ids !== undefined) for (const id of ids) addExpansion(id, ANTONYM_SIM, true)
      return
    }
    for (let i = 0; i < this.antonymIds.length; i++) {
      if (this.antonymBases[i] === term) addExpansion(this.antonymIds[i]!, ANTONYM_SIM, true)
    }
  }

  private findAntonyms(): void {
    this.antonymsReady = true
    const terms = this.idx.terms
    for (let id = 0; id < this.idx.nTerms; id++) {
      const t = terms[id]!
      for (const prefix of NEGATING_PREFIXES) {
        if (t.startsWith(prefix) && t.length - prefix.length >= 4 && /^[a-z]+$/.test(t)) {
          this.antonymIds.push(id)
          this.antonymBases.push(stem(t.slice(prefix.length)))
        }
      }
    }
    if (this.antonymIds.length > SMALL_ANTONYMS) {
      const map = new Map<string, Array<number>>()
      for (let i = 0; i < this.antonymIds.length; i++) {
        const base = this.antonymBases[i]!
        let list = map.get(base)
        if (list === undefined) map.set(base, (list = []))
        list.push(this.antonymIds[i]!)
      }
      this.antonymIndex = map
    }
  }

  /**
   * Adds the fuzzy variants of `term` not already expanded: the MAX_FUZZY most similar index terms
   * (Dice similarity of trigrams >= FUZZY_MIN), ties by spelling.
   *
   * Prefix filter: a match shares at least `need` trigrams with the term, so it shares one of the
   * (q - need + 1) rarest ones; only the index lists of those trigrams are scanned.
   */
  private fuzzy(term: string): void {
    if (!this.trigramsReady) this.buildTrigrams()
    queryGrams = ensureF64(queryGrams, term.length + 1)
    const q = trigramsInto(term, queryGrams, 0)
    const maxDiff = Math.max(2, Math.floor(term.length / 3))
    const need = Math.max(1, Math.ceil((FUZZY_MIN * (2 * q - maxDiff)) / 2))
    const scanned = Math.max(1, q - need + 1)
    gramOrder = ensureI32(gramOrder, q)
    gramSlot = ensureI32(gramSlot, q)
    const nSeen = this.gramTable ? this.candidatesFromTable(term, q, scanned, maxDiff) : this.candidatesByScan(term, q, scanned, maxDiff)
    nFound = 0
    for (let i = 0; i < nSeen; i++) this.consider(seenIds[i]!, q)
    for (let i = 0; i < nFound; i++) addExpansion(fuzzyIds[i]!, fuzzySims[i]!, false)
  }

  /**
   * Candidates through the trigram table: the lists of the term's trigrams, shortest first
   * (stable: ties keep trigram order), the first `scanned` of them; terms of a similar length.
   * Returns their number (in seenIds).
   */
  private candidatesFromTable(term: string, q: number, scanned: number, maxDiff: number): number {
    const idx = this.idx
    for (let j = 0; j < q; j++) {
      const slot = findGram(queryGrams[j]!)
      gramSlot[j] = slot
      const n = listLength(slot)
      let k = j - 1
      while (k >= 0 && listLength(gramSlot[gramOrder[k]!]!) > n) {
        gramOrder[k + 1] = gramOrder[k]!
        k--
      }
      gramOrder[k + 1] = j
    }
    if (idx.nTerms > fuzzySeen.length) fuzzySeen = grow(fuzzySeen, new Int32Array(Math.max(idx.nTerms, 2 * fuzzySeen.length)))
    const seen = nextStamp()
    let nSeen = 0
    for (let l = 0; l < scanned; l++) {
      const slot = gramSlot[gramOrder[l]!]!
      if (slot < 0) continue
      for (let node = tgHead[slot]!; node >= 0; node = tgNext[node]!) {
        const id = tgId[node]!
        if (fuzzySeen[id] === seen || Math.abs(idx.terms[id]!.length - term.length) > maxDiff) continue
        fuzzySeen[id] = seen
        seenIds = ensureI32(seenIds, nSeen + 1)
        seenIds[nSeen++] = id
      }
    }
    return nSeen
  }

  /**
   * The same candidates for a small vocabulary, without a table: the length of a trigram's list
   * is the number of terms having it, and a candidate is a term having one of the `scanned`
   * rarest trigrams.
   */
  private candidatesByScan(term: string, q: number, scanned: number, maxDiff: number): number {
    const idx = this.idx
    for (let j = 0; j < q; j++) {
      let n = 0
      for (let id = 0; id < idx.nTerms; id++) if (hasGram(id, queryGrams[j]!)) n++
      gramSlot[j] = n // here: the list length
      let k = j - 1
      while (k >= 0 && gramSlot[gramOrder[k]!]! > n) {
        gramOrder[k + 1] = gramOrder[k]!
        k--
      }
      gramOrder[k + 1] = j
    }
    let nSeen = 0
    for (let id = 0; id < idx.nTerms; id++) {
      if (vocabGramStart[id + 1] === vocabGramStart[id]) continue // not eligible
      if (Math.abs(idx.terms[id]!.length - term.length) > maxDiff) continue
      let candidate = false
      for (let l = 0; l < scanned && !candidate; l++) candidate = hasGram(id, queryGrams[gramOrder[l]!]!)
      if (candidate) {
        seenIds = ensureI32(seenIds, nSeen + 1)
        seenIds[nSeen++] = id
      }
    }
    return nSeen
  }

  /** Keeps index term `id` among the fuzzy matches if similar enough and not already expanded. */
  private consider(id: number, q: number): void {
    for (let e = 0; e < nExp; e++) if (EXPANSIONS[e]!.id === id) return
    // Dice similarity between the trigrams of the term (queryGrams) and those of `id`
    const from = vocabGramStart[id]!
    const to = vocabGramStart[id + 1]!
    let shared = 0
    for (let i = from; i < to; i++) {
      const g = vocabGrams[i]!
      for (let j = 0; j < q; j++) {
        if (queryGrams[j] === g) {
          shared++
          break
        }
      }
    }
    const sim = (2 * shared) / (q + (to - from))
    if (sim >= FUZZY_MIN) nFound = this.keepBest(id, sim * FUZZY_DISCOUNT, nFound)
  }

  /**
   * Inserts a match into the best MAX_FUZZY so far (fuzzyIds / fuzzySims, sorted by similarity
   * descending, then spelling), returns their new number.
   */
  private keepBest(id: number, sim: number, n: number): number {
    const terms = this.idx.terms
    let at = n
    while (at > 0 && (fuzzySims[at - 1]! < sim || (fuzzySims[at - 1] === sim && terms[fuzzyIds[at - 1]!]! > terms[id]!))) at--
    if (at >= MAX_FUZZY) return n
    const kept = Math.min(n + 1, MAX_FUZZY)
    fuzzyIds = ensureI32(fuzzyIds, kept)
    fuzzySims = ensureF64(fuzzySims, kept)
    for (let i = kept - 1; i > at; i--) {
      fuzzyIds[i] = fuzzyIds[i - 1]!
      fuzzySims[i] = fuzzySims[i - 1]!
    }
    fuzzyIds[at] = id
    fuzzySims[at] = sim
    return kept
  }

  /**
   * The trigram index of the vocabulary: the trigrams of every term eligible for fuzzy matching
   * (>= 4 characters, not a number) in vocabGrams, and (unless there are few) per trigram the list
   * of terms having it, ids ascending, in the shared hash table (built on first use in a call).
   */
  private buildTrigrams(): void {
    this.trigramsReady = true
    const idx = this.idx
    vocabGramStart = ensureI32(vocabGramStart, idx.nTerms + 1)
    let at = 0
    for (let id = 0; id < idx.nTerms; id++) {
      vocabGramStart[id] = at
      const t = idx.terms[id]!
      if (t.length < 4 || isNumeric(t)) continue
      vocabGrams = ensureF64(vocabGrams, at + t.length + 1)
      at += trigramsInto(t, vocabGrams, at)
    }
    vocabGramStart[idx.nTerms] = at
    // a few trigrams in all: scanning them is cheaper than building the table
    if (at <= SMALL_TABLE) return
    this.gramTable = true
    resetGramTable(at)
    for (let id = 0; id < idx.nTerms; id++) {
      for (let i = vocabGramStart[id]!; i < vocabGramStart[id + 1]!; i++) addGram(vocabGrams[i]!, id, i)
    }
  }
}

/** Whether index term `id` has trigram `g` (in vocabGrams). */
const hasGram = (id: number, g: number): boolean => {
  for (let i = vocabGramStart[id]!; i < vocabGramStart[id + 1]!; i++) if (vocabGrams[i] === g) return true
  return false
}

// ---------------------------------------------------------------- trigram hash table
//
// Open addressing (linear probing) over trigram values; each used slot heads a linked list of
// nodes (one per term having the trigram; node i is the i-th trigram of vocabGrams). A slot is
// used in the current table only if tgUsed[slot] === tgStamp, so a new table needs no clearing.

let tgStamp = 0
let tgMask = 0
let tgKey = new Float64Array(256)
let tgUsed = new Int32Array(256)
let tgHead = new Int32Array(256)
let tgTail = new Int32Array(256)
let tgCount = new Int32Array(256)
let tgNext = new Int32Array(256)
let tgId = new Int32Array(256)

const resetGramTable = (grams: number): void => {
  let size = 16
  while (size < 2 * grams) size *= 2
  if (size > tgKey.length) {
    tgKey = new Float64Array(size)
    tgUsed = new Int32Array(size)
    tgHead = new Int32Array(size)
    tgTail = new Int32Array(size)
    tgCount = new Int32Array(size)
    tgStamp = 0
  }
  if (++tgStamp === 0x7fffffff) {
    tgStamp = 1
    tgUsed.fill(0)
  }
  tgMask = size - 1
  tgNext = ensureI32(tgNext, grams)
  tgId = ensureI32(tgId, grams)
}

const hashGram = (g: number): number => {
  // g < 2^48: low and high 32 bits, mixed
  let h = Math.imul((g >>> 0) ^ Math.imul((g / 4294967296) >>> 0, 0x85ebca6b), 0x9e3779b1)
  h ^= h >>> 15
  return h & tgMask
}

/** The slot of trigram `g` in the current table, or -1. */
const findGram = (g: number): number => {
  for (let slot = hashGram(g); ; slot = (slot + 1) & tgMask) {
    if (tgUsed[slot] !== tgStamp) return -1
    if (tgKey[slot] === g) return slot
  }
}

const listLength = (slot: number): number => (slot < 0 ? 0 : tgCount[slot]!)

/** Appends term `id` to the list of trigram `g` (node `node`). */
const addGram = (g: number, id: number, node: number): void => {
  tgId[node] = id
  tgNext[node] = -1
  for (let slot = hashGram(g); ; slot = (slot + 1) & tgMask) {
    if (tgUsed[slot] !== tgStamp) {
      tgUsed[slot] = tgStamp
      tgKey[slot] = g
      tgHead[slot] = node
      tgTail[slot] = node
      tgCount[slot] = 1
      return
    }
    if (tgKey[slot] === g) {
      tgNext[tgTail[slot]!] = node
      tgTail[slot] = node
      tgCount[slot]++
      return
    }
  }
}

const idf = (n: number, d: number): number => Math.log(1 + (n - d + 0.5) / (d + 0.5))
