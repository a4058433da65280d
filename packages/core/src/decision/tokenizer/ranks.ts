/**
 * Byte-sequence -> rank table of a BPE encoding, built from the compressed `bpe_ranks`
 * string of js-tiktoken's rank files.
 *
 * Format (the one js-tiktoken's `Tiktoken` constructor parses): lines separated by "\n";
 * each line is `<ignored> <offset> <b64_0> <b64_1> ...` separated by single spaces, and the
 * token whose bytes are base64 `<b64_i>` has rank `offset + i`.
 *
 * Storage is deliberately compact and allocation-free to query: all token bytes live in one
 * `Uint8Array` pool; 1- and 2-byte tokens are also in direct-indexed tables (256 and 65,536
 * entries), and longer tokens are found through an open-addressing hash table over the pool
 * (FNV-1a hash of the bytes, linear probing, stored full hash to skip most byte compares).
 * o200k (200k tokens, 1.4 MB of token bytes) costs about 6 MB here, versus tens of MB for a
 * `Map<string, number>`.
 */

/** Returned by {@link RankTable.lookup} when a byte sequence is not a token. Larger than any rank. */
export const NO_RANK = 0x7fffffff

/** The parts of a js-tiktoken rank file that we use. */
export interface RankFile {
  readonly pat_str: string
  readonly bpe_ranks: string
}

const B64 = (() => {
  const t = new Int8Array(128).fill(-1)
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i
  // url-safe variants, as accepted by base64-js (used by js-tiktoken)
  t["-".charCodeAt(0)] = 62
  t["_".charCodeAt(0)] = 63
  return t
})()

/** FNV-1a state before any byte; feed bytes with {@link hashStep}, finish with {@link hashFinish}. */
export const HASH_INIT = 0x811c9dc5 | 0
export const hashStep = (h: number, byte: number): number => Math.imul(h ^ byte, 0x01000193)
/** Mixes in the length and finalises (murmur3 fmix-style). */
export const hashFinish = (h: number, len: number): number => {
  h ^= len
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h
}

/** Hash of bytes[start, end); equal to feeding them one by one to hashStep then hashFinish. */
export const hashBytes = (bytes: Uint8Array, start: number, end: number): number => {
  let h = HASH_INIT
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193)
  return hashFinish(h, end - start)
}

export class RankTable {
  /** rank of the 1-byte token b, or NO_RANK */
  readonly byteRank: Int32Array
  /** rank of the 2-byte token (b0 << 8 | b1), or NO_RANK */
  readonly pairRank: Int32Array
  /** number of distinct tokens */
  readonly size: number
  /** longest token, in bytes */
  readonly maxTokenLength: number
  /** largest rank */
  readonly maxRank: number

  private readonly pool: Uint8Array
  /** entry e (tokens of 3+ bytes) has bytes pool[offsets[e], offsets[e + 1]) */
  private readonly offsets: Uint32Array
  private readonly ranks: Int32Array
  private readonly hashes: Int32Array
  /** open addressing: entry index + 1, 0 = empty */
  private readonly slots: Int32Array
  private readonly mask: number

  constructor(bpeRanks: string) {
    const byteRank = new Int32Array(256).fill(NO_RANK)
    const pairRank = new Int32Array(65536).fill(NO_RANK)
    // Upper bound on decoded size; trimmed below.
    const pool = new Uint8Array(Math.ceil((bpeRanks.length * 3) / 4) + 4)
    let poolLen = 0
    const longStart: Array<number> = []
    const longRank: Array<number> = []
    let maxLen = 0
    let maxRank = -1
    let size = 0

    const len = bpeRanks.length
    let lineStart = 0
    while (lineStart < len) {
      let lineEnd = bpeRanks.indexOf("\n", lineStart)
      if (lineEnd < 0) lineEnd = len
      if (lineEnd > lineStart) {
        // field 0: ignored; field 1: offset; fields 2..: base64 tokens
        const f0End = bpeRanks.indexOf(" ", lineStart)
        if (f0End >= 0 && f0End < lineEnd) {
          let f1End = bpeRanks.indexOf(" ", f0End + 1)
          if (f1End < 0 || f1End > lineEnd) f1End = lineEnd
          const offset = Number.parseInt(bpeRanks.slice(f0End + 1, f1End), 10)
          let rank = offset
          let p = f1End + 1
          while (p <= lineEnd) {
            let q = bpeRanks.indexOf(" ", p)
            if (q < 0 || q > lineEnd) q = lineEnd
            // decode base64 chars [p, q) into the pool
            const start = poolLen
            let acc = 0
            let bits = 0
            for (let i = p; i < q; i++) {
              const c = bpeRanks.charCodeAt(i)
              if (c === 61) break // '='
              const v = c < 128 ? B64[c] : -1
              if (v < 0) throw new Error(`invalid base64 in bpe_ranks at ${i}`)
              acc = ((acc << 6) | v) & 0xffffff
              bits += 6
              if (bits >= 8) {
                bits -= 8
                pool[poolLen++] = (acc >>> bits) & 0xff
              }
            }
            const tokLen = poolLen - start
            if (tokLen === 1) {
              if (byteRank[pool[start]] !== NO_RANK) size--
              byteRank[pool[start]] = rank
              poolLen = start
            } else if (tokLen === 2) {
              const k = (pool[start] << 8) | pool[start + 1]
              if (pairRank[k] !== NO_RANK) size--
              pairRank[k] = rank
              poolLen = start
            } else if (tokLen > 2) {
              longStart.push(start)
              longRank.push(rank)
            }
            if (tokLen > 0) {
              size++
              if (rank > maxRank) maxRank = rank
            }
            if (tokLen > maxLen) maxLen = tokLen
            rank++
            p = q + 1
          }
        }
      }
      lineStart = lineEnd + 1
    }

    const count = longStart.length
    this.pool = pool.slice(0, poolLen)
    this.offsets = new Uint32Array(count + 1)
    for (let e = 0; e < count; e++) this.offsets[e] = longStart[e]
    this.offsets[count] = poolLen
    this.ranks = Int32Array.from(longRank)
    this.hashes = new Int32Array(count)
    let cap = 16
    while (cap < count * 2) cap *= 2
    this.slots = new Int32Array(cap)
    this.mask = cap - 1
    const duplicate = new Uint8Array(count)
    for (let e = 0; e < count; e++) {
      const s = this.offsets[e]
      const t = this.offsets[e + 1]
      const h = hashBytes(this.pool, s, t)
      this.hashes[e] = h
      let slot = h & this.mask
      for (;;) {
        const cur = this.slots[slot]
        if (cur === 0) {
          this.slots[slot] = e + 1
          break
        }
        if (this.equals(cur - 1, h, this.pool, s, t)) {
          // same bytes listed twice: the later rank wins (as in a Map.set sequence)
          this.ranks[cur - 1] = this.ranks[e]
          duplicate[e] = 1
          size--
          break
        }
        slot = (slot + 1) & this.mask
      }
    }
    this.byteRank = byteRank
    this.pairRank = pairRank
    this.size = size
    this.maxTokenLength = maxLen
    this.maxRank = maxRank
    if (maxRank >= NO_RANK) throw new Error("rank out of range")
    // Distinct tokens must have distinct ranks (the long-piece merge relies on it to detect
    // stale queue entries; see bpe.ts).
    const seen = new Uint8Array(maxRank + 1)
    const mark = (r: number): void => {
      if (r === NO_RANK) return
      if (seen[r] !== 0) throw new Error(`rank ${r} is used by two tokens`)
      seen[r] = 1
    }
    byteRank.forEach(mark)
    pairRank.forEach(mark)
    for (let e = 0; e < count; e++) if (duplicate[e] === 0) mark(this.ranks[e])
  }

  private equals(e: number, h: number, bytes: Uint8Array, start: number, end: number): boolean {
    if (this.hashes[e] !== h) return false
    const o = this.offsets[e]
    if (this.offsets[e + 1] - o !== end - start) return false
    const pool = this.pool
    for (let i = start, j = o; i < end; i++, j++) if (pool[j] !== bytes[i]) return false
    return true
  }

  /** Rank of the token whose bytes are bytes[start, end), or NO_RANK. */
  lookup(bytes: Uint8Array, start: number, end: number): number {
    const len = end - start
    if (len <= 2) {
      if (len === 2) return this.pairRank[(bytes[start] << 8) | bytes[start + 1]]
      return len === 1 ? this.byteRank[bytes[start]] : NO_RANK
    }
    if (len > this.maxTokenLength) return NO_RANK
    return this.probe(bytes, start, end, hashBytes(bytes, start, end))
  }

  /** As {@link lookup}, with `hash` = hashBytes(bytes, start, end) already computed. */
  lookupHashed(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const len = end - start
    if (len <= 2) {
      if (len === 2) return this.pairRank[(bytes[start] << 8) | bytes[start + 1]]
      return len === 1 ? this.byteRank[bytes[start]] : NO_RANK
    }
    if (len > this.maxTokenLength) return NO_RANK
    return this.probe(bytes, start, end, hash)
  }

  private probe(bytes: Uint8Array, start: number, end: number, h: number): number {
    const slots = this.slots
    const mask = this.mask
    let slot = h & mask
    for (;;) {
      const cur = slots[slot]
      if (cur === 0) return NO_RANK
      if (this.equals(cur - 1, h, bytes, start, end)) return this.ranks[cur - 1]
      slot = (slot + 1) & mask
    }
  }
}
