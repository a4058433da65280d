/**
 * The `PageRenderer` (ground previews): crops of PDF pages and of images as PNG, with their margin
 * and size, on the calling thread and in the worker pool; regions that cannot be drawn, and files
 * that cannot be drawn at all.
 */
import { Documents } from "@docket/core"
import { MAX_CROP_SIDE, rendererLayerInProcess, rendererLayerWith } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, type Layer } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { PNG } from "pngjs"
import * as F from "./fixtures.js"

const render = (fileName: string, bytes: Uint8Array, regions: ReadonlyArray<Documents.RenderRegion>) =>
  Effect.flatMap(Documents.PageRenderer, (r) => r.renderRegions({ fileName, bytes, regions }))

const decoded = (png: Uint8Array) => {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return PNG.sync.read(Buffer.from(png))
}

/** dark pixels in columns [x0, x1) of the image */
const darkIn = (image: PNG, x0 = 0, x1 = image.width) => {
  let n = 0
  for (let y = 0; y < image.height; y++) {
    for (let x = x0; x < x1; x++) if (image.data[(y * image.width + x) * 4] < 128) n++
  }
  return n
}

const right = <A, E>(e: Either.Either<A, E> | undefined): A => {
  if (e === undefined || Either.isLeft(e)) throw new Error(`expected a crop, got ${JSON.stringify(e)}`)
  return e.right
}

/** Letter pages; a word on page 1 and one on page 2 at known points. */
const twoPagePdf = async () => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([612, 792]).drawText("Invoice 1,234.56", { x: 72, y: 700, size: 14, font })
  doc.addPage([612, 792]).drawText("Second page", { x: 300, y: 100, size: 20, font })
  return { bytes: await doc.save(), width: font.widthOfTextAtSize("Invoice 1,234.56", 14) }
}

const suite = (name: string, layer: Layer.Layer<Documents.PageRenderer>) =>
  describe(name, () => {
    it.layer(layer, { timeout: 60_000 })((it) => {
      it.effect("a PDF region: the box with its margin at 2×, the text inside; several pages in one call", () =>
        Effect.gen(function*() {
          const { bytes, width } = yield* Effect.promise(twoPagePdf)
          // the box pdf.js gives the run: from the baseline up by the font size
          const box = { page: 1, x: 72 / 612, y: (792 - 700 - 14) / 792, w: width / 612, h: 14 / 792 }
          const [first, second, whole] = yield* render("doc.pdf", bytes, [box, { page: 2, x: 300 / 612, y: (792 - 120) / 792, w: 0.2, h: 20 / 792 }, { page: 1, x: 0, y: 0, w: 1, h: 1 }])
          const crop = decoded(right(first))
          // margin: half the box height (7 pt), at least 1 % of the long side (7.92 pt), each side
          const margin = 7.92
          expect(crop.width).toBeCloseTo((width + 2 * margin) * 2, -1)
          expect(crop.height).toBeCloseTo((14 + 2 * margin) * 2, -1)
          // ink inside the box, none in the margins left and right of it
          const m = Math.floor(margin * 2) - 2
          expect(darkIn(crop, m, crop.width - m)).toBeGreaterThan(200)
          expect(darkIn(crop, 0, m - 4)).toBe(0)
          expect(darkIn(crop, crop.width - m + 4)).toBe(0)
          expect(darkIn(decoded(right(second)))).toBeGreaterThan(200)
          // a whole letter page at 2× fits within the long-side cap
          const page = decoded(right(whole))
          expect([page.width, page.height]).toEqual([1224, 1584])
          expect(Math.max(page.width, page.height)).toBeLessThanOrEqual(MAX_CROP_SIDE)
        }))

      it.effect("a large page is scaled down to at most 1600 pixels on its long side", () =>
        Effect.gen(function*() {
          const doc = yield* Effect.promise(() => PDFDocument.create())
          doc.addPage([2000, 1000])
          const bytes = yield* Effect.promise(() => doc.save())
          const [crop] = yield* render("poster.pdf", bytes, [{ page: 1, x: 0, y: 0, w: 1, h: 1 }])
          const image = decoded(right(crop))
          expect(image.width).toBe(MAX_CROP_SIDE)
          expect(image.height).toBe(800)
        }))

      it.effect("regions that cannot be drawn are Left, the others are drawn", () =>
        Effect.gen(function*() {
          const { bytes } = yield* Effect.promise(twoPagePdf)
          const out = yield* render("doc.pdf", bytes, [
            { page: 3, x: 0, y: 0, w: 0.5, h: 0.5 },
            { page: 1, x: 1.5, y: 0.2, w: 0.1, h: 0.1 },
            { page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }
          ])
          expect(out.map((o) => Either.isLeft(o) ? o.left.message : "png")).toEqual([
            "page 3 does not exist; the PDF has 2 pages",
            "the box (1.5, 0.2, 0.1, 0.1) lies outside page 1",
            "png"
          ])
          expect(Either.isLeft(out[0]!) && out[0].left.reason).toBe("region")
        }))

      it.effect("images (png, jpg, webp, bmp, tif): the crop at the image's pixels, the same for every format", () =>
        Effect.gen(function*() {
          const image = F.drawText("HELLO WORLD", 4)
          const png = F.png(image)
          const files: Array<[string, Uint8Array]> = [
            ["scan.png", png],
            ["scan.jpg", yield* Effect.promise(() => F.canvasEncode(png, "image/jpeg"))],
            ["scan.webp", yield* Effect.promise(() => F.canvasEncode(png, "image/webp"))],
            ["scan.bmp", F.bmp(image)],
            ["scan.tif", F.tiff(image)]
          ]
          // HELLO: glyph cells from x = 2 × 4 px, y = 4 × 4 px, 5 glyphs of 6 cells, 7 rows high
          const hello = { page: 1, x: 8 / image.width, y: 16 / image.height, w: 116 / image.width, h: 28 / image.height }
          for (const [name, bytes] of files) {
            const [crop, page2] = yield* render(name, bytes, [hello, { ...hello, page: 2 }])
            const out = decoded(right(crop))
            // margin 14 px (half of 28, and 5 % of the 280 px long side) each side, clipped on the
            // left (8 - 14 < 0): x from 0 to 138, y from 2 to 58
            expect([out.width, out.height], name).toEqual([8 + 116 + 14, 14 + 28 + 14])
            expect(darkIn(out), name).toBeGreaterThan(500)
            expect(Either.isLeft(page2!) && page2.left.message, name).toBe("page 2 does not exist; an image has one page")
          }
        }))

      it.effect("files that cannot be drawn fail as a whole: other formats, a wrong signature, a damaged PDF", () =>
        Effect.gen(function*() {
          const region = [{ page: 1, x: 0, y: 0, w: 1, h: 1 }]
          const docx = yield* Effect.flip(render("report.docx", F.sampleDocx(), region))
          expect(docx).toMatchObject({ _tag: "RenderFailure", reason: "unsupported" })
          expect(docx.message).toContain("previews are drawn for PDFs and images")
          const mismatch = yield* Effect.flip(render("scan.png", F.sampleDocx(), region))
          expect(mismatch).toMatchObject({ _tag: "RenderFailure", reason: "unreadable" })
          const damaged = yield* Effect.flip(render("broken.pdf", F.utf8("%PDF-1.7\nthis is not a PDF body"), region))
          expect(damaged).toMatchObject({ _tag: "RenderFailure", reason: "unreadable" })
        }))
    })
  })

suite("renderer on the calling thread", rendererLayerInProcess())
suite("renderer in the worker pool", rendererLayerWith({ workers: 1 }))
