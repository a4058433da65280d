/**
 * Text drawn as an image inside a page that has a text layer (an address block or a table pasted
 * as a picture): the page's images are located from its operator list (each image is the unit
 * square under the current transform), and those large enough to hold text — at least
 * `MIN_PAGE_SHARE` of the page and `MIN_SIDE_PT` on each side, so not icons or small logos — whose
 * area the text layer does not already read (a searchable scan's invisible text) are drawn alone
 * at 300 dpi and read by OCR. A photo reads as fragments at low confidence: a region whose words
 * average under `REGION_MEAN_FLOOR` gives nothing, and words under `REGION_WORD_FLOOR` (or without
 * a letter or digit) are left out. Words that fall on text the layer has are dropped, so nothing is
 * read twice.
 */
import type { Documents } from "@docket/core"
import type { OcrEngine, OcrWord } from "../internal/ocr.js"

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs")
type PdfPage = import("pdfjs-dist/types/src/display/api.js").PDFPageProxy

export interface Rect { readonly x: number; readonly y: number; readonly w: number; readonly h: number }

/** An image smaller than this share of the page is a logo, an icon or a photo detail, not a text block. */
export const MIN_PAGE_SHARE = 0.05
/** Each side of an image worth reading is at least half an inch. */
export const MIN_SIDE_PT = 36
/** Characters of the text layer inside an image's area from which it counts as already read. */
const LAYER_CHARS_READ = 40
/** Region OCR: the mean word confidence below which the region is a picture, not text. */
export const REGION_MEAN_FLOOR = 0.6
/** Region OCR: single words under this confidence are fragments of the picture. */
export const REGION_WORD_FLOOR = 0.4
/** Images drawn for OCR at 300 dpi, the longest side at most 3500 pixels. */
const RENDER_DPI = 300
const RENDER_PIXELS = 3500

type Matrix = readonly [number, number, number, number, number, number]
const multiply = (m: Matrix, n: ReadonlyArray<number>): Matrix => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]
]

/** Where each image of the page is drawn, in the displayed page's points (origin top-left). */
export const imageRects = (pdfjs: PdfJs, page: PdfPage, operators: { fnArray: ReadonlyArray<number>; argsArray: ReadonlyArray<unknown> }): Array<Rect> => {
  const OPS = pdfjs.OPS
  const images = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject])
  const displayed = page.getViewport({ scale: 1 })
  const rects: Array<Rect> = []
  let ctm: Matrix = [1, 0, 0, 1, 0, 0]
  const stack: Array<Matrix> = []
  operators.fnArray.forEach((fn, i) => {
    const args = operators.argsArray[i] as Array<unknown> | null
    if (fn === OPS.save) stack.push(ctm)
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm
    else if (fn === OPS.transform && Array.isArray(args)) ctm = multiply(ctm, args as Array<number>)
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm)
      if (Array.isArray(args?.[0])) ctm = multiply(ctm, args[0] as Array<number>)
    } else if (fn === OPS.beginGroup) {
      stack.push(ctm)
      const matrix = (args?.[0] as { matrix?: Array<number> } | undefined)?.matrix
      if (Array.isArray(matrix)) ctm = multiply(ctm, matrix)
    } else if (fn === OPS.paintFormXObjectEnd || fn === OPS.endGroup) ctm = stack.pop() ?? ctm
    else if (images.has(fn)) {
      const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) =>
        displayed.convertToViewportPoint(ctm[0] * u + ctm[2] * v + ctm[4], ctm[1] * u + ctm[3] * v + ctm[5]))
      const xs = corners.map((c) => c[0])
      const ys = corners.map((c) => c[1])
      // clipped to the page
      const x0 = Math.max(0, Math.min(...xs))
      const y0 = Math.max(0, Math.min(...ys))
      const x1 = Math.min(displayed.width, Math.max(...xs))
      const y1 = Math.min(displayed.height, Math.max(...ys))
      if (x1 > x0 && y1 > y0 && [x0, y0, x1, y1].every(Number.isFinite)) rects.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 })
    }
  })
  return rects
}

const centerInside = (item: Rect, rect: Rect, margin = 0) => {
  const cx = item.x + item.w / 2
  const cy = item.y + item.h / 2
  return cx >= rect.x - margin && cx <= rect.x + rect.w + margin && cy >= rect.y - margin && cy <= rect.y + rect.h + margin
}

/**
 * The images worth reading on a page: large enough, not already read by the text layer, each
 * area once (an image drawn twice, or inside another one read, is skipped), largest first.
 */
export const textImageRegions = (rects: ReadonlyArray<Rect>, pageWidth: number, pageHeight: number, layer: ReadonlyArray<Documents.TextItem>): Array<Rect> => {
  const chosen: Array<Rect> = []
  const large = rects
    .filter((r) => r.w * r.h >= MIN_PAGE_SHARE * pageWidth * pageHeight && Math.min(r.w, r.h) >= MIN_SIDE_PT)
    .sort((a, b) => b.w * b.h - a.w * a.h)
  for (const rect of large) {
    if (chosen.some((c) => centerInside(rect, c))) continue
    const layerChars = layer.reduce((n, item) => n + (centerInside(item, rect) ? item.text.trim().length : 0), 0)
    if (layerChars >= LAYER_CHARS_READ) continue
    chosen.push(rect)
  }
  return chosen
}

/** OCR of one region of the page as displayed, alone at 300 dpi; words in the page's points. */
export const readRegion = async (page: PdfPage, rect: Rect, ocr: OcrEngine, timeoutMs: number): Promise<Array<OcrWord>> => {
  const { createCanvas } = await import("@napi-rs/canvas")
  const scale = Math.min(RENDER_DPI / 72, RENDER_PIXELS / Math.max(rect.w, rect.h))
  // the displayed page at `scale`, shifted so that the region's corner is the canvas's origin
  const viewport = page.getViewport({ scale, offsetX: -rect.x * scale, offsetY: -rect.y * scale })
  const canvas = createCanvas(Math.max(1, Math.ceil(rect.w * scale)), Math.max(1, Math.ceil(rect.h * scale)))
  const context = canvas.getContext("2d")
  context.fillStyle = "#ffffff"
  context.fillRect(0, 0, canvas.width, canvas.height)
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
  const result = await ocr.recognize(new Uint8Array(canvas.toBuffer("image/png")), timeoutMs)
  if (result.words.length === 0) return []
  const mean = result.words.reduce((sum, w) => sum + w.confidence, 0) / result.words.length
  if (mean < REGION_MEAN_FLOOR) return []
  return result.words
    // a table's rules read as "|" or ":": a word without a letter or digit is not text
    .filter((w) => w.confidence >= REGION_WORD_FLOOR && /[\p{L}\p{N}]/u.test(w.text))
    .map((w) => ({ ...w, x: rect.x + w.x / scale, y: rect.y + w.y / scale, w: w.w / scale, h: w.h / scale }))
}

/** Region words that do not fall on text the layer already has. */
export const newWords = (words: ReadonlyArray<OcrWord>, layer: ReadonlyArray<Documents.TextItem>): Array<OcrWord> =>
  words.filter((word) => !layer.some((item) => item.text.trim() !== "" && centerInside(word, item, Math.min(item.h, word.h) * 0.25)))
