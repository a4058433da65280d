/**
 * The ingestion lane of a file (spec 3: "Lane is chosen per file type"), by its extension, else
 * its media type: what reads it and what kind of file the metadata routes call it.
 *
 * - `spreadsheet`: .xlsx .xlsm .xls .csv — every sheet a workspace table (kind `table`)
 * - `image_ocr`: .png .jpg .jpeg .tif .tiff .webp .bmp — text by OCR (kind `document`)
 * - `email`: .eml .msg — headers and body (kind `document`)
 * - `text`: .txt .md .mdx .log .xml .jsonl — plain text (kind `document`)
 * - `document`: everything else the parser reads (PDF, Word, PowerPoint, Visio, HTML)
 */
import { fileExtension } from "../../documents/supported-extensions.js"

export const LANES = ["document", "spreadsheet", "image_ocr", "email", "text"] as const
export type Lane = (typeof LANES)[number]

const BY_EXTENSION: Readonly<Record<string, Lane>> = {
  ".xlsx": "spreadsheet", ".xlsm": "spreadsheet", ".xls": "spreadsheet", ".csv": "spreadsheet",
  ".png": "image_ocr", ".jpg": "image_ocr", ".jpeg": "image_ocr", ".tif": "image_ocr", ".tiff": "image_ocr", ".webp": "image_ocr", ".bmp": "image_ocr",
  ".eml": "email", ".msg": "email",
  ".txt": "text", ".md": "text", ".mdx": "text", ".log": "text", ".xml": "text", ".jsonl": "text"
}

export const laneOf = (fileName: string, mediaType: string): Lane => {
  const byExt = BY_EXTENSION[fileExtension(fileName)]
  if (byExt !== undefined) return byExt
  if (mediaType.startsWith("image/")) return "image_ocr"
  if (mediaType === "message/rfc822") return "email"
  if (mediaType === "text/csv" || mediaType.includes("spreadsheet") || mediaType.includes("ms-excel")) return "spreadsheet"
  if (mediaType.startsWith("text/plain")) return "text"
  return "document"
}
