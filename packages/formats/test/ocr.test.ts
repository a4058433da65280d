/**
 * OCR, offline: images of every listed type and a scanned PDF page, read by tesseract.js with the
 * English model from the npm package @tesseract.js-data/eng (no download). The images are drawn
 * in code with a 5×7 bitmap font, so the expected words are known.
 */
import { Documents } from "@docket/core"
import { layerInProcess } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as F from "./fixtures.js"

const parse = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => parser.parse({ fileName, bytes })).pipe(Effect.map((doc) => doc as Documents.ParsedTextDocument))

describe("ocr", () => {
  it.layer(layerInProcess())((it) => {
    const image = F.drawText("HELLO WORLD", 4)
    const png = F.png(image)

    it.effect("png, jpg, jpeg, tif, tiff, webp and bmp: words with pixel boxes and confidences", () =>
      Effect.gen(function*() {
        const jpeg = yield* Effect.promise(() => F.canvasEncode(png, "image/jpeg"))
        const webp = yield* Effect.promise(() => F.canvasEncode(png, "image/webp"))
        const files: Array<[string, Uint8Array]> = [
          ["scan.png", png], ["scan.jpg", jpeg], ["scan.jpeg", jpeg], ["scan.tif", F.tiff(image)], ["scan.tiff", F.tiff(image)],
          ["scan.webp", webp], ["scan.bmp", F.bmp(image)]
        ]
        for (const [name, bytes] of files) {
          const doc = yield* parse(name, bytes)
          expect(doc.ocr_applied, name).toBe(true)
          expect(doc.page_count).toBe(1)
          expect(doc.text, name).toBe("HELLO WORLD")
          expect(doc.pages[0]).toMatchObject({ width: image.width, height: image.height, unit: "px", ocr: true })
          const [hello, world] = doc.pages[0].items
          expect(hello).toMatchObject({ text: "HELLO", source: "ocr" })
          // the glyphs of HELLO start at x = 2 cells × 4 px and y = 4 rows × 4 px, 7 rows high
          expect(hello.x).toBeGreaterThanOrEqual(6)
          expect(hello.x).toBeLessThanOrEqual(10)
          expect(hello.y).toBeGreaterThanOrEqual(14)
          expect(hello.y).toBeLessThanOrEqual(18)
          expect(hello.h).toBeGreaterThanOrEqual(26)
          expect(hello.h).toBeLessThanOrEqual(30)
          expect(world.text).toBe("WORLD")
          expect(world.x).toBeGreaterThan(hello.x + hello.w)
          expect(hello.confidence).toBeGreaterThan(0.5)
        }
      }), 60_000)

    it.effect("a scanned PDF page (an image, no text layer) is rendered and read, with boxes in points", () =>
      Effect.gen(function*() {
        const scan = F.png(F.drawText("HELLO WORLD", 4))
        const pdf = yield* Effect.promise(() => F.scannedPdf(scan))
        const doc = yield* parse("scan.pdf", pdf)
        expect(doc.ocr_applied).toBe(true)
        expect(doc.pages[0].ocr).toBe(true)
        expect(doc.text).toBe("HELLO WORLD")
        expect(doc.blocks).toEqual([{ type: "paragraph", page: 1, text: "HELLO WORLD" }])
        const [first] = doc.pages[0].items
        // 300 dpi: the word starts at 2 cells × 4 px × 72/300 = 1.92 pt
        expect(first.text).toBe("HELLO")
        expect(first.x).toBeGreaterThan(1.2)
        expect(first.x).toBeLessThan(2.7)
        expect(first.y + first.h).toBeLessThanOrEqual(doc.pages[0].height!)
      }), 60_000)
  })

  it.layer(layerInProcess({ limits: { ocrTimeoutMs: 1 } }))((it) => {
    it.effect("OCR is time-boxed", () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(parse("scan.png", F.png(F.drawText("HELLO WORLD", 4))))
        expect(error).toMatchObject({ _tag: "FileTooComplex", limit: "time", message: "OCR of the PNG image did not finish within 0 s." })
      }), 60_000)
  })
})
