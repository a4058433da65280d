/**
 * The held-out set's own layout layer: a document is a list of blocks (title, labelled values,
 * numbered clauses, paragraphs, tables), rendered to PDF, DOCX, HTML, TXT or XLSX. Located values
 * are written `[[field|text]]` in any block's strings; PDF, TXT and XLSX record where they land.
 * Written apart from eval/docs so that the held-out documents share no template with the first set.
 */
import { docx, docxParagraph, docxTable, xlsx, type XlsxValue } from "../lib/ooxml.js"
import { PdfWriter, renderPng } from "../lib/pdf.js"
import type { FileFormat, JsonSchema, Location, SheetTruth } from "../lib/truth.js"
import { escapeHtml, fieldOfKey, Locations, stripMarks, TextBuilder, utf8 } from "../lib/doc.js"

/** A labelled value: `label` printed beside (`inline`), above (`stacked`) or after (`after`: the value first) the value. */
export interface Labelled { readonly label: string; readonly value: string }

export type Block =
  | { readonly kind: "title"; readonly text: string }
  | { readonly kind: "labels"; readonly pairs: ReadonlyArray<Labelled>; readonly style: "inline" | "stacked" | "after"; readonly columns: 1 | 2 | 3 }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "clauses"; readonly items: ReadonlyArray<{ readonly number: string; readonly heading: string; readonly text: string }> }
  | { readonly kind: "table"; readonly header: ReadonlyArray<string>; readonly rows: ReadonlyArray<ReadonlyArray<string>> }
  /** lines of an address block (a letterhead, a recipient's address), one under the other, no label */
  | { readonly kind: "lines"; readonly lines: ReadonlyArray<string> }
  /** fixed-width text (a typewriter or printer layout): spaces align columns; PDF sets it in Courier */
  | { readonly kind: "pre"; readonly lines: ReadonlyArray<string> }
  /**
   * an item table as invoicing software sets it: columns at given widths (shares of the line),
   * each with its own alignment for the heading and for the values; a value's lines are split at
   * "\n" (a wrapped description); on a new page the heading is repeated or not; a row of one
   * cell "\f" breaks the page there (PDF; other formats drop it)
   */
  | { readonly kind: "grid"; readonly columns: ReadonlyArray<GridColumn>; readonly rows: ReadonlyArray<ReadonlyArray<string>>; readonly repeatHeader: boolean }
  /**
   * blocks of lines side by side (a seller's address on the left, the buyer's on the right, an
   * invoice's facts beside them): each column starts at `at` (a share of the text width) and its
   * lines share rows with the other columns' ("" leaves a row empty); `bold` sets a column's first line in bold;
   * `right` aligns a column's lines on their right edge at `at`; `leading` (PDF) sets a column's line spacing (13 by default)
   */
  | { readonly kind: "columns"; readonly columns: ReadonlyArray<{ readonly at: number; readonly lines: ReadonlyArray<string>; readonly bold?: boolean; readonly right?: boolean; readonly leading?: number }> }

export interface GridColumn {
  readonly header: string
  /** share of the line's width */
  readonly width: number
  readonly headerAlign: "l" | "r" | "c"
  readonly align: "l" | "r" | "c"
}

export interface PdfStyle {
  /** clause and paragraph text set in two newspaper columns */
  readonly twoColumnText: boolean
  readonly font: "sans" | "serif"
  /** page 1 rendered to an image (a scan, read by OCR) */
  readonly scan: boolean
}

export interface Rendered {
  readonly bytes: Uint8Array
  readonly format: FileFormat
  readonly locations: ReadonlyArray<Location>
  readonly pages: number | null
  readonly sheets: ReadonlyArray<SheetTruth> | null
}

/** The description of the schema property at `path` (`total`, `parties[0]`, `earnings[2].amount`): the semantic query. */
export const describe = (schema: JsonSchema, path: string): string => {
  let node: JsonSchema | undefined = schema
  // an item without a description of its own (a string in a list) takes the list's
  let text: string | undefined
  for (const part of path.split(".")) {
    const m = /^([^[]+)(\[\d+\])?$/.exec(part)
    if (m === null || node === undefined) break
    node = node.properties?.[m[1]]
    text = node?.description ?? text
    if (m[2] !== undefined) node = node?.items
  }
  text = node?.description ?? text
  if (text === undefined) throw new Error(`no description for ${path}`)
  return text.replace(/ \(ISO date YYYY-MM-DD\)$/, "")
}

/** the rows of side-by-side columns: row i holds each column's line i ("" where a column is shorter) */
const columnRows = (columns: ReadonlyArray<{ readonly lines: ReadonlyArray<string> }>): Array<Array<string>> =>
  Array.from({ length: Math.max(...columns.map((c) => c.lines.length)) }, (_, i) => columns.map((c) => c.lines[i] ?? ""))

// ---------------------------------------------------------------- PDF

const A4: readonly [number, number] = [595, 842]
const MARGIN = 50
const BOTTOM = 70

export const renderPdf = async (blocks: ReadonlyArray<Block>, style: PdfStyle, schema: JsonSchema, meta: { title: string; author: string }): Promise<Rendered> => {
  const pdf = await PdfWriter.create({ size: A4, title: meta.title, author: meta.author })
  const loc = new Locations()
  const body = style.font
  const bold = style.font === "sans" ? "sansBold" : "serifBold"
  const width = A4[0] - 2 * MARGIN
  let top = 70
  const room = (needed: number) => {
    if (top + needed > A4[1] - BOTTOM) {
      pdf.newPage()
      top = 60
    }
  }
  const record = (key: string, text: string, box: { page: number; x: number; y: number; w: number; h: number }) => {
    const field = fieldOfKey(key)
    loc.add(field, text, describe(schema, field), box)
  }
  /** one line of marked text at x (right-aligned when `right`) */
  const marked = (source: string, x: number, at: number, options: { right?: boolean; center?: boolean; size?: number; font?: "sans" | "serif" | "sansBold" | "serifBold" | "mono" } = {}) => {
    const parts: Array<string | readonly [string, string]> = []
    const re = /\[\[([^|\]]+)\|([^\]]+)\]\]/g
    let last = 0
    const keys: Array<[string, string]> = []
    for (let m = re.exec(source); m !== null; m = re.exec(source)) {
      if (m.index > last) parts.push(source.slice(last, m.index))
      const key = `${keys.length}`
      keys.push([m[1], m[2]])
      parts.push([key, m[2]])
      last = m.index + m[0].length
    }
    if (last < source.length) parts.push(source.slice(last))
    if (parts.length === 0) return
    const boxes = pdf.textParts(parts, x, at, { size: options.size ?? 10, font: options.font ?? body, align: options.right === true ? "right" : options.center === true ? "center" : "left" })
    keys.forEach(([field, text], i) => record(field, text, boxes[`${i}`]))
  }
  /** wrapped text in one column of `columns` */
  const flow = (source: string, size: number, column = 0, columns = 1) => {
    const gutter = 20
    const colWidth = (width - gutter * (columns - 1)) / columns
    const result = pdf.paragraph(source, MARGIN + column * (colWidth + gutter), top, { maxWidth: colWidth, size, font: body, marginTop: 60, marginBottom: BOTTOM })
    for (const span of result.spans) record(span.key, span.text, span.box)
    top = result.next + 4
  }

  for (const block of blocks) {
    switch (block.kind) {
      case "title":
        room(30)
        marked(block.text, MARGIN, top, { size: 16, font: bold })
        top += 28
        break
      case "labels": {
        const colWidth = width / block.columns
        for (let i = 0; i < block.pairs.length; i += block.columns) {
          room(block.style === "stacked" ? 28 : 16)
          for (let c = 0; c < block.columns && i + c < block.pairs.length; c++) {
            const pair = block.pairs[i + c]
            const x = MARGIN + c * colWidth
            if (block.style === "stacked") {
              pdf.text(pair.label.toUpperCase(), x, top, { size: 7, font: bold === "sansBold" ? "sansBold" : "serifBold", grey: 0.35 })
              marked(pair.value, x, top + 12)
            } else if (block.style === "after") {
              // the value right-aligned, its label after it in a cell of its own
              marked(pair.value, x + colWidth * 0.45, top, { right: true })
              pdf.text(pair.label, x + colWidth * 0.5, top, { size: 10, font: body })
            } else {
              marked(`${pair.label}: ${pair.value}`, x, top)
            }
          }
          top += block.style === "stacked" ? 28 : 15
        }
        top += 8
        break
      }
      case "text":
        flow(block.text, 10)
        break
      case "lines":
        for (const line of block.lines) {
          room(14)
          marked(line, MARGIN, top)
          top += 13
        }
        top += 8
        break
      case "columns": {
        const height = Math.max(...block.columns.map((c) => c.lines.length * (c.leading ?? 13)))
        room(height)
        for (const column of block.columns) {
          column.lines.forEach((line, i) => {
            if (line !== "") marked(line, MARGIN + column.at * width, top + i * (column.leading ?? 13), { right: column.right === true, ...(i === 0 && column.bold === true ? { font: bold } : {}) })
          })
        }
        top += height + 8
        break
      }
      case "pre":
        for (const line of block.lines) {
          room(13)
          if (line.trim() !== "") marked(line, MARGIN, top, { size: 8, font: "mono" })
          top += 11
        }
        top += 8
        break
      case "clauses": {
        const text = (item: (typeof block.items)[number]) => `${item.number} ${item.heading}. ${item.text}`
        if (!style.twoColumnText) {
          for (const item of block.items) flow(text(item), 9.5)
          break
        }
        // newspaper columns: the first half of the clauses on the left, the rest on the right, side by side
        const half = Math.ceil(block.items.length / 2)
        const lines = (items: typeof block.items) => items.reduce((n, item) => n + Math.ceil(pdf.widthOf(stripMarks(text(item)), 9.5, body) / (width / 2 - 30)) + 1, 0)
        room(Math.max(lines(block.items.slice(0, half)), lines(block.items.slice(half))) * 13.5)
        const start = top
        for (const item of block.items.slice(0, half)) flow(text(item), 9.5, 0, 2)
        const left = top
        top = start
        for (const item of block.items.slice(half)) flow(text(item), 9.5, 1, 2)
        top = Math.max(top, left)
        break
      }
      case "grid": {
        const total = block.columns.reduce((n, c) => n + c.width, 0)
        const edges = block.columns.reduce<Array<number>>((xs, c) => [...xs, xs[xs.length - 1]! + (width * c.width) / total], [MARGIN])
        const xAt = (c: number, align: "l" | "r" | "c") => (align === "l" ? edges[c]! : align === "r" ? edges[c + 1]! - 4 : (edges[c]! + edges[c + 1]!) / 2)
        const pdfAlign = (a: "l" | "r" | "c") => (a === "l" ? "left" : a === "r" ? "right" : "center") as "left" | "right" | "center"
        // a heading of two lines ("Unit\nPrice") sets its last line on the row's baseline, as a bottom-aligned header row does
        const headerLines = Math.max(...block.columns.map((c) => c.header.split("\n").length))
        const header = () => {
          block.columns.forEach((col, c) => {
            const parts = col.header.split("\n")
            parts.forEach((part, j) => pdf.text(part, xAt(c, col.headerAlign), top + 10 * (headerLines - parts.length + j), { size: 8.5, font: bold, align: pdfAlign(col.headerAlign) }))
          })
          top += 10 * (headerLines - 1) + 15
        }
        room(40)
        header()
        block.rows.forEach((row, r) => {
          const height = Math.max(...row.map((cell) => cell.split("\n").length))
          if (row.length === 1 && row[0] === "\f") {
            pdf.newPage(); top = 60
            if (block.repeatHeader) header()
            return
          }
          if (top + 12 * height > A4[1] - BOTTOM) {
            pdf.newPage(); top = 60
            if (block.repeatHeader || r === 0) header()
          }
          row.forEach((cell, c) => cell.split("\n").forEach((part, j) => {
            const col = block.columns[c]!
            if (part !== "") marked(part, xAt(c, col.align), top + 11 * j, { size: 8.5, right: col.align === "r", ...(col.align === "c" ? { center: true } : {}) })
          }))
          top += 11 * height + 4
        })
        top += 10
        break
      }
      case "table": {
        const n = block.header.length
        // the first column is wide (descriptions), the others share the rest
        const first = width * (n > 3 ? 0.4 : 0.5)
        const rest = (width - first) / Math.max(1, n - 1)
        const xOf = (c: number) => (c === 0 ? MARGIN : MARGIN + first + rest * c)
        const header = () => {
          pdf.fill(MARGIN - 4, top - 10, width + 8, 14)
          block.header.forEach((h, c) => pdf.text(h, xOf(c), top, { size: 9, font: bold, align: c === 0 ? "left" : "right" }))
          top += 16
        }
        room(40)
        header()
        for (const row of block.rows) {
          if (top > A4[1] - BOTTOM) {
            pdf.newPage(); top = 60; header()
          }
          row.forEach((cell, c) => marked(cell, xOf(c), top, { size: 9, right: c !== 0 }))
          top += 14
        }
        top += 10
        break
      }
    }
  }
  const pages = pdf.pageNumber
  const bytes = await pdf.save()
  if (style.scan) {
    // the image is page 1 only: keep the locations there
    const png = await renderPng(bytes, 3)
    const onPage1 = loc.list().map((l) => ({ ...l, regions: l.regions.filter((r) => "page" in r && r.page === 1) })).filter((l) => l.regions.length > 0)
    return { bytes: png, format: "png", locations: onPage1, pages: 1, sheets: null }
  }
  return { bytes, format: "pdf", locations: loc.list(), pages, sheets: null }
}

// ---------------------------------------------------------------- TXT

export const renderTxt = (blocks: ReadonlyArray<Block>, schema: JsonSchema): Rendered => {
  const t = new TextBuilder()
  const semantic = new Proxy({}, { get: (_, field: string) => describe(schema, field) }) as Record<string, string>
  for (const block of blocks) {
    switch (block.kind) {
      case "title": t.line(block.text, semantic).line(); break
      case "labels":
        for (const p of block.pairs) t.line(block.style === "after" ? `${p.value} ${p.label}` : `${p.label}: ${p.value}`, semantic)
        t.line()
        break
      case "text": t.line(block.text, semantic).line(); break
      case "lines": case "pre":
        for (const line of block.lines) t.line(line, semantic)
        t.line()
        break
      case "columns":
        for (const row of columnRows(block.columns)) {
          // each column at its share of an 84-character line, at least two spaces after the one before
          let text = ""
          row.forEach((cell, c) => {
            if (cell === "") return
            const at = Math.round(block.columns[c]!.at * 84) - (block.columns[c]!.right === true ? stripMarks(cell).length : 0)
            text += " ".repeat(Math.max(text === "" ? at : 2, at - stripMarks(text).length)) + cell
          })
          t.line(text.replace(/^\s+$/, ""), semantic)
        }
        t.line()
        break
      case "clauses":
        for (const item of block.items) t.line(`${item.number} ${item.heading.toUpperCase()}`).line(item.text, semantic).line()
        break
      case "grid": {
        // fixed-width columns, as a plain-text export prints them
        const longest = (c: number) => Math.max(...[block.columns[c]!.header, ...block.rows.filter((r) => r[0] !== "\f").map((r) => r[c] ?? "")].flatMap((t) => t.split("\n")).map((t) => stripMarks(t).length))
        // at least two spaces between columns: one space is a gap inside a cell
        const chars = block.columns.map((c, i) => Math.max(4, Math.round(c.width * 90), longest(i) + 2))
        const fit = (text: string, n: number, a: "l" | "r" | "c") => {
          const pad = Math.max(1, n - stripMarks(text).length)
          return a === "l" ? `${text}${" ".repeat(pad)}` : a === "r" ? `${" ".repeat(pad - 1)}${text} ` : `${" ".repeat(Math.floor(pad / 2))}${text}${" ".repeat(Math.ceil(pad / 2))}`
        }
        const print = (cells: ReadonlyArray<string>, aligns: ReadonlyArray<"l" | "r" | "c">) => t.line(cells.map((c, i) => fit(c, chars[i]!, aligns[i]!)).join("").replace(/\s+$/, ""), semantic)
        const headerLines = Math.max(...block.columns.map((c) => c.header.split("\n").length))
        for (let j = 0; j < headerLines; j++) {
          print(block.columns.map((c) => { const parts = c.header.split("\n"); return parts[j - (headerLines - parts.length)] ?? "" }), block.columns.map((c) => c.headerAlign))
        }
        for (const row of block.rows.filter((r) => r[0] !== "\f")) {
          const height = Math.max(...row.map((cell) => cell.split("\n").length))
          for (let j = 0; j < height; j++) print(row.map((cell) => cell.split("\n")[j] ?? ""), block.columns.map((c) => c.align))
        }
        t.line()
        break
      }
      case "table":
        t.line(block.header.join(" | "))
        // an empty cell leaves "| |" (no double space, which the plain-text reader would collapse)
        for (const row of block.rows) t.line(row.map((c, k) => (k === 0 ? c : c === "" ? " |" : ` | ${c}`)).join(""), semantic)
        t.line()
        break
    }
  }
  return { bytes: utf8(t.toString()), format: "txt", locations: t.locations.list(), pages: null, sheets: null }
}

// ---------------------------------------------------------------- DOCX and HTML (no locations)

export const renderDocx = (blocks: ReadonlyArray<Block>, meta: { title: string; author: string }): Rendered => {
  const parts: Array<string> = []
  for (const block of blocks) {
    switch (block.kind) {
      case "title": parts.push(docxParagraph(stripMarks(block.text), { style: "Title" })); break
      case "labels":
        if (block.columns > 1) {
          // labelled values side by side, as a borderless form would set them
          const rows: Array<Array<string>> = []
          for (let i = 0; i < block.pairs.length; i += block.columns) {
            rows.push(block.pairs.slice(i, i + block.columns).flatMap((p) => [p.label, stripMarks(p.value)]))
          }
          parts.push(docxTable(rows))
        } else if (block.style === "after") parts.push(docxTable(block.pairs.map((p) => [stripMarks(p.value), p.label])))
        else for (const p of block.pairs) parts.push(docxParagraph([{ text: `${p.label}: `, bold: true }, { text: stripMarks(p.value) }]))
        break
      case "text": parts.push(docxParagraph(stripMarks(block.text))); break
      case "lines": case "pre": for (const line of block.lines) parts.push(docxParagraph(stripMarks(line))); break
      case "columns": parts.push(docxTable(columnRows(block.columns).map((r) => r.map(stripMarks)))); break
      case "clauses":
        for (const item of block.items) {
          parts.push(docxParagraph(`${item.number} ${item.heading}`, { style: "Heading2" }))
          parts.push(docxParagraph(stripMarks(item.text)))
        }
        break
      case "table": parts.push(docxTable([block.header, ...block.rows.map((r) => r.map(stripMarks))], { headerBold: true })); break
      case "grid": parts.push(docxTable([block.columns.map((c) => c.header.replace(/\n/g, " ")), ...block.rows.filter((r) => r[0] !== "\f").map((r) => r.map((c) => stripMarks(c).replace(/\n/g, " ")))], { headerBold: true })); break
    }
  }
  return { bytes: docx(parts.join(""), meta), format: "docx", locations: [], pages: null, sheets: null }
}

export const renderHtml = (blocks: ReadonlyArray<Block>, title: string): Rendered => {
  const e = (s: string) => escapeHtml(stripMarks(s))
  const parts: Array<string> = []
  for (const block of blocks) {
    switch (block.kind) {
      case "title": parts.push(`<h1>${e(block.text)}</h1>`); break
      case "labels":
        parts.push(block.style === "stacked"
          ? `<div class="grid">${block.pairs.map((p) => `<div><small>${e(p.label)}</small><br><strong>${e(p.value)}</strong></div>`).join("")}</div>`
          : block.style === "after"
          ? `<table>${block.pairs.map((p) => `<tr><td>${e(p.value)}</td><td>${e(p.label)}</td></tr>`).join("")}</table>`
          : `<dl>${block.pairs.map((p) => `<dt>${e(p.label)}</dt><dd>${e(p.value)}</dd>`).join("")}</dl>`)
        break
      case "text": parts.push(`<p>${e(block.text)}</p>`); break
      case "lines": parts.push(`<p>${block.lines.map(e).join("<br>")}</p>`); break
      case "pre": parts.push(`<pre>${block.lines.map(e).join("\n")}</pre>`); break
      case "columns": parts.push(`<table>${columnRows(block.columns).map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join("")}</tr>`).join("")}</table>`); break
      case "clauses":
        parts.push(`<ol class="clauses">${block.items.map((i) => `<li><h3>${e(`${i.number} ${i.heading}`)}</h3><p>${e(i.text)}</p></li>`).join("")}</ol>`)
        break
      case "grid":
        parts.push(`<table><thead><tr>${block.columns.map((c) => `<th>${c.header.split("\n").map(e).join("<br>")}</th>`).join("")}</tr></thead><tbody>${block.rows.filter((r) => r[0] !== "\f").map((r) => `<tr>${r.map((c) => `<td>${c.split("\n").map(e).join("<br>")}</td>`).join("")}</tr>`).join("")}</tbody></table>`)
        break
      case "table":
        parts.push(`<table><thead><tr>${block.header.map((h) => `<th>${e(h)}</th>`).join("")}</tr></thead><tbody>${block.rows.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join("")}</tr>`).join("")}</tbody></table>`)
        break
    }
  }
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${parts.join("\n")}</body></html>\n`
  return { bytes: utf8(html), format: "html", locations: [], pages: null, sheets: null }
}

// ---------------------------------------------------------------- XLSX (one sheet)

export const renderXlsx = (blocks: ReadonlyArray<Block>, schema: JsonSchema, sheet: SheetTruth, meta: { title: string; author: string }): Rendered => {
  const rows: Array<Array<XlsxValue>> = []
  const loc = new Locations()
  const cell = (source: string): XlsxValue => {
    const text = stripMarks(source)
    // plain decimals are written as numbers, as a spreadsheet holds them
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text
  }
  const push = (row: ReadonlyArray<string>) => {
    const r = rows.length
    rows.push(row.map(cell))
    row.forEach((source, c) => {
      const m = /^\[\[([^|\]]+)\|([^\]]+)\]\]$/.exec(source)
      if (m !== null) {
        const field = fieldOfKey(m[1])
        loc.add(field, m[2], describe(schema, field), { sheet_name: sheet.sheet_name, cell_range: `${String.fromCharCode(65 + c)}${r + 1}` })
      }
    })
  }
  for (const block of blocks) {
    switch (block.kind) {
      case "title": push([block.text]); push([]); break
      case "labels": for (const p of block.pairs) push([p.label, p.value]); push([]); break
      case "text": push([block.text]); break
      case "lines": case "pre": for (const line of block.lines) push([line]); push([]); break
      case "columns": for (const r of columnRows(block.columns)) push(r); push([]); break
      case "clauses": for (const i of block.items) push([`${i.number} ${i.heading}`, i.text]); break
      case "table": push([...block.header]); for (const r of block.rows) push([...r]); push([]); break
      case "grid": push(block.columns.map((c) => c.header.replace(/\n/g, " "))); for (const r of block.rows.filter((r) => r[0] !== "\f")) push(r.map((c) => c.replace(/\n/g, " "))); push([]); break
    }
  }
  return { bytes: xlsx([{ name: sheet.sheet_name, rows }], meta), format: "xlsx", locations: loc.list(), pages: null, sheets: [sheet] }
}
