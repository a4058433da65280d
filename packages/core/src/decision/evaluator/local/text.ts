/**
 * Text normalisation for the local evaluator: Unicode folding, word splitting, a light English
 * stemmer, stop words, negation scopes and sentiment polarity. Everything here is a pure function
 * of its input (the shared word cache only memoises a pure function of each word).
 */
import { INTENSIFIERS, POLARITY_WORDS } from "./lexicon.js"

/** Words that open a negation scope ("not paid", "no problems", "without delay"). */
const NEGATIONS: ReadonlySet<string> = new Set([
  "not", "no", "never", "without", "nobody", "nothing", "none", "neither", "nor", "cannot", "nowhere", "hardly",
  "lacks", "lack", "lacking"
])

/** Words that close a negation scope ("not late but unpaid"). */
const SCOPE_BREAKERS: ReadonlySet<string> = new Set(["but", "however", "although", "though", "yet", "except", "whereas"])

/** How many content words a negation applies to. */
const NEGATION_SCOPE = 2

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are aren as at be because been before being below between both " +
    "by ca can could couldn d did didn do does doesn doing don down during each few for from further had hadn has hasn " +
    "have haven having he her here hers herself him himself his how i if in into is isn it its itself just ll m ma me " +
    "mightn more most mustn my myself needn now o of off on once only or other our ours ourselves out own re s same " +
    "shan sha she should shouldn so some such t than that the their theirs them themselves then there these they this " +
    "those through to too under until up ve very was wasn we were weren what when where which while who whom why will " +
    "with wo won would wouldn y you your yours yourself yourselves also would may might must shall whether per via " +
    "etc ie eg really quite rather somewhat slightly extremely highly absolutely totally completely incredibly " +
    "fairly pretty mildly deeply utterly super much many lot lots bit"
  ).split(" ")
)

/** Whole values that mean "no" / "yes" when a field is a flag (`"paid": "no"`). */
export const NEGATIVE_VALUES: ReadonlySet<string> = new Set(["false", "no", "n", "none", "null", "nil", "off", "n/a", "na", "undefined"])
export const POSITIVE_VALUES: ReadonlySet<string> = new Set(["true", "yes", "y", "on"])

/** Irregular English forms mapped to a shared base before stemming. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["paid", "pay"], ["said", "say"], ["sold", "sell"], ["bought", "buy"], ["sent", "send"], ["spent", "spend"],
  ["made", "make"], ["lost", "lose"], ["broke", "break"], ["broken", "break"], ["took", "take"], ["taken", "take"],
  ["gave", "give"], ["given", "give"], ["went", "go"], ["gone", "go"], ["got", "get"], ["gotten", "get"],
  ["wrote", "write"], ["written", "write"], ["knew", "know"], ["known", "know"], ["began", "begin"],
  ["begun", "begin"], ["felt", "feel"], ["kept", "keep"], ["held", "hold"], ["built", "build"], ["met", "meet"],
  ["ran", "run"], ["won", "win"], ["children", "child"], ["people", "person"], ["men", "man"], ["women", "woman"]
])

const VOWEL = /[aeiouy]/

/** `word` without `suffix` (+ `replacement`) if what remains is long enough and has a vowel. */
const strip = (word: string, suffix: string, replacement: string, minStem: number): string | null => {
  if (!word.endsWith(suffix)) return null
  const base = word.slice(0, word.length - suffix.length)
  return base.length < minStem || !VOWEL.test(base) ? null : base + replacement
}

type Suffix = readonly [suffix: string, minStem: number]
const INFLECTIONS: ReadonlyArray<Suffix> = [["ingly", 3], ["edly", 3], ["ing", 3], ["ed", 3]]
const DERIVATIONS: ReadonlyArray<Suffix> = [["ation", 3], ["ness", 3], ["ment", 3], ["ly", 4]]

const firstStrip = (word: string, suffixes: ReadonlyArray<Suffix>): string | null => {
  for (const [suffix, minStem] of suffixes) {
    const stripped = strip(word, suffix, "", minStem)
    if (stripped !== null) return stripped
  }
  return null
}

/**
 * A light English stemmer (a reduced Porter step 1 plus a few derivational suffixes). It only has
 * to map the forms of one word to the same key, not to produce real words:
 * invoices/invoicing/invoice -> "invoic", happy/happiness/happily -> "happi", paid/paying -> "pay".
 */
export const stem = (word: string): string => {
  const irregular = IRREGULAR.get(word)
  if (irregular !== undefined) word = irregular
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word
  let s = word
  if (s.endsWith("sses")) s = s.slice(0, -2)
  else if (s.endsWith("ies") && s.length > 4) s = s.slice(0, -3) + "y"
  else if (s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us") && !s.endsWith("is") && s.length > 3) s = s.slice(0, -1)

  let removedInflection = false
  let stripped: string | null
  if ((stripped = strip(s, "iness", "y", 2)) !== null) {
    s = stripped // happiness -> happy
  } else if ((stripped = firstStrip(s, INFLECTIONS)) !== null) {
    s = stripped // paying -> pay, closed -> clos
    removedInflection = true
  } else if ((stripped = firstStrip(s, DERIVATIONS)) !== null) {
    s = stripped // payment -> pay, sadness -> sad, quickly -> quick
  }
  // stopped -> stop, cancelled/cancellation -> cancel (but keep call, bill, miss, add)
  const n = s.length
  const last = s[n - 1]!
  if (n > 3 && last === s[n - 2] && !"aeiousz".includes(last)) {
    if (last === "l" ? n > 5 : removedInflection) s = s.slice(0, -1)
  }
  while (s.length > 3 && s.endsWith("e")) s = s.slice(0, -1)
  if (s.length > 2 && s.endsWith("y") && !"aeiou".includes(s[s.length - 2]!)) s = s.slice(0, -1) + "i"
  return s
}

/** stemmed term -> sentiment polarity */
export const POLARITY: ReadonlyMap<string, number> = new Map(POLARITY_WORDS.map(([w, p]) => [stem(w), p] as const))
/** Words whose stem collides with a sentiment word ("please" / "pleased"). */
const NOT_POLAR: ReadonlySet<string> = new Set(["please", "hat", "hats", "rag", "rags", "goods"])

/**
 * Character trigrams of a term, padded at both ends ("^ab", "abc", ..., "yz$"), for fuzzy term
 * matching; each trigram is encoded as a number (three UTF-16 code units), distinct values only.
 */
export const trigrams = (term: string): Array<number> => {
  const out: Array<number> = []
  const n = term.length
  // code unit at padded position p: "^" = 1, "$" = 2 (below any printable character)
  const at = (p: number): number => (p === 0 ? 1 : p === n + 1 ? 2 : term.charCodeAt(p - 1))
  for (let p = 0; p + 2 <= n + 1; p++) {
    const g = (at(p) * 65536 + at(p + 1)) * 65536 + at(p + 2)
    if (!out.includes(g)) out.push(g)
  }
  return out
}

/**
 * `trigrams(term)` written into `out` from `at` (same values, same order) without allocating;
 * returns their number. `out` must have room for term.length + 1 values from `at`.
 */
export const trigramsInto = (term: string, out: Float64Array, at: number): number => {
  const n = term.length
  let count = 0
  for (let p = 0; p + 2 <= n + 1; p++) {
    const a = p === 0 ? 1 : term.charCodeAt(p - 1)
    const b = p + 1 === n + 1 ? 2 : term.charCodeAt(p)
    const c = p + 2 === n + 1 ? 2 : term.charCodeAt(p + 1)
    const g = (a * 65536 + b) * 65536 + c
    let dup = false
    for (let i = at; i < at + count; i++) {
      if (out[i] === g) {
        dup = true
        break
      }
    }
    if (!dup) out[at + count++] = g
  }
  return count
}

/** Unicode folding: compatibility forms, Latin diacritics dropped ("Café" -> "cafe"), lower case. */
export const foldText = (text: string): string => {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text)
  const folded = ascii ? text : text.normalize("NFKD").replace(/(\p{Script=Latin})\p{M}+/gu, "$1").normalize("NFC")
  return folded.toLowerCase()
}

/** Splits identifiers: "invoiceStatus" -> "invoice Status", "due_date" stays split by `_`. */
export const splitIdentifier = (key: string): string =>
  key === key.toLowerCase() ? key : key.replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")

/**
 * Accumulates the analysis of one or more texts. Its buffers are reused: `reset` only rewinds the
 * counts (a sink is scratch space of one analysis at a time, so evaluating a small state
 * allocates nothing here once the buffers have grown). Entries past the counts are stale.
 */
const RETAINED_TERMS = 1 << 16

export class TokenSink {
  /** number of terms */
  length = 0
  /** content terms (stemmed), in order: [0, length) */
  terms: Array<string> = []
  /** 1 where the term is inside a negation scope */
  neg = new Uint8Array(16)
  /** signed sentiment polarity of each term (0 for most), negation and intensifiers applied */
  polarity = new Float64Array(16)
  /** numbers seen: [0, nNumbers), with the index of their term in `terms` */
  nNumbers = 0
  numberPos = new Int32Array(4)
  numberValue = new Float64Array(4)
  /** term indices where a sentence ended (for windowing long texts): [0, nBreaks) */
  nBreaks = 0
  breaks = new Int32Array(4)
  /** number of letter (non-numeric) terms */
  words = 0

  reset(): void {
    // a very long text's terms are not kept alive past its analysis
    if (this.terms.length > RETAINED_TERMS) this.terms = []
    this.length = 0
    this.nNumbers = 0
    this.nBreaks = 0
    this.words = 0
  }

  push(term: string, neg: number, polarity: number): void {
    const n = this.length
    if (n === this.neg.length) {
      this.neg = grow(this.neg, new Uint8Array(n * 2))
      this.polarity = grow(this.polarity, new Float64Array(n * 2))
    }
    // overwrite in place: the array keeps its capacity across analyses
    if (n < this.terms.length) this.terms[n] = term
    else this.terms.push(term)
    this.neg[n] = neg
    this.polarity[n] = polarity
    this.length = n + 1
  }

  pushNumber(pos: number, value: number): void {
    const n = this.nNumbers
    if (n === this.numberPos.length) {
      this.numberPos = grow(this.numberPos, new Int32Array(n * 2))
      this.numberValue = grow(this.numberValue, new Float64Array(n * 2))
    }
    this.numberPos[n] = pos
    this.numberValue[n] = value
    this.nNumbers = n + 1
  }

  pushBreak(at: number): void {
    const n = this.nBreaks
    if (n === this.breaks.length) this.breaks = grow(this.breaks, new Int32Array(n * 2))
    this.breaks[n] = at
    this.nBreaks = n + 1
  }
}

/** Copies `from` into the larger `to` and returns it. */
export const grow = <T extends Int32Array | Float64Array | Uint8Array>(from: T, to: T): T => {
  to.set(from as never)
  return to
}

const TOKEN_RE = /\d+(?:[.,]\d+)*|[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*|\p{N}+/gu
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isLower = (c: number): boolean => c >= 97 && c <= 122

/** Function words that change how the next words are read (negations, scope breakers, degree adverbs). */
const NEGATION = -1
const BREAKER = -2
const SPECIAL: ReadonlyMap<string, number> = new Map<string, number>([
  ...[...INTENSIFIERS].map(([w, boost]) => [w, boost] as [string, number]),
  ...[...SCOPE_BREAKERS].map((w) => [w, BREAKER] as [string, number]),
  ...[...NEGATIONS].map((w) => [w, NEGATION] as [string, number])
])

/** Parses a digit run such as "1,500.25", "12.5" or "1.234" into a number. */
const parseNumber = (raw: string): number => {
  // plain digits (the common case): none of the separator patterns below applies
  if (!raw.includes(",") && !raw.includes(".")) return Number(raw)
  let s = raw
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, "")
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(s)) s = s.replace(/\./g, "").replace(",", ".")
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(",", ".")
  else if (s.includes(",")) s = s.slice(0, s.indexOf(","))
  const dots = s.split(".")
  if (dots.length > 2) s = `${dots[0]}.${dots[1]}`
  return Number(s)
}

const isAlnum = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c > 127

/**
 * Word analyser with a per-instance stem cache. `analyze` lower-cases and folds the text, splits
 * it into words, drops stop words, stems, marks negation scopes and sums sentiment polarity.
 */
/** What a word is, computed once per distinct word. */
interface WordInfo {
  /** index term, or null for stop words and function words */
  readonly term: string | null
  /** sentiment polarity (0: none) */
  readonly polarity: number
  /** NEGATION, BREAKER, an intensifier's factor (> 0), or 0 for other words */
  readonly special: number
}

/**
 * word -> WordInfo, shared by all calls: a memo of a pure function (answers never depend on its
 * content), emptied when it grows past WORD_CACHE_MAX entries.
 */
const WORD_CACHE = new Map<string, WordInfo>()
const WORD_CACHE_MAX = 100_000

const wordInfo = (word: string): WordInfo => {
  let info = WORD_CACHE.get(word)
  if (info === undefined) {
    const special = SPECIAL.get(word) ?? 0
    const term = special !== 0 || STOP_WORDS.has(word) || word.length === 0 ? null : stem(word)
    const polarity = term === null || NOT_POLAR.has(word) ? 0 : (POLARITY.get(term) ?? 0)
    info = { term, polarity, special }
    if (WORD_CACHE.size >= WORD_CACHE_MAX) WORD_CACHE.clear()
    WORD_CACHE.set(word, info)
  }
  return info
}

export class Analyzer {
  private info(word: string): WordInfo {
    return wordInfo(word)
  }

  /** The index term of a (folded, lower-case) word, or null for a stop word. */
  term(word: string): string | null {
    return this.info(word).term
  }

  // negation scope and pending intensifier of the text being analysed
  private scope = 0
  private intensity = 1

  analyze(text: string, sink: TokenSink, identifier = false): void {
    const source = identifier ? splitIdentifier(text) : text
    // eslint-disable-next-line no-control-regex
    const ascii = /^[\x00-\x7f]*$/.test(source)
    const folded = ascii ? source.toLowerCase() : foldText(source)
    this.scope = 0
    this.intensity = 1
    if (ascii) this.scanAscii(folded, sink)
    else this.scanUnicode(folded, sink)
  }

  /** Fast path for ASCII text; splits exactly like TOKEN_RE would. */
  private scanAscii(text: string, sink: TokenSink): void {
    const n = text.length
    let i = 0
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c >= 48 && c <= 57) {
        let j = i + 1
        while (j < n) {
          const d = text.charCodeAt(j)
          if (d >= 48 && d <= 57) j++
          else if ((d === 46 || d === 44) && j + 1 < n && isDigit(text.charCodeAt(j + 1))) j += 2
          else break
        }
        this.number(text, i, j, sink)
        i = j
      } else if (c >= 97 && c <= 122) {
        let j = i + 1
        while (j < n && isLower(text.charCodeAt(j))) j++
        while (j + 1 < n && text.charCodeAt(j) === 39 && isLower(text.charCodeAt(j + 1))) {
          j += 2
          while (j < n && isLower(text.charCodeAt(j))) j++
        }
        this.token(text.slice(i, j), sink)
        i = j
      } else {
        this.separator(c, sink)
        i++
      }
    }
  }

  private scanUnicode(text: string, sink: TokenSink): void {
    TOKEN_RE.lastIndex = 0
    let last = 0
    let m: RegExpExecArray | null
    while ((m = TOKEN_RE.exec(text)) !== null) {
      for (let i = last; i < m.index; i++) this.separator(text.charCodeAt(i), sink)
      last = m.index + m[0].length
      const raw = m[0]
      if (isDigit(raw.charCodeAt(0))) this.number(text, m.index, last, sink)
      else if (CJK_RE.test(raw)) {
        // scripts without spaces: overlapping character bigrams
        const chars = Array.from(raw)
        const negated = this.scope > 0
        if (chars.length === 1) this.push(sink, chars[0]!, negated)
        for (let i = 0; i + 1 < chars.length; i++) this.push(sink, chars[i]! + chars[i + 1]!, negated)
        sink.words += chars.length
      } else this.token(raw, sink)
    }
    for (let i = last; i < text.length; i++) this.separator(text.charCodeAt(i), sink)
  }

  /** Punctuation closes negation scopes and may end a sentence. */
  private separator(c: number, sink: TokenSink): void {
    if (c === 46 || c === 33 || c === 63 || c === 10 || c === 59) {
      // . ! ? \n ;  (a dot inside "3.5" never gets here: numbers are one token)
      this.scope = 0
      this.intensity = 1
      if (sink.nBreaks === 0 || sink.breaks[sink.nBreaks - 1] !== sink.length) sink.pushBreak(sink.length)
    } else if (c === 44 || c === 58 || c === 40 || c === 41) {
      this.scope = 0
    }
  }

  private number(text: string, start: number, end: number, sink: TokenSink): void {
    const raw = text.slice(start, end)
    let value = parseNumber(raw)
    const before = start > 0 ? text.charCodeAt(start - 1) : 32
    const before2 = start > 1 ? text.charCodeAt(start - 2) : 32
    if (before === 45 && !isAlnum(before2)) value = -value
    const canonical = Number.isFinite(value) ? String(Math.abs(value)) : raw
    if (Number.isFinite(value)) sink.pushNumber(sink.length, value)
    sink.push(canonical, 0, 0)
  }

  private token(raw: string, sink: TokenSink): void {
    let word = raw
    let negateAfter = false
    if (raw.includes("'") || raw.includes("’")) {
      const parts = word.split(/['’]/)
      const tail = parts[parts.length - 1]!
      if (tail === "t" && parts[0]!.endsWith("n")) {
        word = parts[0]!.slice(0, -1)
        negateAfter = true
      } else if (["s", "re", "ve", "ll", "d", "m"].includes(tail)) {
        word = parts[0]!
      } else {
        // l'homme, o'clock: analyse every part
        for (const part of parts.slice(0, -1)) this.word(this.info(part), sink)
        word = tail
      }
    }
    if (word === "cannot") {
      word = "can"
      negateAfter = true
    }
    const info = this.info(word)
    if (info.special !== 0) {
      if (info.special === NEGATION) this.scope = NEGATION_SCOPE
      else if (info.special === BREAKER) {
        this.scope = 0
        this.intensity = 1
      } else this.intensity = info.special
      return
    }
    if (this.word(info, sink)) {
      if (this.scope > 0) this.scope--
      this.intensity = 1
    }
    if (negateAfter) this.scope = NEGATION_SCOPE
  }

  /** Adds one word; returns whether it was a content word. */
  private word(info: WordInfo, sink: TokenSink): boolean {
    const t = info.term
    if (t === null) return false
    sink.words++
    const negated = this.scope > 0
    this.push(sink, t, negated)
    const polarity = info.polarity
    if (polarity !== 0) {
      // "not happy" is negative; "not bad" is only mildly positive
      const signed = negated ? (polarity > 0 ? -polarity : -polarity * 0.5) : polarity
      sink.polarity[sink.length - 1] = signed * this.intensity
    }
    return true
  }

  private push(sink: TokenSink, term: string, negated: boolean): void {
    sink.push(term, negated ? 1 : 0, 0)
  }
}
