/**
 * The file extensions each document operation accepts (spec 2, "Supported extensions"). The
 * extension of `file_name` decides the format; it is compared in lower case.
 */

export const PARSE_EXTENSIONS = [
  ".csv", ".doc", ".docm", ".docx", ".eml", ".htm", ".html", ".jpeg", ".jpg", ".log", ".msg", ".pdf",
  ".png", ".ppt", ".pptx", ".tif", ".tiff", ".txt", ".vsd", ".vsdx", ".webp", ".xls", ".xlsm", ".xlsx", ".xml"
] as const

/** Categorize uses the parse list. */
export const CATEGORIZE_EXTENSIONS = PARSE_EXTENSIONS

/** Extract adds `.md` and `.mdx`. */
export const EXTRACT_EXTENSIONS = [...PARSE_EXTENSIONS, ".md", ".mdx"] as const

const GROUND_EXCLUDED: ReadonlyArray<string> = [".eml", ".msg", ".vsd", ".vsdx"]

/** Ground: the parse list except `.eml .msg .vsd .vsdx`, plus `.bmp .jsonl .md .mdx`. */
export const GROUND_EXTENSIONS: ReadonlyArray<string> = [
  ...PARSE_EXTENSIONS.filter((ext) => !GROUND_EXCLUDED.includes(ext)),
  ".bmp", ".jsonl", ".md", ".mdx"
]

export type DocumentOperation = "parse" | "categorize" | "extract" | "ground"

export const SUPPORTED_EXTENSIONS: Readonly<Record<DocumentOperation, ReadonlyArray<string>>> = {
  parse: PARSE_EXTENSIONS,
  categorize: CATEGORIZE_EXTENSIONS,
  extract: EXTRACT_EXTENSIONS,
  ground: GROUND_EXTENSIONS
}

/** Every extension some operation reads: what a `DocumentParser` is asked to read. */
export const DOCUMENT_EXTENSIONS: ReadonlyArray<string> = [
  ...new Set([...PARSE_EXTENSIONS, ...EXTRACT_EXTENSIONS, ...GROUND_EXTENSIONS])
].sort()

/** The lower-cased extension of a file name with its dot (`report.PDF` → `.pdf`), or `""`. */
export const fileExtension = (fileName: string): string => {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1)
  const dot = base.lastIndexOf(".")
  return dot <= 0 || dot === base.length - 1 ? "" : base.slice(dot).toLowerCase()
}

export const isSupportedExtension = (operation: DocumentOperation, fileName: string): boolean =>
  SUPPORTED_EXTENSIONS[operation].includes(fileExtension(fileName))
