/**
 * Small images are read enlarged (`internal/ocr-enlarge.ts`): a table printed in 8 pt and scanned
 * at 100 dpi (letters some 8 px tall) reads its amounts with their decimal points, its word boxes
 * in the image's own pixels, and groups into the same cells as the same table scanned at 200 dpi
 * (read as it is): the cell gaps (core's `documents/layout/layout.ts`) are measured in the
 * letters' own size, whatever the scale.
 */
import { Documents } from "@docket/core"
import { layerInProcess } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { layoutOf } from "../../core/src/documents/layout/layout.js"
import { inkLineHeight, ocrScaleOf } from "../src/internal/ocr-enlarge.js"
import * as F from "./fixtures.js"

const parse = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => parser.parse({ fileName, bytes })).pipe(Effect.map((doc) => doc as Documents.ParsedTextDocument))

const cells = (doc: Documents.ParsedTextDocument) =>
  layoutOf({ pages: doc.pages, sheets: [], preceding: null }).rows.map((row) => row.cells.map((cell) => cell.text))

describe("small images are read enlarged", () => {
  it("enlarges images under 1,200 px wide twice, within a pixel budget", () => {
    expect(ocrScaleOf(850, 222)).toBe(2)
    expect(ocrScaleOf(1700, 2200)).toBe(1)
    expect(ocrScaleOf(1000, 20_000)).toBe(1)
  })

  it.layer(layerInProcess())((it) => {
    it.effect("a table in small print scanned at 100 dpi reads as the same cells as at 200 dpi", () =>
      Effect.gen(function*() {
        const small = yield* Effect.promise(() => F.smallPrintTableScan(100))
        const large = yield* Effect.promise(() => F.smallPrintTableScan(200))
        const a = yield* parse("small.png", small)
        const b = yield* parse("large.png", large)
        expect(a.pages[0]).toMatchObject({ width: 850, height: 223, unit: "px", ocr: true })
        const expected = [
          ["Date", "Description", "Debits", "Credits", "Balance"],
          ["01Aug2018", "Clearing Cheque", "36.07", "99,914.15"],
          ["01Aug2018", "Incoming Interac e-Transfer", "14.54", "99,928.69"],
          ["02Aug2018", "Assisted Deposit", "324.50", "100,253.19"],
          ["02Aug2018", "Transfer out to loan", "1,500.00", "98,753.19"]
        ]
        expect(cells(a)).toEqual(expected)
        expect(cells(b)).toEqual(expected)
        // boxes in the small image's own pixels: "14.54" stands at x = 420 pt × 100/72 ≈ 583 px
        const amount = a.pages[0].items.find((i) => i.text === "14.54")!
        expect(amount.x).toBeGreaterThan(578)
        expect(amount.x).toBeLessThan(590)
        expect(amount.y + amount.h).toBeLessThanOrEqual(a.pages[0].height!)
      }), 120_000)
  })
})

describe("the height of an image's lines of ink", () => {
  it("is the median run of inked pixel rows, rules and whole-page runs left out", () => {
    const width = 10
    const rows = [...Array(20).fill(0), ...Array(14).fill(1), ...Array(6).fill(0), 1, ...Array(5).fill(0), ...Array(30).fill(1), 0]
    const rgba = new Uint8Array(width * rows.length * 4).fill(255)
    rows.forEach((inked, y) => { if (inked === 1) rgba.fill(0, (y * width + 3) * 4, (y * width + 4) * 4 - 1) })
    // a 14 px line, a 1 px rule (left out) and a 30 px line: the median of [14, 30] is the upper one
    expect(inkLineHeight(rgba, width, rows.length)).toBe(30)
    expect(inkLineHeight(new Uint8Array(width * 200 * 4).fill(0).map((v, i) => (i % 4 === 3 ? 255 : v)), width, 200)).toBeUndefined()
  })
})
