/**
 * Images (PNG, JPEG, TIFF, WebP, BMP): one page the size of the image in pixels, its text read by
 * OCR (English) with a box and confidence per word. TIFF is decoded by geotiff (every page, any
 * compression it knows: none, LZW, Deflate, PackBits, CCITT is not among them, JPEG) into PNG pages
 * for OCR, one page per TIFF image within the OCR limits; a TIFF geotiff cannot decode goes to
 * Tesseract's own reader (first page). A small image or TIFF page (under 1,200 px wide, its lines
 * of ink under 24 px tall) is read drawn at twice its size, its word boxes mapped back to its own
 * pixels (see ocr-enlarge.ts). An image larger than 40 megapixels, or whose header is damaged or
 * cut short, is refused before OCR.
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { imageInfo } from "../internal/image-info.js"
import { droppedWarning, OcrTimeout, type OcrResult } from "../internal/ocr.js"
import { atImageScale, drawScaled, enlargedForOcr, ocrScaleOfDrawable } from "../internal/ocr-enlarge.js"
import { corrupt, tooComplex } from "../internal/problem.js"

const MAX_PIXELS = 40_000_000

const KIND: Record<string, string> = { png: "png", jpg: "jpeg", jpeg: "jpeg", tif: "tiff", tiff: "tiff", webp: "webp", bmp: "bmp" }

/** a TIFF page as PNG for OCR, drawn at `scale` times its size (see ocr-enlarge.ts) */
interface DecodedPage { readonly png: Uint8Array; readonly width: number; readonly height: number; readonly scale: number }

/** The pages of a TIFF as PNG (at most `maxPages`), or undefined when geotiff cannot decode it. */
const tiffPages = async (bytes: Uint8Array, maxPages: number): Promise<{ pages: Array<DecodedPage>; count: number } | undefined> => {
  try {
    const { fromArrayBuffer } = await import("geotiff")
    const { createCanvas } = await import("@napi-rs/canvas")
    const tiff = await fromArrayBuffer(bytes.slice().buffer)
    const count = await tiff.getImageCount()
    const pages: Array<DecodedPage> = []
    for (let i = 0; i < Math.min(count, maxPages); i++) {
      const image = await tiff.getImage(i)
      const width = image.getWidth()
      const height = image.getHeight()
      if (width * height > MAX_PIXELS || width === 0 || height === 0) return undefined
      const rgb = (await image.readRGB({ interleave: true })) as unknown as Uint8Array
      const rgba = new Uint8ClampedArray(width * height * 4)
      for (let p = 0, q = 0; p < width * height; p++, q += 3) {
        rgba[p * 4] = rgb[q]
        rgba[p * 4 + 1] = rgb[q + 1]
        rgba[p * 4 + 2] = rgb[q + 2]
        rgba[p * 4 + 3] = 255
      }
      const canvas = createCanvas(width, height)
      const context = canvas.getContext("2d")
      const data = context.createImageData(width, height)
      data.data.set(rgba)
      context.putImageData(data, 0, 0)
      const scale = await ocrScaleOfDrawable(canvas, width, height)
      const png = scale === 1 ? new Uint8Array(canvas.toBuffer("image/png")) : await drawScaled(canvas, width, height, scale)
      pages.push({ png, width, height, scale })
    }
    return { pages, count }
  } catch {
    return undefined
  }
}

const pageOf = (n: number, width: number, height: number, result: OcrResult) => ({
  page_number: n, width, height, unit: "px" as const, ocr: true, text: result.text,
  items: result.words.map((w) => ({ text: w.text, x: w.x, y: w.y, w: w.w, h: w.h, source: "ocr" as const, confidence: w.confidence }))
})

export const readImage = async (bytes: Uint8Array, ctx: ReaderContext): Promise<Documents.ParsedTextDocument> => {
  const label = ctx.format.toUpperCase()
  const info = imageInfo(KIND[ctx.format] ?? ctx.format, bytes)
  if (info === undefined || info.width === 0 || info.height === 0) throw corrupt(ctx.format, `The ${label} image has a damaged header; it cannot be read.`)
  if (info.truncated) throw corrupt(ctx.format, `The ${label} image is truncated; it cannot be read.`)
  if (info.width * info.height > MAX_PIXELS) {
    throw tooComplex(ctx.format, "pages", `The ${label} image has ${info.width}×${info.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are read.`)
  }
  const recognize = async (image: Uint8Array, timeoutMs: number) => {
    try {
      return await ctx.ocr.recognize(image, timeoutMs)
    } catch (error) {
      if (error instanceof OcrTimeout) throw tooComplex(ctx.format, "time", `OCR of the ${label} image did not finish within ${Math.round(ctx.limits.ocrTimeoutMs / 1000)} s.`)
      throw corrupt(ctx.format, `The ${label} image could not be decoded: ${error instanceof Error ? error.message : String(error)}.`)
    }
  }
  const tiff = KIND[ctx.format] === "tiff" ? await tiffPages(bytes, Math.min(ctx.limits.maxPages, ctx.limits.maxOcrPages)) : undefined
  if (tiff !== undefined && tiff.pages.length > 0) {
    const warnings: Array<string> = []
    if (tiff.count > tiff.pages.length) warnings.push(`the TIFF file holds ${tiff.count} images; the first ${tiff.pages.length} were read (the OCR page limit)`)
    const blocks: Array<Documents.Block> = []
    const pages = []
    const started = Date.now()
    for (const [index, page] of tiff.pages.entries()) {
      const left = ctx.limits.ocrTimeoutMs - (Date.now() - started)
      if (left <= 0) {
        warnings.push(`pages ${index + 1} to ${tiff.pages.length} of the TIFF file were not read: the OCR time limit of ${Math.round(ctx.limits.ocrTimeoutMs / 1000)} s was reached`)
        break
      }
      const result = atImageScale(await recognize(page.png, left), page.scale)
      const dropped = droppedWarning(`page ${index + 1}`, result)
      if (dropped !== undefined) warnings.push(dropped)
      blocks.push(...result.paragraphs.map((text): Documents.Block => ({ type: "paragraph", page: index + 1, text })))
      pages.push(pageOf(index + 1, page.width, page.height, result))
    }
    return assembleDocument({
      format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pageCount: tiff.pages.length, ocrApplied: true, warnings, pages
    })
  }
  const warnings = info.frames > 1 ? [`the TIFF file holds ${info.frames} images; only the first is read`] : []
  const enlarged = await enlargedForOcr(bytes)
  const result = enlarged === undefined ? await recognize(bytes, ctx.limits.ocrTimeoutMs) : atImageScale(await recognize(enlarged.png, ctx.limits.ocrTimeoutMs), enlarged.scale)
  const dropped = droppedWarning("the image", result)
  if (dropped !== undefined) warnings.push(dropped)
  const blocks: Array<Documents.Block> = result.paragraphs.map((text) => ({ type: "paragraph", page: 1, text }))
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pageCount: 1, ocrApplied: true, warnings,
    pages: [pageOf(1, info.width, info.height, result)]
  })
}
