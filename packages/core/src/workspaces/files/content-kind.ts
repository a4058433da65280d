/**
 * What a file holds, as the file tools' `kind` (spec 3, `folder-metadata` filter `kind`:
 * `table`, `document`, `media`): decided by the file alone (its path's extension, else its media
 * type), so a store can filter on it and the answer is the same before and after ingestion.
 *
 * - `table`: what the spreadsheet lane reads (.xlsx .xlsm .xls .csv, spreadsheet media types)
 * - `media`: images (read by OCR), audio and video
 * - `document`: everything else
 */
import { laneOf } from "../ingestion/lanes.js"

export const CONTENT_KINDS = ["document", "table", "media"] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]

export const contentKindOf = (path: string, fileType: string): ContentKind => {
  const lane = laneOf(path, fileType)
  if (lane === "spreadsheet") return "table"
  if (lane === "image_ocr" || /^(?:audio|video)\//.test(fileType)) return "media"
  return "document"
}
