/**
 * Split's part files for PDFs: `pageExtractorLayer` cuts pages into a new PDF that reads back
 * with exactly those pages' text; ranges outside the document and unreadable files are refused.
 */
import { Documents } from "@docket/core"
import { layerInProcess, pageExtractorLayer } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as F from "./fixtures.js"

const pages = (n: number) => Array.from({ length: n }, (_, i) => [{ text: `Page ${i + 1} text`, x: 72, y: 700, size: 12 }])

describe("page extractor (split's part files)", () => {
  it.layer(Layer.merge(layerInProcess(), pageExtractorLayer))((it) => {
    it.effect("cuts pages 2-3 of a 4-page PDF into a 2-page PDF with their text", () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() => F.samplePdf(pages(4)))
        const extractor = yield* Documents.PageExtractor
        expect(extractor.extensions).toEqual([".pdf"])
        const part = yield* extractor.extract({ bytes, fileName: "bundle.pdf", pageStart: 2, pageEnd: 3 })
        const parsed = (yield* Effect.flatMap(Documents.DocumentParser, (p) => p.parse({ bytes: part, fileName: "part.pdf" }))) as Documents.ParsedTextDocument
        expect(parsed.page_count).toBe(2)
        expect(parsed.pages.map((p) => p.text)).toEqual(["Page 2 text", "Page 3 text"])
      }))

    it.effect("refuses a range outside the document and a file that is not a PDF", () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() => F.samplePdf(pages(2)))
        const extractor = yield* Documents.PageExtractor
        const outside = yield* Effect.flip(extractor.extract({ bytes, fileName: "a.pdf", pageStart: 2, pageEnd: 3 }))
        expect(outside._tag).toBe("PagesNotExtractable")
        expect(outside.message).toContain("2-3")
        const junk = yield* Effect.flip(extractor.extract({ bytes: new TextEncoder().encode("not a pdf"), fileName: "a.pdf", pageStart: 1, pageEnd: 1 }))
        expect(junk._tag).toBe("PagesNotExtractable")
      }))
  })
})
