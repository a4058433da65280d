/**
 * Legacy Word documents (.doc, Word 97–2003 binary): the main text through the piece table, as
 * [MS-DOC] "Retrieving Text" describes: the FIB gives the CLX in the table stream (0Table or
 * 1Table), whose pieces map character positions to 8-bit (windows-1252) or UTF-16 text in the
 * WordDocument stream. Paragraph marks split paragraphs; cell marks (0x07) build table rows; page
 * and section breaks (0x0C) start a new page; field codes are dropped and field results kept.
 * Paragraph properties are not read, so there are no headings or lists, and tables are found by
 * their cell marks alone (a first cell of several paragraphs loses its first ones to the text
 * before). Headers, footers, footnotes and comments are not part of the text. Password-protected files fail as encrypted.
 * Word 6.0/95 files (nFib 101–105) are read too: their text is one 8-bit run from fcMin, or, in a
 * file saved with fast saves, 8-bit pieces through the piece table the FIB locates in the
 * WordDocument stream itself (there is no table stream before Word 97).
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, encrypted, notReadable } from "../internal/problem.js"
import { decoderFor } from "../internal/text.js"

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000

const cp1252 = decoderFor("windows-1252")
const utf16 = decoderFor("utf-16le")

/** The document's main text with Word's control characters still in it. */
export const docText = (word: Uint8Array, table: Uint8Array, format: string): string => {
  const fail = (what: string) => corrupt(format, `The DOC file is damaged: ${what}.`)
  // FibBase (32 bytes), csw + FibRgW97, cslw + FibRgLw97 (ccpText at index 3), cbRgFcLcb + FibRgFcLcb97 (fcClx at index 33)
  const csw = u16(word, 32)
  const rgLw = 32 + 2 + csw * 2
  const cslw = u16(word, rgLw)
  const ccpText = u32(word, rgLw + 2 + 3 * 4)
  const rgFcLcb = rgLw + 2 + cslw * 4
  const cbRgFcLcb = u16(word, rgFcLcb)
  if (cbRgFcLcb < 34) throw fail("the file information block is too short")
  const fcClx = u32(word, rgFcLcb + 2 + 33 * 8)
  const lcbClx = u32(word, rgFcLcb + 2 + 33 * 8 + 4)
  if (lcbClx === 0 || fcClx + lcbClx > table.length) throw fail("the piece table is missing or cut short")
  const clx = table.subarray(fcClx, fcClx + lcbClx)
  let o = 0
  while (o < clx.length && clx[o] === 0x01) o += 3 + u16(clx, o + 1)
  if (clx[o] !== 0x02) throw fail("the piece table is malformed")
  const lcb = u32(clx, o + 1)
  const plc = clx.subarray(o + 5, o + 5 + lcb)
  const pieces = (lcb - 4) / 12
  if (!Number.isInteger(pieces) || pieces < 1) throw fail("the piece table is malformed")
  let text = ""
  for (let i = 0; i < pieces && text.length < ccpText; i++) {
    const cpStart = u32(plc, i * 4)
    const cpEnd = u32(plc, (i + 1) * 4)
    const pcd = (pieces + 1) * 4 + i * 8
    const fcRaw = u32(plc, pcd + 2)
    const compressed = (fcRaw & 0x40000000) !== 0
    const count = Math.min(cpEnd - cpStart, ccpText - text.length)
    if (count <= 0) continue
    if (compressed) {
      const fc = (fcRaw & 0x3fffffff) / 2
      if (fc + count > word.length) throw fail("a text piece lies beyond the end of the file")
      text += cp1252.decode(word.subarray(fc, fc + count))
    } else {
      const fc = fcRaw & 0x3fffffff
      if (fc + count * 2 > word.length) throw fail("a text piece lies beyond the end of the file")
      text += utf16.decode(word.subarray(fc, fc + count * 2))
    }
  }
  return text
}

/** The main text of a Word 6.0/95 document (8-bit, windows-1252). */
export const word6Text = (word: Uint8Array, format: string): string => {
  const fail = (what: string) => corrupt(format, `The DOC file is damaged: ${what}.`)
  const ccpText = u32(word, 0x34)
  const complex = (u16(word, 0x0a) & 0x0004) !== 0
  if (!complex) {
    const fcMin = u32(word, 0x18)
    if (fcMin + ccpText > word.length) throw fail("the text lies beyond the end of the file")
    return cp1252.decode(word.subarray(fcMin, fcMin + ccpText))
  }
  const fcClx = u32(word, 0x160)
  const lcbClx = u32(word, 0x164)
  if (lcbClx === 0 || fcClx + lcbClx > word.length) throw fail("the piece table is missing or cut short")
  const clx = word.subarray(fcClx, fcClx + lcbClx)
  let o = 0
  while (o < clx.length && clx[o] === 0x01) o += 3 + u16(clx, o + 1)
  if (clx[o] !== 0x02) throw fail("the piece table is malformed")
  const lcb = u32(clx, o + 1)
  const plc = clx.subarray(o + 5, o + 5 + lcb)
  const pieces = (lcb - 4) / 12
  if (!Number.isInteger(pieces) || pieces < 1) throw fail("the piece table is malformed")
  let text = ""
  for (let i = 0; i < pieces && text.length < ccpText; i++) {
    const count = Math.min(u32(plc, (i + 1) * 4) - u32(plc, i * 4), ccpText - text.length)
    const fc = u32(plc, (pieces + 1) * 4 + i * 8 + 2)
    if (count <= 0) continue
    if (fc + count > word.length) throw fail("a text piece lies beyond the end of the file")
    text += cp1252.decode(word.subarray(fc, fc + count))
  }
  return text
}

/** Field codes out (between 0x13 and 0x14), field results kept (between 0x14 and 0x15). */
const dropFieldCodes = (text: string): string => {
  let out = ""
  const stack: Array<boolean> = [] // per open field: true while in its code part
  for (const ch of text) {
    if (ch === "\u0013") { stack.push(true); continue }
    if (ch === "\u0014") { if (stack.length > 0) stack[stack.length - 1] = false; continue }
    if (ch === "\u0015") { stack.pop(); continue }
    if (stack.some((inCode) => inCode)) continue
    out += ch
  }
  return out
}

export const readDoc = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const container = openCfb(bytes, ctx.format)
  const word = rootStream(container, "WordDocument")
  if (word === undefined) {
    if (rootStream(container, "EncryptedPackage") !== undefined) throw encrypted(ctx.format, "The DOC file is a password-protected Word document; remove the password and upload it again.")
    throw corrupt(ctx.format, "The DOC file is a compound document but not a Word document (no WordDocument stream).")
  }
  const ident = u16(word, 0)
  if (word.length < 0x1a2 + 8 || (ident !== 0xa5ec && ident !== 0xa5dc)) throw corrupt(ctx.format, "The DOC file's WordDocument stream has no valid file information block.")
  const nFib = u16(word, 2)
  const flags = u16(word, 0x0a)
  if (flags & 0x0100) throw encrypted(ctx.format, "The DOC file is password-protected; remove the password and upload it again.")
  let raw: string
  if (nFib >= 101 && nFib <= 105) raw = word6Text(word, ctx.format)
  else if (nFib < 0x00c1 && nFib !== 0) throw notReadable(ctx.format, "Word documents older than Word 6.0 cannot be read; open the file in Word and save it as .docx.")
  else {
    const table = rootStream(container, flags & 0x0200 ? "1Table" : "0Table")
    if (table === undefined) throw corrupt(ctx.format, "The DOC file is damaged: its table stream is missing.")
    raw = docText(word, table, ctx.format)
  }
  const text = dropFieldCodes(raw)

  const blocks: Array<Documents.Block> = []
  let page = 1
  let paragraph = ""
  let cell = ""
  let row: Array<string> = []
  let rows: Array<Array<string>> = []
  const clean = (s: string) => s.replace(/[\u0000-\u0008\u000e-\u001f]/g, "").replace(/\u000b/g, "\n").replace(/[ \t]+/g, " ").trim()
  const flushParagraph = () => {
    const t = clean(paragraph)
    if (t !== "") blocks.push({ type: "paragraph", page, text: t })
    paragraph = ""
  }
  const flushTable = () => {
    if (row.length > 0) { rows.push(row); row = [] }
    if (rows.length > 0) blocks.push({ type: "table", page, rows, text: rows.map((r) => r.join("\t")).join("\n") })
    rows = []
  }
  // where the next cell mark and the next paragraph mark are, from each position
  const nextCell = new Int32Array(text.length + 1).fill(-1)
  const nextPara = new Int32Array(text.length + 1).fill(-1)
  for (let i = text.length - 1; i >= 0; i--) {
    nextCell[i] = text[i] === "\u0007" ? i : nextCell[i + 1]
    nextPara[i] = text[i] === "\r" ? i : nextPara[i + 1]
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === "\u0007") {
      // a cell mark; a mark right after a cell mark ends the row once the row is as wide as the first
      const width = rows[0]?.length
      if (paragraph === "" && cell === "" && row.length > 0 && text[i - 1] === "\u0007" && (width === undefined || row.length >= width)) {
        rows.push(row)
        row = []
        continue
      }
      row.push(clean(cell + paragraph))
      cell = ""
      paragraph = ""
      continue
    }
    if (ch === "\r") {
      const inCell = (row.length > 0 || cell !== "") && nextCell[i + 1] !== -1 && (nextPara[i + 1] === -1 || nextCell[i + 1] < nextPara[i + 1])
      if (inCell) {
        cell += `${paragraph}\n`
        paragraph = ""
        continue
      }
      if (row.length > 0 || rows.length > 0) flushTable()
      flushParagraph()
      continue
    }
    if (ch === "\u000c") {
      flushTable()
      flushParagraph()
      page++
      continue
    }
    paragraph += ch
  }
  flushTable()
  flushParagraph()
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks,
    pagination: page > 1 ? "pages" : "standard", pageCount: page > 1 ? page : undefined
  })
}
