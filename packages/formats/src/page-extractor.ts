/**
 * The `PageExtractor` of `@docket/core` for PDFs: a new PDF of some pages of another (split's
 * part files), through pdf-lib (pure JavaScript). Pages are copied whole (content, resources,
 * annotations); the document's outline and form fields are not carried over. Encrypted or
 * unreadable files fail with `PagesNotExtractable` (split then stores the part's markdown).
 */
import { Documents } from "@docket/core"
import { Effect, Layer } from "effect"
import { PDFDocument } from "pdf-lib"

export const extractPdfPages = (bytes: Uint8Array, pageStart: number, pageEnd: number) =>
  Effect.tryPromise({
    try: async () => {
      const source = await PDFDocument.load(bytes, { updateMetadata: false })
      const count = source.getPageCount()
      if (pageStart < 1 || pageEnd < pageStart || pageEnd > count) throw new Error(`pages ${pageStart}-${pageEnd} are not in a ${count}-page PDF`)
      const part = await PDFDocument.create()
      const pages = await part.copyPages(source, Array.from({ length: pageEnd - pageStart + 1 }, (_, i) => pageStart - 1 + i))
      for (const page of pages) part.addPage(page)
      return part.save()
    },
    catch: (cause) => new Documents.PagesNotExtractable({ message: cause instanceof Error ? cause.message : String(cause) })
  })

export const pageExtractorLayer: Layer.Layer<Documents.PageExtractor> = Layer.succeed(Documents.PageExtractor, {
  extensions: [".pdf"],
  extract: ({ bytes, pageStart, pageEnd }) => extractPdfPages(bytes, pageStart, pageEnd)
})
