import { describe, expect, it } from "vitest"
import { categorizeCredits, extractCredits, groundCredits, parseCredits } from "../../../src/tenancy/billing/credits.js"
import { parseUnits } from "../../../src/documents/parse/parse-result.js"

describe("credits (spec 2, Limits)", () => {
  it("parse: 1 per page; 1 per 500 cells per sheet, rounded up per sheet", () => {
    expect(parseCredits({ kind: "document", pages: 7 })).toBe(7)
    expect(parseCredits({ kind: "spreadsheet", cellsPerSheet: [1, 500, 501] })).toBe(1 + 1 + 2)
    expect(parseCredits({ kind: "spreadsheet", cellsPerSheet: [0] })).toBe(0)
  })
  it("categorize: 2 per page, 2 per sheet", () => {
    expect(categorizeCredits({ kind: "document", pages: 3 })).toBe(6)
    expect(categorizeCredits({ kind: "spreadsheet", cellsPerSheet: [10_000, 1] })).toBe(4)
  })
  it("ground: 5 per requested item", () => {
    expect(groundCredits(1)).toBe(5)
    expect(groundCredits(30)).toBe(150)
  })
  it("extract (the spec leaves it open): as parse", () => {
    expect(extractCredits({ kind: "document", pages: 4 })).toBe(4)
    expect(extractCredits({ kind: "spreadsheet", cellsPerSheet: [1001] })).toBe(3)
  })
  it("a parse job's units are its parse credits", () => {
    const base = { file_name: "f", format: "csv", char_count: 0, markdown: "", text: "", blocks: [], chunks: [], ocr_applied: false, extraction_duration_ms: 0 }
    const sheet = (cell_count: number) => ({ sheet_name: "s", markdown: "", max_row: 1, max_col: 1, char_count: 0, cell_count })
    expect(parseUnits({ ...base, kind: "spreadsheet", page_count: 2, sheets: [sheet(501), sheet(3)] })).toBe(3)
    expect(parseUnits({ ...base, kind: "document", page_count: 9, sheets: [] })).toBe(9)
  })
})
