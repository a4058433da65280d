/** The bounds every parse runs within, so that no file can exhaust memory or time. */
export interface ParseLimits {
  /** Pages (PDF pages, slides, Visio pages, TIFF frames) read at most. */
  readonly maxPages: number
  /** Bytes inflated from one archive (OOXML zip) in total. */
  readonly maxDecompressedBytes: number
  /** Bytes inflated from one archive entry. */
  readonly maxEntryBytes: number
  /** Entries an archive may list. */
  readonly maxArchiveEntries: number
  /** Inflated/compressed size of one entry, checked once it passes 1 MiB (zip bombs). */
  readonly maxCompressionRatio: number
  /** Non-empty spreadsheet cells in one workbook. */
  readonly maxCells: number
  /** Nesting of MIME parts and attached messages. */
  readonly maxNesting: number
  /** Pages or images OCR runs on in one file; later scanned pages keep no text and a warning. */
  readonly maxOcrPages: number
  /** OCR time for one file; when spent, the rest is left out with a warning. */
  readonly ocrTimeoutMs: number
}

export const defaultLimits: ParseLimits = {
  maxPages: 2000,
  maxDecompressedBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxArchiveEntries: 20_000,
  maxCompressionRatio: 400,
  maxCells: 2_000_000,
  maxNesting: 16,
  maxOcrPages: 50,
  ocrTimeoutMs: 120_000
}
