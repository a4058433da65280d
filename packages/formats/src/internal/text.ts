/** Text decoding: byte-order marks, UTF-8, and a single-byte fallback for legacy files. */

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

/**
 * Bytes of a text file as a string: a UTF-8/UTF-16 byte-order mark decides; otherwise UTF-8 when
 * the bytes are valid UTF-8, else windows-1252 (what legacy Windows tools write).
 */
export const decodeText = (bytes: Uint8Array, declared?: string): string => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decoderFor("utf-8").decode(bytes.subarray(3))
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decoderFor("utf-16le").decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decoderFor("utf-16be").decode(bytes.subarray(2))
  if (declared !== undefined) return decoderFor(declared).decode(bytes)
  try {
    return decoderFor("utf-8", true).decode(bytes)
  } catch {
    return decoderFor("windows-1252").decode(bytes)
  }
}

/** Collapses runs of spaces and tabs, trims each line, and drops control characters. */
export const cleanText = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00a0]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .trim()
