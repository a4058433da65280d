/**
 * Legacy Excel workbooks (.xls, BIFF8: Excel 97–2003), read from the compound file's `Workbook`
 * stream record by record: sheet names (BOUNDSHEET), the shared string table (SST with its
 * CONTINUE records), and the cell records LABELSST, LABEL, RSTRING, NUMBER, RK, MULRK, BOOLERR and
 * FORMULA (its cached result, with STRING for text results). Dates follow the cell's number
 * format (XF + FORMAT records) and the 1904 flag. Formulas are not decoded to text (`formula` is
 * null). Password-protected workbooks (FILEPASS) fail as encrypted. Excel 5.0/95 workbooks (BIFF5,
 * a `Book` stream) are read too: the same records without the shared string table, their strings
 * 8-bit in the workbook's code page (CODEPAGE record, windows-1252 by default).
 */
import type { Documents } from "@docket/core"
import { assembleSpreadsheet, makeCell, type SheetDraft } from "../internal/assemble.js"
import { excelDateToIso, isDateFormat } from "../internal/cells.js"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, encrypted, notReadable, tooComplex } from "../internal/problem.js"
import { decodeAs, decoderFor } from "../internal/text.js"

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000
const f64 = (b: Uint8Array, o: number) => new DataView(b.buffer, b.byteOffset + o, 8).getFloat64(0, true)

const latin1 = decoderFor("latin1")
const utf16 = decoderFor("utf-16le")

interface BiffRecord { readonly type: number; readonly data: Uint8Array; readonly offset: number }

const records = function*(stream: Uint8Array, start: number): Generator<BiffRecord> {
  let o = start
  while (o + 4 <= stream.length) {
    const type = u16(stream, o)
    const size = u16(stream, o + 2)
    if (o + 4 + size > stream.length) return
    yield { type, data: stream.subarray(o + 4, o + 4 + size), offset: o }
    o += 4 + size
  }
}

const decodeRk = (rk: number): number => {
  let value: number
  if (rk & 2) value = (rk | 0) >> 2
  else {
    const buffer = new DataView(new ArrayBuffer(8))
    buffer.setUint32(4, rk & 0xfffffffc, true)
    value = buffer.getFloat64(0, true)
  }
  return rk & 1 ? value / 100 : value
}

/** XLUnicodeString: cch (16-bit), flags, characters; within one record. */
const unicodeString = (b: Uint8Array, o: number, cchBytes: 1 | 2 = 2): string => {
  const cch = cchBytes === 2 ? u16(b, o) : b[o]
  const flags = b[o + cchBytes]
  const start = o + cchBytes + 1
  return flags & 1 ? utf16.decode(b.subarray(start, start + cch * 2)) : latin1.decode(b.subarray(start, start + cch))
}

/** The shared string table, whose strings may be split across CONTINUE records. */
const readSst = (segments: ReadonlyArray<Uint8Array>, format: string): Array<string> => {
  let seg = 0
  let pos = 0
  const fail = () => corrupt(format, "The XLS file's shared string table is cut short.")
  const byte = (): number => {
    while (seg < segments.length && pos >= segments[seg].length) { seg++; pos = 0 }
    if (seg >= segments.length) throw fail()
    return segments[seg][pos++]
  }
  const skip = (n: number) => { for (let i = 0; i < n; i++) byte() }
  const word = () => byte() | (byte() << 8)
  const dword = () => (word() + word() * 0x10000)
  dword()
  const unique = dword()
  const strings: Array<string> = []
  for (let s = 0; s < unique; s++) {
    if (seg >= segments.length || (seg === segments.length - 1 && pos >= segments[seg].length)) break
    const cch = word()
    const flags = byte()
    const runs = flags & 0x08 ? word() : 0
    const ext = flags & 0x04 ? dword() : 0
    let high = (flags & 1) === 1
    let text = ""
    let remaining = cch
    while (remaining > 0) {
      if (seg < segments.length && pos >= segments[seg].length) {
        seg++
        pos = 0
        if (seg >= segments.length) throw fail()
        high = (segments[seg][pos++] & 1) === 1
      }
      const available = segments[seg].length - pos
      const take = Math.min(remaining, high ? Math.floor(available / 2) : available)
      if (take === 0) throw fail()
      const slice = segments[seg].subarray(pos, pos + take * (high ? 2 : 1))
      text += high ? utf16.decode(slice) : latin1.decode(slice)
      pos += slice.length
      remaining -= take
    }
    skip(runs * 4 + ext)
    strings.push(text)
  }
  return strings
}

/** BIFF5's strings: a length (8- or 16-bit) and 8-bit characters in the workbook's code page. */
const byteString = (b: Uint8Array, o: number, cchBytes: 1 | 2, codePage: number): string => {
  const cch = cchBytes === 2 ? u16(b, o) : b[o]
  const chars = b.subarray(o + cchBytes, o + cchBytes + cch)
  return (codePage === 1252 || codePage === 367 ? undefined : decodeAs(chars, codePage === 10000 ? "macintosh" : `cp${codePage}`)) ?? decoderFor("windows-1252").decode(chars)
}

export const readXls = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedSpreadsheet => {
  const container = openCfb(bytes, ctx.format)
  const stream = rootStream(container, "Workbook") ?? rootStream(container, "Book")
  if (stream === undefined) {
    if (rootStream(container, "EncryptedPackage") !== undefined) {
      throw encrypted(ctx.format, "The XLS file is a password-protected Office workbook; remove the password and upload it again.")
    }
    throw corrupt(ctx.format, "The XLS file is a compound document but not an Excel workbook (no Workbook stream).")
  }
  if (stream.length < 8 || u16(stream, 0) !== 0x0809) throw corrupt(ctx.format, "The XLS file's workbook stream does not start with a BOF record.")
  const version = u16(stream, 4)
  if (version !== 0x0600 && version !== 0x0500) {
    throw notReadable(ctx.format, "Only Excel 5.0 to 2003 workbooks (BIFF5, BIFF8) are read; open the file in Excel and save it as .xlsx.")
  }
  const biff5 = version === 0x0500
  let codePage = 1252
  /** A string with a 16-bit length (FORMAT, LABEL, STRING) at `o`, as this BIFF version writes it. */
  const text16 = (d: Uint8Array, o: number) => (biff5 ? byteString(d, o, 2, codePage) : unicodeString(d, o))

  let date1904 = false
  const formats = new Map<number, string>()
  const xfFormats: Array<number> = []
  const sheets: Array<{ name: string; offset: number }> = []
  let sst: Array<string> = []
  let sstSegments: Array<Uint8Array> | undefined
  const finishSst = () => {
    if (sstSegments !== undefined) sst = readSst(sstSegments, ctx.format)
    sstSegments = undefined
  }
  for (const record of records(stream, 0)) {
    if (record.type === 0x003c && sstSegments !== undefined) { sstSegments.push(record.data); continue }
    finishSst()
    const d = record.data
    switch (record.type) {
      case 0x002f:
        throw encrypted(ctx.format, "The XLS workbook is password-protected; remove the password and upload it again.")
      case 0x0022:
        date1904 = u16(d, 0) === 1
        break
      case 0x0042:
        codePage = u16(d, 0)
        break
      case 0x041e:
        formats.set(u16(d, 0), biff5 ? byteString(d, 2, 1, codePage) : unicodeString(d, 2))
        break
      case 0x00e0:
        xfFormats.push(u16(d, 2))
        break
      case 0x0085:
        if (d[5] === 0) sheets.push({ name: biff5 ? byteString(d, 6, 1, codePage) : unicodeString(d, 6, 1), offset: u32(d, 0) })
        break
      case 0x00fc:
        sstSegments = [d]
        break
    }
    if (record.type === 0x000a) break
  }
  finishSst()

  const isDate = (ixfe: number) => {
    const id = xfFormats[ixfe]
    return id !== undefined && isDateFormat(id, formats.get(id))
  }
  let cellCount = 0
  const drafts: Array<SheetDraft> = []
  for (const sheet of sheets) {
    if (sheet.offset + 4 > stream.length || u16(stream, sheet.offset) !== 0x0809) {
      throw corrupt(ctx.format, `The XLS file is damaged: sheet "${sheet.name}" does not start where the workbook says.`)
    }
    const cells: Array<Documents.SheetCell> = []
    const push = (cell: Documents.SheetCell) => {
      if (cell.type === "string" && cell.value === "") return
      if (++cellCount > ctx.limits.maxCells) throw tooComplex(ctx.format, "cells", `The workbook has more than ${ctx.limits.maxCells} non-empty cells; it is not read.`)
      cells.push(cell)
    }
    const numberCell = (row: number, col: number, ixfe: number, value: number) =>
      isDate(ixfe) ? makeCell(row + 1, col + 1, "date", excelDateToIso(value, date1904)) : makeCell(row + 1, col + 1, "number", value)
    let pendingString: { row: number; col: number } | undefined
    let first = true
    for (const record of records(stream, sheet.offset)) {
      const d = record.data
      if (first) { first = false; continue }
      if (record.type === 0x000a) break
      switch (record.type) {
        case 0x00fd:
          push(makeCell(u16(d, 0) + 1, u16(d, 2) + 1, "string", sst[u32(d, 6)] ?? ""))
          break
        case 0x0204:
        case 0x00d6:
          push(makeCell(u16(d, 0) + 1, u16(d, 2) + 1, "string", text16(d, 6)))
          break
        case 0x0203:
          push(numberCell(u16(d, 0), u16(d, 2), u16(d, 4), f64(d, 6)))
          break
        case 0x027e:
          push(numberCell(u16(d, 0), u16(d, 2), u16(d, 4), decodeRk(u32(d, 6))))
          break
        case 0x00bd: {
          const row = u16(d, 0)
          const firstCol = u16(d, 2)
          const count = (d.length - 6) / 6
          for (let i = 0; i < count; i++) push(numberCell(row, firstCol + i, u16(d, 4 + i * 6), decodeRk(u32(d, 6 + i * 6))))
          break
        }
        case 0x0205: {
          const [row, col] = [u16(d, 0) + 1, u16(d, 2) + 1]
          push(d[7] === 0 ? makeCell(row, col, "boolean", d[6] === 1) : makeCell(row, col, "error", BIFF_ERRORS[d[6]] ?? "#N/A"))
          break
        }
        case 0x0006: {
          const row = u16(d, 0)
          const col = u16(d, 2)
          if (u16(d, 12) === 0xffff) {
            const kind = d[6]
            if (kind === 0) pendingString = { row, col }
            else if (kind === 1) push(makeCell(row + 1, col + 1, "boolean", d[8] === 1))
            else if (kind === 2) push(makeCell(row + 1, col + 1, "error", BIFF_ERRORS[d[8]] ?? "#N/A"))
          } else push(numberCell(row, col, u16(d, 4), f64(d, 6)))
          break
        }
        case 0x0207:
          if (pendingString !== undefined) push(makeCell(pendingString.row + 1, pendingString.col + 1, "string", text16(d, 0)))
          pendingString = undefined
          break
      }
    }
    drafts.push({ name: sheet.name, cells })
  }
  return assembleSpreadsheet({ format: ctx.format, fileName: ctx.fileName, sheets: drafts })
}

const BIFF_ERRORS: Readonly<Record<number, string>> = {
  0x00: "#NULL!", 0x07: "#DIV/0!", 0x0f: "#VALUE!", 0x17: "#REF!", 0x1d: "#NAME?", 0x24: "#NUM!", 0x2a: "#N/A"
}
