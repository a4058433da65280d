/**
 * pdf.js, loaded only when a PDF page is drawn (a dynamic import of this module keeps it and its
 * worker out of the console's main bundle). The worker is the package's own build, emitted by
 * Vite as an asset (`?url`) under the console's base, so it is same-origin for the CSP.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist"
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url"

GlobalWorkerOptions.workerSrc = workerUrl

export type { PDFDocumentProxy }

/** Opens a PDF from its bytes; `isEvalSupported: false` as the CSP forbids `eval` anyway. */
export const openPdf = (bytes: ArrayBuffer): Promise<PDFDocumentProxy> =>
  getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise

/**
 * Draws page `pageNumber` into `canvas`, `cssWidth` CSS pixels wide at the screen's pixel ratio.
 * The viewport is the page as displayed (crop box, /Rotate), origin top-left: the frame the
 * parser measures pages in, so a ground box normalized to the page lands on the same place.
 */
export const drawPdfPage = async (pdf: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) => {
  const page = await pdf.getPage(pageNumber)
  const base = page.getViewport({ scale: 1 })
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * (window.devicePixelRatio || 1) })
  canvas.width = Math.round(viewport.width)
  canvas.height = Math.round(viewport.height)
  canvas.style.width = `${cssWidth}px`
  await page.render({ canvas, viewport }).promise
  return { width: base.width, height: base.height }
}
