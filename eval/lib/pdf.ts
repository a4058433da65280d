/**
 * A small layout layer over pdf-lib that knows where it drew each string: every `text` call
 * returns the box of the string, normalized to the page with the origin at the TOP-LEFT
 * (x = left / pageWidth, y = top / pageHeight measured from the top, w, h), computed from the
 * font metrics pdf-lib writes into the file (`widthOfTextAtSize`; ascent and descent from
 * `heightAtSize`). Positions are given as the baseline's distance from the top of the page.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib"

export interface Box {
  /** 1-indexed */
  readonly page: number
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export type FontName = "sans" | "sansBold" | "serif" | "serifBold" | "mono" | "monoBold"

export interface TextOptions {
  readonly size?: number
  readonly font?: FontName
  /** `x` is the left edge (left), the right edge (right) or the centre (center) */
  readonly align?: "left" | "right" | "center"
  readonly grey?: number
}

/** A fixed date, so the files are byte-identical from run to run. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1))

const r4 = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * The advance width of `text` as drawn: pdf-lib's `widthOfTextAtSize` adds kerning pairs, but
 * `drawText` writes the string unkerned, so the width is summed glyph by glyph.
 */
export const drawnWidth = (font: PDFFont, text: string, size: number): number => {
  let width = 0
  for (const ch of text) width += font.widthOfTextAtSize(ch, size)
  return width
}

export class PdfWriter {
  private page!: PDFPage
  pageNumber = 0

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<FontName, PDFFont>,
    readonly width: number,
    readonly height: number
  ) {}

  static async create(options: { size: readonly [number, number]; title: string; author: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false })
    doc.setTitle(options.title)
    doc.setAuthor(options.author)
    doc.setCreator("docket eval generator")
    doc.setProducer("pdf-lib")
    doc.setCreationDate(FIXED_DATE)
    doc.setModificationDate(FIXED_DATE)
    const fonts: Record<FontName, PDFFont> = {
      sans: await doc.embedFont(StandardFonts.Helvetica),
      sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
      serif: await doc.embedFont(StandardFonts.TimesRoman),
      serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
      mono: await doc.embedFont(StandardFonts.Courier),
      monoBold: await doc.embedFont(StandardFonts.CourierBold)
    }
    const writer = new PdfWriter(doc, fonts, options.size[0], options.size[1])
    writer.newPage()
    return writer
  }

  newPage(): void {
    this.page = this.doc.addPage([this.width, this.height])
    this.pageNumber++
  }

  font(name: FontName): PDFFont {
    return this.fonts[name]
  }

  widthOf(text: string, size = 10, font: FontName = "sans"): number {
    return drawnWidth(this.fonts[font], text, size)
  }

  /** Draws `text` with its baseline `top` points below the top edge; returns its box. */
  text(text: string, x: number, top: number, options: TextOptions = {}): Box {
    const size = options.size ?? 10
    const font = this.fonts[options.font ?? "sans"]
    const width = drawnWidth(font, text, size)
    const left = options.align === "right" ? x - width : options.align === "center" ? x - width / 2 : x
    const grey = options.grey ?? 0
    this.page.drawText(text, { x: left, y: this.height - top, size, font, color: rgb(grey, grey, grey) })
    return this.boxOf(text, left, top, size, options.font ?? "sans")
  }

  /**
   * Draws parts as ONE text run (one string in the file, as many generators write "Invoice #:
   * 1042"); returns the box of each keyed part.
   */
  textParts(
    parts: ReadonlyArray<string | readonly [key: string, text: string]>,
    x: number,
    top: number,
    options: TextOptions = {}
  ): Record<string, Box> {
    const size = options.size ?? 10
    const fontName = options.font ?? "sans"
    const whole = parts.map((p) => (typeof p === "string" ? p : p[1])).join("")
    const drawn = this.text(whole, x, top, options)
    const left = drawn.x * this.width
    const boxes: Record<string, Box> = {}
    let cursor = left
    for (const part of parts) {
      const text = typeof part === "string" ? part : part[1]
      if (typeof part !== "string") boxes[part[0]] = this.boxOf(text, cursor, top, size, fontName)
      cursor += this.widthOf(text, size, fontName)
    }
    return boxes
  }

  /** Draws on an earlier page (page numbers, running headers written after the layout). */
  onPage<A>(pageNumber: number, draw: () => A): A {
    const saved = this.page
    const savedNumber = this.pageNumber
    this.page = this.doc.getPage(pageNumber - 1)
    this.pageNumber = pageNumber
    try {
      return draw()
    } finally {
      this.page = saved
      this.pageNumber = savedNumber
    }
  }

  /** The box of `text` set at `left` with its baseline `top` below the top edge (nothing drawn). */
  boxOf(text: string, left: number, top: number, size: number, fontName: FontName): Box {
    const font = this.fonts[fontName]
    const ascent = font.heightAtSize(size, { descender: false })
    const full = font.heightAtSize(size)
    return {
      page: this.pageNumber,
      x: r4(left / this.width),
      y: r4((top - ascent) / this.height),
      w: r4(drawnWidth(font, text, size) / this.width),
      h: r4(full / this.height)
    }
  }

  line(x1: number, top1: number, x2: number, top2: number, thickness = 0.6, grey = 0.4): void {
    this.page.drawLine({ start: { x: x1, y: this.height - top1 }, end: { x: x2, y: this.height - top2 }, thickness, color: rgb(grey, grey, grey) })
  }

  /** A filled rectangle; `top` is its upper edge below the top of the page. */
  fill(x: number, top: number, w: number, h: number, grey = 0.92): void {
    this.page.drawRectangle({ x, y: this.height - top - h, width: w, height: h, color: rgb(grey, grey, grey) })
  }

  /**
   * Word-wraps a paragraph into `maxWidth`. Spans written `[[key|text]]` stay on one line and their
   * boxes are returned under `key` (a key may occur several times). Returns the baseline of the
   * line after the paragraph; starts a new page (at `marginTop`) when the bottom margin is reached.
   */
  paragraph(
    source: string,
    x: number,
    top: number,
    options: { maxWidth: number; size?: number; font?: FontName; leading?: number; marginTop: number; marginBottom: number; onNewPage?: () => number }
  ): { next: number; spans: Array<{ key: string; text: string; box: Box }> } {
    const size = options.size ?? 10
    const fontName = options.font ?? "serif"
    const leading = options.leading ?? size * 1.35
    // tokens: words, or marked spans that never break; a token not preceded by white space is
    // glued to the one before it (punctuation after a span, a bracket before one)
    const tokens: Array<{ text: string; key: string | null; glued: boolean }> = []
    const re = /\[\[([^|\]]+)\|([^\]]+)\]\]|([^\s[]+)/g
    for (let m = re.exec(source); m !== null; m = re.exec(source)) {
      const glued = m.index > 0 && !/\s/.test(source.charAt(m.index - 1))
      if (m[3] !== undefined) tokens.push({ text: m[3], key: null, glued })
      else tokens.push({ text: m[2], key: m[1], glued })
    }
    // words glued together break as one unit
    const units: Array<Array<{ text: string; key: string | null; glued: boolean }>> = []
    for (const token of tokens) {
      if (token.glued && units.length > 0) units[units.length - 1].push(token)
      else units.push([{ ...token, glued: false }])
    }
    const space = this.widthOf(" ", size, fontName)
    const lines: Array<Array<{ text: string; key: string | null; glued: boolean }>> = [[]]
    let current = 0
    for (const unit of units) {
      const w = unit.reduce((a, t) => a + this.widthOf(t.text, size, fontName), 0)
      const line = lines[lines.length - 1]
      if (line.length > 0 && current + space + w > options.maxWidth) {
        lines.push([...unit])
        current = w
      } else {
        line.push(...unit)
        current += (line.length === unit.length ? 0 : space) + w
      }
    }
    const spans: Array<{ key: string; text: string; box: Box }> = []
    let baseline = top
    for (const line of lines) {
      if (baseline > this.height - options.marginBottom) {
        this.newPage()
        baseline = options.onNewPage?.() ?? options.marginTop
      }
      let text = ""
      let cursor = x
      for (const token of line) {
        if (text !== "" && !token.glued) { text += " "; cursor += space }
        if (token.key !== null) spans.push({ key: token.key, text: token.text, box: this.boxOf(token.text, cursor, baseline, size, fontName) })
        text += token.text
        cursor += this.widthOf(token.text, size, fontName)
      }
      this.text(text, x, baseline, { size, font: fontName })
      baseline += leading
    }
    return { next: baseline, spans }
  }

  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false })
  }
}

/**
 * Renders page 1 of a PDF to a PNG with pdf.js and @napi-rs/canvas (the same stack the parser
 * uses for scans): an "image" document whose text boxes are those of the PDF.
 */
export const renderPng = async (pdf: Uint8Array, scale: number): Promise<Uint8Array> => {
  const { createRequire } = await import("node:module")
  const path = await import("node:path")
  const require = createRequire(import.meta.url)
  const standardFontDataUrl = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}${path.sep}`
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
  const { createCanvas } = await import("@napi-rs/canvas")
  const doc = await pdfjs.getDocument({ data: pdf.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, standardFontDataUrl }).promise
  try {
    const page = await doc.getPage(1)
    const viewport = page.getViewport({ scale })
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height))
    const context = canvas.getContext("2d")
    context.fillStyle = "#ffffff"
    context.fillRect(0, 0, canvas.width, canvas.height)
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
    return new Uint8Array(canvas.toBuffer("image/png"))
  } finally {
    await doc.destroy()
  }
}
