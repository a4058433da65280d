/**
 * PDF through pdfjs-dist (Mozilla's PDF.js, legacy build for Node; no native code for text). Each
 * page gives its size in points, its text runs with boxes (origin top-left), lines joined in
 * reading order (top to bottom, left to right), paragraphs split at wide line gaps, and headings
 * for lines set clearly larger than the body text. A page with no text layer but with images (a
 * scan) is rendered with @napi-rs/canvas (prebuilt in npm) and read by OCR; words get boxes in
 * points. Large images inside pages that do have a text layer are read by OCR too, their words merged
 * into the page's lines (`pdf-image-text.ts`). Password-protected files fail as encrypted (no password is tried); damaged files that
 * PDF.js cannot repair fail as corrupt. Tables in PDFs come out as lines of text, not tables.
 */
import type { Documents } from "@docket/core"
import { createRequire } from "node:module"
import path from "node:path"
import { assembleDocument, type PageDraft } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { droppedWarning, type OcrEngine, type OcrResult, OcrTimeout, type OcrWord } from "../internal/ocr.js"
import { corrupt, encrypted, tooComplex } from "../internal/problem.js"
import { imageRects, newWords, readRegion, textImageRegions } from "./pdf-image-text.js"

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs")
let pdfjsModule: Promise<PdfJs> | undefined
const loadPdfJs = () => (pdfjsModule ??= import("pdfjs-dist/legacy/build/pdf.mjs"))

const standardFontDataUrl = (): string => {
  const require = createRequire(import.meta.url)
  return `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}${path.sep}`
}

/** Scanned pages are rendered for OCR at 300 dpi, the longest side at most 3500 pixels. */
const OCR_RENDER_DPI = 300
const OCR_RENDER_PIXELS = 3500
/** Images inside pages with a text layer read by OCR per file (`pdf-image-text.ts`), within the OCR time budget. */
export const MAX_IMAGE_REGIONS = 10
/**
 * Pages with a text layer whose images are looked for: the first 20. Finding them takes the page's
 * operator list, which costs about 60 % of the text extraction even on a page without images.
 */
export const MAX_IMAGE_PAGES = 20

/** `ocr`: read from an image; its box height is not a font size. */
interface Run { text: string; x: number; y: number; w: number; h: number; eol: boolean; ocr?: boolean }
interface Line { text: string; top: number; bottom: number; size: number; ocr: boolean }

const linesOf = (runs: ReadonlyArray<Run>): Array<Line> => {
  const sorted = runs.filter((r) => r.text.trim() !== "" || r.eol).slice()
  const lines: Array<{ runs: Array<Run>; baseline: number; size: number }> = []
  for (const run of sorted) {
    if (run.text.trim() === "") continue
    const baseline = run.y + run.h
    const line = lines.find((l) => Math.abs(l.baseline - baseline) <= Math.max(l.size, run.h) * 0.4)
    if (line !== undefined) { line.runs.push(run); line.size = Math.max(line.size, run.h) }
    else lines.push({ runs: [run], baseline, size: run.h })
  }
  lines.sort((a, b) => a.baseline - b.baseline)
  return lines.map((line) => {
    line.runs.sort((a, b) => a.x - b.x)
    let text = ""
    let end = -Infinity
    for (const run of line.runs) {
      if (text !== "" && run.x - end > line.size * 0.15 && !text.endsWith(" ") && !run.text.startsWith(" ")) text += " "
      text += run.text
      end = run.x + run.w
    }
    return { text: text.replace(/\s+/g, " ").trim(), top: line.baseline - line.size, bottom: line.baseline, size: line.size, ocr: line.runs.some((r) => r.ocr === true) }
  })
}

const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const blocksOf = (lines: ReadonlyArray<Line>, page: number, bodySize: number): Array<Documents.Block> => {
  const blocks: Array<Documents.Block> = []
  let paragraph: Array<Line> = []
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", page, text: paragraph.map((l) => l.text).join("\n") })
    paragraph = []
  }
  for (const line of lines) {
    if (line.text === "") continue
    if (bodySize > 0 && !line.ocr && line.size >= bodySize * 1.3 && line.text.length <= 150) {
      const previous = blocks[blocks.length - 1]
      flush()
      const level = line.size >= bodySize * 1.8 ? 1 : 2
      if (previous !== undefined && previous.type === "heading" && previous.page === page && previous.level === level && paragraph.length === 0 && blocks[blocks.length - 1] === previous) {
        blocks[blocks.length - 1] = { ...previous, text: `${previous.text} ${line.text}` }
      } else blocks.push({ type: "heading", page, level, text: line.text })
      continue
    }
    const last = paragraph[paragraph.length - 1]
    if (last !== undefined && line.top - last.bottom > Math.max(last.size, line.size) * 0.9) flush()
    paragraph.push(line)
  }
  flush()
  return blocks
}

type PdfPage = import("pdfjs-dist/types/src/display/api.js").PDFPageProxy

/** The page drawn for OCR, turned `extra` degrees beyond its own /Rotate, and the viewport it was drawn with. */
const renderForOcr = async (page: PdfPage, extra = 0) => {
  const { createCanvas } = await import("@napi-rs/canvas")
  const base = page.getViewport({ scale: 1 })
  const scale = Math.min(OCR_RENDER_DPI / 72, OCR_RENDER_PIXELS / Math.max(base.width, base.height))
  const viewport = page.getViewport({ scale, rotation: (page.rotate + extra) % 360 })
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
  const context = canvas.getContext("2d")
  context.fillStyle = "#ffffff"
  context.fillRect(0, 0, canvas.width, canvas.height)
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
  return { png: new Uint8Array(canvas.toBuffer("image/png")), viewport }
}

/** How much an OCR result reads like text: the confidence of its words of three or more letters or digits. */
const ocrScore = (result: OcrResult): number =>
  result.words.reduce((sum, w) => sum + (/[\p{L}\p{N}]{3}/u.test(w.text) ? w.confidence : 0), 0)

/**
 * OCR of a scanned page in the orientation that reads. The page is drawn as displayed (its /Rotate
 * applied); when that reads poorly (its words of three or more letters, weighted by confidence,
 * under half its words: a page read sideways gives fragments), the scan itself may lie on
 * its side, so the other three quarter turns are tried too and the one that reads best is kept.
 * Word boxes are mapped back to the page as displayed.
 */
const ocrPage = async (page: PdfPage, ocr: OcrEngine, budgetMs: number) => {
  const started = Date.now()
  const displayed = page.getViewport({ scale: 1 })
  const attempt = async (extra: number) => {
    const { png, viewport } = await renderForOcr(page, extra)
    const result = await ocr.recognize(png, Math.max(1, budgetMs - (Date.now() - started)))
    return { result, viewport, score: ocrScore(result) }
  }
  let best = await attempt(0)
  if (best.result.dropped !== undefined || best.score < best.result.words.length / 2) {
    for (const extra of [90, 270, 180]) {
      if (Date.now() - started >= budgetMs) break
      const next = await attempt(extra)
      if (next.score > best.score) best = next
    }
  }
  const words = best.result.words.map((w) => {
    // drawn viewport → PDF user space → the page as displayed
    const [ax, ay] = best.viewport.convertToPdfPoint(w.x, w.y)
    const [bx, by] = best.viewport.convertToPdfPoint(w.x + w.w, w.y + w.h)
    const [px, py] = displayed.convertToViewportPoint(ax, ay)
    const [qx, qy] = displayed.convertToViewportPoint(bx, by)
    return { ...w, x: Math.min(px, qx), y: Math.min(py, qy), w: Math.abs(qx - px), h: Math.abs(qy - py) }
  })
  return { ...best.result, words }
}

/**
 * Opens a PDF with pdf.js (no eval, no font faces, the standard fonts from the package); a
 * password-protected file fails as encrypted, an unreadable one as corrupt. The caller destroys it.
 */
export const openPdf = async (bytes: Uint8Array, format: string) => {
  const pdfjs = await loadPdfJs()
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: standardFontDataUrl(),
    stopAtErrors: false
  })
  try {
    return { pdfjs, doc: await task.promise }
  } catch (error) {
    const name = error instanceof Error ? error.name : ""
    if (name === "PasswordException") throw encrypted(format, "The PDF is password-protected; remove the password and upload it again.")
    const detail = error instanceof Error ? error.message : String(error)
    throw corrupt(format, `The PDF could not be read: ${detail}.`)
  }
}

export const readPdf = async (bytes: Uint8Array, ctx: ReaderContext): Promise<Documents.ParsedTextDocument> => {
  const { pdfjs, doc } = await openPdf(bytes, ctx.format)
  try {
    if (doc.numPages > ctx.limits.maxPages) {
      throw tooComplex(ctx.format, "pages", `The PDF has ${doc.numPages} pages; at most ${ctx.limits.maxPages} are read.`)
    }
    const metadata: Record<string, string> = {}
    try {
      const info = (await doc.getMetadata()).info as Record<string, unknown>
      for (const [key, name] of [["Title", "title"], ["Author", "author"], ["Subject", "subject"], ["Keywords", "keywords"], ["Creator", "creator"], ["Producer", "producer"]] as const) {
        if (typeof info[key] === "string" && (info[key] as string).trim() !== "") metadata[name] = (info[key] as string).trim()
      }
    } catch {
      // metadata is optional
    }
    const warnings: Array<string> = []
    const pages: Array<PageDraft> = []
    const pageLines: Array<Array<Line>> = []
    let ocrPages = 0
    let ocrBudget = ctx.limits.ocrTimeoutMs
    let ocrApplied = false
    let imageRegions = 0
    let imagePages = 0
    let regionsStoppedOn: number | undefined
    const ocrParagraphs = new Map<number, ReadonlyArray<string>>()
    const imageOps = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageMaskXObject, pdfjs.OPS.paintImageXObjectRepeat])
    for (let n = 1; n <= doc.numPages; n++) {
      let page
      try {
        page = await doc.getPage(n)
      } catch (error) {
        throw corrupt(ctx.format, `The PDF is damaged: page ${n} cannot be read (${error instanceof Error ? error.message : String(error)}).`)
      }
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const runs: Array<Run> = []
      const items: Array<Documents.TextItem> = []
      for (const raw of content.items) {
        if (!("str" in raw)) continue
        const t = pdfjs.Util.transform(viewport.transform, raw.transform)
        const size = Math.hypot(t[2], t[3]) || Math.abs(raw.height) || 1
        const run: Run = { text: raw.str, x: t[4], y: t[5] - size, w: Math.abs(raw.width * (viewport.scale || 1)), h: size, eol: raw.hasEOL }
        runs.push(run)
        if (raw.str.trim() !== "") items.push({ text: raw.str, x: run.x, y: run.y, w: run.w, h: run.h, source: "text_layer", confidence: null })
      }
      let lines = linesOf(runs)
      let ocr = false
      let text = lines.map((l) => l.text).join("\n")
      if (text.replace(/\s/g, "").length < 10) {
        const operators = await page.getOperatorList()
        const hasImage = operators.fnArray.some((fn) => imageOps.has(fn))
        if (hasImage) {
          if (ocrPages >= ctx.limits.maxOcrPages || ocrBudget <= 0) {
            warnings.push(`page ${n} is scanned but was not read: the OCR limit of ${ctx.limits.maxOcrPages} pages or ${Math.round(ctx.limits.ocrTimeoutMs / 1000)} s was reached`)
          } else {
            ocrPages++
            const started = Date.now()
            try {
              const result = await ocrPage(page, ctx.ocr, ocrBudget)
              const dropped = droppedWarning(`page ${n}`, result)
              if (dropped !== undefined) warnings.push(dropped)
              ocr = true
              ocrApplied = true
              items.length = 0
              for (const word of result.words) {
                items.push({ text: word.text, x: word.x, y: word.y, w: word.w, h: word.h, source: "ocr", confidence: word.confidence })
              }
              text = result.text
              lines = []
              ocrParagraphs.set(n, result.paragraphs)
            } catch (error) {
              warnings.push(error instanceof OcrTimeout
                ? `page ${n} is scanned but OCR did not finish within the time limit`
                : `page ${n} is scanned but could not be rendered for OCR: ${error instanceof Error ? error.message : String(error)}`)
            } finally {
              ocrBudget -= Date.now() - started
            }
          }
        }
      } else if (regionsStoppedOn === undefined && imagePages < MAX_IMAGE_PAGES) {
        imagePages++
        // text drawn as an image beside the text layer: read, merged into the lines in reading order
        const operators = await page.getOperatorList()
        const regions = textImageRegions(imageRects(pdfjs, page, operators), viewport.width, viewport.height, items)
        const found: Array<OcrWord> = []
        for (const region of regions) {
          if (imageRegions >= MAX_IMAGE_REGIONS || ocrBudget <= 0) {
            regionsStoppedOn ??= n
            break
          }
          imageRegions++
          const started = Date.now()
          try {
            found.push(...newWords(await readRegion(page, region, ctx.ocr, ocrBudget), items))
          } catch (error) {
            warnings.push(error instanceof OcrTimeout
              ? `an image on page ${n} was not read: OCR did not finish within the time limit`
              : `an image on page ${n} could not be rendered for OCR: ${error instanceof Error ? error.message : String(error)}`)
          } finally {
            ocrBudget -= Date.now() - started
          }
        }
        if (found.length > 0) {
          ocrApplied = true
          for (const word of found) {
            runs.push({ text: word.text, x: word.x, y: word.y, w: word.w, h: word.h, eol: false, ocr: true })
            items.push({ text: word.text, x: word.x, y: word.y, w: word.w, h: word.h, source: "ocr", confidence: word.confidence })
          }
          lines = linesOf(runs)
          text = lines.map((l) => l.text).join("\n")
        }
      }
      pageLines.push(lines)
      pages.push({ page_number: n, width: viewport.width, height: viewport.height, unit: "pt", items, ocr, text })
      page.cleanup()
    }
    // the body size: the median font size weighted by characters
    const bodySize = median(pageLines.flat().filter((l) => !l.ocr).flatMap((l) => Array<number>(Math.max(1, l.text.length)).fill(l.size)))
    const blocks = pageLines.flatMap((lines, i): Array<Documents.Block> => {
      const paragraphs = ocrParagraphs.get(i + 1)
      return paragraphs === undefined
        ? blocksOf(lines, i + 1, bodySize)
        : paragraphs.map((text) => ({ type: "paragraph", page: i + 1, text }))
    })
    if (regionsStoppedOn !== undefined) {
      warnings.push(`images inside pages with text were read by OCR up to page ${regionsStoppedOn}, where the limit of ${MAX_IMAGE_REGIONS} images per file or the OCR time limit was reached; later ones were not read`)
    }
    return assembleDocument({
      format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pages, pageCount: doc.numPages,
      metadata, warnings, ocrApplied
    })
  } finally {
    await doc.destroy().catch(() => {})
  }
}
