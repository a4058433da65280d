/**
 * Crops of page regions as PNG images: the drawing behind the `PageRenderer` of `@docket/core`
 * (ground previews). Runs inside a worker thread (`worker.ts`) or, with `rendererLayerInProcess`,
 * on the caller's thread; it loads no code of `@docket/core` at run time.
 *
 * - PDF: the page is drawn by pdf.js on an @napi-rs/canvas canvas the size of the crop (the page
 *   shifted so the crop's corner is the canvas origin), at 2× (144 dpi), white behind.
 * - Images (PNG, JPEG, WebP, BMP decoded by @napi-rs/canvas; TIFF decoded to PNG by Tesseract's
 *   Leptonica first, as Skia reads no TIFF): the crop at the image's own pixels.
 *
 * A region is widened by a margin of half its height, at least 1 % and at most 5 % of the page's
 * long side, and clipped to the page; no crop is longer than 1600 pixels (it is scaled down to fit).
 * Boxes are in the same geometry as the parse's text positions (PDF viewport at scale 1 with the
 * page's rotation, image pixels), so a ground box crops what was matched.
 */
import { imageInfo } from "./internal/image-info.js"
import type { OcrEngine } from "./internal/ocr.js"
import { OcrTimeout } from "./internal/ocr.js"
import { corrupt, notReadable, tooComplex } from "./internal/problem.js"
import { openPdf } from "./formats/pdf.js"

/** A region as `@docket/core`'s `RenderRegion`: a 1-indexed page and a box normalized to it. */
export interface RegionData {
  readonly page: number
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export type RegionOutcome = { readonly ok: true; readonly png: Uint8Array } | { readonly ok: false; readonly message: string }

/** Extensions (without the dot) the renderer draws. */
export const RENDERABLE_FORMATS: ReadonlyArray<string> = ["pdf", "png", "jpg", "jpeg", "webp", "bmp", "tif", "tiff"]

/** PDF pages at 2× their size in points (144 dpi); images at their own pixels. */
const PDF_SCALE = 2
const IMAGE_SCALE = 1
/** The long side of a crop, in pixels, at most. */
export const MAX_CROP_SIDE = 1600
/** Regions of one call, at most. */
export const MAX_REGIONS = 1000
const MAX_PIXELS = 40_000_000
/** Decoding an image (Skia, or Leptonica for TIFF) that takes longer is given up. */
const DECODE_TIMEOUT_MS = 60_000

const IMAGE_KIND: Record<string, string> = { png: "png", jpg: "jpeg", jpeg: "jpeg", webp: "webp", bmp: "bmp", tif: "tiff", tiff: "tiff" }

export interface CropRect {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

/** The region's box with its margin, in page units, clipped to the page; undefined when nothing of it is on the page. */
export const cropRect = (region: RegionData, pageWidth: number, pageHeight: number): CropRect | undefined => {
  if (![region.x, region.y, region.w, region.h].every(Number.isFinite) || region.w < 0 || region.h < 0) return undefined
  const left = region.x * pageWidth
  const top = region.y * pageHeight
  const right = left + region.w * pageWidth
  const bottom = top + region.h * pageHeight
  const long = Math.max(pageWidth, pageHeight)
  const margin = Math.min(Math.max(0.5 * (bottom - top), 0.01 * long), 0.05 * long)
  const l = Math.max(0, left - margin)
  const t = Math.max(0, top - margin)
  const r = Math.min(pageWidth, right + margin)
  const b = Math.min(pageHeight, bottom + margin)
  if (r - l <= 0 || b - t <= 0) return undefined
  return { left: l, top: t, width: r - l, height: b - t }
}

/** Pixels per page unit for a crop: `preferred`, less when the crop would pass MAX_CROP_SIDE. */
const scaleOf = (rect: CropRect, preferred: number) => Math.min(preferred, MAX_CROP_SIDE / Math.max(rect.width, rect.height))

const pixels = (units: number, scale: number) => Math.min(MAX_CROP_SIDE, Math.max(1, Math.round(units * scale)))

const describe = (r: RegionData) => `(${r.x}, ${r.y}, ${r.w}, ${r.h})`

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

type Canvas = import("@napi-rs/canvas").Canvas

const whiteCanvas = (createCanvas: typeof import("@napi-rs/canvas").createCanvas, width: number, height: number): Canvas => {
  const canvas = createCanvas(width, height)
  const context = canvas.getContext("2d")
  context.fillStyle = "#ffffff"
  context.fillRect(0, 0, width, height)
  return canvas
}

const pngOf = (canvas: Canvas) => new Uint8Array(canvas.toBuffer("image/png"))

const renderPdf = async (bytes: Uint8Array, format: string, regions: ReadonlyArray<RegionData>): Promise<Array<RegionOutcome>> => {
  const { createCanvas } = await import("@napi-rs/canvas")
  const { doc } = await openPdf(bytes, format)
  try {
    const out: Array<RegionOutcome> = regions.map(() => ({ ok: false, message: "not drawn" }))
    const byPage = new Map<number, Array<number>>()
    regions.forEach((r, i) => byPage.set(r.page, [...(byPage.get(r.page) ?? []), i]))
    for (const [n, indices] of byPage) {
      const fail = (message: string) => indices.forEach((i) => (out[i] = { ok: false, message }))
      if (!Number.isInteger(n) || n < 1 || n > doc.numPages) {
        fail(`page ${n} does not exist; the PDF has ${doc.numPages} page${doc.numPages === 1 ? "" : "s"}`)
        continue
      }
      let page: import("pdfjs-dist/types/src/display/api.js").PDFPageProxy
      try {
        page = await doc.getPage(n)
      } catch (error) {
        fail(`page ${n} cannot be read (${messageOf(error)})`)
        continue
      }
      try {
        const base = page.getViewport({ scale: 1 })
        for (const i of indices) {
          const region = regions[i]
          const rect = cropRect(region, base.width, base.height)
          if (rect === undefined) {
            out[i] = { ok: false, message: `the box ${describe(region)} lies outside page ${n}` }
            continue
          }
          const scale = scaleOf(rect, PDF_SCALE)
          const canvas = whiteCanvas(createCanvas, pixels(rect.width, scale), pixels(rect.height, scale))
          const viewport = page.getViewport({ scale, offsetX: -rect.left * scale, offsetY: -rect.top * scale })
          try {
            await page.render({
              canvas: canvas as unknown as HTMLCanvasElement,
              canvasContext: canvas.getContext("2d") as unknown as CanvasRenderingContext2D,
              viewport
            }).promise
            out[i] = { ok: true, png: pngOf(canvas) }
          } catch (error) {
            out[i] = { ok: false, message: `page ${n} could not be drawn (${messageOf(error)})` }
          }
        }
      } finally {
        page.cleanup()
      }
    }
    return out
  } finally {
    await doc.destroy().catch(() => {})
  }
}

/** Rejects after `ms` unless `promise` settles first (Skia's decoder never settles on some inputs). */
const within = <A>(promise: Promise<A>, ms: number, what: string): Promise<A> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(`${what} did not finish within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const renderImage = async (bytes: Uint8Array, format: string, regions: ReadonlyArray<RegionData>, ocr: OcrEngine): Promise<Array<RegionOutcome>> => {
  const label = format.toUpperCase()
  const kind = IMAGE_KIND[format] ?? format
  const info = imageInfo(kind, bytes)
  if (info === undefined || info.width === 0 || info.height === 0) throw corrupt(format, `The ${label} image has a damaged header; it cannot be drawn.`)
  if (info.truncated) throw corrupt(format, `The ${label} image is truncated; it cannot be drawn.`)
  if (info.width * info.height > MAX_PIXELS) {
    throw tooComplex(format, "pages", `The ${label} image has ${info.width}×${info.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are drawn.`)
  }
  const { createCanvas, loadImage } = await import("@napi-rs/canvas")
  let image: import("@napi-rs/canvas").Image
  try {
    const encoded = kind === "tiff" ? await ocr.decodePng(bytes, DECODE_TIMEOUT_MS) : bytes
    image = await within(loadImage(Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)), DECODE_TIMEOUT_MS, `decoding the ${label} image`)
  } catch (error) {
    if (error instanceof OcrTimeout) throw tooComplex(format, "time", `The ${label} image could not be decoded within ${DECODE_TIMEOUT_MS / 1000} s.`)
    throw corrupt(format, `The ${label} image could not be decoded: ${messageOf(error)}.`)
  }
  if (image.width === 0 || image.height === 0) throw corrupt(format, `The ${label} image could not be decoded.`)
  // boxes are normalized to the size the parse saw (the header's); the decoded image may differ
  const fx = image.width / info.width
  const fy = image.height / info.height
  return regions.map((region): RegionOutcome => {
    if (region.page !== 1) return { ok: false, message: `page ${region.page} does not exist; an image has one page` }
    const rect = cropRect(region, info.width, info.height)
    if (rect === undefined) return { ok: false, message: `the box ${describe(region)} lies outside the image` }
    const scale = scaleOf(rect, IMAGE_SCALE)
    const width = pixels(rect.width, scale)
    const height = pixels(rect.height, scale)
    const canvas = whiteCanvas(createCanvas, width, height)
    canvas.getContext("2d").drawImage(image, rect.left * fx, rect.top * fy, rect.width * fx, rect.height * fy, 0, 0, width, height)
    return { ok: true, png: pngOf(canvas) }
  })
}

/** PNG crops of `regions` of a file whose extension and signature the caller has checked. */
export const renderRegions = async (
  bytes: Uint8Array, format: string, regions: ReadonlyArray<RegionData>, ocr: OcrEngine
): Promise<Array<RegionOutcome>> => {
  if (!RENDERABLE_FORMATS.includes(format)) throw notReadable(format, `.${format} files cannot be drawn; previews exist for PDFs and images.`)
  if (regions.length > MAX_REGIONS) throw tooComplex(format, "pages", `${regions.length} regions were asked for; at most ${MAX_REGIONS} are drawn at once.`)
  if (regions.length === 0) return []
  return format === "pdf" ? renderPdf(bytes, format, regions) : renderImage(bytes, format, regions, ocr)
}
