/**
 * Plain text (.txt, .log), Markdown (.md, .mdx) and JSON Lines (.jsonl). Text is decoded by its
 * byte-order mark, else as UTF-8, else as windows-1252. Plain text: one paragraph per run of lines
 * between blank lines, its spacing kept (the columns of fixed-width text are its layout). Markdown: ATX headings, lists, pipe tables and paragraphs; MDX import/export
 * lines are dropped and JSX kept as text. JSON Lines: one paragraph per line (its raw text).
 * These formats have no pages: they count in standard pages of 3,000 characters.
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { cleanLayoutText, cleanText, decodeText } from "../internal/text.js"

export const paragraphsOf = (text: string, keepLayout = false): Array<Documents.Block> =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((chunk) => (keepLayout ? cleanLayoutText(chunk) : cleanText(chunk)))
    .filter((chunk) => chunk !== "")
    .map((chunk): Documents.Block => ({ type: "paragraph", page: 1, text: chunk }))

export const readPlainText = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument =>
  assembleDocument({ format: ctx.format, fileName: ctx.fileName, blocks: paragraphsOf(decodeText(bytes), true), pagination: "standard" })

export const readJsonLines = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const warnings: Array<string> = []
  const blocks: Array<Documents.Block> = []
  decodeText(bytes).split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return
    try {
      JSON.parse(line)
    } catch {
      if (warnings.length < 20) warnings.push(`line ${index + 1} is not valid JSON; kept as text`)
    }
    blocks.push({ type: "paragraph", page: 1, text: line.trim() })
  })
  return assembleDocument({ format: ctx.format, fileName: ctx.fileName, blocks, pagination: "standard", warnings })
}

const splitRow = (line: string): Array<string> =>
  line.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "").split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"))

/** Markdown blocks from markdown source (a light reading: no nesting, no HTML blocks). */
export const markdownBlocks = (source: string, mdx: boolean): Array<Documents.Block> => {
  const lines = source.replace(/\r\n?/g, "\n").split("\n")
  const blocks: Array<Documents.Block> = []
  let paragraph: Array<string> = []
  let list: { ordered: boolean; items: Array<string> } | undefined
  let fence: { marker: string; lines: Array<string> } | undefined
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", page: 1, text: paragraph.join("\n") })
    paragraph = []
    if (list !== undefined) blocks.push({ type: "list", page: 1, ordered: list.ordered, items: list.items, text: list.items.join("\n") })
    list = undefined
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (fence !== undefined) {
      if (line.trim().startsWith(fence.marker)) {
        blocks.push({ type: "paragraph", page: 1, text: fence.lines.join("\n") })
        fence = undefined
      } else fence.lines.push(line)
      continue
    }
    const trimmed = line.trim()
    if (/^(```|~~~)/.test(trimmed)) { flush(); fence = { marker: trimmed.slice(0, 3), lines: [] }; continue }
    if (mdx && /^(import|export)\s/.test(trimmed)) continue
    if (trimmed === "") { flush(); continue }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(trimmed)
    if (heading) { flush(); blocks.push({ type: "heading", page: 1, level: heading[1].length, text: heading[2] }); continue }
    if (trimmed.startsWith("|") && i + 1 < lines.length && /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(lines[i + 1].trim())) {
      flush()
      const rows = [splitRow(trimmed)]
      i += 2
      while (i < lines.length && lines[i].trim().startsWith("|")) rows.push(splitRow(lines[i++]))
      i--
      blocks.push({ type: "table", page: 1, rows, text: rows.map((r) => r.join("\t")).join("\n") })
      continue
    }
    const item = /^([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(trimmed)
    if (item) {
      const ordered = /\d/.test(item[1])
      if (paragraph.length > 0 || (list !== undefined && list.ordered !== ordered)) flush()
      list ??= { ordered, items: [] }
      list.items.push(item[2])
      continue
    }
    if (list !== undefined && /^\s+/.test(line)) { list.items[list.items.length - 1] += ` ${trimmed}`; continue }
    if (list !== undefined) flush()
    paragraph.push(trimmed)
  }
  if (fence !== undefined) blocks.push({ type: "paragraph", page: 1, text: fence.lines.join("\n") })
  flush()
  return blocks
}

export const readMarkdown = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument =>
  assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks: markdownBlocks(decodeText(bytes), ctx.format === "mdx"), pagination: "standard"
  })
