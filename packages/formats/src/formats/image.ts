/**
 * Images (PNG, JPEG, TIFF, WebP, BMP): one page the size of the image in pixels, its text read by
 * OCR (English) with a box and confidence per word. A multi-page TIFF gives its first page only
 * (with a warning). An image larger than 40 megapixels, or whose header is damaged or cut short,
 * is refused before OCR.
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { imageInfo } from "../internal/image-info.js"
import { OcrTimeout } from "../internal/ocr.js"
import { corrupt, tooComplex } from "../internal/problem.js"

const MAX_PIXELS = 40_000_000

const KIND: Record<string, string> = { png: "png", jpg: "jpeg", jpeg: "jpeg", tif: "tiff", tiff: "tiff", webp: "webp", bmp: "bmp" }

export const readImage = async (bytes: Uint8Array, ctx: ReaderContext): Promise<Documents.ParsedTextDocument> => {
  const label = ctx.format.toUpperCase()
  const info = imageInfo(KIND[ctx.format] ?? ctx.format, bytes)
  if (info === undefined || info.width === 0 || info.height === 0) throw corrupt(ctx.format, `The ${label} image has a damaged header; it cannot be read.`)
  if (info.truncated) throw corrupt(ctx.format, `The ${label} image is truncated; it cannot be read.`)
  if (info.width * info.height > MAX_PIXELS) {
    throw tooComplex(ctx.format, "pages", `The ${label} image has ${info.width}×${info.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are read.`)
  }
  const warnings = info.frames > 1 ? [`the TIFF file holds ${info.frames} images; only the first is read`] : []
  let result
  try {
    result = await ctx.ocr.recognize(bytes, ctx.limits.ocrTimeoutMs)
  } catch (error) {
    if (error instanceof OcrTimeout) throw tooComplex(ctx.format, "time", `OCR of the ${label} image did not finish within ${Math.round(ctx.limits.ocrTimeoutMs / 1000)} s.`)
    throw corrupt(ctx.format, `The ${label} image could not be decoded: ${error instanceof Error ? error.message : String(error)}.`)
  }
  const blocks: Array<Documents.Block> = result.paragraphs.map((text) => ({ type: "paragraph", page: 1, text }))
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pageCount: 1, ocrApplied: true, warnings,
    pages: [{
      page_number: 1, width: info.width, height: info.height, unit: "px", ocr: true, text: result.text,
      items: result.words.map((w) => ({ text: w.text, x: w.x, y: w.y, w: w.w, h: w.h, source: "ocr" as const, confidence: w.confidence }))
    }]
  })
}
