/**
 * Text decoding: byte-order marks, UTF-16/32 told by where their zero bytes fall, a declared
 * charset, UTF-8, and for undeclared legacy bytes the charset jschardet detects (Shift_JIS, GBK,
 * Big5, EUC-KR, windows-125x, KOI8-R, cp866, EBCDIC…) decoded by iconv-lite; windows-1252 when
 * nothing fits better.
 */
import iconv from "iconv-lite"
import jschardet from "jschardet"

export interface Decoder {
  readonly decode: (bytes: Uint8Array) => string
}

/** windows-1252's characters at 0x80–0x9F (undefined positions stay as they are). */
const CP1252_HIGH = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178"

/**
 * C1 control characters read as windows-1252, as browsers do for latin1 and windows-1252 text.
 * (Node's TextDecoder decodes windows-1252 as ISO-8859-1, leaving 0x80–0x9F as C1 controls.)
 */
export const fixC1 = (text: string): string =>
  /[\u0080-\u009f]/.test(text) ? text.replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]) : text

const SINGLE_BYTE_WESTERN = new Set(["windows-1252", "cp1252", "x-cp1252", "latin1", "iso-8859-1", "iso8859-1", "iso_8859-1", "l1", "ascii", "us-ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100"])

const decoders = new Map<string, Decoder>()

/** A decoder for a charset label; windows-1252 for a label TextDecoder does not know. */
export const decoderFor = (label: string | undefined, fatal = false): Decoder => {
  const name = (label ?? "utf-8").trim().toLowerCase()
  const key = `${name}|${fatal}`
  let decoder = decoders.get(key)
  if (decoder === undefined) {
    let inner: TextDecoder
    let western = SINGLE_BYTE_WESTERN.has(name)
    try {
      inner = new TextDecoder(western ? "latin1" : name, { fatal })
    } catch {
      inner = new TextDecoder("latin1", { fatal })
      western = true
    }
    decoder = western ? { decode: (bytes) => fixC1(inner.decode(bytes)) } : inner
    decoders.set(key, decoder)
  }
  return decoder
}

/** EBCDIC code pages (iconv-lite and TextDecoder have none), as CPython's codecs map them. */
const EBCDIC: Record<string, string> = {
  cp500: "\u0000\u0001\u0002\u0003\u009c\t\u0086\u007f\u0097\u008d\u008e\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u009d\u0085\b\u0087\u0018\u0019\u0092\u008f\u001c\u001d\u001e\u001f\u0080\u0081\u0082\u0083\u0084\n\u0017\u001b\u0088\u0089\u008a\u008b\u008c\u0005\u0006\u0007\u0090\u0091\u0016\u0093\u0094\u0095\u0096\u0004\u0098\u0099\u009a\u009b\u0014\u0015\u009e\u001a \u00a0\u00e2\u00e4\u00e0\u00e1\u00e3\u00e5\u00e7\u00f1[.<(+!&\u00e9\u00ea\u00eb\u00e8\u00ed\u00ee\u00ef\u00ec\u00df]$*);^-/\u00c2\u00c4\u00c0\u00c1\u00c3\u00c5\u00c7\u00d1\u00a6,%_>?\u00f8\u00c9\u00ca\u00cb\u00c8\u00cd\u00ce\u00cf\u00cc`:#@'=\"\u00d8abcdefghi\u00ab\u00bb\u00f0\u00fd\u00fe\u00b1\u00b0jklmnopqr\u00aa\u00ba\u00e6\u00b8\u00c6\u00a4\u00b5~stuvwxyz\u00a1\u00bf\u00d0\u00dd\u00de\u00ae\u00a2\u00a3\u00a5\u00b7\u00a9\u00a7\u00b6\u00bc\u00bd\u00be\u00ac|\u00af\u00a8\u00b4\u00d7{ABCDEFGHI\u00ad\u00f4\u00f6\u00f2\u00f3\u00f5}JKLMNOPQR\u00b9\u00fb\u00fc\u00f9\u00fa\u00ff\\\u00f7STUVWXYZ\u00b2\u00d4\u00d6\u00d2\u00d3\u00d50123456789\u00b3\u00db\u00dc\u00d9\u00da\u009f",
  cp037: "\u0000\u0001\u0002\u0003\u009c\t\u0086\u007f\u0097\u008d\u008e\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u009d\u0085\b\u0087\u0018\u0019\u0092\u008f\u001c\u001d\u001e\u001f\u0080\u0081\u0082\u0083\u0084\n\u0017\u001b\u0088\u0089\u008a\u008b\u008c\u0005\u0006\u0007\u0090\u0091\u0016\u0093\u0094\u0095\u0096\u0004\u0098\u0099\u009a\u009b\u0014\u0015\u009e\u001a \u00a0\u00e2\u00e4\u00e0\u00e1\u00e3\u00e5\u00e7\u00f1\u00a2.<(+|&\u00e9\u00ea\u00eb\u00e8\u00ed\u00ee\u00ef\u00ec\u00df!$*);\u00ac-/\u00c2\u00c4\u00c0\u00c1\u00c3\u00c5\u00c7\u00d1\u00a6,%_>?\u00f8\u00c9\u00ca\u00cb\u00c8\u00cd\u00ce\u00cf\u00cc`:#@'=\"\u00d8abcdefghi\u00ab\u00bb\u00f0\u00fd\u00fe\u00b1\u00b0jklmnopqr\u00aa\u00ba\u00e6\u00b8\u00c6\u00a4\u00b5~stuvwxyz\u00a1\u00bf\u00d0\u00dd\u00de\u00ae^\u00a3\u00a5\u00b7\u00a9\u00a7\u00b6\u00bc\u00bd\u00be[]\u00af\u00a8\u00b4\u00d7{ABCDEFGHI\u00ad\u00f4\u00f6\u00f2\u00f3\u00f5}JKLMNOPQR\u00b9\u00fb\u00fc\u00f9\u00fa\u00ff\\\u00f7STUVWXYZ\u00b2\u00d4\u00d6\u00d2\u00d3\u00d50123456789\u00b3\u00db\u00dc\u00d9\u00da\u009f"
}
const EBCDIC_ALIASES: Record<string, string> = {
  ibm500: "cp500", "ebcdic-cp-be": "cp500", "ebcdic-cp-ch": "cp500", ibm037: "cp037", "ebcdic-cp-us": "cp037", "ebcdic-cp-ca": "cp037", ibm01140: "cp1140", ibm1140: "cp1140"
}
EBCDIC.cp1140 = EBCDIC.cp037.slice(0, 0x9f) + "\u20ac" + EBCDIC.cp037.slice(0xa0)

const decodeEbcdic = (bytes: Uint8Array, table: string): string => {
  let out = ""
  for (let i = 0; i < bytes.length; i++) out += table[bytes[i]]
  return out.replace(/\u0085/g, "\n")
}

/** UTF-32 and UTF-16 by their byte-order marks. */
const bomOf = (bytes: Uint8Array): { readonly charset: string; readonly length: number } | undefined => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: "utf-8", length: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return { charset: "utf-32le", length: 4 }
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return { charset: "utf-32be", length: 4 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: "utf-16le", length: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: "utf-16be", length: 2 }
  return undefined
}

/**
 * UTF-16 or UTF-32 without a byte-order mark, told by where the zero bytes fall in the first 4 KiB:
 * text of Latin, Cyrillic, Greek… script in UTF-16LE has a zero in most odd bytes and almost none
 * in even ones (the other way round in UTF-16BE); UTF-32 has three zeros in most code units.
 */
export const unicodeWithoutBom = (bytes: Uint8Array): "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be" | undefined => {
  const n = Math.min(bytes.length, 4096) & ~3
  if (n < 4) return undefined
  const zeros = [0, 0, 0, 0]
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros[i & 3]++
  const quarter = n / 4
  if (zeros[1] > 0.9 * quarter && zeros[2] > 0.9 * quarter && zeros[3] > 0.9 * quarter && zeros[0] < 0.1 * quarter) return "utf-32le"
  if (zeros[0] > 0.9 * quarter && zeros[1] > 0.9 * quarter && zeros[2] > 0.9 * quarter && zeros[3] < 0.1 * quarter) return "utf-32be"
  const even = zeros[0] + zeros[2]
  const odd = zeros[1] + zeros[3]
  const half = n / 2
  if (odd > 0.4 * half && even < 0.05 * half) return "utf-16le"
  if (even > 0.4 * half && odd < 0.05 * half) return "utf-16be"
  return undefined
}

const decodeUtf32 = (bytes: Uint8Array, littleEndian: boolean): string => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: Array<string> = []
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    const cp = view.getUint32(i, littleEndian)
    out.push(cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : "\ufffd")
  }
  return out.join("")
}

/** Bytes in a named charset: TextDecoder's, else iconv-lite's, else EBCDIC; undefined when none knows it. */
export const decodeAs = (bytes: Uint8Array, charset: string): string | undefined => {
  const name = charset.trim().toLowerCase()
  if (name === "utf-32le" || name === "utf-32be" || name === "utf-32") return decodeUtf32(bytes, name !== "utf-32be")
  if (SINGLE_BYTE_WESTERN.has(name)) return decoderFor(name).decode(bytes)
  const ebcdic = EBCDIC[EBCDIC_ALIASES[name] ?? name]
  if (ebcdic !== undefined) return decodeEbcdic(bytes, ebcdic)
  try {
    return new TextDecoder(name).decode(bytes)
  } catch {
    return iconv.encodingExists(name) ? iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name) : undefined
  }
}

/** The charsets detection chooses among: those legacy documents are written in, in practice. */
const DETECTABLE = [
  "windows-1252", "windows-1250", "windows-1251", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
  "koi8-r", "cp866", "shift_jis", "cp932", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr", "cp500", "cp037", "cp1140"
]
const MULTI_BYTE = /^(shift_jis|cp932|euc-jp|iso-2022-jp|gb18030|gb2312|gbk|big5|euc-kr)$/
const EBCDIC_NAMES = /^(cp500|cp037|cp1140)$/

/**
 * The charset of bytes that are not UTF-8. jschardet's guess is taken when it is a multi-byte
 * charset (their byte structure is distinctive) or EBCDIC, and a single-byte charset of another
 * script (Cyrillic, Greek, Hebrew…) only when over half the letters are non-ASCII bytes, as that script's
 * text has: mostly-ASCII text with a few accented letters is windows-1252, where a short sample
 * would let detection guess any single-byte page.
 */
export const detectLegacyCharset = (bytes: Uint8Array): string => {
  const sample = bytes.subarray(0, 64 * 1024)
  let high = 0
  let asciiLetters = 0
  for (const b of sample) {
    if (b >= 0x80) high++
    else if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) asciiLetters++
  }
  let guess: string
  try {
    guess = (jschardet.detect(sample, { detectEncodings: DETECTABLE }).encoding ?? "").toLowerCase()
  } catch {
    return "windows-1252"
  }
  if (guess === "ibm866") guess = "cp866"
  if (MULTI_BYTE.test(guess) || EBCDIC_NAMES.test(guess)) return guess
  if (guess !== "" && guess !== "windows-1252" && high > 0.5 * (high + asciiLetters)) return guess
  return "windows-1252"
}

export interface DecodedText {
  readonly text: string
  /** The charset the bytes were read in. */
  readonly charset: string
  /** How it was decided. */
  readonly by: "bom" | "zero-bytes" | "declared" | "utf-8" | "detected"
}

/**
 * Bytes of a text file as a string and how they were read: a byte-order mark decides; then
 * UTF-16/32 by their zero bytes; then the declared charset (when something knows it); then UTF-8
 * when the bytes are valid UTF-8; else the charset jschardet detects.
 */
export const decodeTextWithCharset = (bytes: Uint8Array, declared?: string): DecodedText => {
  const bom = bomOf(bytes)
  if (bom !== undefined) return { text: decodeAs(bytes.subarray(bom.length), bom.charset)!, charset: bom.charset, by: "bom" }
  const wide = unicodeWithoutBom(bytes)
  if (wide !== undefined) return { text: decodeAs(bytes, wide)!, charset: wide, by: "zero-bytes" }
  if (declared !== undefined) {
    // A document that declares UTF-16 but reached here has no zero-byte pattern: its bytes are 8-bit.
    const label = declared.trim().toLowerCase()
    const text = /^(utf-?16|ucs-?2|unicode)/.test(label) ? undefined : decodeAs(bytes, label)
    if (text !== undefined) return { text, charset: label, by: "declared" }
  }
  try {
    return { text: decoderFor("utf-8", true).decode(bytes), charset: "utf-8", by: "utf-8" }
  } catch {
    const charset = detectLegacyCharset(bytes)
    const text = decodeAs(bytes, charset)
    return text === undefined
      ? { text: decoderFor("windows-1252").decode(bytes), charset: "windows-1252", by: "detected" }
      : { text, charset, by: "detected" }
  }
}

/** Bytes of a text file as a string (see `decodeTextWithCharset`). */
export const decodeText = (bytes: Uint8Array, declared?: string): string => decodeTextWithCharset(bytes, declared).text

/**
 * Control characters no text should carry: C0 except tab and line breaks, DEL, and C1 (readers map
 * windows-1252's 0x80–0x9F before this; what is left is noise). Vertical tab and form feed, which
 * Word and PowerPoint use as line and page breaks, become line breaks.
 */
export const stripControls = (text: string): string =>
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)
    ? text.replace(/[\u000b\u000c]/g, "\n").replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, "")
    : text

/** A line with its tabs expanded to stops of eight columns. */
const expandTabs = (line: string): string => {
  let out = ""
  for (const ch of line) out += ch === "\t" ? " ".repeat(8 - (out.length % 8)) : ch
  return out
}

/**
 * Plain text with its layout kept: control characters removed, tabs expanded to stops of eight,
 * no-break spaces made spaces, trailing spaces and blank edge lines dropped, but runs of spaces
 * inside a line and its indentation kept, so that fixed-width columns still line up.
 */
export const cleanLayoutText = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => expandTabs(line).replace(/ +$/, ""))
    .join("\n")
    .replace(/^\n+|\n+$/g, "")

/** Collapses runs of spaces and tabs, trims each line, and drops control characters. */
export const cleanText = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00a0]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .trim()
