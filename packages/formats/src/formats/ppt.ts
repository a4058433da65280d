/**
 * Legacy PowerPoint presentations (.ppt, PowerPoint 97–2003 binary), read from the
 * `PowerPoint Document` stream's records: slides in presentation order from the slide list
 * (SlideListWithText: SlidePersistAtom, then the placeholder texts in TextCharsAtom/TextBytesAtom,
 * titles by their TextHeaderAtom type), plus the text boxes drawn on each slide (found through the
 * persist directory of the last edit, from the `Current User` stream). Text boxes the user drew
 * on a master (TextHeaderAtom type "other", not the placeholder prompts) follow the text of each
 * slide that shows its master's objects. One page per slide; no positions or page sizes. Notes and
 * embedded objects are not read. Encrypted presentations fail as encrypted.
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, encrypted, tooComplex } from "../internal/problem.js"
import { cleanText, decoderFor } from "../internal/text.js"

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000

const utf16 = decoderFor("utf-16le")
const latin1 = decoderFor("windows-1252")

const RT = {
  Document: 0x03e8, Slide: 0x03ee, SlideAtom: 0x03ef, MainMaster: 0x03f8, SlideListWithText: 0x0ff0, SlidePersistAtom: 0x03f3, TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0, TextBytesAtom: 0x0fa8, UserEditAtom: 0x0ff5, PersistDirectoryAtom: 0x1772, ClientTextbox: 0xf00d
} as const

interface PptRecord {
  readonly type: number
  readonly instance: number
  readonly container: boolean
  readonly start: number
  readonly end: number
}

const header = (b: Uint8Array, o: number, limit: number): PptRecord | undefined => {
  if (o + 8 > limit) return undefined
  const verInst = u16(b, o)
  const end = o + 8 + u32(b, o + 4)
  if (end > limit) return undefined
  return { type: u16(b, o + 2), instance: verInst >> 4, container: (verInst & 0xf) === 0xf, start: o + 8, end }
}

const children = function*(b: Uint8Array, start: number, end: number): Generator<PptRecord> {
  let o = start
  while (o < end) {
    const record = header(b, o, end)
    if (record === undefined) return
    yield record
    o = record.end
  }
}

const atomText = (b: Uint8Array, record: PptRecord): string | undefined =>
  record.type === RT.TextCharsAtom ? utf16.decode(b.subarray(record.start, record.end))
    : record.type === RT.TextBytesAtom ? latin1.decode(b.subarray(record.start, record.end))
    : undefined

/** Text atoms inside the client text boxes of a slide or master container, with their text type (TextHeaderAtom). */
const textBoxes = (b: Uint8Array, record: PptRecord, depth = 0, out: Array<{ text: string; kind: number }> = []): Array<{ text: string; kind: number }> => {
  if (depth > 32) return out
  for (const child of children(b, record.start, record.end)) {
    if (child.type === RT.ClientTextbox) {
      let kind = 4
      for (const atom of children(b, child.start, child.end)) {
        if (atom.type === RT.TextHeaderAtom) kind = u32(b, atom.start)
        const text = atomText(b, atom)
        if (text !== undefined) out.push({ text, kind })
      }
    } else if (child.container) textBoxes(b, child, depth + 1, out)
  }
  return out
}

/**
 * TextHeaderAtom type of text that is neither a title, a body nor notes placeholder: a text box.
 * (A master's date, footer and slide-number placeholders are of this type too, holding "*", the
 * field they show; those are left out.)
 */
const OTHER_TEXT = 4

interface Slide { persistId: number; texts: Array<{ text: string; title: boolean }> }

export const readPpt = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const container = openCfb(bytes, ctx.format)
  const b = rootStream(container, "PowerPoint Document")
  if (b === undefined) {
    if (rootStream(container, "EncryptedPackage") !== undefined) throw encrypted(ctx.format, "The PPT file is a password-protected presentation; remove the password and upload it again.")
    throw corrupt(ctx.format, "The PPT file is a compound document but not a PowerPoint presentation (no PowerPoint Document stream).")
  }
  if (rootStream(container, "EncryptedSummary") !== undefined) throw encrypted(ctx.format, "The PPT presentation is password-protected; remove the password and upload it again.")

  // the persist directory of the last edit: persist id → stream offset
  const directory = new Map<number, number>()
  const currentUser = rootStream(container, "Current User")
  if (currentUser !== undefined && currentUser.length >= 20) {
    if (u32(currentUser, 12) === 0xf3d1c4df) throw encrypted(ctx.format, "The PPT presentation is password-protected; remove the password and upload it again.")
    let edit = u32(currentUser, 16)
    const seen = new Set<number>()
    while (!seen.has(edit) && seen.size < 1000) {
      seen.add(edit)
      const record = header(b, edit, b.length)
      if (record === undefined || record.type !== RT.UserEditAtom) break
      if (record.end - record.start > 28 && u32(b, record.start + 28) !== 0) throw encrypted(ctx.format, "The PPT presentation is password-protected; remove the password and upload it again.")
      const dir = header(b, u32(b, record.start + 12), b.length)
      if (dir !== undefined && dir.type === RT.PersistDirectoryAtom) {
        let o = dir.start
        while (o + 4 <= dir.end) {
          const entry = u32(b, o)
          const first = entry & 0xfffff
          const count = entry >>> 20
          for (let i = 0; i < count && o + 8 + i * 4 <= dir.end; i++) if (!directory.has(first + i)) directory.set(first + i, u32(b, o + 4 + i * 4))
          o += 4 + count * 4
        }
      }
      const last = u32(b, record.start + 8)
      if (last === 0) break
      edit = last
    }
  }

  // slides in order, with their placeholder texts, from the first SlideListWithText of slides
  const slides: Array<Slide> = []
  const documentOffset = [...children(b, 0, b.length)].find((r) => r.type === RT.Document)
  if (documentOffset === undefined) throw corrupt(ctx.format, "The PPT file has no document record; it is damaged.")
  const masterIds: Array<number> = []
  for (const list of children(b, documentOffset.start, documentOffset.end)) {
    if (list.type === RT.SlideListWithText && list.instance === 1) {
      for (const record of children(b, list.start, list.end)) if (record.type === RT.SlidePersistAtom) masterIds.push(u32(b, record.start))
    }
    if (list.type !== RT.SlideListWithText || list.instance !== 0) continue
    let title = false
    for (const record of children(b, list.start, list.end)) {
      if (record.type === RT.SlidePersistAtom) slides.push({ persistId: u32(b, record.start), texts: [] })
      else if (record.type === RT.TextHeaderAtom) title = [0, 6].includes(u32(b, record.start))
      else {
        const text = atomText(b, record)
        if (text !== undefined && slides.length > 0) slides[slides.length - 1].texts.push({ text, title })
      }
    }
  }
  if (slides.length > ctx.limits.maxPages) throw tooComplex(ctx.format, "pages", `The presentation has ${slides.length} slides; at most ${ctx.limits.maxPages} are read.`)
  const masterTexts = masterIds.flatMap((id) => {
    const offset = directory.get(id)
    const record = offset === undefined ? undefined : header(b, offset, b.length)
    return record !== undefined && record.type === RT.MainMaster ? textBoxes(b, record).filter((t) => t.kind === OTHER_TEXT && t.text.trim() !== "*").map((t) => t.text) : []
  })
  for (const slide of slides) {
    const offset = directory.get(slide.persistId)
    const record = offset === undefined ? undefined : header(b, offset, b.length)
    if (record === undefined || record.type !== RT.Slide) continue
    for (const { text } of textBoxes(b, record)) slide.texts.push({ text, title: false })
    // SlideAtom.slideFlags bit 0 (fMasterObjects): the slide shows its master's shapes
    const atom = [...children(b, record.start, record.end)].find((r) => r.type === RT.SlideAtom)
    if (atom !== undefined && atom.end - atom.start >= 22 && (u16(b, atom.start + 20) & 1) === 1) {
      for (const text of masterTexts) slide.texts.push({ text, title: false })
    }
  }
  const blocks: Array<Documents.Block> = []
  slides.forEach((slide, index) => {
    for (const { text, title } of slide.texts) {
      const clean = cleanText(text.replace(/\r|\u000b/g, "\n"))
      if (clean === "") continue
      blocks.push(title ? { type: "heading", page: index + 1, level: 1, text: clean.replace(/\n+/g, " ") } : { type: "paragraph", page: index + 1, text: clean })
    }
  })
  return assembleDocument({ format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pageCount: slides.length })
}
