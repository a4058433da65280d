/**
 * A ground result's `visual_region` boxes drawn over the pages they are on: an image as itself
 * (page 1), a PDF's pages rendered by pdf.js. Boxes are normalized to the page (spec 2: 0 to 1,
 * origin top-left), so they are placed as percentages of the drawn page, whatever its size.
 *
 * The page's bytes come from the file uploaded from this tab; for a job opened later (another
 * tab, a reload) spec 2 serves no upload back, so the page asks for the same file, read locally.
 */
import { useEffect, useRef, useState } from "preact/hooks"
import type { GroundMatch, JobResults } from "../api/job-results.js"
import { uploadedFiles } from "../api/uploaded-files.js"
import type { PDFDocumentProxy } from "../pdf/pdfjs.js"

type GroundResult = JobResults["ground"]
type VisualMatch = Extract<GroundMatch, { readonly match_type: "visual_region" }>

interface Box {
  readonly item: string
  readonly m: VisualMatch
}

/** The boxes of each page that has any, by page number (ascending). */
const boxesByPage = (result: GroundResult): ReadonlyArray<readonly [number, ReadonlyArray<Box>]> => {
  const pages = new Map<number, Array<Box>>()
  for (const item of result.results) {
    for (const m of item.matches) {
      if (m.match_type !== "visual_region") continue
      pages.set(m.page, [...(pages.get(m.page) ?? []), { item: item.item_id, m }])
    }
  }
  return [...pages].sort((a, b) => a[0] - b[0])
}

type SourceKind = "image" | "pdf" | "other"

const kindOf = (file: File): SourceKind =>
  file.type === "application/pdf" || /\.pdf$/i.test(file.name) ? "pdf" : file.type.startsWith("image/") ? "image" : "other"

const Boxes = ({ boxes }: { readonly boxes: ReadonlyArray<Box> }) => (
  <>
    {boxes.map(({ item, m }, i) => (
      <span key={i} class="ground-box" data-testid="ground-box" title={`${item}: ${m.matched_text}`}
        style={{ left: `${m.x * 100}%`, top: `${m.y * 100}%`, width: `${m.w * 100}%`, height: `${m.h * 100}%` }}>
        <span class="ground-label">{item}</span>
      </span>
    ))}
  </>
)

const Caption = ({ page, boxes }: { readonly page: number; readonly boxes: ReadonlyArray<Box> }) => (
  <figcaption>{boxes.length} {boxes.length === 1 ? "box" : "boxes"} on page {page}</figcaption>
)

const ImagePage = ({ file, boxes }: { readonly file: File; readonly boxes: ReadonlyArray<Box> }) => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return (
    <figure class="page-figure">
      <div class="page-image">
        {url === null ? null : <img src={url} alt="Page 1 of the grounded file" />}
        <Boxes boxes={boxes} />
      </div>
      <Caption page={1} boxes={boxes} />
    </figure>
  )
}

/** CSS width a PDF page is drawn at: the card's, at most this. */
const MAX_PAGE_WIDTH = 900

const PdfPage = ({ pdf, page, boxes }: { readonly pdf: PDFDocumentProxy; readonly page: number; readonly boxes: ReadonlyArray<Box> }) => {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const target = canvas.current
    if (target === null) return
    setDrawn(false)
    setError(null)
    const width = Math.min(MAX_PAGE_WIDTH, target.parentElement?.parentElement?.clientWidth ?? MAX_PAGE_WIDTH)
    import("../pdf/pdfjs.js")
      .then(({ drawPdfPage }) => drawPdfPage(pdf, page, target, width))
      .then(() => setDrawn(true), (e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }, [pdf, page])
  return (
    <figure class="page-figure">
      {error === null ? null : <p class="error" role="alert">Page {page} could not be drawn: {error}</p>}
      <div class="page-image" data-drawn={drawn}>
        <canvas ref={canvas} class="page-canvas" role="img" aria-label={`Page ${page} of the grounded file`} />
        <Boxes boxes={boxes} />
      </div>
      <Caption page={page} boxes={boxes} />
    </figure>
  )
}

const PdfPages = ({ file, pages }: { readonly file: File; readonly pages: ReadonlyArray<readonly [number, ReadonlyArray<Box>]> }) => {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let open: PDFDocumentProxy | null = null
    let gone = false
    setPdf(null)
    setError(null)
    Promise.all([import("../pdf/pdfjs.js"), file.arrayBuffer()])
      .then(([{ openPdf }, bytes]) => openPdf(bytes))
      .then((doc) => {
        open = doc
        if (gone) void doc.destroy()
        else setPdf(doc)
      }, (e: unknown) => {
        if (!gone) setError(e instanceof Error ? e.message : String(e))
      })
    return () => {
      gone = true
      void open?.destroy()
    }
  }, [file])
  if (error !== null) return <p class="error" role="alert">{file.name} could not be opened as a PDF: {error}</p>
  if (pdf === null) return <p class="muted" role="status">Opening {file.name}…</p>
  return (
    <>
      {pages.map(([page, boxes]) =>
        page > pdf.numPages
          ? <p key={page} class="error" role="alert">{file.name} has {pdf.numPages} pages; the result has boxes on page {page}: is it the grounded file?</p>
          : <PdfPage key={page} pdf={pdf} page={page} boxes={boxes} />
      )}
    </>
  )
}

export const GroundPages = ({ jobId, result }: { readonly jobId: string; readonly result: GroundResult }) => {
  const [chosen, setChosen] = useState<File | null>(null)
  const pages = boxesByPage(result)
  if (pages.length === 0) return null
  const held = uploadedFiles.get(jobId)
  const file = held ?? chosen
  const kind = file === null ? null : kindOf(file)
  return (
    <>
      {held !== undefined ? null : (
        <div class="page-source">
          <p class="muted" data-testid="page-source-missing">
            The boxes are drawn over the pages of the file uploaded from this tab. {result.file_name} was not (the service does not
            serve an upload back): choose it to draw them; it is read here, not sent.
          </p>
          <label for="ground-source">The grounded file ({result.file_name})</label>
          <input id="ground-source" type="file" accept=".pdf,application/pdf,image/*" onChange={(e) => setChosen(e.currentTarget.files?.[0] ?? null)} />
        </div>
      )}
      {file === null ? null : kind === "pdf" ? <PdfPages file={file} pages={pages} /> : kind === "image" ? (
        pages.map(([page, boxes]) => page === 1 ? <ImagePage key={page} file={file} boxes={boxes} /> : null)
      ) : (
        <p class="muted" role="status">{file.name} is neither a PDF nor an image: its pages were rendered by the service and are not drawn here.</p>
      )}
    </>
  )
}
