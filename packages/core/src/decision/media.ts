/**
 * Media detection for the evaluate request ("Input is text only": images, audio, video and PDFs anywhere
 * in `state` or `questions` are rejected with 422).
 *
 * `findMedia(value, basePath)` walks a JSON value and returns one finding per media item, in document
 * order, each with the path of the offending value (array indexes as decimal strings) and a message that
 * always starts with `media content is not allowed`.
 *
 * Rules
 *
 * 1. Data URLs, anywhere inside any string (also embedded in longer text such as markdown
 *    `![x](data:image/png;base64,...)`, case-insensitive):
 *    `data:<mime>[;param...][;base64],<payload>`.
 *    - mime `image/*`, `audio/*`, `video/*`, `application/pdf`, `application/x-pdf`, `application/ogg`:
 *      reported when the payload is non-trivial: with `;base64`, at least 16 base64 characters right
 *      after the comma; without it, at least 16 non-blank characters right after the comma, or SVG/XML
 *      markup (`<svg`, `<?xml`, or their percent-encoded forms). Prose such as "data:image/png is a MIME
 *      type" or "data:image/png;base64,..." has no payload and passes.
 *    - any other (or no) mime with `;base64`: reported when the decoded payload starts with a media file
 *      signature (rule 2), e.g. `data:application/octet-stream;base64,iVBORw0KGgo...`.
 * 2. Raw base64 files. A "chain" is a maximal run of base64 characters (standard and URL-safe alphabets,
 *    mixed allowed), optionally ending in one or two `=`, that may continue across single line breaks
 *    (MIME/PEM wrapping, any line length, indentation allowed). A chain is decoded (only its first bytes)
 *    and reported when those bytes match a media file signature, if either
 *    - the chain is the whole string (after trimming) and has at least 24 base64 characters, or
 *    - it has at least 48 base64 characters (a token inside longer text: delimited by anything outside
 *      the alphabet, e.g. spaces, quotes, `:` or `,`). A line of a wrapped chain (at least 16 characters,
 *      starting a line) is also tried as a start, so a block that follows prose lines is found.
 *    Detection is by magic numbers only, never by length or character statistics. Signatures (with extra
 *    header plausibility checks where the magic number is short): PNG, JPEG, GIF, WebP, BMP, TIFF,
 *    ICO/CUR (first image right after the directory), HEIF/HEIC/AVIF, JPEG 2000, JPEG XL (container), PSD, SVG (text whose first element is
 *    `<svg`, after an optional XML prolog/comments/doctype); PDF; WAV, MP3 (ID3 tag, or an MPEG layer III
 *    frame header followed by a second frame header exactly where the first frame ends, or a string that
 *    is exactly one frame), AAC ADTS (same two-frame rule), Ogg, FLAC, AIFF, AMR, MIDI, CAF; MP4/M4A/MOV/
 *    3GP (any ISO-BMFF `ftyp` box, plus legacy QuickTime `moov`/`mdat`/`wide`), WebM/Matroska, AVI, FLV,
 *    MPEG-PS/ES, ASF (WMA/WMV).
 *    Not media: hex-encoded bytes, unencoded SVG/XML markup (it is text), ZIP/Office documents.
 * 3. Provider-style media content parts (objects anywhere). The shape must match the provider's own:
 *    the discriminator and a non-empty payload. The finding is at the part's path and nothing inside the
 *    part is reported again.
 *    - OpenAI Chat: `{type:"image_url", image_url}`, `{type:"input_audio", input_audio}`,
 *      `{type:"file", file:{file_data|file_id|file_url}}` (a `file` with only a `filename` has no
 *      payload and passes); assistant message `{role:"assistant", audio:{id|data}}` (reported at
 *      `.audio`). Responses/Realtime: `{type:"input_image", image_url|file_id}`,
 *      `{type:"input_file", file_data|file_id|file_url}`, `{type:"input_audio", audio}`,
 *      `{type:"output_audio", audio|data}`, `{type:"audio", audio}`,
 *      `{type:"image_generation_call", result}`, `{type:"computer_screenshot", image_url|file_id}`.
 *      Assistants: `{type:"image_file", image_file}`.
 *    - Anthropic: `{type:"image"|"document"|"audio"|"video", source:{type:"base64"|"url"|"file", data|url|file_id}}`.
 *      Documents with a `text` or `content` source are text and pass.
 *    - Gemini: a part with `inlineData`/`inline_data` `{data}` or `fileData`/`file_data` `{fileUri|file_uri}`,
 *      unless its `mimeType`/`mime_type` is a text type (text/*, JSON, XML, ...).
 *    - Bedrock Converse: `{image|video|audio|document: {source:{bytes|s3Location|uri}}}`; documents in a
 *      text format (txt, md, csv, html) pass.
 *    - Generic (Mistral, vLLM, Qwen, LangChain, Vercel AI SDK): `{type:"video_url"|"audio_url"|
 *      "document_url"|"input_video", <same key>}`; `{type:"image"|"audio"|"video", <same key>|url|data|
 *      base64|file_id}` (string payloads); `{type:"file", data|base64|url|file_id, mediaType|mimeType|
 *      mime_type|media_type}` with a non-text mime.
 *    Not media: `{type:"image"}` or `{type:"image", caption:"..."}` without a payload, a choice criteria
 *    label named `image` (`{"image": "a photo of a cat"}`), `{type:"image", data:{...}}` (object payloads
 *    are only accepted where a provider defines them).
 * 4. Object keys are part of the body: a key is scanned like a string (rules 1 and 2) and reported at the
 *    path of that key's value, with "in an object key" in the message.
 * 5. At most one finding per string (the first rule that matches: data URL, then raw base64). Findings
 *    stop after `maxFindings` (default 100): every finding materialises its path, and capping keeps the
 *    work linear even for findings 100k levels deep.
 *
 * Complexity: iterative depth-first walk (explicit stack, no recursion; any depth), keys in insertion
 * order and array items in index order, a shared path stack instead of per-node path copies, each string
 * scanned in one pass, regexes with bounded, unambiguous quantifiers, base64 decoded only for the first
 * bytes of a candidate (32 bytes, 96 for Matroska; up to a few KB for the MP3/AAC second-frame and SVG
 * checks, at most 8 times per string). Non-JSON values (functions, typed arrays) are ignored; a repeated
 * object reference is visited once.
 */

export interface MediaFinding {
  readonly path: ReadonlyArray<string>
  readonly message: string
}

export interface FindMediaOptions {
  /** Stop after this many findings (default 100). */
  readonly maxFindings?: number | undefined
}

export const MEDIA_MESSAGE_PREFIX = "media content is not allowed"

const DEFAULT_MAX_FINDINGS = 100
/** A whole string (trimmed) that is base64 needs at least this many base64 characters. */
const WHOLE_MIN = 24
/** A base64 token inside longer text needs at least this many base64 characters. */
const TOKEN_MIN = 48
/** Lines of a wrapped chain shorter than this are not tried as starts. */
const LINE_START_MIN = 16
/** Non-trivial data URL payload. */
const DATA_URL_PAYLOAD_MIN = 16
/** Bytes decoded for the signature checks (enough for all but the ones below). */
const HEAD_BYTES = 32
/** Further bytes decoded without counting against the budget (Matroska doc type). */
const CHEAP_BYTES = 96
/** Deeper decodes (second MP3/ADTS frame, SVG prolog) per string. */
const DEEP_DECODES_PER_STRING = 8
const SVG_BYTES = 1024
const DEEP_MAX_BYTES = 8192 + 16

const message = (what: string): string => `${MEDIA_MESSAGE_PREFIX} (${what})`

// ---------------------------------------------------------------------------------------------------
// Base64

const B64 = new Int8Array(128).fill(-1)
{
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
  for (let i = 0; i < alphabet.length; i++) B64[alphabet.charCodeAt(i)] = i
  B64[43] = 62 // +
  B64[45] = 62 // -
  B64[47] = 63 // /
  B64[95] = 63 // _
}

const isB64 = (c: number): boolean => c < 128 && B64[c] >= 0
const isBlank = (c: number): boolean => c === 32 || c === 9
const isWs = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029

const BUF = new Uint8Array(DEEP_MAX_BYTES)

/**
 * Decodes base64 from `s[p]` into BUF, at most `max` bytes, stopping at `end` or at the first character
 * outside the alphabet; with `skipWs`, spaces, tabs and line breaks are skipped (they only occur as the
 * joints of a chain). Returns the number of bytes written.
 */
const decode = (s: string, p: number, end: number, max: number, skipWs: boolean): number => {
  let acc = 0
  let bits = 0
  let n = 0
  for (let i = p; i < end && n < max; i++) {
    const c = s.charCodeAt(i)
    const v = c < 128 ? B64[c] : -1
    if (v < 0) {
      if (skipWs && (c === 10 || c === 13 || c === 32 || c === 9)) continue
      break
    }
    acc = ((acc << 6) | v) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      BUF[n++] = (acc >> bits) & 0xff
    }
  }
  return n
}

interface Budget {
  deep: number
}

// ---------------------------------------------------------------------------------------------------
// File signatures (on BUF)

const eq = (off: number, ascii: string, n: number): boolean => {
  if (off + ascii.length > n) return false
  for (let i = 0; i < ascii.length; i++) if (BUF[off + i] !== ascii.charCodeAt(i)) return false
  return true
}
const u16le = (o: number): number => BUF[o] | (BUF[o + 1] << 8)
const u16be = (o: number): number => (BUF[o] << 8) | BUF[o + 1]
const u32le = (o: number): number => (BUF[o] | (BUF[o + 1] << 8) | (BUF[o + 2] << 16) | (BUF[o + 3] << 24)) >>> 0
const u32be = (o: number): number => ((BUF[o] << 24) | (BUF[o + 1] << 16) | (BUF[o + 2] << 8) | BUF[o + 3]) >>> 0
const bytesAre = (off: number, bytes: ReadonlyArray<number>, n: number): boolean => {
  if (off + bytes.length > n) return false
  for (let i = 0; i < bytes.length; i++) if (BUF[off + i] !== bytes[i]) return false
  return true
}
const printable4 = (o: number): boolean => {
  for (let i = o; i < o + 4; i++) if (BUF[i] < 0x20 || BUF[i] > 0x7e) return false
  return true
}

const BMP_DIB_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124])
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "mif2"])
const AVIF_BRANDS = new Set(["avif", "avis"])
const M4A_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "])
const MP4_BRANDS = new Set([
  "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1",
  "dash", "M4V ", "M4VH", "M4VP", "f4v ", "f4p ", "MSNV", "NDAS", "NDSC", "NDSH", "NDSM", "NDSP", "NDSS",
  "NDXC", "NDXH", "NDXM", "NDXP", "NDXS", "mmp4", "XAVC", "cmfc", "cmf2"
])
const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]
const JP2_SIG = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]
const JXL_SIG = [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a]

const brand = (o: number): string => String.fromCharCode(BUF[o], BUF[o + 1], BUF[o + 2], BUF[o + 3])

const isoMedia = (n: number): string | undefined => {
  if (n < 12 || !eq(4, "ftyp", n)) return undefined
  const size = u32be(0)
  if (size < 16 || size > 4096 || size % 4 !== 0 || !printable4(8)) return undefined
  const major = brand(8)
  if (HEIF_BRANDS.has(major)) return "HEIF image"
  if (AVIF_BRANDS.has(major)) return "AVIF image"
  if (M4A_BRANDS.has(major)) return "M4A audio"
  if (major === "qt  ") return "QuickTime video"
  if (major.startsWith("3gp") || major.startsWith("3g2")) return "3GP video"
  if (MP4_BRANDS.has(major)) return "MP4 video"
  return "ISO media file (MP4/MOV/HEIF)"
}

const MP3_KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const MP3_KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
/** indexed by the 2-bit version field: 0 = MPEG 2.5, 2 = MPEG 2, 3 = MPEG 1 */
const MP3_RATES: ReadonlyArray<ReadonlyArray<number>> = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]]

/** Length of the MPEG layer III frame whose header is at `o`, or 0 when there is no valid header. */
const mp3FrameLength = (o: number, n: number): number => {
  if (o + 4 > n || BUF[o] !== 0xff || (BUF[o + 1] & 0xe0) !== 0xe0) return 0
  const version = (BUF[o + 1] >> 3) & 3
  const layer = (BUF[o + 1] >> 1) & 3
  if (version === 1 || layer !== 1) return 0
  const bitrate = BUF[o + 2] >> 4
  const rate = (BUF[o + 2] >> 2) & 3
  if (bitrate === 0 || bitrate === 15 || rate === 3 || (BUF[o + 3] & 3) === 2) return 0
  const kbps = version === 3 ? MP3_KBPS_V1[bitrate] : MP3_KBPS_V2[bitrate]
  const coefficient = version === 3 ? 144000 : 72000
  return Math.floor((coefficient * kbps) / MP3_RATES[version][rate]) + ((BUF[o + 2] >> 1) & 1)
}

/** Length of the ADTS (AAC) frame whose header is at `o`, or 0 when there is no valid header. */
const adtsFrameLength = (o: number, n: number): number => {
  if (o + 7 > n || BUF[o] !== 0xff || (BUF[o + 1] & 0xf6) !== 0xf0) return 0
  if (((BUF[o + 2] >> 2) & 0xf) >= 13) return 0
  const length = ((BUF[o + 3] & 3) << 11) | (BUF[o + 4] << 3) | (BUF[o + 5] >> 5)
  const header = (BUF[o + 1] & 1) === 1 ? 7 : 9
  return length > header ? length : 0
}

/** The candidate being sniffed, decoded into BUF lazily: `asked` bytes were requested, `n` came out. */
const candidate = { s: "", p: 0, end: 0, skipWs: false, n: 0, asked: 0, budget: { deep: 0 } as Budget }

/**
 * Decodes at least `k` bytes of the candidate when it has them (returns how many are decoded). Up to
 * CHEAP_BYTES this is free; beyond, it spends one deep decode of the string's budget (none left: no more
 * bytes).
 */
const need = (k: number): number => {
  const c = candidate
  if (k <= c.asked || c.n < c.asked) return c.n
  if (k > CHEAP_BYTES) {
    if (c.budget.deep <= 0) return c.n
    c.budget.deep--
  }
  c.n = decode(c.s, c.p, c.end, Math.min(k, DEEP_MAX_BYTES), c.skipWs)
  c.asked = Math.min(k, DEEP_MAX_BYTES)
  return c.n
}
/** the whole candidate is decoded */
const ended = (): boolean => candidate.n < candidate.asked

/**
 * Two-frame rule for MP3/ADTS streams: the header at 0 and another header where the first frame ends,
 * or the data is exactly one frame long.
 */
const framed = (frameLength: (o: number, n: number) => number, same: (o: number) => boolean): boolean => {
  const first = frameLength(0, candidate.n)
  if (first === 0) return false
  const have = need(first + 8)
  if (have === first && ended()) return true
  return frameLength(first, have) > 0 && same(first)
}

const isBlankByte = (b: number): boolean => b === 32 || b === 9 || b === 10 || b === 13

const isSvg = (): boolean => {
  const b0 = BUF[0]
  if (b0 !== 0x3c && b0 !== 0xef && !isBlankByte(b0)) return false
  const m = need(SVG_BYTES)
  let i = 0
  if (bytesAre(0, [0xef, 0xbb, 0xbf], m)) i = 3
  const svgAt = (o: number): boolean => eq(o, "<svg", m) && o + 4 < m && (BUF[o + 4] === 0x3e || BUF[o + 4] === 0x2f || isBlankByte(BUF[o + 4]))
  // skip blanks, the XML prolog, comments and doctype; the first element must be <svg
  while (i < m) {
    const c = BUF[i]
    if (isBlankByte(c)) {
      i++
      continue
    }
    if (c !== 0x3c) return false
    if (eq(i, "<?", m)) {
      let j = i + 2
      while (j + 1 < m && !(BUF[j] === 0x3f && BUF[j + 1] === 0x3e)) j++
      if (j + 1 >= m) return false
      i = j + 2
    } else if (eq(i, "<!--", m)) {
      let j = i + 4
      while (j + 2 < m && !(BUF[j] === 0x2d && BUF[j + 1] === 0x2d && BUF[j + 2] === 0x3e)) j++
      if (j + 2 >= m) return false
      i = j + 3
    } else if (eq(i, "<!", m)) {
      let j = i + 2
      while (j < m && BUF[j] !== 0x3e) j++
      if (j >= m) return false
      i = j + 1
    } else {
      return svgAt(i)
    }
  }
  return false
}

/** First bytes that can start a signature above (SVG: `<`, a UTF-8 BOM or blanks). */
const SIGNATURE_FIRST_BYTES = [
  0x89, 0xff, 0x47, 0x52, 0x42, 0x49, 0x4d, 0x25, 0x4f, 0x66, 0x1a, 0x46, 0x23, 0x38, 0x63, 0x30, 0x00,
  0x3c, 0xef, 0x20, 0x09, 0x0a, 0x0d
]
/** Base64 characters that can start the encoding of such a byte (a cheap filter before decoding). */
const SIGNATURE_FIRST_CHARS = new Uint8Array(128)
for (const byte of SIGNATURE_FIRST_BYTES) {
  for (let c = 0; c < 128; c++) if (B64[c] === byte >> 2) SIGNATURE_FIRST_CHARS[c] = 1
}

/** The kind of media file whose base64 starts at `p` (e.g. "PNG image"), if any. */
const sniff = (s: string, p: number, end: number, skipWs: boolean, budget: Budget): string | undefined => {
  const first = s.charCodeAt(p)
  if (first >= 128 || SIGNATURE_FIRST_CHARS[first] === 0) return undefined
  const n = decode(s, p, end, HEAD_BYTES, skipWs)
  if (n < 4) return undefined
  const c = candidate
  c.s = s
  c.p = p
  c.end = end
  c.skipWs = skipWs
  c.n = n
  c.asked = HEAD_BYTES
  c.budget = budget
  const b0 = BUF[0]
  const b1 = BUF[1]
  switch (b0) {
    case 0x89:
      return bytesAre(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], n) ? "PNG image" : undefined
    case 0xff:
      if (b1 === 0xd8 && BUF[2] === 0xff && BUF[3] >= 0xc0 && BUF[3] !== 0xff) return "JPEG image"
      if (framed(mp3FrameLength, (o) => (BUF[o + 1] & 0xfe) === (b1 & 0xfe) && ((BUF[o + 2] >> 2) & 3) === ((BUF[2] >> 2) & 3)))
        return "MP3 audio"
      if (framed(adtsFrameLength, (o) => ((BUF[o + 2] >> 2) & 0xf) === ((BUF[2] >> 2) & 0xf))) return "AAC audio"
      return undefined
    case 0x47: // G
      return eq(0, "GIF87a", n) || eq(0, "GIF89a", n) ? "GIF image" : undefined
    case 0x52: // R
      if (n >= 12 && eq(0, "RIFF", n)) {
        if (eq(8, "WEBP", n)) return "WebP image"
        if (eq(8, "WAVE", n)) return "WAV audio"
        if (eq(8, "AVI ", n)) return "AVI video"
      }
      return undefined
    case 0x42: // B
      return n >= 18 && b1 === 0x4d && u32le(6) === 0 && BMP_DIB_SIZES.has(u32le(14)) ? "BMP image" : undefined
    case 0x49: // I
      if (n >= 8 && b1 === 0x49 && BUF[2] === 0x2a && BUF[3] === 0 && u32le(4) >= 8) return "TIFF image"
      if (n >= 8 && b1 === 0x49 && BUF[2] === 0x2b && BUF[3] === 0 && u16le(4) === 8) return "TIFF image"
      if (n >= 10 && eq(0, "ID3", n) && BUF[3] >= 2 && BUF[3] <= 4 && BUF[4] !== 0xff && (BUF[6] | BUF[7] | BUF[8] | BUF[9]) < 0x80)
        return "MP3 audio"
      return undefined
    case 0x4d: // M
      if (n >= 8 && b1 === 0x4d && BUF[2] === 0 && BUF[3] === 0x2a && u32be(4) >= 8) return "TIFF image"
      if (n >= 8 && b1 === 0x4d && BUF[2] === 0 && BUF[3] === 0x2b && u16be(4) === 8) return "TIFF image"
      if (eq(0, "MThd", n) && bytesAre(4, [0, 0, 0, 6], n)) return "MIDI audio"
      return undefined
    case 0x25: // %
      return n >= 6 && eq(0, "%PDF-", n) && BUF[5] >= 0x30 && BUF[5] <= 0x39 ? "PDF file" : undefined
    case 0x4f: // O
      return n >= 6 && eq(0, "OggS", n) && BUF[4] === 0 && BUF[5] <= 7 ? "Ogg audio/video" : undefined
    case 0x66: // f
      return n >= 5 && eq(0, "fLaC", n) && (BUF[4] & 0x7f) === 0 ? "FLAC audio" : undefined
    case 0x1a:
      if (!bytesAre(0, [0x1a, 0x45, 0xdf, 0xa3], n)) return undefined
      for (let i = 4, m = need(CHEAP_BYTES); i + 4 <= m; i++) if (eq(i, "webm", m)) return "WebM video"
      return "Matroska video"
    case 0x46: // F
      if (n >= 12 && eq(0, "FORM", n) && (eq(8, "AIFF", n) || eq(8, "AIFC", n))) return "AIFF audio"
      if (n >= 9 && eq(0, "FLV", n) && BUF[3] === 1 && (BUF[4] & 0xfa) === 0 && u32be(5) === 9) return "FLV video"
      return undefined
    case 0x23: // #
      return n >= 6 && eq(0, "#!AMR", n) && (BUF[5] === 0x0a || eq(5, "-WB\n", n)) ? "AMR audio" : undefined
    case 0x38: // 8
      return n >= 6 && eq(0, "8BPS", n) && BUF[4] === 0 && (BUF[5] === 1 || BUF[5] === 2) ? "PSD image" : undefined
    case 0x63: // c
      return n >= 6 && eq(0, "caff", n) && BUF[4] === 0 && BUF[5] === 1 ? "CAF audio" : undefined
    case 0x30:
      return bytesAre(0, ASF_GUID, n) ? "WMA/WMV media" : undefined
    case 0x00: {
      if (bytesAre(0, JP2_SIG, n)) return "JPEG 2000 image"
      if (bytesAre(0, JXL_SIG, n)) return "JPEG XL image"
      const iso = isoMedia(n)
      if (iso !== undefined) return iso
      if (n >= 8 && (eq(4, "moov", n) || eq(4, "mdat", n) || eq(4, "wide", n)) && u32be(0) >= 8) return "QuickTime video"
      if (b1 === 0 && BUF[2] === 1) {
        // MPEG program stream pack header / video sequence header
        if (BUF[3] === 0xba && n >= 5 && ((BUF[4] & 0xc4) === 0x44 || (BUF[4] & 0xf1) === 0x21)) return "MPEG video"
        if (BUF[3] === 0xb3 && n >= 8 && ((BUF[4] << 4) | (BUF[5] >> 4)) > 0 && (((BUF[5] & 0xf) << 8) | BUF[6]) > 0) return "MPEG video"
      }
      if (n >= 22 && b1 === 0 && (BUF[2] === 1 || BUF[2] === 2) && BUF[3] === 0) {
        // ICO / CUR: directory header and first entry
        const count = u16le(4)
        if (count >= 1 && count <= 256 && BUF[9] === 0 && (BUF[2] === 2 || u16le(10) <= 1) && u32le(14) > 0 && u32le(18) === 6 + 16 * count)
          return BUF[2] === 1 ? "ICO image" : "CUR image"
      }
      return undefined
    }
    default:
      return isSvg() ? "SVG image" : undefined
  }
}

// ---------------------------------------------------------------------------------------------------
// Mime types

const TEXT_APPLICATION_TYPES = new Set([
  "application/json", "application/xml", "application/yaml", "application/x-yaml", "application/toml",
  "application/javascript", "application/x-javascript", "application/ecmascript", "application/x-ndjson",
  "application/csv", "application/sql", "application/graphql", "application/x-sh", "application/x-python",
  "application/x-www-form-urlencoded", "application/markdown", "application/rtf"
])

const normaliseMime = (mime: string): string => {
  const semicolon = mime.indexOf(";")
  return (semicolon >= 0 ? mime.slice(0, semicolon) : mime).trim().toLowerCase()
}

const isMediaMime = (mime: string): boolean =>
  mime.startsWith("image/") || mime.startsWith("audio/") || mime.startsWith("video/") ||
  mime === "application/pdf" || mime === "application/x-pdf" || mime === "application/ogg"

const isTextMime = (mime: string): boolean =>
  !isMediaMime(mime) &&
  (mime.startsWith("text/") || TEXT_APPLICATION_TYPES.has(mime) || /\+(?:json|xml|yaml)$/.test(mime))

const MIME_SHAPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/

/** `mime` for a message, only when it looks like one (user-supplied strings stay out of messages). */
const mimeLabel = (mime: string | undefined): string =>
  mime !== undefined && mime.length <= 129 && MIME_SHAPE.test(mime) ? `, ${mime}` : ""

// ---------------------------------------------------------------------------------------------------
// Strings

/**
 * `data:` + optional mime + up to 8 parameters + `,`. Parameters exclude `:` so an attempt never runs
 * past the next `data:`; all quantifiers are bounded and unambiguous (linear scan).
 */
const DATA_URL = /data:([a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63})?((?:;[^;,:\s]{0,64}){0,8}),/gi

const hasBase64Param = (params: string): boolean => {
  if (params.length === 0) return false
  for (const param of params.split(";")) if (param.trim().toLowerCase() === "base64") return true
  return false
}

const runLength = (s: string, p: number, cap: number, accept: (c: number) => boolean): number => {
  let i = p
  while (i < s.length && i - p < cap && accept(s.charCodeAt(i))) i++
  return i - p
}

const MARKUP_PAYLOAD = /^(?:<svg|<\?xml|%3csvg|%3c\?xml|%3c%3fxml)/i

const textPayload = (s: string, p: number): boolean =>
  runLength(s, p, DATA_URL_PAYLOAD_MIN, (c) => !isWs(c)) >= DATA_URL_PAYLOAD_MIN ||
  MARKUP_PAYLOAD.test(s.slice(p, p + 9))

const scanDataUrls = (s: string, budget: Budget): string | undefined => {
  const re = DATA_URL
  re.lastIndex = 0
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const mime = (m[1] ?? "").toLowerCase()
    const base64 = hasBase64Param(m[2] ?? "")
    const p = m.index + m[0].length
    if (mime !== "" && isMediaMime(mime)) {
      const payload = base64 ? runLength(s, p, DATA_URL_PAYLOAD_MIN, isB64) >= DATA_URL_PAYLOAD_MIN : textPayload(s, p)
      if (payload) return `${mime} data URL`
    } else if (base64 && runLength(s, p, DATA_URL_PAYLOAD_MIN, isB64) >= DATA_URL_PAYLOAD_MIN) {
      const kind = sniff(s, p, s.length, false, budget)
      if (kind !== undefined) return `base64-encoded ${kind} in a ${mime === "" ? "text/plain" : mime} data URL`
    }
  }
  return undefined
}

/** Line starts of the current chain, [0, lines) of each (reused: resetting a length reallocates). */
const lineStarts: Array<number> = []
const countsBefore: Array<number> = []

const scanBase64 = (s: string, budget: Budget): string | undefined => {
  let lo = 0
  let hi = s.length
  while (lo < hi && isWs(s.charCodeAt(lo))) lo++
  while (hi > lo && isWs(s.charCodeAt(hi - 1))) hi--
  let i = lo
  while (i < hi) {
    if (!isB64(s.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    let count = 0
    let lines = 0
    for (;;) {
      const from = i
      const before = count
      while (i < hi && isB64(s.charCodeAt(i))) i++
      count += i - from
      if (from !== start && i - from >= LINE_START_MIN) {
        lineStarts[lines] = from
        countsBefore[lines] = before
        lines++
      }
      if (i < hi && s.charCodeAt(i) === 61) {
        i++
        if (i < hi && s.charCodeAt(i) === 61) i++
        break
      }
      // continue across one line break (with optional blanks around it)
      let j = i
      while (j < hi && isBlank(s.charCodeAt(j))) j++
      const breakAt = j
      if (j < hi && s.charCodeAt(j) === 13) j++
      if (j < hi && s.charCodeAt(j) === 10) j++
      if (j === breakAt) break
      while (j < hi && isBlank(s.charCodeAt(j))) j++
      if (j < hi && isB64(s.charCodeAt(j))) {
        i = j
        continue
      }
      break
    }
    const end = i
    const min = start === lo && end === hi ? WHOLE_MIN : TOKEN_MIN
    if (count >= min) {
      const kind = sniff(s, start, end, true, budget)
      if (kind !== undefined) return `base64-encoded ${kind}`
    }
    for (let k = 0; k < lines; k++) {
      if (count - countsBefore[k] < TOKEN_MIN) break
      const kind = sniff(s, lineStarts[k], end, true, budget)
      if (kind !== undefined) return `base64-encoded ${kind}`
    }
  }
  return undefined
}

/** The deep-decode budget of the string being scanned (scanning is synchronous: one at a time). */
const stringBudget: Budget = { deep: 0 }

/**
 * Whether `s` has a character that no base64 chain can contain (base64, `=`, blanks and line
 * breaks are the only ones). A string shorter than TOKEN_MIN can only be media as one chain
 * spanning all of it (trimmed), so such a character rules it out without the chain scan.
 */
const hasNonChainChar = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (!isB64(c) && c !== 61 && c !== 32 && c !== 9 && c !== 10 && c !== 13 && !isWs(c)) return true
  }
  return false
}

/** What media `s` contains (for the message), if any. */
const scanString = (s: string): string | undefined => {
  if (s.length < WHOLE_MIN) return undefined
  const colon = s.indexOf(":")
  if (colon < 0 && s.length < TOKEN_MIN && hasNonChainChar(s)) return undefined
  const budget = stringBudget
  budget.deep = DEEP_DECODES_PER_STRING
  // a data URL needs a ":"; indexOf is far cheaper than running DATA_URL over plain text
  return (colon >= 0 ? scanDataUrls(s, budget) : undefined) ?? scanBase64(s, budget)
}

// ---------------------------------------------------------------------------------------------------
// Provider content parts

type Obj = Readonly<Record<string, unknown>>

const hasOwn = Object.prototype.hasOwnProperty
const get = (o: unknown, key: string): unknown =>
  typeof o === "object" && o !== null && !Array.isArray(o) && hasOwn.call(o, key) ? (o as Obj)[key] : undefined
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)
const nonEmpty = (v: unknown): boolean => {
  if (typeof v !== "string") return false
  for (let i = 0; i < v.length; i++) if (!isWs(v.charCodeAt(i))) return true
  return false
}
const anyNonEmpty = (o: Obj, keys: ReadonlyArray<string>): boolean => {
  for (const k of keys) if (nonEmpty(get(o, k))) return true
  return false
}
/** a URL given as a string or as `{url}` */
const urlPayload = (v: unknown): boolean => nonEmpty(v) || (isObj(v) && nonEmpty(get(v, "url")))

const firstString = (o: Obj, keys: ReadonlyArray<string>): string | undefined => {
  for (const k of keys) {
    const v = get(o, k)
    if (typeof v === "string") return v
  }
  return undefined
}

const MIME_KEYS = ["mediaType", "mimeType", "mime_type", "media_type"]
const GENERIC_PAYLOAD_KEYS = ["url", "data", "base64", "file_id"]
const ANTHROPIC_SOURCE_PAYLOAD: Readonly<Record<string, string>> = { base64: "data", url: "url", file: "file_id" }
const BEDROCK_TEXT_FORMATS = new Set(["txt", "md", "csv", "html"])
const BEDROCK_BLOCK_KEYS = ["image", "video", "audio", "document"]
const GEMINI_MIME_KEYS = ["mimeType", "mime_type"]
const OPENAI_FILE_PAYLOAD_KEYS = ["file_data", "file_id", "file_url"]
const OUTPUT_AUDIO_KEYS = ["audio", "data"]

const anthropicSource = (source: unknown): boolean => {
  if (!isObj(source)) return false
  const type = get(source, "type")
  if (typeof type !== "string" || !hasOwn.call(ANTHROPIC_SOURCE_PAYLOAD, type)) return false
  return nonEmpty(get(source, ANTHROPIC_SOURCE_PAYLOAD[type]))
}

/** A part identified by its `type` discriminator. */
const typedPart = (o: Obj, type: string): string | undefined => {
  switch (type) {
    case "image_url":
      return urlPayload(get(o, "image_url")) ? "OpenAI image_url part" : undefined
    case "input_audio": {
      const audio = get(o, "input_audio")
      return (isObj(audio) && nonEmpty(get(audio, "data"))) || nonEmpty(audio) || nonEmpty(get(o, "audio"))
        ? "OpenAI input_audio part"
        : undefined
    }
    case "input_image":
      return urlPayload(get(o, "image_url")) || nonEmpty(get(o, "file_id")) ? "OpenAI input_image part" : undefined
    case "input_file":
      return anyNonEmpty(o, OPENAI_FILE_PAYLOAD_KEYS) ? "OpenAI input_file part" : undefined
    case "output_audio":
      return anyNonEmpty(o, OUTPUT_AUDIO_KEYS) ? "OpenAI output_audio part" : undefined
    case "image_generation_call":
      return nonEmpty(get(o, "result")) ? "OpenAI image_generation_call result" : undefined
    case "computer_screenshot":
      return urlPayload(get(o, "image_url")) || nonEmpty(get(o, "file_id")) ? "OpenAI computer_screenshot part" : undefined
    case "image_file": {
      const file = get(o, "image_file")
      return nonEmpty(file) || (isObj(file) && nonEmpty(get(file, "file_id"))) ? "OpenAI image_file part" : undefined
    }
    case "video_url":
    case "audio_url":
    case "document_url":
      return urlPayload(get(o, type)) ? `${type} part` : undefined
    case "input_video":
      return urlPayload(get(o, "input_video")) || urlPayload(get(o, "video_url")) || anyNonEmpty(o, GENERIC_PAYLOAD_KEYS)
        ? "input_video part"
        : undefined
    case "file": {
      const file = get(o, "file")
      if (isObj(file) && anyNonEmpty(file, OPENAI_FILE_PAYLOAD_KEYS)) return "OpenAI file part"
      const mime = firstString(o, MIME_KEYS)
      if (mime === undefined) return undefined
      const normalised = normaliseMime(mime)
      if (isTextMime(normalised)) return undefined
      const payload = anyNonEmpty(o, GENERIC_PAYLOAD_KEYS) || (nonEmpty(get(o, "source_type")) && nonEmpty(get(o, "id")))
      return payload ? `file content part${mimeLabel(normalised)}` : undefined
    }
    case "document":
      return anthropicSource(get(o, "source")) ? "Anthropic document part" : undefined
    case "image":
    case "audio":
    case "video": {
      if (anthropicSource(get(o, "source"))) return `Anthropic ${type} part`
      if (type === "audio" && nonEmpty(get(o, "audio"))) return "OpenAI audio part"
      const payload =
        nonEmpty(get(o, type)) ||
        anyNonEmpty(o, GENERIC_PAYLOAD_KEYS) ||
        (type === "image" && urlPayload(get(o, "image_url"))) ||
        (nonEmpty(get(o, "source_type")) && nonEmpty(get(o, "id")))
      return payload ? `${type} content part` : undefined
    }
    default:
      return undefined
  }
}

/** Gemini inlineData/fileData and Bedrock blocks (no `type` discriminator). */
const keyedPart = (o: Obj): string | undefined => {
  const inline = get(o, "inlineData") ?? get(o, "inline_data")
  if (isObj(inline) && nonEmpty(get(inline, "data"))) {
    const mime = firstString(inline, GEMINI_MIME_KEYS)
    const normalised = mime === undefined ? undefined : normaliseMime(mime)
    if (normalised === undefined || !isTextMime(normalised)) return `Gemini inlineData part${mimeLabel(normalised)}`
  }
  const file = get(o, "fileData") ?? get(o, "file_data")
  if (isObj(file) && (nonEmpty(get(file, "fileUri")) || nonEmpty(get(file, "file_uri")))) {
    const mime = firstString(file, GEMINI_MIME_KEYS)
    const normalised = mime === undefined ? undefined : normaliseMime(mime)
    if (normalised === undefined || !isTextMime(normalised)) return `Gemini fileData part${mimeLabel(normalised)}`
  }
  for (const key of BEDROCK_BLOCK_KEYS) {
    const block = get(o, key)
    if (!isObj(block)) continue
    const source = get(block, "source")
    if (!isObj(source)) continue
    const bytes = get(source, "bytes")
    const hasPayload =
      nonEmpty(bytes) || (bytes !== null && typeof bytes === "object") || isObj(get(source, "s3Location")) || nonEmpty(get(source, "uri"))
    if (!hasPayload) continue
    const format = get(block, "format")
    if (key === "document" && typeof format === "string" && BEDROCK_TEXT_FORMATS.has(format.toLowerCase())) continue
    return `Bedrock ${key} block`
  }
  return undefined
}

/** OpenAI Chat assistant message with audio: reported at `.audio`. */
const assistantAudio = (o: Obj): boolean => {
  // (o.role !== "assistant" implies get(o, "role") !== "assistant"; the read is the cheaper test)
  if (o.role !== "assistant" || get(o, "role") !== "assistant") return false
  const audio = get(o, "audio")
  return isObj(audio) && (nonEmpty(get(audio, "id")) || nonEmpty(get(audio, "data")))
}

/**
 * Whether `o` may be a content part at all: every shape needs one of these keys with a value.
 * `o[k] === undefined` implies `get(o, k) === undefined`, and a plain property read is much
 * cheaper than the nine hasOwnProperty calls of a full check on the ordinary objects of a state.
 */
const mayBePart = (o: Obj): boolean =>
  o.type !== undefined ||
  o.inlineData !== undefined ||
  o.inline_data !== undefined ||
  o.fileData !== undefined ||
  o.file_data !== undefined ||
  o.image !== undefined ||
  o.video !== undefined ||
  o.audio !== undefined ||
  o.document !== undefined

const detectPart = (o: Obj): string | undefined => {
  if (!mayBePart(o)) return undefined
  const type = get(o, "type")
  if (typeof type === "string") {
    const hit = typedPart(o, type)
    if (hit !== undefined) return hit
  }
  return keyedPart(o)
}

// ---------------------------------------------------------------------------------------------------
// Walk

/** Stands in the walk stack for a child that is already known to be media. */
class Known {
  constructor(readonly what: string) {}
}

/** Walk stacks up to this length are kept for the next walk. */
const WALK_KEEP_MAX = 4096

/** Objects tracked in a plain array (linear search) before a walk switches to a WeakSet. */
const VISITED_LINEAR_MAX = 32

/**
 * The work state of one walk. It is reused from call to call: findMedia runs once per question
 * and once for the state of every request, and allocating fresh stacks (and a WeakSet) each time
 * cost more than the walk itself on small requests. `release` drops every reference it holds.
 */
class Walk {
  // the stack of values still to visit, with their key and depth: entries [0, top)
  readonly values: Array<unknown> = []
  readonly keys: Array<string | number | undefined> = []
  readonly depths: Array<number> = []
  top = 0
  /** entries [0, used) of the stacks may hold references */
  used = 0
  /** path of the value being visited: path[0, pathLength); entries [0, pathUsed) were written */
  readonly path: Array<string> = []
  pathLength = 0
  pathUsed = 0
  /** objects visited so far, while few; then `seen` */
  readonly visited: Array<object> = []
  visitedCount = 0
  seen: WeakSet<object> | null = null

  push(value: unknown, key: string | number | undefined, depth: number): void {
    const t = this.top++
    if (t < this.values.length) {
      this.values[t] = value
      this.keys[t] = key
      this.depths[t] = depth
    } else {
      this.values.push(value)
      this.keys.push(key)
      this.depths.push(depth)
    }
    if (this.top > this.used) this.used = this.top
  }

  /** Sets the path segment at `depth` - 1 (depth >= 1) and drops the deeper ones. */
  enter(depth: number, segment: string): void {
    const i = depth - 1
    if (i < this.path.length) this.path[i] = segment
    else this.path.push(segment)
    this.pathLength = depth
    if (depth > this.pathUsed) this.pathUsed = depth
  }

  currentPath(basePath: ReadonlyArray<string>): Array<string> {
    const out = basePath.slice()
    for (let i = 0; i < this.pathLength; i++) out.push(this.path[i])
    return out
  }

  /** Whether `o` was visited before; marks it visited. */
  revisit(o: object): boolean {
    if (this.seen !== null) {
      if (this.seen.has(o)) return true
      this.seen.add(o)
      return false
    }
    const visited = this.visited
    const n = this.visitedCount
    for (let i = 0; i < n; i++) if (visited[i] === o) return true
    if (n < VISITED_LINEAR_MAX) {
      if (n < visited.length) visited[n] = o
      else visited.push(o)
      this.visitedCount = n + 1
    } else {
      this.seen = new WeakSet(visited)
      this.seen.add(o)
    }
    return false
  }

  /**
   * Drops every reference to the walked value, keeping the arrays' storage for the next walk
   * unless a big value made them big (then they are emptied, so one deep request does not pin
   * memory or make every later release long).
   */
  release(): void {
    if (this.values.length > WALK_KEEP_MAX) {
      this.values.length = 0
      this.keys.length = 0
      this.depths.length = 0
    } else {
      const values = this.values
      const keys = this.keys
      for (let i = 0; i < this.used; i++) {
        values[i] = undefined
        keys[i] = undefined
      }
    }
    if (this.path.length > WALK_KEEP_MAX) this.path.length = 0
    else this.path.fill("", 0, this.pathUsed)
    this.top = 0
    this.used = 0
    this.pathLength = 0
    this.pathUsed = 0
    this.visited.fill(RELEASED, 0, this.visitedCount)
    this.visitedCount = 0
    this.seen = null
  }
}

/** Fills released slots of `Walk.visited` (never a walked value). */
const RELEASED: object = {}

/** The walk state not in use (undefined while a walk runs, e.g. if a getter re-entered findMedia). */
let idleWalk: Walk | undefined = new Walk()

/** Every media item inside `value`; `basePath` is prefixed to each path (e.g. ["state"]). */
export const findMedia = (
  value: unknown,
  basePath: ReadonlyArray<string>,
  options?: FindMediaOptions
): Array<MediaFinding> => {
  const max = options?.maxFindings ?? DEFAULT_MAX_FINDINGS
  const findings: Array<MediaFinding> = []
  if (max <= 0) return findings
  const walk = idleWalk ?? new Walk()
  idleWalk = undefined
  try {
    collect(walk, value, basePath, max, findings)
  } finally {
    walk.release()
    idleWalk = walk
  }
  return findings
}

const report = (findings: Array<MediaFinding>, basePath: ReadonlyArray<string>, walk: Walk, what: string, max: number): boolean => {
  findings.push({ path: walk.currentPath(basePath), message: message(what) })
  return findings.length >= max
}

/** The depth-first walk of findMedia: keys in insertion order, array items in index order. */
const collect = (walk: Walk, value: unknown, basePath: ReadonlyArray<string>, max: number, findings: Array<MediaFinding>): void => {
  walk.push(value, undefined, 0)
  while (walk.top > 0) {
    const t = --walk.top
    const v = walk.values[t]
    const key = walk.keys[t]
    const depth = walk.depths[t]
    walk.values[t] = undefined // the stack holds no reference to what it no longer needs
    if (depth > 0) walk.enter(depth, typeof key === "number" ? String(key) : (key as string))
    if (typeof key === "string") {
      const what = scanString(key)
      if (what !== undefined && report(findings, basePath, walk, `${what} in an object key`, max)) return
    }
    if (typeof v === "string") {
      const what = scanString(v)
      if (what !== undefined && report(findings, basePath, walk, what, max)) return
      continue
    }
    if (typeof v !== "object" || v === null) continue
    if (v instanceof Known) {
      if (report(findings, basePath, walk, v.what, max)) return
      continue
    }
    if (walk.revisit(v)) continue
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) walk.push(v[i], i, depth + 1)
      continue
    }
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue
    const o = v as Obj
    const part = detectPart(o)
    if (part !== undefined) {
      if (report(findings, basePath, walk, part, max)) return
      continue
    }
    const audio = assistantAudio(o)
    const names = Object.keys(o)
    for (let i = names.length - 1; i >= 0; i--) {
      const name = names[i]
      walk.push(audio && name === "audio" ? new Known("OpenAI assistant audio") : o[name], name, depth + 1)
    }
  }
}
