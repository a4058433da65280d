/**
 * A bounded ZIP reader for OOXML packages: reads the central directory, then inflates only the
 * entries asked for, counting every inflated byte against the limits (total, per entry, ratio),
 * so a zip bomb stops at the limit instead of filling memory. Declared sizes are not trusted.
 */
import { Inflate } from "fflate"
import type { ParseLimits } from "./limits.js"
import { corrupt, encrypted, ParseProblem, tooComplex } from "./problem.js"

interface Entry {
  readonly name: string
  readonly method: number
  readonly flags: number
  readonly compressedSize: number
  readonly localOffset: number
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 0x100000000

const utf8 = new TextDecoder("utf-8")
const latin1 = new TextDecoder("latin1")

export class ZipArchive {
  private readonly entries = new Map<string, Entry>()
  private inflated = 0

  constructor(
    private readonly bytes: Uint8Array,
    private readonly format: string,
    private readonly limits: ParseLimits
  ) {
    const fail = (what: string) => corrupt(format, `The ${format.toUpperCase()} file is not a valid ZIP package (${what}); it may be truncated or damaged.`)
    let eocd = -1
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
      if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) {
        eocd = i
        break
      }
    }
    if (eocd < 0) throw fail("no end of central directory")
    let count = u16(bytes, eocd + 10)
    let cdOffset = u32(bytes, eocd + 16)
    if (count === 0xffff || cdOffset === 0xffffffff) {
      const locator = eocd - 20
      if (locator < 0 || u32(bytes, locator) !== 0x07064b50) throw fail("missing ZIP64 locator")
      const z64 = u64(bytes, locator + 8)
      if (z64 + 56 > bytes.length || u32(bytes, z64) !== 0x06064b50) throw fail("bad ZIP64 directory")
      count = u64(bytes, z64 + 32)
      cdOffset = u64(bytes, z64 + 48)
    }
    if (count > limits.maxArchiveEntries) {
      throw tooComplex(format, "entries", `The ${format.toUpperCase()} package lists ${count} entries; at most ${limits.maxArchiveEntries} are read.`)
    }
    let p = cdOffset
    for (let n = 0; n < count; n++) {
      if (p + 46 > bytes.length || u32(bytes, p) !== 0x02014b50) throw fail("central directory cut short")
      const flags = u16(bytes, p + 8)
      const method = u16(bytes, p + 10)
      let compressedSize = u32(bytes, p + 20)
      const nameLength = u16(bytes, p + 28)
      const extraLength = u16(bytes, p + 30)
      const commentLength = u16(bytes, p + 32)
      let localOffset = u32(bytes, p + 42)
      if (p + 46 + nameLength > bytes.length) throw fail("central directory cut short")
      const rawName = bytes.subarray(p + 46, p + 46 + nameLength)
      const name = (flags & 0x800 ? utf8 : latin1).decode(rawName)
      // ZIP64 extra field: 64-bit sizes and offset in place of 0xFFFFFFFF
      let e = p + 46 + nameLength
      const extraEnd = e + extraLength
      while (e + 4 <= extraEnd) {
        const id = u16(bytes, e)
        const size = u16(bytes, e + 2)
        if (id === 0x0001) {
          let q = e + 4
          if (u32(bytes, p + 24) === 0xffffffff) q += 8
          if (compressedSize === 0xffffffff) { compressedSize = u64(bytes, q); q += 8 }
          if (localOffset === 0xffffffff) localOffset = u64(bytes, q)
        }
        e += 4 + size
      }
      this.entries.set(name.replace(/\\/g, "/"), { name, method, flags, compressedSize, localOffset })
      p = extraEnd + commentLength
    }
  }

  names(): ReadonlyArray<string> {
    return [...this.entries.keys()]
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /** The inflated bytes of an entry, or undefined when the package has no such entry. */
  read(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name) ?? this.findCaseInsensitive(name)
    if (entry === undefined) return undefined
    const { bytes, format, limits } = this
    const label = format.toUpperCase()
    if (entry.flags & 0x1) throw encrypted(format, `The ${label} package is password-protected (encrypted ZIP entries).`)
    const local = entry.localOffset
    if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50) {
      throw corrupt(format, `The ${label} package is damaged: entry ${entry.name} is missing or truncated.`)
    }
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28)
    const end = start + entry.compressedSize
    if (end > bytes.length) throw corrupt(format, `The ${label} package is truncated: entry ${entry.name} is cut short.`)
    const data = bytes.subarray(start, end)
    if (entry.method === 0) {
      this.count(entry, data.length)
      return data
    }
    if (entry.method !== 8) throw corrupt(format, `The ${label} package uses an unknown compression method (${entry.method}) for ${entry.name}.`)
    const chunks: Array<Uint8Array> = []
    let size = 0
    let done = false
    const inflate = new Inflate((chunk, final) => {
      size += chunk.length
      this.count(entry, size, chunk.length)
      chunks.push(chunk)
      if (final) done = true
    })
    try {
      const step = 64 * 1024
      for (let i = 0; i < data.length; i += step) inflate.push(data.subarray(i, Math.min(i + step, data.length)), i + step >= data.length)
      if (data.length === 0) inflate.push(new Uint8Array(0), true)
    } catch (error) {
      if (error instanceof ParseProblem) throw error
      throw corrupt(format, `The ${label} package is damaged: entry ${entry.name} does not inflate (${error instanceof Error ? error.message : String(error)}).`)
    }
    if (!done) throw corrupt(format, `The ${label} package is truncated: entry ${entry.name} ends early.`)
    if (chunks.length === 1) return chunks[0]
    const out = new Uint8Array(size)
    let o = 0
    for (const chunk of chunks) { out.set(chunk, o); o += chunk.length }
    return out
  }

  private findCaseInsensitive(name: string): Entry | undefined {
    const lower = name.toLowerCase()
    for (const [key, entry] of this.entries) if (key.toLowerCase() === lower) return entry
    return undefined
  }

  private count(entry: Entry, entrySize: number, added = entrySize): void {
    const { format, limits } = this
    const label = format.toUpperCase()
    this.inflated += added
    if (entrySize > limits.maxEntryBytes) {
      throw tooComplex(format, "decompressed_size", `The ${label} package entry ${entry.name} inflates beyond ${mib(limits.maxEntryBytes)}; it is not read (possible zip bomb).`)
    }
    if (this.inflated > limits.maxDecompressedBytes) {
      throw tooComplex(format, "decompressed_size", `The ${label} package inflates beyond ${mib(limits.maxDecompressedBytes)} in total; it is not read (possible zip bomb).`)
    }
    if (entrySize > 1024 * 1024 && entrySize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio) {
      throw tooComplex(format, "compression_ratio", `The ${label} package entry ${entry.name} inflates more than ${limits.maxCompressionRatio} times its compressed size; it is not read (possible zip bomb).`)
    }
  }
}

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`
