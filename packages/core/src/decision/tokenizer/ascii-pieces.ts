/**
 * A hand-written pre-tokenizer for ASCII text, giving exactly the pieces of the encodings' own
 * `pat_str` regexes (see index.ts) without running them.
 *
 * Why: the regexes use Unicode property classes and seven alternatives; one sticky `test` per
 * piece costs ~50-100 ns even on plain ASCII, which made pre-tokenisation the largest part of
 * validating a small request. Restricted to ASCII the classes are tiny (\p{L} = [A-Za-z],
 * \p{Lu} = [A-Z], \p{Ll} = [a-z], \p{N} = [0-9], \p{Lt}/\p{Lm}/\p{Lo}/\p{M} empty, \s =
 * [\t\n\v\f\r ]) and the alternatives become simple scans.
 *
 * Contract: `asciiPieceEnd` returns the end of the piece that the regex matches at `pos`, or -1
 * when deciding it would need to look at a non-ASCII character (the caller then runs the regex
 * at `pos`). The piece at `pos` depends only on text[pos..], so mixing the two per piece gives
 * the regex's pieces exactly. Every character that could change the outcome is read through
 * `cls`, which signals non-ASCII; a comparison against one specific ASCII character (the
 * contraction suffixes, the trailing [\r\n/]*) needs no such care.
 *
 * How the alternatives reduce on ASCII (first matching alternative wins, as in the regex):
 *
 * o200k_base  `[^\r\n\p{L}\p{N}]?[\p{Lu}..]*[\p{Ll}..]+(contraction)?`
 *             `|[^\r\n\p{L}\p{N}]?[\p{Lu}..]+[\p{Ll}..]*(contraction)?`
 *             `|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
 *   - letters: an optional prefix (any char but CR, LF, letters, digits), then the maximal run of
 *     upper case followed by the maximal run of lower case, at least one letter in all (the two
 *     letter alternatives together; upper and lower case are disjoint, so no backtracking
 *     changes the extent), then an optional contraction ('s 't 're 've 'm 'll 'd, any case);
 *   - 1 to 3 digits;
 *   - punctuation: an optional space, the maximal run of chars that are not space, letter or
 *     digit, then the maximal run of [\r\n/];
 *   - a whitespace run W: up to and including its last CR/LF if it has one; else all of W when it
 *     ends the text; else W minus its last char when that leaves at least one; else one char.
 * cl100k_base `'s|'t|'re|'ve|'m|'ll|'d (any case)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}`
 *             `| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
 *   - a contraction first, then an optional prefix and the maximal run of letters of any case;
 *     the rest as above, the punctuation tail being [\r\n]* only.
 */

const LOWER = 1
const UPPER = 2
const DIGIT = 3
/** CR or LF */
const NEWLINE = 4
/** the other ASCII whitespace: tab, vertical tab, form feed, space */
const BLANK = 5
/** everything else: punctuation, symbols, control chars that are not \s */
const OTHER = 6
/** returned by `cls` past the end of the text */
const END = 0
/** returned by `cls` for a non-ASCII char */
const FOREIGN = 7

const CLASS = (() => {
  const t = new Uint8Array(128).fill(OTHER)
  for (let c = 97; c <= 122; c++) t[c] = LOWER
  for (let c = 65; c <= 90; c++) t[c] = UPPER
  for (let c = 48; c <= 57; c++) t[c] = DIGIT
  t[10] = NEWLINE
  t[13] = NEWLINE
  for (const c of [9, 11, 12, 32]) t[c] = BLANK
  return t
})()

const cls = (text: string, i: number, len: number): number => {
  if (i >= len) return END
  const c = text.charCodeAt(i)
  return c < 128 ? CLASS[c] : FOREIGN
}

const isLetter = (k: number): boolean => k === LOWER || k === UPPER
/** [^\r\n\p{L}\p{N}] on ASCII */
const isPrefix = (k: number): boolean => k === BLANK || k === OTHER

/** Length of a contraction ('s 't 're 've 'm 'll 'd, any case) at `i`, or 0. */
const contraction = (text: string, i: number, len: number): number => {
  if (i + 1 >= len || text.charCodeAt(i) !== 39) return 0
  const a = text.charCodeAt(i + 1) | 0x20 // lower-cases ASCII letters (other chars cannot match below)
  if (a === 115 || a === 116 || a === 109 || a === 100) return 2 // s t m d
  if (i + 2 >= len) return 0
  const b = text.charCodeAt(i + 2) | 0x20
  if ((a === 114 && b === 101) || (a === 118 && b === 101) || (a === 108 && b === 108)) return 3 // re ve ll
  return 0
}

/**
 * End of the piece starting at `pos` (< text.length), or -1 if a non-ASCII char must be seen to
 * decide. `o200k`: the o200k_base pattern, else the cl100k_base one.
 */
export const asciiPieceEnd = (text: string, pos: number, o200k: boolean): number => {
  const len = text.length
  const k0 = cls(text, pos, len)
  if (k0 === FOREIGN) return -1

  if (!o200k && k0 === OTHER) {
    const n = contraction(text, pos, len)
    if (n > 0) return pos + n
  }

  // letters, with an optional prefix char
  let start = -1
  if (isLetter(k0)) start = pos
  else if (isPrefix(k0)) {
    const k1 = cls(text, pos + 1, len)
    if (k1 === FOREIGN) return -1
    if (isLetter(k1)) start = pos + 1
  }
  if (start >= 0) {
    let i = start
    let k = cls(text, i, len)
    if (o200k) {
      while (k === UPPER) k = cls(text, ++i, len)
      while (k === LOWER) k = cls(text, ++i, len)
      if (k === FOREIGN) return -1
      return i + contraction(text, i, len)
    }
    while (isLetter(k)) k = cls(text, ++i, len)
    return k === FOREIGN ? -1 : i
  }

  if (k0 === DIGIT) {
    let i = pos + 1
    while (i < pos + 3) {
      const k = cls(text, i, len)
      if (k === FOREIGN) return -1
      if (k !== DIGIT) break
      i++
    }
    return i
  }

  // punctuation, with an optional leading space
  let p = pos
  if (text.charCodeAt(pos) === 32) {
    const k1 = cls(text, pos + 1, len)
    if (k1 === FOREIGN) return -1
    if (k1 === OTHER) p = pos + 1
  }
  if (cls(text, p, len) === OTHER) {
    let i = p + 1
    let k = cls(text, i, len)
    while (k === OTHER) k = cls(text, ++i, len)
    if (k === FOREIGN) return -1
    for (;;) {
      const c = i < len ? text.charCodeAt(i) : -1
      if (c === 10 || c === 13 || (o200k && c === 47)) i++
      else break
    }
    return i
  }

  // whitespace (k0 is NEWLINE or BLANK here)
  let i = pos
  let lastNewline = -1
  for (;;) {
    const k = cls(text, i, len)
    if (k === NEWLINE) lastNewline = i
    else if (k !== BLANK) {
      if (k === FOREIGN) return -1
      break
    }
    i++
  }
  if (lastNewline >= 0) return lastNewline + 1
  if (i === len) return i
  return i - pos >= 2 ? i - 1 : pos + 1
}
