/**
 * A document as rows of cells, the one layout the local extractor and the ground operation read,
 * whatever the format:
 * - pages with positioned text (PDF text runs, OCR words): runs on one baseline form a row, and a
 *   horizontal gap wider than `CELL_GAP` times the text height starts a new cell, so "Invoice No."
 *   and "INV-1001" drawn apart are two cells while the words of one phrase stay together;
 * - pages without positions (DOCX, HTML, text): each line of the page's text is a row; a line with
 *   tabs or ` | ` (a parsed table's row) is split there keeping column numbers, other lines at runs
 *   of 2+ spaces keeping character columns;
 * - sheets: one row per spreadsheet row, one cell per non-empty cell (with its reference).
 * Cells keep where they came from, so a value found in a cell can be located again (boxes from
 * the runs' positions, cell references, character offsets in the page text).
 */
import type { ExtractionContent } from "../../intelligence/extractor.js"
import type { DocumentPage, Sheet, TextItem } from "../parsed-document.js"

/** a gap wider than this many text heights separates two cells of a row */
export const CELL_GAP = 0.9
/** an OCR gap wider than this many text heights separates two cells when the lines around it share it */
const ALIGNED_GAP = 0.8
/** how many lines above and below are looked at for a shared gap */
const ALIGNED_LINES = 2

export interface LayoutCell {
  readonly text: string
  /** horizontal extent: page units for positioned text, character columns of a plain text line, column numbers of a table row or sheet */
  readonly x0: number
  readonly x1: number
  /** positioned runs the cell is made of (page units, top-left origin), empty without positions */
  readonly items: ReadonlyArray<TextItem>
  /** a spreadsheet cell's reference (`B7`), else null */
  readonly ref: string | null
}

export interface LayoutRow {
  /** 1-indexed page; for spreadsheets the ordinal of the sheet */
  readonly page: number
  readonly sheet: string | null
  /** top of the row (page units), or its line / row number */
  readonly top: number
  readonly height: number
  readonly cells: ReadonlyArray<LayoutCell>
  readonly positioned: boolean
  /** a row of the page before the batch: read for context (table headers), never extracted from */
  readonly context: boolean
  /** cells placed by column number (a sheet's row, a tab- or pipe-separated line), not by position */
  readonly ordinal?: true
}

export interface Layout {
  readonly rows: ReadonlyArray<LayoutRow>
  /** page sizes (positioned pages only), by page number */
  readonly pageSizes: ReadonlyMap<number, { readonly width: number; readonly height: number }>
}

const rowText = (cells: ReadonlyArray<LayoutCell>) => cells.map((c) => c.text).join(" ")
export const textOfRow = (row: LayoutRow): string => rowText(row.cells)

/** glyphs that reach above the x-height (capitals, digits, ascenders) and below the baseline */
const ASCENDING = /[\p{Lu}\p{N}bdfhklt]/u
const DESCENDING = /[gjpqy]/

/**
 * The height of an item's line of text: a text run's box spans the font's ascent and descent, but
 * an OCR word's box spans only its ink, so an all-capitals word ("FRESHMART") or one without
 * descenders is shorter than its text, and a word of x-height letters only ("one") far shorter.
 * Scaled up by what its glyphs leave out, the gap between an OCR'd heading's words is measured
 * as it is on the text layer (else the words of a bold heading part into two cells).
 */
const textHeight = (item: TextItem): number => {
  if (item.source !== "ocr") return item.h
  const up = ASCENDING.test(item.text)
  const down = DESCENDING.test(item.text)
  return up && down ? item.h : up || down ? item.h * 1.25 : item.h * 1.8
}

/**
 * Where an item's text stands: an OCR word's ink ends below the baseline by its descenders
 * ("through", "Shipping"), about a fifth of its text's height, so the word is put on the line of
 * its neighbours without descenders rather than on a line of its own.
 */
const inkBaseline = (item: TextItem): number =>
  item.source === "ocr" && DESCENDING.test(item.text) ? item.y + item.h - 0.2 * textHeight(item) : item.y + item.h

const positionedRows = (page: DocumentPage): Array<LayoutRow> => {
  const inked = page.items.filter((i) => i.text.trim() !== "")
  // (`reach`: the height a line is matched by; `size`: its words' height)
  const lines: Array<{ baseline: number; reach: number; size: number; items: Array<TextItem> }> = []
  // an OCR word's box may be far taller than its text (reaching into the next line): it is matched
  // to a line as a box of the page's usual height about its own middle. A mark far shorter (a
  // dash, a dot) joins the line it sits on: the one its foot is on (a dot, a comma), else the one
  // its middle is in (a dash); it is placed once the lines are known and makes no line taller.
  const heights = inked.filter((i) => i.source === "ocr").map((i) => i.h).sort((a, b) => a - b)
  const usual = heights[Math.floor(heights.length / 2)]
  const tall = (i: TextItem) => usual !== undefined && i.source === "ocr" && i.h > 1.6 * usual
  // a tall OCR "word" of marks only, read with little confidence ("~~" over a drawn bar), is a
  // drawing, not text: kept, it joins the cells beside it ("28Jan2026 ~~ SPOTIFY")
  const items = inked.filter((i) => !(tall(i) && (i.confidence ?? 1) < 0.3 && !/[\p{L}\p{N}]/u.test(i.text)))
  const short = (i: TextItem) => usual !== undefined && i.source === "ocr" && i.h < 0.5 * usual
  const box = (i: TextItem) => (tall(i) ? { bottom: i.y + i.h / 2 + usual! / 2, h: usual! } : { bottom: inkBaseline(i), h: i.h })
  const near = (bottom: number, h: number) => lines.find((l) => Math.abs(l.baseline - bottom) <= Math.max(l.reach, h) * 0.4)
  for (const item of [...items].filter((i) => !short(i)).sort((a, b) => box(a).bottom - box(b).bottom || a.x - b.x)) {
    const { bottom: baseline, h } = box(item)
    const line = near(baseline, h)
    if (line === undefined) lines.push({ baseline, reach: h, size: item.h, items: [item] })
    else {
      line.items.push(item)
      line.reach = Math.max(line.reach, h)
      line.size = Math.max(line.size, item.h)
    }
  }
  for (const item of items.filter(short)) {
    const line = near(item.y + item.h, item.h) ?? near(item.y + item.h / 2 + usual! / 2, usual!)
    if (line === undefined) lines.push({ baseline: item.y + item.h, reach: item.h, size: item.h, items: [item] })
    else line.items.push(item)
  }
  lines.sort((a, b) => a.baseline - b.baseline)
  // two OCR words are measured by their own text's height too (a capitals heading's word gap),
  // not the line's tallest: a column of amounts beside them would join a date to its description
  const own = (i: TextItem) => (tall(i) || short(i) ? 0 : textHeight(i))
  const measured = lines.map((line) => {
    // the gap between cells is measured in the height of the line's usual words: one tall OCR box does not join its neighbours
    const usualHeights = line.items.filter((i) => !tall(i) && !short(i)).map((i) => i.h).sort((a, b) => a - b)
    const gap = usualHeights.length > 0 ? usualHeights[usualHeights.length - 1]! : line.size
    // Two OCR words are measured by their own text's height alone: OCR boxes of one size of type
    // vary with the reading (a column of amounts may get boxes half as tall again as the letters
    // beside it when the image is enlarged), so the line's tallest word would join a date to its
    // description at one scale and not at another. Marks without a height of their own (a dash,
    // a tall box) are measured by the line's middle word.
    const middle = usualHeights.length > 0 ? usualHeights[Math.floor(usualHeights.length / 2)]! : line.size
    const measure = (a: TextItem, b: TextItem) =>
      Math.max(a.source === "ocr" && b.source === "ocr" ? Math.max(own(a), own(b)) || middle : Math.max(gap, own(a), own(b)), 1)
    const sorted = line.items.sort((a, b) => a.x - b.x)
    // the wide gaps between OCR words (nearly a cell gap, well over two word spaces), as page spans
    const wide: Array<{ from: number; to: number }> = []
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1]!
      const b = sorted[k]!
      if (a.source === "ocr" && b.source === "ocr" && b.x - (a.x + a.w) > ALIGNED_GAP * measure(a, b)) wide.push({ from: a.x + a.w, to: b.x })
    }
    return { line, sorted, measure, wide }
  })
  // A wide gap that lines around it share, the words after it starting at one x, is a column's
  // edge even when narrower than CELL_GAP: OCR'd table columns may stand less than a text height
  // apart ("01Aug2018  Clearing Cheque"), and whether such a gap reads a little over or under the
  // threshold varies with the scan. The wide gaps of prose (after a full stop) or of a capitals
  // heading's words seldom line up from one line to the next, and the words after them do not
  // start at one x.
  const aligned = (index: number, from: number, to: number, size: number): boolean => {
    let shared = 0
    for (let j = Math.max(0, index - ALIGNED_LINES); j <= Math.min(measured.length - 1, index + ALIGNED_LINES); j++) {
      if (j !== index && measured[j]!.wide.some((g) => Math.min(g.to, to) > Math.max(g.from, from) && Math.abs(g.to - to) <= 0.25 * size)) shared++
    }
    return shared >= 2
  }
  return measured.map(({ line, sorted, measure }, index) => {
    const cells: Array<{ items: Array<TextItem>; x0: number; x1: number }> = []
    for (const item of sorted) {
      const last = cells[cells.length - 1]
      const before = last?.items[last.items.length - 1]
      const space = last === undefined ? 0 : item.x - last.x1
      const joins = last !== undefined && before !== undefined && space <= CELL_GAP * measure(before, item) &&
        !(item.source === "ocr" && before.source === "ocr" && space > ALIGNED_GAP * measure(before, item) && aligned(index, last.x1, item.x, measure(before, item)))
      if (joins) {
        last.items.push(item)
        last.x1 = Math.max(last.x1, item.x + item.w)
      } else cells.push({ items: [item], x0: item.x, x1: item.x + item.w })
    }
    return {
      page: page.page_number,
      sheet: null,
      top: line.baseline - line.reach,
      height: line.reach,
      positioned: true,
      context: false,
      cells: cells.map((c) => ({
        text: c.items.map((i) => i.text.trim()).join(" ").replace(/\s+/g, " "),
        x0: c.x0,
        x1: c.x1,
        items: c.items,
        ref: null
      }))
    }
  })
}

/** cells of a line with ` | ` between them but no leading pipe */
const SPLIT = /\s{2,}|\s\|\s/
const GAP = /\s{2,}/g

/**
 * Cells of a text line. Table rows (tab-separated, as parsed tables render, or with ` | ` between
 * cells) keep their column numbers: their cells line up by order, not by character. Other lines
 * are split at runs of 2+ spaces and keep their character columns, so fixed-width text (labels in
 * one row over their values in the next, numbers right-aligned under their headings) is paired by
 * position as a page's positioned text is.
 */
export const lineCells = (line: string): Array<LayoutCell> => {
  if (line.includes("\t") || /\s\|\s|^\s*\|/.test(line)) {
    // a markdown row splits at its unescaped pipes only, an empty cell keeping its column
    const parts = line.includes("\t")
      ? line.split("\t").map((text, c) => ({ text: text.trim(), c }))
      : /^\s*\|/.test(line)
        ? line.replace(/^\s*\|/, "").replace(/(?<!\\)\|\s*$/, "").split(/(?<!\\)\|/).map((text, c) => ({ text: text.trim().replace(/\\\|/g, "|"), c }))
        : line.split(SPLIT).map((text, c) => ({ text: text.trim(), c }))
    return parts.filter((p) => p.text !== "").map(({ text, c }) => ({ text, x0: c, x1: c + 0.9, items: [], ref: null }))
  }
  const cells: Array<LayoutCell> = []
  let start = 0
  const push = (end: number) => {
    const raw = line.slice(start, end)
    const text = raw.trim()
    if (text === "") return
    const x0 = start + (raw.length - raw.trimStart().length)
    cells.push({ text, x0, x1: x0 + text.length, items: [], ref: null })
  }
  for (const m of line.matchAll(GAP)) {
    push(m.index)
    start = m.index + m[0].length
  }
  push(line.length)
  return cells
}

const textRows = (page: DocumentPage): Array<LayoutRow> => {
  const rows: Array<LayoutRow> = []
  page.text.split("\n").forEach((line, i) => {
    if (line.trim() === "" || /^[\s|:-]+$/.test(line)) return
    const ordinal = line.includes("\t") || /\s\|\s|^\s*\|/.test(line)
    rows.push({ page: page.page_number, sheet: null, top: i, height: 1, positioned: false, context: false, cells: lineCells(line), ...(ordinal ? { ordinal: true as const } : {}) })
  })
  return rows
}

const sheetRows = (sheet: Sheet, ordinal: number): Array<LayoutRow> => {
  const byRow = new Map<number, Array<LayoutCell>>()
  for (const cell of sheet.cells) {
    if (cell.text.trim() === "") continue
    let row = byRow.get(cell.row)
    if (row === undefined) byRow.set(cell.row, (row = []))
    row.push({ text: cell.text.trim(), x0: cell.col, x1: cell.col + 0.9, items: [], ref: cell.ref })
  }
  return [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([r, cells]) => ({
    page: ordinal,
    sheet: sheet.sheet_name,
    top: r,
    height: 1,
    positioned: false,
    context: false,
    ordinal: true as const,
    cells: cells.sort((a, b) => a.x0 - b.x0)
  }))
}

/** The rows of a batch: positioned pages from their runs, other pages from their text lines, sheets from cells. */
export const layoutOf = (content: Pick<ExtractionContent, "pages" | "sheets" | "preceding">): Layout => {
  const rows: Array<LayoutRow> = []
  const pageSizes = new Map<number, { width: number; height: number }>()
  const pageRows = (page: DocumentPage) => (page.items.length > 0 ? positionedRows(page) : textRows(page))
  if (content.preceding !== undefined && content.preceding !== null) {
    rows.push(...pageRows(content.preceding).map((r) => ({ ...r, context: true })))
  }
  for (const page of content.pages) {
    rows.push(...pageRows(page))
    if (page.items.length > 0 && page.width !== null && page.height !== null) {
      pageSizes.set(page.page_number, { width: page.width, height: page.height })
    }
  }
  content.sheets.forEach((sheet, i) => rows.push(...sheetRows(sheet, i + 1)))
  return { rows, pageSizes }
}

/** Whether two cells overlap horizontally (or nearly, for column-number cells). */
export const overlapsHorizontally = (a: LayoutCell, b: LayoutCell): boolean => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > -0.05
