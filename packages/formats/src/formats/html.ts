/**
 * HTML and HTM, read with htmlparser2 (the HTML5 tokenizer's tolerance: any byte sequence reads;
 * no scripts run, nothing is fetched). Headings h1–h6, paragraphs and other block elements, ul/ol
 * lists and tables become blocks; script, style, template and the head (except the title) are
 * dropped. The children of an element its styles lay out as a row (a flex row: `html-rows.ts`) are
 * set apart by tabs on one line, as a table's cells, block or inline. The charset comes from a byte-order mark, then `<meta charset>` / `http-equiv`, then
 * UTF-8 with a windows-1252 fallback. HTML has no pages: it counts in standard pages.
 */
import type { Documents } from "@docket/core"
import { Parser } from "htmlparser2"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { decodeText } from "../internal/text.js"
import { type Flow, rowStylesOf } from "./html-rows.js"

const SKIP = new Set(["script", "style", "noscript", "template", "head", "svg", "math", "iframe", "object"])
const BLOCK = new Set([
  "p", "div", "section", "article", "header", "footer", "blockquote", "pre", "address", "dl", "dt", "dd", "hr",
  "form", "fieldset", "figure", "figcaption", "main", "nav", "aside", "body", "center", "details", "summary", "caption"
])

const collapse = (text: string) => text.replace(/[ \t\r\n\f\u00a0]+/g, " ")
const tidy = (text: string) => text.split("\n").map((line) => line.trim()).join("\n").replace(/\n{3,}/g, "\n\n").trim()

export const htmlCharset = (bytes: Uint8Array): string | undefined => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096))
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head)
  return match?.[1]
}

/** Blocks of an HTML string (also used for the HTML body of e-mails). */
export const htmlBlocks = (html: string): { blocks: Array<Documents.Block>; metadata: Record<string, string> } => {
  const blocks: Array<Documents.Block> = []
  const metadata: Record<string, string> = {}
  let skip = 0
  let inTitle = false
  let title = ""
  let pre = 0
  let paragraph = ""
  let heading: { level: number; text: string } | undefined
  const lists: Array<{ ordered: boolean; items: Array<string>; item: string | undefined }> = []
  const tables: Array<{ rows: Array<Array<string>>; row: Array<string> | undefined; cell: string | undefined }> = []
  const sheets: Array<string> = []
  // the open elements: whether each lays out its children in a row, and whether it is a child of one
  const open: Array<{ name: string; flow: Flow; item: Flow }> = []
  // a row's next child is set apart from the text before it on its line, once it has text of its own
  let gap = false

  const flushParagraph = () => {
    const text = tidy(paragraph)
    if (text !== "") blocks.push({ type: "paragraph", page: 1, text })
    paragraph = ""
    gap = false
  }
  const append = (text: string) => {
    const table = tables[tables.length - 1]
    if (table !== undefined && table.cell !== undefined) { table.cell += text; return }
    const list = lists[lists.length - 1]
    if (list !== undefined && list.item !== undefined) { list.item += text; return }
    if (heading !== undefined) { heading.text += text; return }
    if (gap) {
      // the spaces between a row's children are no text; a tab sets the next child apart on its line
      if (text.trim() === "") return
      gap = false
      if (/\S[^\n]*$/.test(paragraph)) {
        paragraph = `${paragraph.replace(/[ \t]+$/, "")}\t`
        text = text.trimStart()
      }
    }
    paragraph += text
  }
  /** whether the reader is in running text (no table, list or heading), where rows are read */
  const inText = () => tables.length === 0 && lists.length === 0 && heading === undefined
  const parser = new Parser(
    {
      onopentag: (name, attrs) => {
        if (skip > 0 || SKIP.has(name)) {
          if (name === "head" && skip === 0) { skip++; return }
          skip++
          return
        }
        // a child of a row or a column (null outside them), and how it lays out its own children
        const item = inText() ? open[open.length - 1]?.flow ?? null : null
        const flow = inText() ? styles.flowOf(name, attrs) : null
        open.push({ name, flow, item })
        if (item === "row") gap = true
        // a row or column starts a line of its own, as does a column's child; a row's child, block or not, continues its line
        if ((flow !== null && item !== "row") || item === "column") flushParagraph()
        // a line break inside a table's cell (a wrapped description) keeps the cell on its row
        if (name === "br") { append(tables[tables.length - 1]?.cell !== undefined ? " " : "\n"); return }
        if (name === "pre") pre++
        if (/^h[1-6]$/.test(name) && tables.length === 0 && lists.length === 0) {
          flushParagraph()
          heading = { level: Number(name[1]), text: "" }
          return
        }
        if (name === "ul" || name === "ol") {
          if (tables.length === 0) flushParagraph()
          lists.push({ ordered: name === "ol", items: [], item: undefined })
          return
        }
        if (name === "li") {
          const list = lists[lists.length - 1]
          if (list !== undefined) list.item = ""
          else append("\n")
          return
        }
        if (name === "table") {
          const outer = tables[tables.length - 1]
          if (outer !== undefined && outer.cell !== undefined) { outer.cell += " "; tables.push({ rows: [], row: undefined, cell: undefined }); return }
          flushParagraph()
          tables.push({ rows: [], row: undefined, cell: undefined })
          return
        }
        const table = tables[tables.length - 1]
        if (table !== undefined) {
          // a block inside a cell ("<div>Shop</div><div>12 High St</div>") is apart from the text before it
          if (BLOCK.has(name) && table.cell !== undefined && /\S$/.test(table.cell)) table.cell += " "
          if (name === "tr") table.row = []
          else if (name === "td" || name === "th") {
            table.row ??= []
            table.cell = ""
            const span = Number(attrs.colspan ?? 1)
            ;(table as { span?: number }).span = Number.isFinite(span) && span > 1 ? Math.min(span, 100) : 1
          }
          return
        }
        if (name === "meta" && (attrs.name === "description" || attrs.name === "author") && attrs.content) metadata[attrs.name] = attrs.content
        if (BLOCK.has(name) && lists.length === 0 && item !== "row") flushParagraph()
      },
      ontext: (text) => {
        if (skip > 0) return
        append(pre > 0 ? text : collapse(text))
      },
      onclosetag: (name) => {
        if (skip > 0) {
          skip--
          return
        }
        const at = open.map((e) => e.name).lastIndexOf(name)
        const element = at < 0 ? undefined : open[at]
        if (at >= 0) open.length = at
        // a row's child ends without ending the line: the next child is set apart from it
        const item = inText() ? element?.item ?? null : null
        if (item === "row") gap = true
        else if (inText() && (element?.flow != null || item === "column")) flushParagraph()
        if (name === "pre") pre = Math.max(0, pre - 1)
        if (heading !== undefined && /^h[1-6]$/.test(name)) {
          const text = tidy(heading.text).replace(/\s*\n\s*/g, " ")
          if (text !== "") blocks.push({ type: "heading", page: 1, level: heading.level, text })
          heading = undefined
          return
        }
        if (name === "li") {
          const list = lists[lists.length - 1]
          if (list !== undefined && list.item !== undefined) {
            const text = tidy(list.item)
            if (text !== "") list.items.push(text)
            list.item = undefined
          }
          return
        }
        if (name === "ul" || name === "ol") {
          const list = lists.pop()
          if (list === undefined) return
          const outer = lists[lists.length - 1]
          if (outer !== undefined) {
            // nested list: its items continue the enclosing item
            if (outer.item !== undefined) outer.item += ` ${list.items.join("; ")}`
            else outer.items.push(...list.items)
          } else if (tables.length > 0 && tables[tables.length - 1].cell !== undefined) {
            tables[tables.length - 1].cell += list.items.join("\n")
          } else if (list.items.length > 0) {
            blocks.push({ type: "list", page: 1, ordered: list.ordered, items: list.items, text: list.items.join("\n") })
          }
          return
        }
        const table = tables[tables.length - 1]
        if (table !== undefined) {
          if ((name === "td" || name === "th") && table.cell !== undefined) {
            table.row ??= []
            table.row.push(tidy(table.cell))
            for (let i = 1; i < ((table as { span?: number }).span ?? 1); i++) table.row.push("")
            table.cell = undefined
          } else if (name === "tr" && table.row !== undefined) {
            if (table.row.length > 0) table.rows.push(table.row)
            table.row = undefined
          } else if (name === "table") {
            tables.pop()
            if (table.row !== undefined && table.row.length > 0) table.rows.push(table.row)
            const outer = tables[tables.length - 1]
            const text = table.rows.map((r) => r.join("\t")).join("\n")
            if (outer !== undefined && outer.cell !== undefined) outer.cell += ` ${text} `
            else if (table.rows.length > 0) blocks.push({ type: "table", page: 1, rows: table.rows, text })
          }
          return
        }
        if (BLOCK.has(name) && lists.length === 0 && item !== "row") flushParagraph()
      }
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
  )
  // the title and the style sheets live in the skipped head: caught separately, before the body is read
  let inStyle = false
  const titleParser = new Parser({
    onopentag: (name) => { if (name === "title") inTitle = true; else if (name === "style") { inStyle = true; sheets.push("") } },
    ontext: (text) => { if (inTitle) title += text; else if (inStyle) sheets[sheets.length - 1] += text },
    onclosetag: (name) => { if (name === "title") inTitle = false; else if (name === "style") inStyle = false }
  }, { decodeEntities: true })
  titleParser.write(html)
  titleParser.end()
  const styles = rowStylesOf(sheets)
  parser.write(html)
  parser.end()
  flushParagraph()
  const cleanTitle = collapse(title).trim()
  if (cleanTitle !== "") metadata.title = cleanTitle
  return { blocks, metadata }
}

export const readHtml = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const { blocks, metadata } = htmlBlocks(decodeText(bytes, htmlCharset(bytes)))
  return assembleDocument({ format: ctx.format, fileName: ctx.fileName, blocks, pagination: "standard", metadata })
}
