/**
 * Reads a file's bytes by its extension. This runs inside a worker thread (`worker.ts`) or, with
 * `layerInProcess`, on the caller's thread; it loads no code of `@docket/core` at run time.
 */
import type { Documents } from "@docket/core"
import type { ReaderContext } from "./internal/context.js"
import type { ParseLimits } from "./internal/limits.js"
import type { OcrEngine } from "./internal/ocr.js"
import { corrupt } from "./internal/problem.js"
import { ZipArchive } from "./internal/zip.js"
import { readCsv } from "./formats/csv.js"
import { readDoc } from "./formats/doc.js"
import { readDocx } from "./formats/docx.js"
import { readEml } from "./formats/eml.js"
import { readHtml } from "./formats/html.js"
import { readImage } from "./formats/image.js"
import { readMsg } from "./formats/msg.js"
import { readPdf } from "./formats/pdf.js"
import { readPpt } from "./formats/ppt.js"
import { readPptx } from "./formats/pptx.js"
import { readJsonLines, readMarkdown, readPlainText } from "./formats/text.js"
import { readVsd } from "./formats/vsd.js"
import { readVsdx } from "./formats/vsdx.js"
import { readXls } from "./formats/xls.js"
import { readXlsx } from "./formats/xlsx.js"
import { readXmlDocument } from "./formats/xml.js"

type Reader = (bytes: Uint8Array, ctx: ReaderContext) => Documents.ParsedDocument | Promise<Documents.ParsedDocument>

/** The reader of each extension (without its dot). */
export const READERS: Readonly<Record<string, Reader>> = {
  pdf: readPdf,
  docx: readDocx, docm: readDocx,
  xlsx: readXlsx, xlsm: readXlsx,
  pptx: readPptx,
  vsdx: readVsdx,
  doc: readDoc,
  xls: readXls,
  ppt: readPpt,
  vsd: readVsd,
  msg: readMsg,
  eml: readEml,
  htm: readHtml, html: readHtml,
  xml: readXmlDocument,
  csv: readCsv,
  txt: readPlainText, log: readPlainText,
  md: readMarkdown, mdx: readMarkdown,
  jsonl: readJsonLines,
  png: readImage, jpg: readImage, jpeg: readImage, tif: readImage, tiff: readImage, webp: readImage, bmp: readImage
}

export const formatOf = (fileName: string): string => {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1)
  const dot = base.lastIndexOf(".")
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase()
}

/** Legacy Office names and the Office Open XML format a ZIP package under that name is read as. */
const OOXML_OF_LEGACY: Readonly<Record<string, ReadonlyArray<readonly [part: string, format: string]>>> = {
  doc: [["word/document.xml", "docx"]], xls: [["xl/workbook.xml", "xlsx"]], ppt: [["ppt/presentation.xml", "pptx"]], vsd: [["visio/document.xml", "vsdx"]]
}
const ALL_OOXML = Object.values(OOXML_OF_LEGACY).flat()

/**
 * The OOXML format of a ZIP package named as a legacy Office file (a .docx renamed .doc, as some
 * tools save them): the format its main part says, whatever the legacy name was.
 */
const ooxmlFormatOf = (bytes: Uint8Array, ctx: ReaderContext): string => {
  const zip = new ZipArchive(bytes, ctx.format, ctx.limits)
  const found = ALL_OOXML.find(([part]) => zip.has(part))
  if (found === undefined) throw corrupt(ctx.format, `The ${ctx.format.toUpperCase()} file is a ZIP archive, neither a legacy Office file nor an Office Open XML package.`)
  return found[1]
}

/** Parses bytes whose extension and signature the caller has checked. */
export const parseBytes = async (
  bytes: Uint8Array, fileName: string, limits: ParseLimits, ocr: OcrEngine
): Promise<Documents.ParsedDocument> => {
  const format = formatOf(fileName)
  const reader = READERS[format]
  if (reader === undefined) throw new Error(`no reader for .${format}`)
  return withEmptyWarning(await readByContent(bytes, { fileName, format, limits, ocr }, reader))
}

/**
 * A document that gives no text at all says so (never a silent empty result): text the reader does
 * not see (in images of an office file, in shapes it does not read) is then at least named.
 */
const withEmptyWarning = (parsed: Documents.ParsedDocument): Documents.ParsedDocument => {
  const empty = parsed.kind === "document" ? parsed.text.trim() === "" : parsed.sheets.every((sheet) => sheet.cells.length === 0)
  if (!empty || parsed.warnings.length > 0) return parsed
  return {
    ...parsed,
    warnings: [parsed.kind === "document"
      ? "No text was found in the file: it may hold only images, drawings or text in parts this reader does not read."
      : "No cell of the workbook holds a value: it may hold only charts, images or drawings."]
  }
}

const readByContent = async (bytes: Uint8Array, ctx: ReaderContext, reader: Reader): Promise<Documents.ParsedDocument> => {
  const format = ctx.format
  if (OOXML_OF_LEGACY[format] !== undefined && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    // decided by content, said in a warning: the name is wrong, the document is not
    const actual = ooxmlFormatOf(bytes, ctx)
    const parsed = await READERS[actual](bytes, { ...ctx, format: actual })
    return {
      ...parsed,
      warnings: [`The file is named .${format} but is an Office Open XML package (.${actual}); it was read as .${actual}.`, ...parsed.warnings]
    }
  }
  return reader(bytes, ctx)
}
