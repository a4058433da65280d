/**
 * File signatures (magic bytes): what a file's first bytes say it is, and whether that contradicts
 * its extension (spec 2: `unsupported_file_type` when "signature conflicts with extension").
 *
 * Containers stand for several formats: `zip` is every OOXML file (docx, docm, xlsx, xlsm, pptx,
 * vsdx), `cfb` (OLE compound file) every legacy Office file (doc, xls, ppt, vsd, msg) and also an
 * encrypted OOXML file, which Office stores as a compound file with an `EncryptedPackage` stream.
 * The parser reads inside the container to tell them apart. Text formats (csv, txt, log, html,
 * xml, eml, md, jsonl) have no signature: they conflict only with a recognised binary signature or
 * with NUL bytes in text that carries no UTF-16 byte-order mark.
 */

export type FileSignature =
  | "pdf" | "zip" | "cfb" | "png" | "jpeg" | "gif" | "tiff" | "webp" | "bmp"
  | "gzip" | "rtf" | "executable" | "text" | "binary" | "empty"

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, at = 0): boolean => {
  if (bytes.length < at + signature.length) return false
  for (let i = 0; i < signature.length; i++) if (bytes[at + i] !== signature[i]) return false
  return true
}

const ascii = (text: string): ReadonlyArray<number> => Array.from(text, (ch) => ch.charCodeAt(0))

/** How far into the file a PDF header may start (readers accept leading junk; 1024 as Acrobat). */
const PDF_HEADER_WINDOW = 1024

const findAscii = (bytes: Uint8Array, needle: string, limit: number): boolean => {
  const pattern = ascii(needle)
  const end = Math.min(bytes.length - pattern.length, limit)
  for (let i = 0; i <= end; i++) if (startsWith(bytes, pattern, i)) return true
  return false
}

/** What the first bytes of a file say it is. */
export const sniffFileSignature = (bytes: Uint8Array): FileSignature => {
  if (bytes.length === 0) return "empty"
  if (startsWith(bytes, ascii("%PDF-")) || findAscii(bytes, "%PDF-", PDF_HEADER_WINDOW)) return "pdf"
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip"
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "cfb"
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif"
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff"
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return "tiff"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp"
  if (startsWith(bytes, ascii("BM")) && bytes.length >= 26 && dibHeaderSize(bytes) !== undefined) return "bmp"
  if (startsWith(bytes, [0x1f, 0x8b])) return "gzip"
  if (startsWith(bytes, ascii("{\\rtf"))) return "rtf"
  if (startsWith(bytes, ascii("MZ")) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return "executable"
  return looksLikeText(bytes) ? "text" : "binary"
}

/** A BMP's DIB header size is one of the known ones (so "BM" at the start of a text is not a BMP). */
const dibHeaderSize = (bytes: Uint8Array): number | undefined => {
  const size = bytes[14] | (bytes[15] << 8) | (bytes[16] << 16) | (bytes[17] << 24)
  return [12, 40, 52, 56, 64, 108, 124].includes(size) ? size : undefined
}

/**
 * No NUL byte in the first 8 KiB, a UTF-16 byte-order mark, or the zero bytes of UTF-16/UTF-32
 * text without one: in the first 4 KiB, zeros in most odd (UTF-16LE) or even (UTF-16BE) bytes and
 * almost none in the others, or three zeros in most 4-byte units (UTF-32).
 */
const looksLikeText = (bytes: Uint8Array): boolean => {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true
  const end = Math.min(bytes.length, 8192)
  let nul = false
  for (let i = 0; i < end && !nul; i++) if (bytes[i] === 0) nul = true
  return !nul || looksLikeWideText(bytes)
}

const looksLikeWideText = (bytes: Uint8Array): boolean => {
  const n = Math.min(bytes.length, 4096) & ~3
  if (n < 4) return false
  const zeros = [0, 0, 0, 0]
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros[i & 3]++
  const quarter = n / 4
  const mostly = (k: number) => zeros[k] > 0.9 * quarter
  const few = (k: number) => zeros[k] < 0.1 * quarter
  if ((mostly(1) && mostly(2) && mostly(3) && few(0)) || (mostly(0) && mostly(1) && mostly(2) && few(3))) return true
  const half = n / 2
  const even = zeros[0] + zeros[2]
  const odd = zeros[1] + zeros[3]
  return (odd > 0.4 * half && even < 0.05 * half) || (even > 0.4 * half && odd < 0.05 * half)
}

const TEXT_EXTENSIONS = [".csv", ".txt", ".log", ".htm", ".html", ".xml", ".eml", ".md", ".mdx", ".jsonl"]
const OOXML_EXTENSIONS = [".docx", ".docm", ".xlsx", ".xlsm", ".pptx", ".vsdx"]
const LEGACY_OFFICE_EXTENSIONS = [".doc", ".xls", ".ppt", ".vsd", ".msg"]

/** The signatures a file with this extension may have; undefined for an unknown extension. */
export const expectedSignatures = (extension: string): ReadonlyArray<FileSignature> | undefined => {
  const ext = extension.toLowerCase()
  if (ext === ".pdf") return ["pdf"]
  if (OOXML_EXTENSIONS.includes(ext)) return ["zip", "cfb"]
  // An OOXML package under a legacy name (report.docx renamed report.doc) is read by its content.
  if (ext === ".msg") return ["cfb"]
  if (LEGACY_OFFICE_EXTENSIONS.includes(ext)) return ["cfb", "zip"]
  if (ext === ".png") return ["png"]
  if (ext === ".jpg" || ext === ".jpeg") return ["jpeg"]
  if (ext === ".tif" || ext === ".tiff") return ["tiff"]
  if (ext === ".webp") return ["webp"]
  if (ext === ".bmp") return ["bmp"]
  if (TEXT_EXTENSIONS.includes(ext)) return ["text", "empty"]
  return undefined
}

export interface SignatureCheck {
  readonly detected: FileSignature
  /** True when the signature contradicts the extension. */
  readonly conflict: boolean
}

/**
 * Whether the bytes fit the extension. An empty file conflicts with every binary format (it has
 * no signature at all) and fits the text formats.
 */
export const checkFileSignature = (extension: string, bytes: Uint8Array): SignatureCheck => {
  const detected = sniffFileSignature(bytes)
  const expected = expectedSignatures(extension)
  return { detected, conflict: expected !== undefined && !expected.includes(detected) }
}
