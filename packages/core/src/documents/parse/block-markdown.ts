/**
 * Markdown of parsed blocks, the one rendering every format and operation uses (a parse result's
 * `markdown`, a categorize segment's markdown, an extraction batch).
 */
import type { Block } from "../parsed-document.js"

export const escapeCell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>")

/** A GitHub-style table; the first row is the header. */
export const markdownTable = (rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  if (rows.length === 0) return ""
  const width = Math.max(1, ...rows.map((row) => row.length))
  const line = (row: ReadonlyArray<string>) => `| ${Array.from({ length: width }, (_, i) => escapeCell(row[i] ?? "")).join(" | ")} |`
  return [line(rows[0]!), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(line)].join("\n")
}

export const blockMarkdown = (block: Block): string => {
  switch (block.type) {
    case "heading":
      return `${"#".repeat(Math.min(Math.max(block.level, 1), 6))} ${block.text.replace(/\n+/g, " ")}`
    case "paragraph":
      return block.text
    case "list":
      return block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : "-"} ${item.replace(/\n+/g, " ")}`).join("\n")
    case "table":
      return markdownTable(block.rows)
  }
}

export const blocksMarkdown = (blocks: ReadonlyArray<Block>): string => blocks.map(blockMarkdown).join("\n\n")
