import { randomBytes, randomUUID } from "node:crypto"
import { deflateSync } from "node:zlib"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { findMedia, MEDIA_MESSAGE_PREFIX } from "../../src/decision/media.js"

// ---------------------------------------------------------------------------------------------------
// Tiny real files, built as bytes

const ascii = (s: string): Array<number> => Array.from(s, (c) => c.charCodeAt(0))
const u16le = (n: number): Array<number> => [n & 0xff, (n >> 8) & 0xff]
const u32le = (n: number): Array<number> => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
const u32be = (n: number): Array<number> => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const zeros = (n: number): Array<number> => new Array<number>(n).fill(0)
const bytes = (...parts: Array<Array<number> | string | Uint8Array>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? ascii(p) : Array.from(p))))

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (data: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const pngChunk = (type: string, data: Uint8Array): Array<number> => {
  const body = bytes(type, data)
  return [...u32be(data.length), ...body, ...u32be(crc32(body))]
}
/** A real, decodable 1×1 RGBA PNG. */
const png = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  pngChunk("IHDR", bytes(u32be(1), u32be(1), [8, 6, 0, 0, 0])),
  pngChunk("IDAT", deflateSync(Uint8Array.from([0, 255, 0, 0, 255]))),
  pngChunk("IEND", new Uint8Array(0))
)
const jpeg = bytes(
  [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
  "JFIF",
  [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
  [0xff, 0xdb, 0x00, 0x43, 0x00],
  new Uint8Array(64).fill(1),
  [0xff, 0xd9]
)
/** the classic 43-byte transparent 1×1 GIF */
const gif89 = bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])
const gif87 = bytes("GIF87a", gif89.slice(6))
/** a 1×1 lossless WebP */
const webp = bytes("RIFF", u32le(26), "WEBPVP8L", u32le(13), [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])
/** a 1×1 24-bit BMP */
const bmp = bytes("BM", u32le(58), zeros(4), u32le(54), u32le(40), u32le(1), u32le(1), u16le(1), u16le(24), u32le(0), u32le(4), u32le(2835), u32le(2835), u32le(0), u32le(0), [0, 0, 255, 0])
const tiffEntries = (le: boolean) => {
  const u16 = (n: number) => (le ? u16le(n) : [(n >> 8) & 0xff, n & 0xff])
  const u32 = (n: number) => (le ? u32le(n) : u32be(n))
  return bytes(u32(8), u16(1), u16(256), u16(3), u32(1), u16(1), u16(0), u32(0))
}
const tiffLE = bytes("II", [0x2a, 0], tiffEntries(true))
const tiffBE = bytes("MM", [0, 0x2a], tiffEntries(false))
const ico = bytes([0, 0, 1, 0], u16le(1), [1, 1, 0, 0], u16le(1), u16le(32), u32le(png.length), u32le(22), png)
const ftyp = (major: string, ...compatible: Array<string>): Array<number> =>
  Array.from(bytes(u32be(16 + 4 * compatible.length), "ftyp", major, u32be(0), ...compatible))
const heic = bytes(ftyp("heic", "mif1", "heic"), u32be(8), "meta")
const heifMif1 = bytes(ftyp("mif1", "mif1", "heic"), u32be(8), "meta")
const avif = bytes(ftyp("avif", "avif", "mif1", "miaf", "MA1B"), u32be(8), "meta")
const pdf = bytes("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n")
const wav = bytes("RIFF", u32le(44), "WAVE", "fmt ", u32le(16), u16le(1), u16le(1), u32le(8000), u32le(16000), u16le(2), u16le(16), "data", u32le(8), zeros(8))
/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 417-byte frames */
const mp3Frame = (b1: number, b2: number, length: number) => bytes([0xff, b1, b2, 0x64], zeros(length - 4))
const mp3FramesV1 = bytes(mp3Frame(0xfb, 0x90, 417), mp3Frame(0xfb, 0x90, 417))
/** MPEG-2 layer III (0xFFF3), 80 kbit/s, 22.05 kHz: 261-byte frames */
const mp3FramesV2 = bytes(mp3Frame(0xf3, 0x90, 261), mp3Frame(0xf3, 0x90, 261))
/** MPEG-2 layer III with CRC (0xFFF2) */
const mp3FramesV2Crc = bytes(mp3Frame(0xf2, 0x90, 261), mp3Frame(0xf2, 0x90, 261))
const mp3SingleFrame = mp3Frame(0xfb, 0x90, 417)
const mp3Id3 = bytes("ID3", [3, 0, 0, 0, 0, 0, 0], mp3Frame(0xfb, 0x90, 417))
/** AAC-LC ADTS, 44.1 kHz stereo, 16-byte frames */
const adtsFrame = (b1: number) => bytes([0xff, b1, 0x50, 0x80, 0x02, 0x1f, 0xfc], new Uint8Array(9).fill(0x21))
const aacMpeg4 = bytes(adtsFrame(0xf1), adtsFrame(0xf1), adtsFrame(0xf1))
const aacMpeg2 = bytes(adtsFrame(0xf9), adtsFrame(0xf9))
const ogg = bytes("OggS", [0, 2], zeros(8), u32le(1), u32le(0), u32le(0), [1, 30], [1], "vorbis", zeros(23))
const flac = bytes("fLaC", [0x80, 0, 0, 34], [0x10, 0, 0x10, 0], zeros(30))
const m4a = bytes(ftyp("M4A ", "M4A ", "mp42", "isom"), u32be(8), "moov")
const mp4 = bytes(ftyp("isom", "isom", "iso2", "avc1", "mp41"), u32be(8), "moov")
const mp42 = bytes(ftyp("mp42", "mp42", "isom"), u32be(8), "moov")
const mov = bytes(ftyp("qt  ", "qt  "), u32be(8), "moov")
const movLegacy = bytes(u32be(108), "moov", u32be(100), "mvhd", zeros(92))
const threeGp = bytes(ftyp("3gp4", "isom", "3gp4"), u32be(8), "moov")
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (19 + docType.length)], [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8], [0x42, 0x82, 0x80 | docType.length], docType, [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2], [0x18, 0x53, 0x80, 0x67])
const webm = ebml("webm")
const mkv = ebml("matroska")
const avi = bytes("RIFF", u32le(200), "AVI ", "LIST", u32le(192), "hdrl", "avih", u32le(56), zeros(56))
const aiff = bytes("FORM", u32le(46), "AIFF", "COMM", u32be(18), [0, 1], u32be(1), [0, 16], [0x40, 0x0e, 0xac, 0x44], zeros(6), "SSND", u32be(8), zeros(8))
const amr = bytes("#!AMR\n", [0x3c], zeros(31), [0x3c], zeros(31))
const midi = bytes("MThd", u32be(6), [0, 0, 0, 1, 0, 0x60], "MTrk", u32be(4), [0, 0xff, 0x2f, 0])
const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>')
const svgProlog = bytes(
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n' +
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg\n   width="1"\n   height="1"></svg>\n'
)
const jp2 = bytes([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a], u32be(20), "ftypjp2 ", u32be(0), "jp2 ")
const flv = bytes("FLV", [1, 5], u32be(9), u32be(0), [0x12], [0, 0, 8], zeros(7), zeros(8))
const mpegPs = bytes([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xc3, 0xf8], [0, 0, 1, 0xbb, 0, 12], zeros(12))
const asf = bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c], u32le(30), u32le(0), u32le(2), [1, 2])
const psd = bytes("8BPS", [0, 1], zeros(6), [0, 3], u32be(1), u32be(1), [0, 8, 0, 3])
const caf = bytes("caff", [0, 1, 0, 0], "desc", u32be(0), u32be(32), zeros(32))

/** Every format with the kind named in its message. */
const FILES: ReadonlyArray<readonly [string, Uint8Array]> = [
  ["PNG image", png],
  ["JPEG image", jpeg],
  ["GIF image", gif89],
  ["GIF image", gif87],
  ["WebP image", webp],
  ["BMP image", bmp],
  ["TIFF image", tiffLE],
  ["TIFF image", tiffBE],
  ["ICO image", ico],
  ["HEIF image", heic],
  ["HEIF image", heifMif1],
  ["AVIF image", avif],
  ["SVG image", svg],
  ["SVG image", svgProlog],
  ["JPEG 2000 image", jp2],
  ["PSD image", psd],
  ["PDF file", pdf],
  ["WAV audio", wav],
  ["MP3 audio", mp3FramesV1],
  ["MP3 audio", mp3FramesV2],
  ["MP3 audio", mp3FramesV2Crc],
  ["MP3 audio", mp3SingleFrame],
  ["MP3 audio", mp3Id3],
  ["Ogg audio/video", ogg],
  ["FLAC audio", flac],
  ["AAC audio", aacMpeg4],
  ["AAC audio", aacMpeg2],
  ["M4A audio", m4a],
  ["AIFF audio", aiff],
  ["AMR audio", amr],
  ["MIDI audio", midi],
  ["CAF audio", caf],
  ["MP4 video", mp4],
  ["MP4 video", mp42],
  ["QuickTime video", mov],
  ["QuickTime video", movLegacy],
  ["3GP video", threeGp],
  ["WebM video", webm],
  ["Matroska video", mkv],
  ["AVI video", avi],
  ["FLV video", flv],
  ["MPEG video", mpegPs],
  ["WMA/WMV media", asf]
]

const b64 = (data: Uint8Array): string => Buffer.from(data).toString("base64")
const b64url = (data: Uint8Array): string => Buffer.from(data).toString("base64url")
/** MIME (RFC 2045) style: CRLF every 76 characters */
const b64mime = (data: Uint8Array, width = 76, eol = "\r\n"): string => b64(data).match(new RegExp(`.{1,${width}}`, "g"))!.join(eol)

const pngB64 = b64(png)
const pngDataUrl = `data:image/png;base64,${pngB64}`
const pdfB64 = b64(pdf)
const wavB64 = b64(wav)

const msg = (what: string) => `${MEDIA_MESSAGE_PREFIX} (${what})`
const only = (value: unknown, base: ReadonlyArray<string> = ["state"]) => findMedia(value, base)

// ---------------------------------------------------------------------------------------------------

describe("findMedia: data URLs", () => {
  it("finds media data URLs of every media type, case-insensitively, with params and leading blanks", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [pngDataUrl, "image/png data URL"],
      [`  \n\tdata:image/png;base64,${pngB64}`, "image/png data URL"],
      [`DATA:IMAGE/PNG;BASE64,${pngB64}`, "image/png data URL"],
      [`data:image/jpeg;name=cat.jpg;base64,${b64(jpeg)}`, "image/jpeg data URL"],
      [`data:image/svg+xml;charset=utf-8;base64,${b64(svg)}`, "image/svg+xml data URL"],
      [`data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>`, "image/svg+xml data URL"],
      [`data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E`, "image/svg+xml data URL"],
      [`data:audio/wav;base64,${wavB64}`, "audio/wav data URL"],
      [`data:audio/mpeg;base64,${b64(mp3Id3)}`, "audio/mpeg data URL"],
      [`data:video/mp4;base64,${b64(mp4)}`, "video/mp4 data URL"],
      [`data:application/pdf;base64,${pdfB64}`, "application/pdf data URL"],
      [`data:application/x-pdf;base64,${pdfB64}`, "application/x-pdf data URL"],
      [`data:application/ogg;base64,${b64(ogg)}`, "application/ogg data URL"],
      // the declared type is enough: the payload need not be a real file
      [`data:image/webp;base64,AAAAAAAAAAAAAAAAAAAAAAAA`, "image/webp data URL"],
      [`data:video/webm,${"x".repeat(20)}`, "video/webm data URL"]
    ]
    for (const [value, what] of cases) expect(only({ v: value }), value.slice(0, 60)).toEqual([{ path: ["state", "v"], message: msg(what) }])
  })

  it("finds data URLs embedded in longer text (markdown, HTML, JSON-in-a-string)", () => {
    for (const text of [
      `Here is the chart: ![chart](${pngDataUrl}) — what does it show?`,
      `<img alt="x" src="${pngDataUrl}">`,
      JSON.stringify({ attachment: pdfB64.length > 0 ? `data:application/pdf;base64,${pdfB64}` : "" })
    ]) {
      expect(only(text, ["questions", "q", "instructions"])).toHaveLength(1)
    }
  })

  it("finds a media file in a data URL with a non-media or no type, by its signature", () => {
    expect(only(`data:application/octet-stream;base64,${pngB64}`, [])).toEqual([
      { path: [], message: msg("base64-encoded PNG image in a application/octet-stream data URL") }
    ])
    expect(only(`data:;base64,${pdfB64}`, [])[0]?.message).toBe(msg("base64-encoded PDF file in a text/plain data URL"))
    expect(only(`data:text/plain;base64,${Buffer.from("hello world, this is text").toString("base64")}`, [])).toEqual([])
  })

  it("passes prose that only mentions data URLs or media types", () => {
    for (const text of [
      "please describe this image/png file",
      "data:image/png is a MIME type",
      "A data URL looks like data:image/png;base64,... and is not allowed.",
      "data:image/png;base64,<payload>",
      "data:image/png;base64,iVBORw0KGgo",
      "data:image/png, data:audio/wav, data:application/pdf",
      "the metadata: image/png, 1x1",
      "data:text/plain,hello%20world%20this%20is%20fine",
      "data:application/json;base64,eyJoZWxsbyI6IndvcmxkIiwiYSI6WzEsMiwzXX0="
    ]) {
      expect(only({ t: text }), text).toEqual([])
    }
  })
})

describe("findMedia: raw base64 files", () => {
  it.each(FILES.map(([what, data]) => [what, data] as const))("finds a base64 %s (standard, URL-safe, MIME-wrapped, embedded)", (what, data) => {
    const expected = [{ path: ["state", "x"], message: msg(`base64-encoded ${what}`) }]
    expect(only({ x: b64(data) })).toEqual(expected)
    expect(only({ x: `  ${b64(data)}\n` })).toEqual(expected)
    expect(only({ x: b64url(data) })).toEqual(expected)
    expect(only({ x: b64(data).replace(/=+$/, "") })).toEqual(expected)
    expect(only({ x: b64mime(data) })).toEqual(expected)
    expect(only({ x: b64mime(data, 64, "\n") })).toEqual(expected)
    // embedded in text: a token of at least 48 base64 characters (pad tiny files)
    const padded = data.length >= 64 ? data : bytes(data, zeros(64 - data.length))
    expect(only({ x: `Look at this file: ${b64(padded)} and tell me what it is.` })).toEqual(expected)
    expect(only({ x: `{"file":"${b64(padded)}"}` })).toEqual(expected)
    expect(only({ x: `Some prose first.\nAnother line here\n${b64mime(padded)}\n\nThanks!` })).toEqual(expected)
  })

  it("finds base64 in questions, arrays and nested objects with dotted-path segments", () => {
    const body = {
      state: { messages: [{ role: "user", content: ["hi", { attachments: [wavB64] }] }] },
      questions: { q1: { type: "choice", instructions: "Pick one", criteria: { a: null, b: pdfB64 } } }
    }
    expect([...findMedia(body.state, ["state"]), ...findMedia(body.questions, ["questions"])]).toEqual([
      { path: ["state", "messages", "0", "content", "1", "attachments", "0"], message: msg("base64-encoded WAV audio") },
      { path: ["questions", "q1", "criteria", "b"], message: msg("base64-encoded PDF file") }
    ])
  })

  it("passes base64 of text and non-media bytes, hex, UUIDs, JWTs and prose mentioning signatures", () => {
    const text = (s: string) => Buffer.from(s).toString("base64")
    const jwt = [
      Buffer.from(JSON.stringify({ alg: "HS512", typ: "JWT" })).toString("base64url"),
      Buffer.from(JSON.stringify({ sub: "1234567890", name: "John Doe", iat: 1516239022 })).toString("base64url"),
      randomBytes(64).toString("base64url")
    ].join(".")
    const values = [
      text("hello world"),
      text("hello world ".repeat(20)),
      text(JSON.stringify({ hello: "world", list: [1, 2, 3], nested: { a: true } })),
      text("<html><body><p>not an image</p></body></html>"),
      text("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt."),
      b64(bytes([0x50, 0x4b, 3, 4], zeros(40))), // a ZIP header is not media
      b64(bytes("BMW is a car brand from Germany")),
      b64(bytes("RIFF is a container format")),
      "JVBERi0 is how PDFs start in base64",
      "iVBORw0KGgo is the PNG magic number in base64, /9j/ is JPEG and R0lGOD is GIF",
      "The PNG header in base64 is iVBORw0KGgoAAAANSUhEUg (22 characters).",
      "iVBORw0KGgoAAAANSUhEU",
      randomBytes(32).toString("hex"),
      randomBytes(64).toString("hex").toUpperCase(),
      randomUUID(),
      randomUUID().toUpperCase().replace(/-/g, ""),
      jwt,
      "https://example.com/images/cat.png?size=large&format=image/png",
      "/usr/local/lib/node_modules/some_package/dist/index.js",
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>', // SVG markup is text
      "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness. ".repeat(50)
    ]
    for (const v of values) expect(only({ v }), v.slice(0, 60)).toEqual([])
  })

  it("does not treat random non-media bytes as media (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 18, maxLength: 300 }), fc.boolean(), (data, urlSafe) => {
        expect(only({ v: urlSafe ? b64url(data) : b64(data) })).toEqual([])
      }),
      { numRuns: 2000 }
    )
  })

  it("does not find media in arbitrary JSON without media (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(findMedia(v, ["state"])).toEqual([])
      }),
      { numRuns: 500 }
    )
  })

  it("finds media placed anywhere in arbitrary JSON at its exact path (property)", () => {
    const step = fc.oneof(fc.string({ maxLength: 8 }), fc.nat({ max: 3 }))
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(step, { maxLength: 8 }), fc.constantFrom(pngDataUrl, pdfB64, wavB64), (noise, steps, media) => {
        let v: unknown = media
        for (let i = steps.length - 1; i >= 0; i--) {
          const s = steps[i]
          if (typeof s === "number") {
            const a: Array<unknown> = new Array(s + 1).fill(noise)
            a[s] = v
            v = a
          } else {
            v = { [s]: v }
          }
        }
        const found = findMedia([noise, v, noise], ["state"])
        expect(found).toHaveLength(1)
        expect(found[0].path).toEqual(["state", "1", ...steps.map(String)])
        expect(found[0].message.startsWith(`${MEDIA_MESSAGE_PREFIX} (`)).toBe(true)
      }),
      { numRuns: 300 }
    )
  })
})

describe("findMedia: provider content parts", () => {
  const url = "https://example.com/cat.png"
  const parts: ReadonlyArray<readonly [string, unknown]> = [
    // OpenAI Chat Completions
    ["OpenAI image_url part", { type: "image_url", image_url: { url: pngDataUrl, detail: "low" } }],
    ["OpenAI image_url part", { type: "image_url", image_url: { url } }],
    ["OpenAI image_url part", { type: "image_url", image_url: url }],
    ["OpenAI input_audio part", { type: "input_audio", input_audio: { data: wavB64, format: "wav" } }],
    ["OpenAI file part", { type: "file", file: { file_data: `data:application/pdf;base64,${pdfB64}`, filename: "a.pdf" } }],
    ["OpenAI file part", { type: "file", file: { file_id: "file-abc123" } }],
    // OpenAI Responses / Realtime / Assistants
    ["OpenAI input_image part", { type: "input_image", image_url: pngDataUrl, detail: "auto" }],
    ["OpenAI input_image part", { type: "input_image", file_id: "file-abc123" }],
    ["OpenAI input_file part", { type: "input_file", file_data: `data:application/pdf;base64,${pdfB64}`, filename: "a.pdf" }],
    ["OpenAI input_file part", { type: "input_file", file_id: "file-abc123" }],
    ["OpenAI input_file part", { type: "input_file", file_url: "https://example.com/a.pdf" }],
    ["OpenAI input_audio part", { type: "input_audio", audio: "AAAAAAAA", transcript: "hi" }],
    ["OpenAI output_audio part", { type: "output_audio", audio: "AAAAAAAA", transcript: "hi" }],
    ["OpenAI audio part", { type: "audio", audio: "AAAAAAAA", transcript: "hi" }],
    ["OpenAI image_generation_call result", { type: "image_generation_call", id: "ig_1", status: "completed", result: pngB64 }],
    ["OpenAI computer_screenshot part", { type: "computer_screenshot", image_url: pngDataUrl }],
    ["OpenAI image_file part", { type: "image_file", image_file: { file_id: "file-abc123" } }],
    // Anthropic
    ["Anthropic image part", { type: "image", source: { type: "base64", media_type: "image/png", data: pngB64 } }],
    ["Anthropic image part", { type: "image", source: { type: "url", url } }],
    ["Anthropic image part", { type: "image", source: { type: "file", file_id: "file_011" } }],
    ["Anthropic document part", { type: "document", source: { type: "base64", media_type: "application/pdf", data: pdfB64 } }],
    ["Anthropic document part", { type: "document", source: { type: "url", url: "https://example.com/a.pdf" }, title: "A" }],
    ["Anthropic document part", { type: "document", source: { type: "file", file_id: "file_011" } }],
    // Gemini
    ["Gemini inlineData part, image/png", { inlineData: { mimeType: "image/png", data: pngB64 } }],
    ["Gemini inlineData part, audio/l16", { inline_data: { mime_type: "audio/L16;rate=16000", data: "AAAAAAAA" } }],
    ["Gemini fileData part, video/mp4", { fileData: { mimeType: "video/mp4", fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc" } }],
    ["Gemini fileData part", { file_data: { file_uri: "https://www.youtube.com/watch?v=9hE5-98ZeCg" } }],
    // Bedrock Converse
    ["Bedrock image block", { image: { format: "png", source: { bytes: pngB64 } } }],
    ["Bedrock video block", { video: { format: "mp4", source: { s3Location: { uri: "s3://bucket/v.mp4" } } } }],
    ["Bedrock document block", { document: { format: "pdf", name: "a", source: { bytes: pdfB64 } } }],
    // Generic shapes (Mistral, vLLM, Qwen, LangChain, Vercel AI SDK)
    ["video_url part", { type: "video_url", video_url: { url: "https://example.com/v.mp4" } }],
    ["audio_url part", { type: "audio_url", audio_url: { url: "https://example.com/a.mp3" } }],
    ["document_url part", { type: "document_url", document_url: "https://example.com/a.pdf" }],
    ["input_video part", { type: "input_video", video_url: "https://example.com/v.mp4" }],
    ["image content part", { type: "image", image: url }],
    ["image content part", { type: "image", url, mime_type: "image/png" }],
    ["image content part", { type: "image", source_type: "base64", data: pngB64, mime_type: "image/png" }],
    ["audio content part", { type: "audio", base64: wavB64, mime_type: "audio/wav" }],
    ["video content part", { type: "video", video: "https://example.com/v.mp4" }],
    ["video content part", { type: "video", file_id: "file-1" }],
    ["file content part, application/pdf", { type: "file", data: pdfB64, mediaType: "application/pdf" }],
    ["file content part, image/png", { type: "file", url, mime_type: "image/png" }]
  ]

  it.each(parts.map(([what, part]) => [what, part] as const))("finds a %s, once, at the part's path", (what, part) => {
    const state = { messages: [{ role: "user", content: [{ type: "text", text: "What is this?" }, part] }] }
    expect(findMedia(state, ["state"])).toEqual([{ path: ["state", "messages", "0", "content", "1"], message: msg(what) }])
    const questions = { q: { type: "noul", instructions: "x", criteria: { true: "yes", false: "no" }, extra: [[part]] } }
    expect(findMedia(questions, ["questions"])).toEqual([{ path: ["questions", "q", "extra", "0", "0"], message: msg(what) }])
  })

  it("reports an OpenAI assistant audio at .audio and keeps scanning the message", () => {
    const state = { messages: [{ role: "assistant", audio: { id: "audio_abc123" }, content: [{ type: "image_url", image_url: { url } }] }] }
    expect(findMedia(state, ["state"])).toEqual([
      { path: ["state", "messages", "0", "audio"], message: msg("OpenAI assistant audio") },
      { path: ["state", "messages", "0", "content", "0"], message: msg("OpenAI image_url part") }
    ])
  })

  it("passes look-alike shapes without a media payload", () => {
    const values: ReadonlyArray<unknown> = [
      { type: "choice", criteria: { image: "a photo of a cat", video: "a clip", audio: null, image_url: "a link to an image" } },
      { type: "image" },
      { type: "image", caption: "a sunset over the sea" },
      { type: "image", data: { file: { url }, caption: "an editor block" } },
      { type: "image", url: "" },
      { type: "image_url" },
      { type: "image_url", image_url: { detail: "low" } },
      { type: "file", file: { filename: "report.pdf" } },
      { type: "file", data: Buffer.from("hello").toString("base64"), mediaType: "text/plain" },
      { type: "input_audio", audio: null, transcript: "hello" },
      { type: "output_audio", transcript: "hello" },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "plain text" } },
      { type: "document", source: { type: "content", content: [{ type: "text", text: "hi" }] } },
      { inlineData: { mimeType: "text/plain", data: Buffer.from("hello world").toString("base64") } },
      { fileData: { mimeType: "application/json", fileUri: "gs://bucket/a.json" } },
      { inlineData: { mimeType: "image/png", data: "" } },
      { document: { format: "txt", name: "notes", source: { bytes: Buffer.from("notes").toString("base64") } } },
      { image: "a photo", video: { title: "clip" } },
      { role: "assistant", audio: null, content: "hello" },
      { role: "user", audio: { id: "audio_abc" } },
      { type: "text", text: "Describe the image_url part and the input_audio part." }
    ]
    for (const v of values) expect(findMedia(v, ["state"]), JSON.stringify(v)).toEqual([])
  })

  it("still finds media inside a text-typed provider part", () => {
    expect(findMedia({ inlineData: { mimeType: "text/plain", data: pngB64 } }, ["s"])).toEqual([
      { path: ["s", "inlineData", "data"], message: msg("base64-encoded PNG image") }
    ])
  })
})

describe("findMedia: walk", () => {
  it("reports findings in document order and object keys at the key's value path", () => {
    const state = {
      a: [pngDataUrl, "text", { b: pdfB64 }],
      [`data:image/gif;base64,${b64(gif89)}`]: "value",
      c: { type: "image_url", image_url: pngDataUrl },
      [pngB64]: wavB64
    }
    expect(findMedia(state, ["state"])).toEqual([
      { path: ["state", "a", "0"], message: msg("image/png data URL") },
      { path: ["state", "a", "2", "b"], message: msg("base64-encoded PDF file") },
      { path: ["state", `data:image/gif;base64,${b64(gif89)}`], message: msg("image/gif data URL in an object key") },
      { path: ["state", "c"], message: msg("OpenAI image_url part") },
      { path: ["state", pngB64], message: msg("base64-encoded PNG image in an object key") },
      { path: ["state", pngB64], message: msg("base64-encoded WAV audio") }
    ])
  })

  it("reports at most one finding per string", () => {
    expect(findMedia(`${pngDataUrl} and ${pdfB64} and data:audio/wav;base64,${wavB64}`, ["s"])).toEqual([
      { path: ["s"], message: msg("image/png data URL") }
    ])
  })

  it("passes non-media scalars and handles the root value", () => {
    expect(findMedia(null, ["state"])).toEqual([])
    expect(findMedia(42, ["state"])).toEqual([])
    expect(findMedia(true, [])).toEqual([])
    expect(findMedia("", [])).toEqual([])
    expect(findMedia(pngDataUrl, [])).toEqual([{ path: [], message: msg("image/png data URL") }])
  })

  it("stops after maxFindings (default 100)", () => {
    const many = new Array(150).fill(pngDataUrl)
    expect(findMedia(many, ["s"])).toHaveLength(100)
    expect(findMedia(many, ["s"], { maxFindings: 3 }).map((f) => f.path)).toEqual([["s", "0"], ["s", "1"], ["s", "2"]])
    expect(findMedia(many, ["s"], { maxFindings: Number.POSITIVE_INFINITY })).toHaveLength(150)
  })

  it("survives cycles and shared references", () => {
    const shared = { img: pngDataUrl }
    const cyclic: Record<string, unknown> = { a: shared, b: shared }
    cyclic.self = cyclic
    expect(findMedia(cyclic, ["s"])).toEqual([{ path: ["s", "a", "img"], message: msg("image/png data URL") }])
  })

  it("handles 100,000 levels of nesting without recursion", () => {
    const depth = 100_000
    let arrays: unknown = pngDataUrl
    let objects: unknown = pngDataUrl
    let mixed: unknown = "just text"
    for (let i = 0; i < depth; i++) {
      arrays = [arrays]
      objects = { k: objects }
      mixed = i % 2 === 0 ? [mixed, 1] : { k: mixed, t: "x" }
    }
    const a = findMedia(arrays, ["state"])
    expect(a).toHaveLength(1)
    expect(a[0].path).toHaveLength(depth + 1)
    expect(a[0].path.slice(0, 3)).toEqual(["state", "0", "0"])
    const o = findMedia(objects, ["questions"])
    expect(o).toHaveLength(1)
    expect(o[0].path).toHaveLength(depth + 1)
    expect(o[0].path[depth]).toBe("k")
    expect(findMedia(mixed, ["state"])).toEqual([])
  })
})

describe("findMedia on 1 MB strings (their time: bench/validation.ts)", () => {
  const MB = 1 << 20
  const words = "The quick brown fox jumps over the lazy dog, data: image/png; then JVBERi0 and iVBORw0KGgo. "
  const cases: ReadonlyArray<readonly [string, string, number]> = [
    ["a 1 MB base64 PNG-looking string", b64(png).slice(0, 44) + "A".repeat(MB), 1],
    ["a 1 MB MIME-wrapped base64 PDF", b64mime(bytes(pdf, new Uint8Array(786_432).fill(0x20))), 1],
    ["a 1 MB data URL", `data:image/png;base64,${pngB64}${"A".repeat(MB)}`, 1],
    ["a 1 MB base64 PNG after prose", `${words.repeat(100)}\n${b64mime(bytes(png, new Uint8Array(700_000).fill(7)))}`, 1],
    ["1 MB of prose", words.repeat(Math.ceil(MB / words.length)), 0],
    ["1 MB of random base64", randomBytes(786_432).toString("base64").replace(/^[/_]/, "A"), 0],
    ["1 MB of repeated data: prefixes", "data:image/png;".repeat(MB / 15), 0],
    ["1 MB of data URLs without payload", "data:image/png;base64,x ".repeat(MB / 24), 0],
    ["1 MB of one-character lines", "a\n".repeat(MB / 2), 0],
    ["1 MB of MP3-sync-looking lines", "//sQxAAAAAAAAAAA\n".repeat(MB / 17), 0],
    ["1 MB of SVG-prolog-looking tokens", `${b64(bytes('<?xml version="1.0"?><html>'))}${"A".repeat(60)} `.repeat(MB / 100), 0]
  ]
  it.each(cases.map(([name, value, n]) => [name, value, n] as const))("scans %s", (_name, value, n) => {
    expect(findMedia({ big: value }, ["state"])).toHaveLength(n)
  })

  it("scans a 1 MB body of many small values", () => {
    const body = Array.from({ length: 20_000 }, (_, i) => ({ id: randomUUID(), n: i, text: "hello world, nothing to see here" }))
    expect(findMedia(body, ["state"])).toEqual([])
  })
})
