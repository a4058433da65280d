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
 *    newlines, marks, emoji, CJK, lone surrogates); see the tests. Before the regex, each piece
 *    is tried with a hand-written scanner that gives the same piece on ASCII text
 *    (./ascii-pieces.ts) and defers to the regex when a non-ASCII char could matter: on short
 *    ASCII texts the regex call per piece was the largest part of counting.
 * 2. Each piece is UTF-8 encoded by hand into a reusable buffer (lone surrogates become
 *    U+FFFD, like TextEncoder). A piece that is itself a token costs one lookup.
 * 3. Otherwise the piece is byte-pair merged (./bpe.ts) with the exact tiktoken semantics
 *    (merge the lowest-rank adjacent pair, leftmost on ties, until none is a token):
 *    - pieces of up to SHORT_PIECE_MAX (48) bytes: the plain quadratic scan of tiktoken's
 *      `_byte_pair_merge`, fastest for the short pieces that make up almost all real text;
 *    - longer pieces: a doubly linked list of parts and a priority queue of candidate pairs keyed
 *      by (rank, start) with lazy invalidation: O(n log n) worst case, close to O(n) in practice
 *      (the queue is a heap of distinct ranks, each with an append-only sorted bucket of
 *      positions; pair ranks go through a small (left rank, right rank) cache). The order of
 *      merges is provably the reference one; see bpe.ts.
 *    Why: reference implementations, js-tiktoken's included, rescan every pair after every merge,
 *    which is quadratic in the piece length, and one pre-token can be the whole input (a run of
 *    one letter, punctuation, spaces or emoji). js-tiktoken takes ~2 minutes on a 40,000-char
 *    run of "a" (measured, v1.0.21) and would take about a day on 1 MB; this takes ~0.1-0.3 s
 *    on 1 MB. See bench/tokenizer.ts.
 * 4. Ranks are looked up by byte sequence in a compact table (./ranks.ts): direct tables for
 *    1- and 2-byte tokens, an open-addressing hash over a byte pool for longer ones, and an
 *    immediate miss for sequences longer than the longest token. No strings are built.
 *
 * Instances are built lazily (parsing a rank file takes ~40-80 ms, vs ~0.4-0.9 s for
 * js-tiktoken's constructor) and cached per name. Memory: ~3 MB (cl100k) / ~6 MB (o200k) of
 * typed arrays (+0.4 / 0.8 MB once a long piece is seen), plus transient work arrays of about
 * 16-25 bytes per byte of a very long piece (~100 MB for a 4 MB run of one emoji).
 * An instance is not re-entrant (it reuses scratch buffers), which is fine in single-threaded JS.
 */
import cl100kBase from "js-tiktoken/ranks/cl100k_base"
import o200kBase from "js-tiktoken/ranks/o200k_base"
import { asciiPieceEnd } from "./ascii-pieces.js"
import { Merger } from "./bpe.js"
import { HASH_INIT, hashFinish, NO_RANK, RankTable, type RankFile } from "./ranks.js"

export type EncodingName = "cl100k_base" | "o200k_base"

export interface BpeEncoding {
  readonly name: EncodingName
  /** Token ids; identical to js-tiktoken's `encode(text, [], [])` (special tokens are plain text). */
  encode(text: string): Array<number>
  /** `encode(text).length`, without building the token array. */
  countTokens(text: string): number
}

/** Pieces of up to this many UTF-8 bytes go through the piece cache (two 32-bit words). */
const PIECE_CACHE_MAX_BYTES = 8
/** Entries of the piece cache (a power of two): 4096 × 13 bytes. */
const PIECE_CACHE_SIZE = 4096

class Encoding implements BpeEncoding {
  private readonly table: RankTable
  private readonly merger: Merger
  private readonly sticky: RegExp
  private readonly global: RegExp
  private buf = new Uint8Array(1024)
  // the short-piece cache (see countShortPiece); length 0 = empty slot
  private readonly pieceLength = new Uint8Array(PIECE_CACHE_SIZE)
  private readonly pieceLo = new Int32Array(PIECE_CACHE_SIZE)
  private readonly pieceHi = new Int32Array(PIECE_CACHE_SIZE)
  private readonly pieceCount = new Int32Array(PIECE_CACHE_SIZE)
  /** which pattern `asciiPieceEnd` reproduces */
  private readonly o200k: boolean

  constructor(
    readonly name: EncodingName,
    file: RankFile
  ) {
    this.table = new RankTable(file.bpe_ranks)
    this.merger = new Merger(this.table)
    this.sticky = new RegExp(file.pat_str, "uy")
    this.global = new RegExp(file.pat_str, "ug")
    this.o200k = name === "o200k_base"
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
      let start = pos
      let end = asciiPieceEnd(text, pos, this.o200k)
      if (end >= 0) {
        // the regex's piece, found without running it (ascii-pieces.ts)
        count += this.piece(text, start, end, out)
        pos = end
        continue
      }
      re.lastIndex = pos
      if (re.test(text)) {
        end = re.lastIndex
      } else {
        // No match starting here (cannot happen with these patterns): take the next match, as
        // matchAll does, skipping the unmatched text.
        const g = this.global
        g.lastIndex = pos
        const m = g.exec(text)
        if (m === null) break
        start = m.index
        end = start + m[0].length
      }
      if (end === start) {
        // empty match: contributes nothing; advance one code point like matchAll
        const c = text.charCodeAt(start)
        const d = start + 1 < len ? text.charCodeAt(start + 1) : 0
        pos = start + (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1)
        continue
      }
      count += this.piece(text, start, end, out)
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
    // ... computing the lookup hash on the way (see ranks.ts)
    let n = 0
    let h = HASH_INIT
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i)
      if (c < 0x80) {
        buf[n++] = c
        h = Math.imul(h ^ c, 0x01000193)
      } else if (c < 0x800) {
        const b0 = 0xc0 | (c >> 6)
        const b1 = 0x80 | (c & 63)
        buf[n++] = b0
        buf[n++] = b1
        h = Math.imul(Math.imul(h ^ b0, 0x01000193) ^ b1, 0x01000193)
      } else if (c < 0xd800 || c > 0xdfff) {
        const b0 = 0xe0 | (c >> 12)
        const b1 = 0x80 | ((c >> 6) & 63)
        const b2 = 0x80 | (c & 63)
        buf[n++] = b0
        buf[n++] = b1
        buf[n++] = b2
        h = Math.imul(Math.imul(Math.imul(h ^ b0, 0x01000193) ^ b1, 0x01000193) ^ b2, 0x01000193)
      } else {
        const d = i + 1 < end ? text.charCodeAt(i + 1) : 0
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
          const b0 = 0xf0 | (cp >> 18)
          const b1 = 0x80 | ((cp >> 12) & 63)
          const b2 = 0x80 | ((cp >> 6) & 63)
          const b3 = 0x80 | (cp & 63)
          buf[n++] = b0
          buf[n++] = b1
          buf[n++] = b2
          buf[n++] = b3
          h = Math.imul(Math.imul(Math.imul(Math.imul(h ^ b0, 0x01000193) ^ b1, 0x01000193) ^ b2, 0x01000193) ^ b3, 0x01000193)
          i++
        } else {
          // lone surrogate -> U+FFFD (EF BF BD), as TextEncoder does
          buf[n++] = 0xef
          buf[n++] = 0xbf
          buf[n++] = 0xbd
          h = Math.imul(Math.imul(Math.imul(h ^ 0xef, 0x01000193) ^ 0xbf, 0x01000193) ^ 0xbd, 0x01000193)
        }
      }
    }
    const hash = hashFinish(h, n)
    if (out === null && n <= PIECE_CACHE_MAX_BYTES) return this.countShortPiece(buf, n, hash)
    const whole = this.table.lookupHashed(buf, 0, n, hash)
    if (whole !== NO_RANK) {
      if (out !== null) out.push(whole)
      return 1
    }
    return this.merger.merge(buf, n, out)
  }

  /**
   * Token count of a piece of 1-8 bytes, through a small direct-mapped cache in front of the rank
   * table. Why: a rank lookup touches several cache lines of a multi-megabyte table (slot, hash,
   * offset, bytes), which is most of the cost of counting a short text, while the short pieces of
   * real text (words, JSON punctuation, keys) repeat constantly. An entry is the piece's bytes
   * packed into two words plus its length, so a hit is exact.
   */
  private countShortPiece(buf: Uint8Array, n: number, hash: number): number {
    let lo = 0
    let hi = 0
    for (let i = 0; i < n && i < 4; i++) lo |= buf[i] << (8 * i)
    for (let i = 4; i < n; i++) hi |= buf[i] << (8 * (i - 4))
    const slot = hash & (PIECE_CACHE_SIZE - 1)
    if (this.pieceLength[slot] === n && this.pieceLo[slot] === lo && this.pieceHi[slot] === hi) return this.pieceCount[slot]
    const count = this.table.lookupHashed(buf, 0, n, hash) !== NO_RANK ? 1 : this.merger.merge(buf, n, null)
    this.pieceLength[slot] = n
    this.pieceLo[slot] = lo
    this.pieceHi[slot] = hi
    this.pieceCount[slot] = count
    return count
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
    if (!Object.prototype.hasOwnProperty.call(rankFiles, name)) throw new Error(`Unknown encoding: ${String(name)}`)
    enc = new Encoding(name, rankFiles[name])
    cache.set(name, enc)
  }
  return enc
}
