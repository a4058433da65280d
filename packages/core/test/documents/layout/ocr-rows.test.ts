/**
 * OCR words on rows (`documents/layout/layout.ts`): a word's box far taller or shorter than the line's
 * text is placed by its middle; cell gaps are measured in the words' own text height, and a gap a
 * little under a cell gap that the lines around share is a column's edge.
 */
import { describe, expect, it } from "vitest"
import { layoutOf } from "../../../src/documents/layout/layout.js"
import type { DocumentPage, TextItem } from "../../../src/documents/parsed-document.js"

const word = (text: string, x: number, y: number, h: number, source: TextItem["source"] = "ocr"): TextItem =>
  ({ text, x, y, w: text.length * 7, h, source, confidence: source === "ocr" ? 0.9 : null })

const page = (items: ReadonlyArray<TextItem>): DocumentPage =>
  ({ page_number: 1, text: "", width: 960, height: 300, unit: "px", items, ocr: true })

const rows = (items: ReadonlyArray<TextItem>) => layoutOf({ pages: [page(items)], sheets: [], preceding: null }).rows.map((r) => r.cells.map((c) => c.text))

describe("OCR words on rows", () => {
  it("puts a word whose box reaches into the line above, and a dash drawn low, on their own line", () => {
    expect(rows([
      word("31Jul2018", 32, 105, 11), word("Balance Forward", 123, 105, 11), word("99,878.08", 836, 105, 13), word("-", 905, 111, 2),
      word("01Aug2018", 32, 122, 14), word("Clearing Cheque", 122, 122, 14), word("4987", 568, 122, 11), word("36.07", 662, 114, 28), word("99,914.15", 836, 122, 13), word("-", 905, 128, 2),
      word("01Aug2018", 32, 139, 14), word("Clearing Cheque", 122, 139, 14), word("4986", 568, 139, 11), word("60.93", 662, 131, 28), word("99,975.08", 836, 139, 13), word("-", 905, 145, 2)
    ])).toEqual([
      ["31Jul2018", "Balance Forward", "99,878.08 -"],
      ["01Aug2018", "Clearing Cheque", "4987", "36.07", "99,914.15 -"],
      ["01Aug2018", "Clearing Cheque", "4986", "60.93", "99,975.08 -"]
    ])
  })

  it("keeps a dot or comma OCR read apart on the line its foot is on", () => {
    expect(rows([
      word("Total", 32, 100, 14), word(",", 68, 111, 4), word("due", 80, 100, 14),
      word("Paid", 32, 117, 14)
    ])).toEqual([["Total , due"], ["Paid"]])
  })

  it("keeps an OCR'd capitals heading one cell though its word gap is wider than its capitals are tall", () => {
    // an OCR box spans the ink only: capitals without descenders are shorter than their line of text
    expect(rows([
      word("FRESHMART", 119, 70, 13), word("GROCERS", 196, 70, 14),
      word("Total", 30, 120, 13), word("49.44", 200, 120, 13),
      // a date and its description as far apart, beside a column of taller amounts, stay apart
      word("01Aug2018", 32, 150, 14), word("Clearing", 109, 150, 14), word("99,914.15", 836, 150, 13)
    ])).toEqual([["FRESHMART GROCERS"], ["Total", "49.44"], ["01Aug2018", "Clearing", "99,914.15"]])
  })

  it("keeps an OCR'd word whose descenders reach below its line on that line", () => {
    // "through" ends 8 px lower than the dates beside it: its "g" reaches below the baseline
    expect(rows([
      word("Period: 05/01/2026", 755, 138, 14), word("through", 888, 143, 17), word("05/31/2026", 945, 138, 14),
      word("Account", 884, 172, 14)
    ])).toEqual([["Period: 05/01/2026 through 05/31/2026"], ["Account"]])
  })

  it("drops a tall mark OCR read with little confidence between a row's cells", () => {
    const mark: TextItem = { text: "~~", x: 217, y: 1194, w: 16, h: 31, source: "ocr", confidence: 0.19 }
    expect(rows([
      word("28Jan2026", 105, 1202, 13), mark, word("SPOTIFY", 247, 1202, 13), word("4,112.56", 1067, 1202, 15),
      word("29Jan2026", 105, 1238, 13), word("SHELL", 247, 1238, 13)
    ])).toEqual([["28Jan2026", "SPOTIFY", "4,112.56"], ["29Jan2026", "SHELL"]])
  })

  it("keeps a text layer's large heading on its own baseline", () => {
    expect(rows([word("INVOICE", 32, 10, 30, "text_layer"), word("No. 7", 300, 30, 10, "text_layer"), word("Date", 32, 60, 10, "text_layer")])).toEqual([["INVOICE", "No. 7"], ["Date"]])
  })

  it("measures a gap by the two words' own height, not by a taller box elsewhere on the line", () => {
    // an enlarged scan: the amounts' boxes come out half as tall again as the letters beside them
    const box = (text: string, x: number, w: number, y: number, h: number): TextItem => ({ text, x, y, w, h, source: "ocr", confidence: 0.9 })
    expect(rows([
      box("01Aug2018", 32, 76.5, 122, 14.5), box("Clearing", 122, 55, 122, 14.5), box("Cheque", 182, 52.5, 122, 14),
      box("4987", 568.5, 33.5, 119.5, 19), box("36.07", 664, 39, 119.5, 19), box("99,914.15", 836, 66, 122, 13)
    ])).toEqual([["01Aug2018", "Clearing Cheque", "4987", "36.07", "99,914.15"]])
  })

  it("parts the lines of a table at a gap they share though it is a little under a cell gap, not prose at one full stop", () => {
    const box = (text: string, x: number, w: number, y: number, h = 14.5): TextItem => ({ text, x, y, w, h, source: "ocr", confidence: 0.9 })
    // 13 px between the dates and the descriptions: 0.9 of the words' height, just under CELL_GAP × 14.5
    const table = [0, 1, 2].flatMap((i) => [
      // (an OCR box spans the ink: "Assisted" has no descender)
      box("01Aug2018", 32, 76.5, 122 + 17 * i), box(i === 1 ? "Assisted" : "Clearing", 121.5, 56, 122 + 17 * i, i === 1 ? 11 : 14.5),
      box(i === 1 ? "Deposit" : "Cheque", 182.5, 52, 122 + 17 * i),
      box("99,914.15", 836, 66, 122 + 17 * i, 13), box(i === 1 ? "EX" : "-", 913, i === 1 ? 19 : 5, 122 + 17 * i + (i === 1 ? 0 : 5), i === 1 ? 13 : 2)
    ])
    expect(rows(table)).toEqual([
      ["01Aug2018", "Clearing Cheque", "99,914.15 -"],
      ["01Aug2018", "Assisted Deposit", "99,914.15 EX"],
      ["01Aug2018", "Clearing Cheque", "99,914.15 -"]
    ])
    // the same gap after a sentence, on no other line, is a wide word space
    expect(rows([
      box("harder.", 32, 48, 300), box("Then", 93, 30, 300), box("we", 128, 18, 300, 10),
      box("saw", 32, 24, 317, 10), box("the", 61, 20, 317), box("light", 86, 30, 317)
    ])).toEqual([["harder. Then we"], ["saw the light"]])
  })
})
