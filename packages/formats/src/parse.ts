/**
 * Reads a file's bytes by its extension. This runs inside a worker thread (`worker.ts`) or, with
 * `layerInProcess`, on the caller's thread; it loads no code of `@docket/core` at run time.
 */
import type { Documents } from "@docket/core"
import type { ReaderContext } from "./internal/context.js"
import type { ParseLimits } from "./internal/limits.js"
import type { OcrEngine } from "./internal/ocr.js"
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

/** Parses bytes whose extension and signature the caller has checked. */
export const parseBytes = async (
  bytes: Uint8Array, fileName: string, limits: ParseLimits, ocr: OcrEngine
): Promise<Documents.ParsedDocument> => {
  const format = formatOf(fileName)
  const reader = READERS[format]
  if (reader === undefined) throw new Error(`no reader for .${format}`)
  return reader(bytes, { fileName, format, limits, ocr })
}
