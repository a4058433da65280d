/**
 * Legacy binary Visio drawings (.vsd: Visio 4/5, 2000/2002, 2003–2010), read from the compound
 * file's `VisioDocument` stream (`vsd-streams.ts`): from the trailer to the pages stream, each
 * page's chunks in stream order. A shape chunk starts a shape; the text chunks after it (UTF-16 in
 * version 11, 8-bit windows-1252 before) are its text, its first transform chunk its frame (pin,
 * size, local pin, in inches, placed inside its group's frame). Like `.vsdx`: one page per
 * drawing page (background pages only when they hold text), the page size from the page's
 * properties (8.5 × 11 in when none), each shape's text a paragraph and a positioned item.
 * Not read: text shown from a master (stencil) shape, field values (the field's place is
 * dropped), page names, rotation.
 */
import type { Documents } from "@docket/core"
import { assembleDocument, type PageDraft } from "../internal/assemble.js"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, notReadable, tooComplex } from "../internal/problem.js"
import { cleanText, decoderFor } from "../internal/text.js"
import { holdsPointers, layoutOf, readPointer, STREAM, VsdStreams, type VsdChunk, type VsdLayout, type VsdPointer } from "./vsd-streams.js"

const CHUNK = { text: 0x0e, pageProps: 0x92, xform: 0x9b } as const
const SHAPE_TYPES = new Set([0x47, 0x48, 0x4d, 0x4e])
const MAGIC = "Visio (TM) Drawing\r\n"
/** Pointer streams nested deeper than this are not followed (a well-formed drawing uses under 10). */
const MAX_DEPTH = 32

const utf16 = decoderFor("utf-16le")
const ansi = decoderFor("windows-1252")

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000
const f64 = (b: Uint8Array, o: number): number | undefined =>
  o + 8 <= b.length ? new DataView(b.buffer, b.byteOffset + o, 8).getFloat64(0, true) : undefined

interface Frame { readonly pinX: number; readonly pinY: number; readonly w: number; readonly h: number; readonly locX: number; readonly locY: number }

interface ShapeDraft {
  readonly id: number
  readonly parent: number
  readonly level: number
  frame: Frame | undefined
  readonly texts: Array<string>
}

interface PageFound {
  readonly background: boolean
  readonly chunks: Array<VsdChunk>
}

/** A transform's cells: each value follows a one-byte unit tag. */
const readFrame = (b: Uint8Array): Frame | undefined => {
  const cells = [1, 10, 19, 28, 37, 46].map((o) => f64(b, o))
  if (cells.some((v) => v === undefined || !Number.isFinite(v) || Math.abs(v) > 1e6)) return undefined
  const [pinX, pinY, w, h, locX, locY] = cells as Array<number>
  return { pinX, pinY, w, h, locX, locY }
}

/** Shape text: the chunk's first 8 bytes are not text; fields stand as U+FFFC; a NUL ends it. */
const textOf = (chunk: VsdChunk, layout: VsdLayout): string => {
  const body = chunk.data.subarray(8)
  let text = layout === "v11" ? utf16.decode(body.subarray(0, body.length & ~1)) : ansi.decode(body)
  const nul = text.indexOf("\u0000")
  if (nul >= 0) text = text.slice(0, nul)
  return cleanText(text.replace(/\uFFFC/g, "").replace(/[\u2028\u2029]/g, "\n"))
}

const shapeHeader = (chunk: VsdChunk, layout: VsdLayout): { parent: number } => {
  const b = chunk.data
  if (layout === "v5") return { parent: b.length >= 4 ? u16(b, 2) : 0 }
  return { parent: b.length >= 14 ? u32(b, 10) : 0 }
}

export const readVsd = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const container = openCfb(bytes, ctx.format)
  const doc = rootStream(container, "VisioDocument")
  if (doc === undefined) {
    throw corrupt(ctx.format, "The VSD file is a compound document but not a Visio drawing (no VisioDocument stream).")
  }
  if (doc.length < 0x24 + 18 || String.fromCharCode(...doc.subarray(0, MAGIC.length)) !== MAGIC) {
    throw corrupt(ctx.format, "The VSD file's VisioDocument stream does not start with the Visio header; it may be damaged.")
  }
  const version = doc[0x1a]
  const layout = layoutOf(version)
  if (layout === undefined) {
    throw notReadable(ctx.format, `This Visio drawing has file version ${version}, which is not read (versions 1–6 and 11: Visio 4 to 2010); open it in Visio and save it as .vsdx.`)
  }
  const streams = new VsdStreams(doc, layout, ctx.limits.maxDecompressedBytes, ctx.format)
  const trailer = readPointer(doc, 0x24, layout)
  const trailerStream = trailer === undefined ? undefined : streams.load(trailer)
  if (trailer === undefined || trailerStream === undefined || !holdsPointers(trailer)) {
    throw corrupt(ctx.format, "The VSD file's trailer stream could not be found; the drawing may be truncated or damaged.")
  }

  // The pages, each with every chunk below it in stream order; stencils (masters) are skipped.
  const pages: Array<PageFound> = []
  const visited = new Set<number>()
  const collect = (p: VsdPointer, depth: number, into: Array<VsdChunk>) => {
    const stream = streams.load(p)
    if (stream === undefined) return
    // one at a time: a stream of many chunks must not become one call's arguments
    for (const chunk of streams.chunks(p, stream.data, stream.shift)) into.push(chunk)
    if (holdsPointers(p) && depth < MAX_DEPTH && !visited.has(p.offset)) {
      visited.add(p.offset)
      for (const child of streams.pointers(stream.data, stream.shift, p.type)) collect(child, depth + 1, into)
    }
  }
  const findPages = (p: VsdPointer, data: Uint8Array, shift: number, depth: number) => {
    for (const child of streams.pointers(data, shift, p.type)) {
      if (child.type === STREAM.stencils || (!holdsPointers(child) && child.type !== STREAM.page)) continue
      if (child.type === STREAM.page) {
        if (pages.length >= ctx.limits.maxPages) {
          throw tooComplex(ctx.format, "pages", `The drawing has more than ${ctx.limits.maxPages} pages; at most ${ctx.limits.maxPages} are read.`)
        }
        const chunks: Array<VsdChunk> = []
        collect(child, depth + 1, chunks)
        pages.push({ background: (child.format & 1) === 0, chunks })
        continue
      }
      if (depth >= MAX_DEPTH || visited.has(child.offset)) continue
      visited.add(child.offset)
      const stream = streams.load(child)
      if (stream !== undefined) findPages(child, stream.data, stream.shift, depth + 1)
    }
  }
  visited.add(trailer.offset)
  findPages(trailer, trailerStream.data, trailerStream.shift, 0)

  const blocks: Array<Documents.Block> = []
  const drafts: Array<PageDraft> = []
  for (const found of pages) {
    let widthIn = 8.5
    let heightIn = 11
    let sized = false
    const shapes: Array<ShapeDraft> = []
    const byId = new Map<number, ShapeDraft>()
    let shape: ShapeDraft | undefined
    for (const chunk of found.chunks) {
      if (SHAPE_TYPES.has(chunk.type)) {
        shape = { id: chunk.id, parent: shapeHeader(chunk, layout).parent, level: chunk.level, frame: undefined, texts: [] }
        shapes.push(shape)
        if (!byId.has(chunk.id)) byId.set(chunk.id, shape)
      } else if (chunk.type === CHUNK.pageProps && !sized && shape === undefined) {
        const w = f64(chunk.data, 1)
        const h = f64(chunk.data, 10)
        if (w !== undefined && h !== undefined && w > 0 && h > 0 && w < 1e4 && h < 1e4) {
          widthIn = w
          heightIn = h
          sized = true
        }
      } else if (chunk.type === CHUNK.xform && shape !== undefined && shape.frame === undefined) {
        shape.frame = readFrame(chunk.data)
      } else if (chunk.type === CHUNK.text && shape !== undefined) {
        const text = textOf(chunk, layout)
        if (text !== "") shape.texts.push(text)
      }
    }
    // A shape's frame is in its group's coordinates: add the group's origin, up the chain.
    const origin = (s: ShapeDraft, seen: Set<ShapeDraft>): { x: number; y: number } => {
      const parent = s.parent === s.id ? undefined : byId.get(s.parent)
      if (parent === undefined || parent.frame === undefined || seen.has(parent)) return { x: 0, y: 0 }
      seen.add(parent)
      const up = origin(parent, seen)
      return { x: up.x + parent.frame.pinX - parent.frame.locX, y: up.y + parent.frame.pinY - parent.frame.locY }
    }
    const texts = shapes.flatMap((s) => {
      if (s.texts.length === 0) return []
      const text = s.texts.join("\n")
      let item: Documents.TextItem | undefined
      if (s.frame !== undefined) {
        const o = origin(s, new Set([s]))
        const left = o.x + s.frame.pinX - s.frame.locX
        const bottom = o.y + s.frame.pinY - s.frame.locY
        item = { text, x: left * 72, y: (heightIn - (bottom + s.frame.h)) * 72, w: s.frame.w * 72, h: s.frame.h * 72, source: "text_layer", confidence: null }
      }
      return [{ text, item }]
    })
    if (found.background && texts.length === 0) continue
    const page = drafts.length + 1
    for (const { text } of texts) blocks.push({ type: "paragraph", page, text })
    drafts.push({
      page_number: page, width: widthIn * 72, height: heightIn * 72, unit: "pt", ocr: false,
      items: texts.flatMap(({ item }) => (item === undefined ? [] : [item]))
    })
  }
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pages: drafts, pageCount: drafts.length
  })
}
