/** A PDF made with pdf-lib for the console's tests and screenshots: lines of Helvetica placed on one page. */
import { PDFDocument, StandardFonts } from "pdf-lib"

export interface PdfLine {
  readonly text: string
  /** from the page's bottom-left corner, in points (PDF space) */
  readonly x: number
  readonly y: number
  readonly size: number
  readonly bold?: boolean
}

export const pdfOf = async (size: readonly [width: number, height: number], lines: ReadonlyArray<PdfLine>): Promise<Buffer> => {
  const pdf = await PDFDocument.create()
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const page = pdf.addPage([size[0], size[1]])
  for (const l of lines) page.drawText(l.text, { x: l.x, y: l.y, size: l.size, font: l.bold === true ? bold : regular })
  return Buffer.from(await pdf.save())
}
