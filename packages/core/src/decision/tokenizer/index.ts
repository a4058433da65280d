/**
 * Exact, fast BPE token counting for OpenAI's `cl100k_base` and `o200k_base` encodings.
 *
 * Output is identical to js-tiktoken's `new Tiktoken(ranks).encode(text, [], [])`, i.e.
 * special-token strings such as "<|endoftext|>" are encoded as ordinary text. (js-tiktoken's
 * plain `encode(text)` throws on them instead; on every other input it is the same.)
 *
 * Algorithm
 * 1. Pre-tokenisation with the encoding's own `pat_str`, compiled with the `u` flag like
 *    js-tiktoken. We use a sticky (`y`) copy and `RegExp#test`, reading the piece end from
 *    `lastIndex`, which allocates no match objects. This is equivalent to js-tiktoken's
 *    `matchAll` because both patterns match at every position (each code point is \s, \p{L},
 *    \p{N} or one of `[^\s\p{L}\p{N}]`), so the global matches are contiguous; a global-regex
 *    fallback handles any gap anyway. The patterns were measured to be linear on long runs
 *    (one letter, upper/lower alternations, digits, punctuation, whitespace with and without
 *    newlines, marks, emoji, CJK, lone surrogates); see the tests.
 * 2. Each piece is UTF-8 encoded by hand into a reusable buffer (lone surrogates become
 *    U+FFFD, like TextEncoder). A piece that is itself a token costs one lookup.
 * 3. Otherwise the piece is byte-pair merged (./bpe.ts): a plain quadratic scan for short
 *    pieces (fastest in practice), and for pieces over SHORT_PIECE_MAX bytes a linked list of
 *    parts with a binary min-heap keyed by (rank, start) and lazy invalidation: O(n log n)
 *    and exactly the reference merge order (lowest rank first, leftmost on ties). Reference
 *    implementations, js-tiktoken's included, rescan all pairs after every merge, which is
 *    quadratic on a long piece: a 40,000-byte run of one letter takes ~1 s there, 1 MB minutes.
 * 4. Ranks are looked up by byte sequence in a compact table (./ranks.ts): direct tables for
 *    1- and 2-byte tokens, an open-addressing hash over a byte pool for longer ones, and an
 *    immediate miss for sequences longer than the longest token. No strings are built.
 *
 * Instances are built lazily (parsing the rank file takes a few tens of ms) and cached per name.
 * An instance is not re-entrant (it reuses scratch buffers), which is fine in single-threaded JS.
 */
import cl100kBase from "js-tiktoken/ranks/cl100k_base"
import o200kBase from "js-tiktoken/ranks/o200k_base"
import { Merger } from "./bpe.js"
import { NO_RANK, RankTable, type RankFile } from "./ranks.js"

export type EncodingName = "cl100k_base" | "o200k_base"

export interface BpeEncoding {
  readonly name: EncodingName
  /** Token ids; identical to js-tiktoken's `encode(text, [], [])` (special tokens are plain text). */
  encode(text: string): Array<number>
  /** `encode(text).length`, without building the token array. */
  countTokens(text: string): number
}

class Encoding implements BpeEncoding {
  private readonly table: RankTable
  private readonly merger: Merger
  private readonly sticky: RegExp
  private readonly global: RegExp
  private buf = new Uint8Array(1024)

  constructor(
    readonly name: EncodingName,
    file: RankFile
  ) {
    this.table = new RankTable(file.bpe_ranks)
    this.merger = new Merger(this.table)
    this.sticky = new RegExp(file.pat_str, "uy")
    this.global = new RegExp(file.pat_str, "ug")
  }

  encode(text: string): Array<number> {
    const out: Array<number> = []
    this.run(text, out)
    return out
  }

  countTokens(text: string): number {
    return this.run(text, null)
  }

  private run(text: string, out: Array<number> | null): number {
    const re = this.sticky
    const len = text.length
    let count = 0
    let pos = 0
    while (pos < len) {
      re.lastIndex = pos
      if (!re.test(text)) {
        // No match here (not expected for these patterns): skip to the next match, as matchAll does.
        const g = this.global
        g.lastIndex = pos
        const m = g.exec(text)
        if (m === null) break
        pos = m.index
        if (m[0].length === 0) pos = g.lastIndex // empty match: contributes no tokens
        continue
      }
      const end = re.lastIndex
      if (end === pos) {
        // empty match: contributes nothing; advance one code point like matchAll
        const c = text.charCodeAt(pos)
        const d = pos + 1 < len ? text.charCodeAt(pos + 1) : 0
        pos += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1
        continue
      }
      count += this.piece(text, pos, end, out)
      pos = end
    }
    return count
  }

  /** Tokens of text[start, end). */
  private piece(text: string, start: number, end: number, out: Array<number> | null): number {
    // UTF-8 encode into buf (at most 3 bytes per UTF-16 unit)
    let buf = this.buf
    if (buf.length < (end - start) * 3) {
      buf = new Uint8Array((end - start) * 3)
      // keep only moderately sized buffers around
      if (buf.length <= 1 << 16) this.buf = buf
    }
    let n = 0
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i)
      if (c < 0x80) {
        buf[n++] = c
      } else if (c < 0x800) {
        buf[n++] = 0xc0 | (c >> 6)
        buf[n++] = 0x80 | (c & 63)
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[n++] = 0xe0 | (c >> 12)
        buf[n++] = 0x80 | ((c >> 6) & 63)
        buf[n++] = 0x80 | (c & 63)
      } else {
        const d = i + 1 < end ? text.charCodeAt(i + 1) : 0
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
          buf[n++] = 0xf0 | (cp >> 18)
          buf[n++] = 0x80 | ((cp >> 12) & 63)
          buf[n++] = 0x80 | ((cp >> 6) & 63)
          buf[n++] = 0x80 | (cp & 63)
          i++
        } else {
          // lone surrogate -> U+FFFD
          buf[n++] = 0xef
          buf[n++] = 0xbf
          buf[n++] = 0xbd
        }
      }
    }
    const whole = this.table.lookup(buf, 0, n)
    if (whole !== NO_RANK) {
      if (out !== null) out.push(whole)
      return 1
    }
    return this.merger.merge(buf, n, out)
  }
}

const rankFiles: Record<EncodingName, RankFile> = {
  cl100k_base: cl100kBase,
  o200k_base: o200kBase
}

const cache = new Map<EncodingName, BpeEncoding>()

/** The encoding `name`, built on first use and cached. */
export const getEncoding = (name: EncodingName): BpeEncoding => {
  let enc = cache.get(name)
  if (enc === undefined) {
    const file = rankFiles[name]
    if (file === undefined) throw new Error(`Unknown encoding: ${String(name)}`)
    enc = new Encoding(name, file)
    cache.set(name, enc)
  }
  return enc
}
