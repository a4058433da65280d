/**
 * Small images drawn larger for OCR. Tesseract's LSTM model reads best when letters are some
 * 20–40 px tall; a page scanned or photographed at ~100 dpi (an image under ~1,200 px wide) has
 * body text of 10–15 px, whose decimal points, commas and thin strokes it misreads ("14.54" as
 * "1454"). Such an image is OCR'd drawn at twice its size (interpolated bilinearly, the canvas's
 * default) and the word boxes are mapped back to the image's own pixels, so callers see the
 * image's coordinates. A small image whose lines of ink are already tall (a label, a banner in
 * large type) is read as it is: enlarged past the model's range, blocky glyphs read worse.
 */
import type { OcrResult } from "./ocr.js"

/** images narrower than this (in pixels) are read enlarged */
export const OCR_SMALL_WIDTH = 1200
/** how much larger they are drawn */
export const OCR_ENLARGEMENT = 2
/** the enlarged image stays within this many pixels (an image that would exceed it is read as it is) */
const MAX_ENLARGED_PIXELS = 16_000_000

type Drawable = import("@napi-rs/canvas").Image | import("@napi-rs/canvas").Canvas

/** lines of ink at least this tall (ascender to descender, in pixels) hold letters Tesseract reads as they are */
const TALL_LINE_PX = 24

/** The factor an image of this size is drawn at for OCR: 2 for a small one, else 1. */
export const ocrScaleOf = (width: number, height: number): number =>
  width > 0 && width < OCR_SMALL_WIDTH && width * height * OCR_ENLARGEMENT ** 2 <= MAX_ENLARGED_PIXELS ? OCR_ENLARGEMENT : 1

/**
 * The usual height of an image's lines of ink: runs of pixel rows holding a dark pixel, parted
 * by white rows; the median run of 4 to 100 px (rules and specks are thinner, a page ruled top to
 * bottom or a photo is one run taller), or undefined when there is none.
 */
export const inkLineHeight = (rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number | undefined => {
  const runs: Array<number> = []
  let run = 0
  for (let y = 0; y <= height; y++) {
    let inked = false
    if (y < height) {
      for (let x = 0, p = y * width * 4; x < width; x++, p += 4) {
        if (rgba[p + 3]! > 127 && rgba[p]! + rgba[p + 1]! + rgba[p + 2]! < 3 * 128) { inked = true; break }
      }
    }
    if (inked) run++
    else {
      if (run >= 4 && run <= 100) runs.push(run)
      run = 0
    }
  }
  if (runs.length === 0) return undefined
  runs.sort((a, b) => a - b)
  return runs[Math.floor(runs.length / 2)]
}

/** The factor for an image whose pixels are known: as `ocrScaleOf`, but 1 when its lines of ink are already tall. */
const ocrScaleOfPixels = (rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number => {
  const scale = ocrScaleOf(width, height)
  if (scale === 1) return 1
  const line = inkLineHeight(rgba, width, height)
  return line !== undefined && line >= TALL_LINE_PX ? 1 : scale
}

/** The factor a drawable is drawn at for OCR (its pixels read on a white ground). */
export const ocrScaleOfDrawable = async (source: Drawable, width: number, height: number): Promise<number> => {
  if (ocrScaleOf(width, height) === 1) return 1
  const { createCanvas } = await import("@napi-rs/canvas")
  const canvas = createCanvas(width, height)
  const context = canvas.getContext("2d")
  context.fillStyle = "#ffffff"
  context.fillRect(0, 0, width, height)
  context.drawImage(source, 0, 0)
  return ocrScaleOfPixels(context.getImageData(0, 0, width, height).data, width, height)
}

/** The drawable drawn at `scale` on a white ground, as PNG. */
export const drawScaled = async (source: Drawable, width: number, height: number, scale: number): Promise<Uint8Array> => {
  const { createCanvas } = await import("@napi-rs/canvas")
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale))
  const context = canvas.getContext("2d")
  // a transparent image reads as it shows on white (Tesseract would see black behind it otherwise)
  context.fillStyle = "#ffffff"
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(source, 0, 0, canvas.width, canvas.height)
  return new Uint8Array(canvas.toBuffer("image/png"))
}

/**
 * An encoded image (PNG, JPEG, WebP, BMP) drawn enlarged for OCR when it is small and its lines of
 * ink short, with the factor;
 * undefined when it needs no enlarging or the canvas cannot decode it (Tesseract then reads the
 * bytes themselves). The canvas applies a JPEG's EXIF orientation, as Tesseract.js does.
 */
export const enlargedForOcr = async (bytes: Uint8Array): Promise<{ png: Uint8Array; scale: number } | undefined> => {
  try {
    const { loadImage } = await import("@napi-rs/canvas")
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    const scale = await ocrScaleOfDrawable(image, image.width, image.height)
    if (scale === 1) return undefined
    return { png: await drawScaled(image, image.width, image.height, scale), scale }
  } catch {
    return undefined
  }
}

/** The result of OCR on an image drawn at `scale`, its word boxes in the image's own pixels. */
export const atImageScale = (result: OcrResult, scale: number): OcrResult =>
  scale === 1
    ? result
    : { ...result, words: result.words.map((w) => ({ ...w, x: w.x / scale, y: w.y / scale, w: w.w / scale, h: w.h / scale })) }
