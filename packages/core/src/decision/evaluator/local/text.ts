/**
 * Text normalisation for the local evaluator: Unicode folding, word splitting, a light English
 * stemmer, stop words, negation scopes and sentiment polarity. Everything here is a pure function
 * of its input (the stem cache only memoises a pure function).
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
  const strip = (suffix: string, replacement: string, minStem: number): boolean => {
    if (!s.endsWith(suffix)) return false
    const base = s.slice(0, s.length - suffix.length)
    if (base.length < minStem || !VOWEL.test(base)) return false
    s = base + replacement
    return true
  }
  if (strip("iness", "y", 2)) {
    // happiness -> happy
  } else if (strip("ingly", "", 3) || strip("edly", "", 3) || strip("ing", "", 3) || strip("ed", "", 3)) {
    removedInflection = true
  } else if (strip("ation", "", 3) || strip("ness", "", 3) || strip("ment", "", 3) || strip("fully", "", 3) || strip("ful", "", 3) || strip("ly", "", 4)) {
    // payment -> pay, sadness -> sad, thankful -> thank, quickly -> quick
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
const NOT_POLAR: ReadonlySet<string> = new Set(["please", "hat", "hats", "rag", "rags"])

/** Character trigrams of a term, padded at both ends (for fuzzy term matching). */
export const trigrams = (term: string): Array<string> => {
  const padded = `^${term}$`
  const out: Array<string> = []
  for (let i = 0; i + 3 <= padded.length; i++) {
    const g = padded.slice(i, i + 3)
    if (!out.includes(g)) out.push(g)
  }
  return out
}

/** Unicode folding: compatibility forms, Latin diacritics dropped ("Café" -> "cafe"), lower case. */
export const foldText = (text: string): string => {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text)
  const folded = ascii ? text : text.normalize("NFKD").replace(/(\p{Script=Latin})\p{M}+/gu, "$1").normalize("NFC")
  return folded.toLowerCase()
}

/** Splits identifiers: "invoiceStatus" -> "invoice Status", "due_date" stays split by `_`. */
export const splitIdentifier = (key: string): string => key.replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")

/** Accumulates the analysis of one or more texts. */
export interface TokenSink {
  /** content terms (stemmed), in order */
  readonly terms: Array<string>
  /** 1 where the term is inside a negation scope */
  readonly neg: Array<number>
  /** numbers seen, with the index of their term in `terms` */
  readonly numbers: Array<{ readonly pos: number; readonly value: number }>
  /** term indices where a sentence ended (for windowing long texts) */
  readonly breaks: Array<number>
  /** signed sentiment polarity of each term (0 for most), negation and intensifiers applied */
  readonly polarity: Array<number>
  /** number of letter (non-numeric) terms */
  words: number
}

export const newSink = (): TokenSink => ({ terms: [], neg: [], numbers: [], breaks: [], polarity: [], words: 0 })

const TOKEN_RE = /\d+(?:[.,]\d+)*|[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*|\p{N}+/gu
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u
const ASCII_DIGIT = /^[0-9]/

/** Parses a digit run such as "1,500.25", "12.5" or "1.234" into a number. */
const parseNumber = (raw: string): number => {
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
export class Analyzer {
  private readonly cache = new Map<string, string | null>()

  /** The index term of a (folded, lower-case) word, or null for a stop word. */
  term(word: string): string | null {
    let t = this.cache.get(word)
    if (t === undefined) {
      t = STOP_WORDS.has(word) || word.length === 0 ? null : stem(word)
      this.cache.set(word, t)
    }
    return t
  }

  analyze(text: string, sink: TokenSink, identifier = false): void {
    const folded = foldText(identifier ? splitIdentifier(text) : text)
    TOKEN_RE.lastIndex = 0
    let scope = 0
    let intensity = 1
    let last = 0
    let m: RegExpExecArray | null
    while ((m = TOKEN_RE.exec(folded)) !== null) {
      // punctuation between words closes negation scopes and may end a sentence
      for (let i = last; i < m.index; i++) {
        const c = folded.charCodeAt(i)
        if (c === 46 || c === 33 || c === 63 || c === 10 || c === 59) {
          // . ! ? \n ;  (a dot inside "3.5" never reaches here: numbers are one token)
          scope = 0
          intensity = 1
          if (sink.breaks[sink.breaks.length - 1] !== sink.terms.length) sink.breaks.push(sink.terms.length)
        } else if (c === 44 || c === 58 || c === 40 || c === 41) {
          scope = 0
        }
      }
      last = m.index + m[0].length
      const raw = m[0]
      if (ASCII_DIGIT.test(raw)) {
        let value = parseNumber(raw)
        const before = m.index > 0 ? folded.charCodeAt(m.index - 1) : 32
        const before2 = m.index > 1 ? folded.charCodeAt(m.index - 2) : 32
        if (before === 45 && !isAlnum(before2)) value = -value
        const canonical = Number.isFinite(value) ? String(Math.abs(value)) : raw
        if (Number.isFinite(value)) sink.numbers.push({ pos: sink.terms.length, value })
        sink.terms.push(canonical)
        sink.neg.push(0)
        sink.polarity.push(0)
        continue
      }
      if (CJK_RE.test(raw)) {
        // scripts without spaces: overlapping character bigrams
        const chars = Array.from(raw)
        if (chars.length === 1) this.push(sink, chars[0]!, scope > 0)
        for (let i = 0; i + 1 < chars.length; i++) this.push(sink, chars[i]! + chars[i + 1]!, scope > 0)
        sink.words += chars.length
        continue
      }
      let word = raw
      let negateAfter = false
      const apostrophe = word.search(/['’]/)
      if (apostrophe >= 0) {
        const parts = word.split(/['’]/)
        const tail = parts[parts.length - 1]!
        if (tail === "t" && parts[0]!.endsWith("n")) {
          word = parts[0]!.slice(0, -1)
          negateAfter = true
        } else if (["s", "re", "ve", "ll", "d", "m"].includes(tail)) {
          word = parts[0]!
        } else {
          // l'homme, o'clock: analyse every part
          for (const part of parts.slice(0, -1)) this.word(part, sink, scope, intensity)
          word = tail
        }
      }
      if (word === "cannot") {
        word = "can"
        negateAfter = true
      }
      if (NEGATIONS.has(word)) {
        scope = NEGATION_SCOPE
        continue
      }
      if (SCOPE_BREAKERS.has(word)) {
        scope = 0
        intensity = 1
        continue
      }
      const boost = INTENSIFIERS.get(word)
      if (boost !== undefined) {
        intensity = boost
        continue
      }
      if (this.word(word, sink, scope, intensity)) {
        if (scope > 0) scope--
        intensity = 1
      }
      if (negateAfter) scope = NEGATION_SCOPE
    }
  }

  /** Adds one word; returns whether it was a content word. */
  private word(word: string, sink: TokenSink, scope: number, intensity: number): boolean {
    const t = this.term(word)
    if (t === null) return false
    sink.words++
    const negated = scope > 0
    const polarity = NOT_POLAR.has(word) ? undefined : POLARITY.get(t)
    this.push(sink, t, negated)
    if (polarity !== undefined) {
      // "not happy" is negative; "not bad" is only mildly positive
      const signed = negated ? (polarity > 0 ? -polarity : -polarity * 0.5) : polarity
      sink.polarity[sink.polarity.length - 1] = signed * intensity
    }
    return true
  }

  private push(sink: TokenSink, term: string, negated: boolean): void {
    sink.terms.push(term)
    sink.neg.push(negated ? 1 : 0)
    sink.polarity.push(0)
  }
}
