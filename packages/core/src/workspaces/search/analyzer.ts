/**
 * The keyword analyzer (pure): text to the terms the keyword index stores and queries look up,
 * the same chain as Lucene's `EnglishAnalyzer` (the analyzer of the published BM25 baselines):
 *
 * 1. NFKC normalization — not in Lucene; folds the ligatures (`ﬁ`), full-width forms and
 *    compatibility digits that PDF extraction leaves, so `ﬁle` and `file` are one term.
 * 2. Tokenization as Lucene's `StandardTokenizer` (Unicode word segmentation, UAX #29):
 *    runs of letters and digits; letters joined across `'` `’` `.` `:` `·` (`can't`, `U.S.A`),
 *    digits across `.` `,` `;` `'` (`3.14`, `1,000`); `_` joins anything; a hyphen, slash or any
 *    other punctuation splits (`covid-19` → `covid`, `19`). Each Han or Hiragana character is a
 *    token of its own, Katakana runs and Southeast Asian script runs (Thai, Lao, Khmer, Myanmar)
 *    are tokens. A token longer than 255 UTF-16 units is cut into 255-unit pieces.
 *    Differences from Lucene, all at the margins: format characters (soft hyphen, zero-width
 *    joiner) are dropped from a token instead of kept inside it, so `hy\u00ADphen` matches
 *    `hyphen`; emoji are not tokens; the Hebrew quote rules (WB7a–c) are not applied.
 * 3. English possessive removal: a trailing `'s` / `’s` goes (`Docket's` → `docket`).
 * 4. Lower-casing with JavaScript's Unicode `toLowerCase` (Lucene lower-cases per code point;
 *    they differ only on context-dependent cases such as the Greek final sigma).
 * 5. Lucene's English stop words (`EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`, 33 words).
 * 6. Porter stemming (the `stemmer` package: Porter's 1980 algorithm with the departures of his
 *    reference implementation, `bli` → `ble` and `logi` → `log`, as Lucene's `PorterStemFilter`).
 *
 * No accent folding (`café` stays `café`): Lucene's EnglishAnalyzer does not fold, and folding
 * would merge distinct words of other languages in a multilingual workspace (`año`/`ano`); the
 * baselines we measure against are unfolded.
 *
 * Positions count the tokens before stop-word removal, as Lucene's position increments do, so a
 * removed stop word leaves a gap. Index and query must run the same analyzer: changing anything
 * here changes the terms of every indexed chunk.
 */
import { stemmer } from "stemmer"

/** Lucene's `EnglishAnalyzer.ENGLISH_STOP_WORDS_SET` */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
  "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was",
  "will", "with"
])

/** Lucene's `StandardTokenizer` default maximum token length (UTF-16 units) */
export const MAX_TOKEN_LENGTH = 255

export interface AnalyzedTerm {
  readonly term: string
  /** the token's ordinal among all tokens of the text, stop words included */
  readonly position: number
}

// character classes of UAX #29 as far as the tokenizer needs them
const OTHER = 0
const LETTER = 1
const DIGIT = 2
/** Han and Hiragana: every character a token */
const IDEOGRAPH = 3
const KATAKANA = 4
/** Thai, Lao, Khmer, Myanmar (UAX #14 complex context): runs are tokens */
const SOUTHEAST_ASIAN = 5
const MID_LETTER = 6
const MID_NUM = 7
const MID_NUM_LET = 8
const SINGLE_QUOTE = 9
const EXTEND_NUM_LET = 10
/** combining marks, ZWJ/ZWNJ: belong to the character before them and stay in the token */
const EXTEND = 11
/** other format characters (soft hyphen…): belong to the character before them, dropped */
const FORMAT = 12

const MID_LETTER_CHARS = new Set([0x3a, 0xb7, 0x387, 0x55f, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a])
const MID_NUM_CHARS = new Set([0x2c, 0x3b, 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b])
const MID_NUM_LET_CHARS = new Set([0x2e, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e])

const IDEOGRAPH_RE = /[\p{Script=Han}\p{Script=Hiragana}]/u
const KATAKANA_RE = /[\p{Script=Katakana}\u30FC\uFF70]/u
const SOUTHEAST_ASIAN_RE = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=New_Tai_Lue}]/u
const LETTER_RE = /[\p{L}\p{Nl}]/u
const DIGIT_RE = /\p{Nd}/u
const EXTEND_RE = /[\p{M}\u200C\u200D]/u
const FORMAT_RE = /\p{Cf}/u
const EXTEND_NUM_LET_RE = /\p{Pc}/u

const classCache = new Map<number, number>()

const classifySlow = (cp: number): number => {
  if (MID_LETTER_CHARS.has(cp)) return MID_LETTER
  if (MID_NUM_CHARS.has(cp)) return MID_NUM
  if (MID_NUM_LET_CHARS.has(cp)) return MID_NUM_LET
  const ch = String.fromCodePoint(cp)
  if (EXTEND_RE.test(ch)) return EXTEND
  // a zero-width space is a break opportunity, not part of a word
  if (cp !== 0x200b && FORMAT_RE.test(ch)) return FORMAT
  if (IDEOGRAPH_RE.test(ch)) return IDEOGRAPH
  if (KATAKANA_RE.test(ch)) return KATAKANA
  if (SOUTHEAST_ASIAN_RE.test(ch)) return SOUTHEAST_ASIAN
  if (LETTER_RE.test(ch)) return LETTER
  if (DIGIT_RE.test(ch)) return DIGIT
  if (EXTEND_NUM_LET_RE.test(ch)) return EXTEND_NUM_LET
  return OTHER
}

const classify = (cp: number): number => {
  if (cp < 0x80) {
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a)) return LETTER
    if (cp >= 0x30 && cp <= 0x39) return DIGIT
    if (cp === 0x27) return SINGLE_QUOTE
    if (cp === 0x2e) return MID_NUM_LET
    if (cp === 0x3a) return MID_LETTER
    if (cp === 0x2c || cp === 0x3b) return MID_NUM
    if (cp === 0x5f) return EXTEND_NUM_LET
    return OTHER
  }
  let c = classCache.get(cp)
  if (c === undefined) {
    c = classifySlow(cp)
    classCache.set(cp, c)
  }
  return c
}

/** UAX #29 rules that join two adjacent characters (WB5, WB8–10, WB13, WB13a/b; SE Asian runs) */
const joins = (left: number, right: number): boolean => {
  if ((left === LETTER || left === DIGIT) && (right === LETTER || right === DIGIT)) return true
  if (right === EXTEND_NUM_LET) return left === LETTER || left === DIGIT || left === KATAKANA || left === EXTEND_NUM_LET
  if (left === EXTEND_NUM_LET) return right === LETTER || right === DIGIT || right === KATAKANA
  if (left === KATAKANA) return right === KATAKANA
  if (left === SOUTHEAST_ASIAN) return right === SOUTHEAST_ASIAN
  return false
}

/** WB6/7 and WB11/12: `left mid right` stays one word */
const joinsAcross = (left: number, mid: number, right: number): boolean =>
  (left === LETTER && right === LETTER && (mid === MID_LETTER || mid === MID_NUM_LET || mid === SINGLE_QUOTE)) ||
  (left === DIGIT && right === DIGIT && (mid === MID_NUM || mid === MID_NUM_LET || mid === SINGLE_QUOTE))

const STARTS_TOKEN = new Set([LETTER, DIGIT, KATAKANA, SOUTHEAST_ASIAN, EXTEND_NUM_LET])

/** cuts an over-long token into pieces of at most MAX_TOKEN_LENGTH units, never inside a surrogate pair */
const pushToken = (out: Array<string>, token: string) => {
  let start = 0
  while (token.length - start > MAX_TOKEN_LENGTH) {
    let end = start + MAX_TOKEN_LENGTH
    const unit = token.charCodeAt(end - 1)
    if (unit >= 0xd800 && unit <= 0xdbff) end--
    out.push(token.slice(start, end))
    start = end
  }
  out.push(start === 0 ? token : token.slice(start))
}

/** The tokens of a text as `StandardTokenizer` cuts them (after NFKC), original case. */
export const tokenize = (text: string): Array<string> => {
  const s = text.normalize("NFKC")
  const n = s.length
  const out: Array<string> = []
  const cpAt = (i: number) => s.codePointAt(i)!
  const width = (cp: number) => (cp > 0xffff ? 2 : 1)
  let i = 0
  while (i < n) {
    const cp = cpAt(i)
    const cls = classify(cp)
    if (cls === IDEOGRAPH) {
      let j = i + width(cp)
      while (j < n && classify(cpAt(j)) === EXTEND) j += width(cpAt(j))
      out.push(s.slice(i, j))
      i = j
      continue
    }
    if (!STARTS_TOKEN.has(cls)) {
      i += width(cp)
      continue
    }
    let token = String.fromCodePoint(cp)
    let last = cls
    let hasWordChar = cls !== EXTEND_NUM_LET
    let j = i + width(cp)
    while (j < n) {
      const next = cpAt(j)
      const c = classify(next)
      if (c === EXTEND) {
        token += String.fromCodePoint(next)
        j += width(next)
        continue
      }
      if (c === FORMAT) {
        j += width(next)
        continue
      }
      if (joins(last, c)) {
        token += String.fromCodePoint(next)
        if (c !== EXTEND_NUM_LET) hasWordChar = true
        last = c
        j += width(next)
        continue
      }
      if (c === MID_LETTER || c === MID_NUM || c === MID_NUM_LET || c === SINGLE_QUOTE) {
        // look past the separator (and any marks after it) to the next real character
        let k = j + width(next)
        let marks = ""
        while (k < n) {
          const m = cpAt(k)
          const mc = classify(m)
          if (mc === EXTEND) marks += String.fromCodePoint(m)
          else if (mc !== FORMAT) break
          k += width(m)
        }
        if (k < n && joinsAcross(last, c, classify(cpAt(k)))) {
          token += String.fromCodePoint(next) + marks
          j = k
          continue
        }
      }
      break
    }
    if (hasWordChar) pushToken(out, token)
    i = j
  }
  return out
}

const POSSESSIVE = /['\u2019\uFF07][sS]$/

/** One token to its term, or null for a stop word. */
const termOf = (token: string): string | null => {
  const lower = token.replace(POSSESSIVE, "").toLowerCase()
  if (lower === "" || ENGLISH_STOP_WORDS.has(lower)) return null
  return stemmer(lower)
}

/** The terms of a text with their positions (see the module comment). */
export const analyzeWithPositions = (text: string): Array<AnalyzedTerm> => {
  const out: Array<AnalyzedTerm> = []
  tokenize(text).forEach((token, position) => {
    const term = termOf(token)
    if (term !== null) out.push({ term, position })
  })
  return out
}

/** The terms of a text, in order (see the module comment). */
export const analyze = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const token of tokenize(text)) {
    const term = termOf(token)
    if (term !== null) out.push(term)
  }
  return out
}
