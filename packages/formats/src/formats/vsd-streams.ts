/**
 * The inside of a legacy Visio drawing's `VisioDocument` stream, as libvisio and Apache POI's HDGF
 * read it ([MS-VSD] is not published): a header with the file version, a pointer to the trailer
 * stream, and from there a tree of streams. Each pointer gives a stream's type, offset, length and
 * format; format bit 1 says the stream is compressed (`visio-lz.ts`; its data then starts 4 bytes
 * in), the high nibble what it holds: 5 a list of further pointers, 0xc/0xd/0x8 a run of chunks
 * (each a header with type, id, level and length, some followed by a trailer), 0/4 one blob.
 * Three layouts: Visio 2003–2010 (version 11), Visio 2000/2002 (version 6, same pointers and
 * chunks, other trailer rules, 8-bit text), Visio 4/5 (versions 1–5: short pointers at fixed
 * places, short chunk headers, property lists holding records).
 */
import { tooComplex } from "../internal/problem.js"
import { visioDecompress } from "../internal/visio-lz.js"

export type VsdLayout = "v11" | "v6" | "v5"

export interface VsdPointer {
  readonly type: number
  readonly format: number
  readonly offset: number
  readonly length: number
}

export interface VsdChunk {
  readonly type: number
  readonly id: number
  readonly level: number
  readonly data: Uint8Array
}

export const STREAM = { trailer: 0x14, page: 0x15, colors: 0x16, stencils: 0x1d, pages: 0x27 } as const

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000
const i16 = (b: Uint8Array, o: number) => (u16(b, o) << 16) >> 16

export const layoutOf = (version: number): VsdLayout | undefined =>
  version === 11 ? "v11" : version === 6 ? "v6" : version >= 1 && version <= 5 ? "v5" : undefined

const pointerSize = (layout: VsdLayout) => (layout === "v5" ? 16 : 18)

/** The pointer written at `o`, or undefined when it does not fit. */
export const readPointer = (b: Uint8Array, o: number, layout: VsdLayout): VsdPointer | undefined => {
  if (o < 0 || o + pointerSize(layout) > b.length) return undefined
  return layout === "v5"
    ? { type: u16(b, o) & 0xff, format: u16(b, o + 2) & 0xff, offset: u32(b, o + 8), length: u32(b, o + 12) }
    : { type: u32(b, o), offset: u32(b, o + 8), length: u32(b, o + 12), format: u16(b, o + 16) }
}

export const holdsPointers = (p: VsdPointer) => p.format >> 4 === 0x5 && p.type !== STREAM.colors
const holdsChunks = (p: VsdPointer) => [0xc, 0xd, 0x8].includes(p.format >> 4)
const holdsBlob = (p: VsdPointer) => [0x0, 0x4].includes(p.format >> 4)

/**
 * Reads the streams pointers lead to, each once, within a budget of decompressed bytes (a file
 * whose pointers reach the same compressed stream many times cannot multiply its size).
 */
export class VsdStreams {
  private decompressed = 0

  constructor(
    private readonly doc: Uint8Array,
    readonly layout: VsdLayout,
    private readonly maxBytes: number,
    private readonly format: string
  ) {}

  /** A stream's bytes and where its content starts; a pointer outside the document gives nothing. */
  load(p: VsdPointer): { readonly data: Uint8Array; readonly shift: number } | undefined {
    if (p.length === 0 || p.offset >= this.doc.length) return undefined
    const raw = this.doc.subarray(p.offset, Math.min(this.doc.length, p.offset + p.length))
    if ((p.format & 2) === 0) return { data: raw, shift: 0 }
    const data = visioDecompress(raw)
    this.decompressed += data.length
    if (this.decompressed > this.maxBytes) {
      throw tooComplex(this.format, "decompressed_size", `The drawing's streams decompress to more than ${Math.round(this.maxBytes / 1048576)} MiB.`)
    }
    return { data, shift: 4 }
  }

  /** The pointers a pointer stream lists, in the order it gives (then the rest in index order). */
  pointers(data: Uint8Array, shift: number, type: number): Array<VsdPointer> {
    const size = pointerSize(this.layout)
    let at: number
    let count: number
    let orderLength = 0
    if (this.layout === "v5") {
      at = shift + v5PointerListOffset(type)
      if (at + 2 > data.length) return []
      count = i16(data, at)
      at += 2
    } else {
      if (shift + 4 > data.length) return []
      const listAt = u32(data, shift) + shift - 4
      if (listAt < 0 || listAt + 12 > data.length) return []
      orderLength = u32(data, listAt)
      count = u32(data, listAt + 4)
      at = listAt + 12
    }
    count = Math.max(0, Math.min(count, Math.floor((data.length - at) / size)))
    const listed = new Map<number, VsdPointer>()
    for (let i = 0; i < count; i++) {
      const p = readPointer(data, at + i * size, this.layout)
      if (p !== undefined && p.type !== 0) listed.set(i, p)
    }
    const ordered: Array<VsdPointer> = []
    const orderAt = at + count * size
    if (orderLength > 1) {
      for (let i = 0; i < orderLength && orderAt + 4 * i + 4 <= data.length; i++) {
        const index = u32(data, orderAt + 4 * i)
        const p = listed.get(index)
        if (p !== undefined) {
          ordered.push(p)
          listed.delete(index)
        }
      }
    }
    for (const p of listed.values()) ordered.push(p)
    return ordered
  }

  /** The chunks of a stream that holds chunks or one blob (the blob as a chunk of the stream's type). */
  chunks(p: VsdPointer, data: Uint8Array, shift: number): Array<VsdChunk> {
    if (holdsBlob(p) || holdsPointers(p)) {
      return data.length > shift ? [{ type: p.type, id: 0, level: 0, data: data.subarray(shift) }] : []
    }
    if (!holdsChunks(p)) return []
    const out: Array<VsdChunk> = []
    let o = 0
    while (o < data.length) {
      while (o < data.length && data[o] === 0) o++
      const header = this.layout === "v5" ? v5Header(data, o) : this.layout === "v6" ? v6Header(data, o) : v11Header(data, o)
      if (header === undefined) break
      const body = data.subarray(header.start, Math.min(data.length, header.start + header.length))
      const chunk = { type: header.type, id: header.id, level: header.level, data: body }
      out.push(chunk)
      if (this.layout === "v5" && V5_LISTS.has(header.type)) for (const record of v5Records(chunk)) out.push(record)
      o = header.end
    }
    return out
  }
}

// ---------------------------------------------------------------- pointer lists and chunk headers

/** Visio 4/5: where a pointer stream's count of pointers sits, by the stream's type (libvisio). */
const v5PointerListOffset = (type: number): number => {
  switch (type) {
    case STREAM.trailer: return 0x82
    case STREAM.page: return 0x42
    case 0x18: return 0x2e // font list
    case 0x1a: return 0x12 // styles
    case STREAM.stencils:
    case 0x4e: return 0x1e // foreign shape
    case 0x1e: return 0x36 // stencil page
    default: return type > 0x45 ? 0x1e : 0x0a
  }
}

interface Header {
  readonly type: number
  readonly id: number
  readonly level: number
  readonly length: number
  readonly start: number
  readonly end: number
}

const V6_TRAILER_TYPES = new Set([0x76, 0x73, 0x72, 0x71, 0x70, 0x6f, 0x6e, 0x6d, 0x6c, 0x6b, 0x6a, 0x69, 0x68, 0x67, 0x66, 0x65, 0x64, 0x2c, 0x0d])
const V11_LIST_TYPES = new Set([0x71, 0x70, 0x6b, 0x6a, 0x69, 0x66, 0x65, 0x2c])
const V11_TRAILER_TYPES = new Set([0x64, 0x65, 0x66, 0x69, 0x6a, 0x6b, 0x6f, 0x71, 0x92, 0xa9, 0xb4, 0xb6, 0xb9, 0xc7])

const fullHeader = (b: Uint8Array, o: number, trailer: (type: number, list: number, level: number, unknown: number) => number): Header | undefined => {
  if (o + 19 > b.length) return undefined
  const type = u32(b, o)
  const list = u32(b, o + 8)
  const length = u32(b, o + 12)
  const level = u16(b, o + 16)
  const start = o + 19
  return { type, id: u32(b, o + 4), level, length, start, end: start + length + trailer(type, list, level, b[o + 18]) }
}

/** Visio 2000/2002: list chunks carry an 8-byte trailer. */
const v6Header = (b: Uint8Array, o: number) =>
  fullHeader(b, o, (type, list) => (type === 0x1f || type === 0xc9 ? 0 : list !== 0 || V6_TRAILER_TYPES.has(type) ? 8 : 0))

/** Visio 2003–2010: the trailer rules libvisio found (no specification gives them). */
const v11Header = (b: Uint8Array, o: number) =>
  fullHeader(b, o, (type, list, level, unknown) => {
    if (type === 0x1f || type === 0xc9 || type === 0x2d || type === 0xd1) return 0
    let trailer = list !== 0 || V11_LIST_TYPES.has(type) ? 8 : 0
    if (list !== 0 || (level === 2 && unknown === 0x55) || (level === 2 && unknown === 0x54 && type === 0xaa) || (level === 3 && unknown !== 0x50 && unknown !== 0x54)) trailer += 4
    if (V11_TRAILER_TYPES.has(type) && trailer !== 12 && trailer !== 4) trailer += 4
    return trailer
  })

const v5Header = (b: Uint8Array, o: number): Header | undefined => {
  if (o + 12 > b.length) return undefined
  const length = u32(b, o + 8)
  return { type: u16(b, o), id: u16(b, o + 2), level: b[o + 4], length, start: o + 12, end: o + 12 + length }
}

/** Visio 4/5 list chunks (shape, property, character, paragraph… lists) whose records hold the cells. */
const V5_LISTS = new Set([0x65, 0x66, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x32])

/**
 * The records of a Visio 4/5 list chunk: their count and the end of their data in the last 4
 * bytes, before that a (type, offset) pair per record; each record runs to the next one's start.
 */
const v5Records = (list: VsdChunk): Array<VsdChunk> => {
  const b = list.data
  if (b.length < 4) return []
  const count = u16(b, b.length - 4)
  const table = b.length - 4 * (count + 1)
  if (table <= 0) return []
  let end = Math.min(u16(b, b.length - 2), table)
  const records = new Map<number, VsdChunk>()
  for (let i = 0; i < count; i++) {
    const type = u16(b, table + 4 * i)
    const offset = u16(b, table + 4 * i + 2)
    const start = Math.ceil(offset / 4) * 4
    if (start < end) {
      records.set(start, { type, id: i, level: list.level + 1, data: b.subarray(start, end) })
      end = offset
    }
  }
  return [...records.entries()].sort(([a], [b]) => a - b).map(([, record]) => record)
}
