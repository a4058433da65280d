/**
 * Dimensions and integrity of raster images from their headers (no decoding): PNG, JPEG, TIFF,
 * WebP, BMP. Undefined when the header is not what the format requires; `truncated` when the file
 * visibly ends early (PNG without IEND, JPEG without its end marker).
 */
export interface ImageInfo {
  readonly width: number
  readonly height: number
  readonly truncated: boolean
  /** TIFF: number of images (pages) in the file. */
  readonly frames: number
}

const be16 = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1]
const be32 = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3]
const le16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8)
const le32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000

const png = (b: Uint8Array): ImageInfo | undefined => {
  if (b.length < 33 || be32(b, 12) !== 0x49484452) return undefined
  let truncated = true
  let o = 8
  while (o + 12 <= b.length) {
    const length = be32(b, o)
    const type = be32(b, o + 4)
    if (type === 0x49454e44) { truncated = false; break }
    o += 12 + length
  }
  return { width: be32(b, 16), height: be32(b, 20), truncated, frames: 1 }
}

const jpeg = (b: Uint8Array): ImageInfo | undefined => {
  let o = 2
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) return undefined
    const marker = b[o + 1]
    if (marker === 0xff) { o++; continue }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { o += 2; continue }
    const length = be16(b, o + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      let end = b.length - 1
      while (end > 0 && (b[end] === 0x00 || b[end] === 0x0a || b[end] === 0x0d || b[end] === 0x20)) end--
      return { width: be16(b, o + 7), height: be16(b, o + 5), truncated: !(b[end - 1] === 0xff && b[end] === 0xd9), frames: 1 }
    }
    o += 2 + length
  }
  return undefined
}

const tiff = (b: Uint8Array): ImageInfo | undefined => {
  const little = b[0] === 0x49
  const u16 = (o: number) => (little ? le16(b, o) : be16(b, o))
  const u32 = (o: number) => (little ? le32(b, o) : be32(b, o))
  if (u16(2) !== 42) return undefined
  let ifd = u32(4)
  let width = 0
  let height = 0
  let frames = 0
  const seen = new Set<number>()
  while (ifd !== 0 && ifd + 2 <= b.length && !seen.has(ifd) && frames < 10_000) {
    seen.add(ifd)
    const count = u16(ifd)
    if (ifd + 2 + count * 12 + 4 > b.length) return frames === 0 ? undefined : { width, height, truncated: true, frames }
    if (frames === 0) {
      for (let i = 0; i < count; i++) {
        const e = ifd + 2 + i * 12
        const tag = u16(e)
        const type = u16(e + 2)
        const value = type === 3 ? u16(e + 8) : u32(e + 8)
        if (tag === 256) width = value
        if (tag === 257) height = value
      }
    }
    frames++
    ifd = u32(ifd + 2 + count * 12)
  }
  return width > 0 && height > 0 ? { width, height, truncated: false, frames } : undefined
}

const webp = (b: Uint8Array): ImageInfo | undefined => {
  if (b.length < 30) return undefined
  const riffSize = le32(b, 4) + 8
  const truncated = b.length < riffSize
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15])
  if (chunk === "VP8 ") return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff, truncated, frames: 1 }
  if (chunk === "VP8L") {
    const bits = le32(b, 21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, truncated, frames: 1 }
  }
  if (chunk === "VP8X") {
    return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)), truncated, frames: 1 }
  }
  return undefined
}

const bmp = (b: Uint8Array): ImageInfo | undefined => {
  if (b.length < 26) return undefined
  const header = le32(b, 14)
  const width = header === 12 ? le16(b, 18) : le32(b, 18) | 0
  const rawHeight = header === 12 ? le16(b, 20) : le32(b, 22) | 0
  return { width: Math.abs(width), height: Math.abs(rawHeight), truncated: b.length < le32(b, 2), frames: 1 }
}

export const imageInfo = (kind: string, bytes: Uint8Array): ImageInfo | undefined => {
  try {
    switch (kind) {
      case "png": return png(bytes)
      case "jpeg": return jpeg(bytes)
      case "tiff": return tiff(bytes)
      case "webp": return webp(bytes)
      case "bmp": return bmp(bytes)
      default: return undefined
    }
  } catch {
    return undefined
  }
}
