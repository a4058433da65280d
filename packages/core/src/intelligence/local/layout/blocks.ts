/**
 * Parties printed as address blocks without a label. A document's first rows are its issuer's
 * letterhead: the seller is a company name there (a name with a legal suffix), else the first line
 * when the document names it again (a footer with the bank details), else a company named twice,
 * else the first company, else the first line. The buyer is the first line of the address block
 * after the letterhead (the recipient's position of a letter or invoice), a short label line opening
 * it ("To:", "An:") set aside.
 */
import { type LayoutRow, textOfRow } from "../../../documents/layout/layout.js"
import { toEnglish } from "./vocabulary.js"

const DOCUMENT_WORDS = /\b(invoice|receipt|statement|agreement|contract|order|quote|quotation|estimate|bill|payslip|policy|report|page)\b/i

const occurrences = (text: string, phrase: string) => text.split(phrase).length - 1

/** a line that can be a party's name: a few words, no digit, no document word, no label */
const nameLine = (text: string): string | null => {
  const t = text.trim().replace(/[\s:;,]+$/, "")
  if (t === "" || /\d/.test(t) || /[:：]/.test(text) || t.split(/\s+/).length > 6 || DOCUMENT_WORDS.test(toEnglish(t))) return null
  return t
}

const firstText = (row: LayoutRow) => (row.cells.length > 1 ? row.cells[0]!.text : textOfRow(row))

export const letterheadName = (rows: ReadonlyArray<LayoutRow>, text: string, companies: ReadonlyArray<string>): string | null => {
  const top = rows.filter((r) => textOfRow(r).trim() !== "").slice(0, 3)
  const inHead = companies.find((c) => top.some((r) => textOfRow(r).includes(c)))
  if (inHead !== undefined) return inHead
  const first = top[0] === undefined ? null : nameLine(firstText(top[0]))
  if (first !== null && occurrences(text, first) >= 2) return first
  const repeated = companies.find((c) => occurrences(text, c) >= 2)
  if (repeated !== undefined) return repeated
  if (companies[0] !== undefined) return companies[0]
  return first !== null && first.split(/\s+/).length <= 5 ? first : null
}

/** the rows of the first page in blocks: a blank line (plain text) or a gap of most of a line (positioned text) between them */
const blocksOf = (rows: ReadonlyArray<LayoutRow>, max: number): Array<Array<LayoutRow>> => {
  const out: Array<Array<LayoutRow>> = []
  let prev: LayoutRow | undefined
  for (const row of rows) {
    if (row.sheet !== null || row.page !== rows[0]!.page) break
    const gap = prev === undefined ? Infinity : row.positioned ? row.top - (prev.top + prev.height) > 0.6 * Math.max(prev.height, row.height) : row.top - prev.top > 1
    if (gap) {
      if (out.length === max) break
      out.push([])
    }
    out[out.length - 1]!.push(row)
    prev = row
  }
  return out
}

/** an address block: two to six one-cell lines, a name first, a digit (house number, postcode) in a later line */
const addressName = (block: ReadonlyArray<LayoutRow>): string | null => {
  if (block.some((r) => r.cells.length !== 1)) return null
  // a short label opening the block ("To:", "Bill to:") is set aside
  const lines = /^[^\d]{1,24}[:：]$/.test(block[0]!.cells[0]!.text.trim()) ? block.slice(1) : block
  if (lines.length < 2 || lines.length > 6 || !lines.slice(1).some((r) => /\d/.test(r.cells[0]!.text))) return null
  return nameLine(lines[0]!.cells[0]!.text)
}

export const buyerBlockName = (rows: ReadonlyArray<LayoutRow>): string | null => {
  const blocks = blocksOf(rows, 4)
  if (blocks.length < 2 || addressName(blocks[0]!) === null) return null
  for (const block of blocks.slice(1)) {
    const name = addressName(block)
    if (name !== null) return name
  }
  return null
}
