import { describe, expect, it } from "@effect/vitest"
import type { Block, Sheet } from "../../../src/documents/parsed-document.js"
import { deriveFile } from "../../../src/workspaces/ingestion/derive.js"
import { CHUNK_MAX_CHARS, CHUNK_TARGET_CHARS, chunkDocument, MAX_REPEATED_HEADER_CHARS, type SearchChunk } from "../../../src/workspaces/search/chunking.js"

const common = { file_name: "f", markdown: "", text: "", pages: [], chunks: [], warnings: [], ocr_applied: false } as any
const document = (blocks: ReadonlyArray<Block>, pageCount: number) =>
  deriveFile({ ...common, kind: "document", blocks, page_count: pageCount, markdown: "" }, "report.pdf")
const spreadsheet = (sheets: ReadonlyArray<Pick<Sheet, "sheet_name" | "markdown">>) =>
  deriveFile({ ...common, kind: "spreadsheet", sheets: sheets.map((s) => ({ ...s, cells: [], max_row: 0, max_col: 0 })) }, "book.xlsx")

const chunksOf = (d: ReturnType<typeof deriveFile>) => chunkDocument(d.markdown, d.pages, d.components)

/** every non-blank character of the markdown in exactly one chunk's range; ranges in order */
const expectCover = (markdown: string, chunks: ReadonlyArray<SearchChunk>) => {
  const owner = new Array<number>(markdown.length).fill(-1)
  for (const c of chunks) {
    for (let i = c.locator.char_start; i < c.locator.char_end; i++) {
      expect(owner[i], `char ${i} in two chunks`).toBe(-1)
      owner[i] = c.chunk_index
    }
  }
  for (let i = 0; i < markdown.length; i++) if (/\S/.test(markdown[i]!)) expect(owner[i], `char ${i} (${JSON.stringify(markdown[i])}) in no chunk`).toBeGreaterThanOrEqual(0)
  chunks.forEach((c, i) => {
    expect(c.chunk_index).toBe(i)
    if (i > 0) expect(c.locator.char_start).toBeGreaterThanOrEqual(chunks[i - 1]!.locator.char_end)
  })
}

const sentence = (i: number) => `Sentence number ${i} says something about the quarterly revenue of the company.`

describe("chunkDocument", () => {
  it("never crosses a page or a section; each chunk carries its page and section", () => {
    const d = document([
      { type: "heading", page: 1, level: 1, text: "Summary" },
      { type: "paragraph", page: 1, text: "Revenue grew." },
      { type: "paragraph", page: 2, text: "Costs fell." },
      { type: "heading", page: 2, level: 2, text: "Outlook" },
      { type: "paragraph", page: 2, text: "Next year looks good." }
    ], 2)
    const chunks = chunksOf(d)
    expectCover(d.markdown, chunks)
    expect(chunks.map((c) => [c.text, c.locator.kind, c.locator.page, c.component, c.title])).toEqual([
      ["# Summary\n\nRevenue grew.", "page", 1, "Summary", "Summary"],
      ["Costs fell.", "page", 2, "Summary", "Summary"],
      ["## Outlook\n\nNext year looks good.", "page", 2, "Outlook", "Outlook"]
    ])
    for (const c of chunks) expect(d.markdown.slice(c.locator.char_start, c.locator.char_end)).toBe(c.text)
  })

  it("packs blocks up to the target and cuts a long paragraph at sentence ends", () => {
    const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join(" ")
    const d = document([
      { type: "paragraph", page: 1, text: "Short opening." },
      { type: "paragraph", page: 1, text: long },
      ...Array.from({ length: 30 }, (_, i): Block => ({ type: "paragraph", page: 1, text: sentence(100 + i) }))
    ], 1)
    const chunks = chunksOf(d)
    expectCover(d.markdown, chunks)
    expect(chunks.length).toBeGreaterThan(4)
    for (const c of chunks) {
      expect(c.locator.char_end - c.locator.char_start).toBeLessThanOrEqual(CHUNK_MAX_CHARS)
      expect(c.text).toBe(d.markdown.slice(c.locator.char_start, c.locator.char_end))
    }
    // the long paragraph's pieces end at a sentence's end
    for (const c of chunks.filter((c) => c.text.includes("Sentence number 1 "))) expect(c.text).toMatch(/\.$/)
    // packing: the short paragraphs after it share chunks, each but the last filled near the target
    const tail = chunks.filter((c) => c.text.startsWith("Sentence number 1") && /number 1\d\d /.test(c.text))
    expect(tail.length).toBeGreaterThan(1)
    for (const c of tail.slice(0, -1)) expect(c.text.length).toBeGreaterThan(CHUNK_TARGET_CHARS - 100)
    expect(tail.flatMap((c) => c.text.match(/number 1\d\d /g) ?? [])).toHaveLength(30)
  })

  it("a text without structure: locator kind text, no component", () => {
    const chunks = chunkDocument("Just a note.\n\nAnother line.", [], [])
    expect(chunks).toEqual([{ chunk_index: 0, text: "Just a note.\n\nAnother line.", title: "", component: null, locator: { kind: "text", page: null, char_start: 0, char_end: 27 } }])
    expect(chunkDocument("", [], [])).toEqual([])
    expect(chunkDocument("  \n\n  ", [], [])).toEqual([])
  })

  it("a sheet is cut into row blocks, each led by the header row; the sheet is the component", () => {
    const rows = Array.from({ length: 80 }, (_, i) => `| INV-${1000 + i} | Acme Corporation Limited | ${(i * 17.5).toFixed(2)} | EUR |`)
    const table = ["| invoice | customer | amount | currency |", "| --- | --- | --- | --- |", ...rows].join("\n")
    const d = spreadsheet([{ sheet_name: "Invoices", markdown: table }, { sheet_name: "Notes", markdown: "| note |\n| --- |\n| paid |" }])
    const chunks = chunksOf(d)
    expectCover(d.markdown, chunks)
    const invoices = chunks.filter((c) => c.component === "Invoices")
    expect(invoices.length).toBeGreaterThan(2)
    expect(invoices[0]!.text.startsWith("## Invoices\n\n| invoice |")).toBe(true)
    for (const c of invoices) {
      expect(c.locator).toMatchObject({ kind: "sheet", page: null })
      expect(c.text).toContain("| invoice | customer | amount | currency |\n| --- | --- | --- | --- |\n")
      expect(c.title).toBe("Invoices")
    }
    // every row is in exactly one chunk's text
    for (const r of rows) expect(invoices.filter((c) => c.text.includes(r))).toHaveLength(1)
    expect(chunks.filter((c) => c.component === "Notes").map((c) => c.text)).toEqual(["## Notes\n\n| note |\n| --- |\n| paid |"])
  })

  it("a header too long to lead every block (hundreds of columns) is cut like the rows: no chunk's text passes the maximum", () => {
    const columns = Array.from({ length: 300 }, (_, i) => `Marker${i}frequencyUnstim`)
    const header = `| ${columns.join(" | ")} |\n|${" --- |".repeat(columns.length)}`
    const rows = Array.from({ length: 20 }, (_, r) => `| ${columns.map((_, c) => (r * c) % 97).join(" | ")} |`)
    const d = spreadsheet([{ sheet_name: "Wide", markdown: [header, ...rows].join("\n") }])
    const chunks = chunksOf(d)
    expectCover(d.markdown, chunks)
    expect(header.length).toBeGreaterThan(MAX_REPEATED_HEADER_CHARS)
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS + "## Wide\n\n".length)
    // a short header still leads each block
    const narrow = spreadsheet([{ sheet_name: "N", markdown: ["| a | b |", "| --- | --- |", ...Array.from({ length: 200 }, (_, i) => `| ${i} | ${"v".repeat(20)} |`)].join("\n") }])
    for (const c of chunksOf(narrow)) expect(c.text).toContain("| a | b |\n| --- | --- |\n")
  })

  it("a row longer than a chunk is cut; no range passes the maximum; an endless line without spaces is cut hard", () => {
    const wide = `| ${"word ".repeat(800)}|`
    const d = spreadsheet([{ sheet_name: "Wide", markdown: `| h |\n| --- |\n${wide}\n| small |` }])
    const chunks = chunksOf(d)
    expectCover(d.markdown, chunks)
    for (const c of chunks) expect(c.locator.char_end - c.locator.char_start).toBeLessThanOrEqual(CHUNK_MAX_CHARS)
    const blob = "x".repeat(5000)
    const hard = chunkDocument(blob, [], [])
    expectCover(blob, hard)
    expect(hard.map((c) => c.text.length)).toEqual([1600, 1600, 1600, 200])
  })
})
