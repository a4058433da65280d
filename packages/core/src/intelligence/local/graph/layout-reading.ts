/**
 * Layout reading: where a document's parts are by their place and their labels, not their
 * sentences — its title (the first heading, or a short first line), its letterhead (the lines
 * above the first paragraph: who issued it, and their address), header fields ("From:", "To:",
 * "Bill to:", "Date:", "Dear …"), address lines (a street number, a postcode), and signature
 * blocks ("Signed by … for and on behalf of …", "For and on behalf of X / Name: … / Title: …").
 */

export interface Line {
  readonly text: string
  readonly start: number
  readonly end: number
  readonly index: number
}

export const linesOf = (markdown: string): Array<Line> => {
  const out: Array<Line> = []
  let at = 0
  markdown.split("\n").forEach((text, index) => {
    out.push({ text, start: at, end: at + text.length, index })
    at += text.length + 1
  })
  return out
}

/** A line without its markdown marks (heading hashes, emphasis), to judge its shape. */
const plain = (s: string) => s.replace(/^\s*#{1,6}\s+/, "").replace(/\*\*|__|\*/g, "").trim()

const isProse = (s: string) => plain(s).split(/\s+/).length > 14 || /[.!?]$/.test(plain(s)) && plain(s).split(/\s+/).length > 6

/** The document's title line: its first heading, else its first short line. */
export const titleLine = (lines: ReadonlyArray<Line>): Line | null => {
  const heading = lines.slice(0, 40).find((l) => /^\s*#{1,3}\s+\S/.test(l.text))
  if (heading !== undefined) return heading
  const first = lines.find((l) => l.text.trim() !== "")
  return first !== undefined && !isProse(first.text) && plain(first.text).length <= 100 ? first : null
}

/** The `[start, end)` of a line's words without its markdown marks. */
export const wordsRange = (l: Line): { start: number; end: number } => {
  const lead = /^\s*(?:#{1,6}\s+)?(?:\*\*|__)?/.exec(l.text)![0].length
  const trail = /(?:\*\*|__)?\s*$/.exec(l.text)![0].length
  return { start: l.start + lead, end: Math.max(l.start + lead, l.end - trail) }
}

/** The lines above the first paragraph of prose, table or labelled field (at most eight). */
export const letterheadLines = (lines: ReadonlyArray<Line>): ReadonlyArray<Line> => {
  const out: Array<Line> = []
  for (const l of lines) {
    if (l.text.trim() === "") continue
    if (out.length >= 8 || isProse(l.text) || l.text.trimStart().startsWith("|") || /^\s*(?:to|dear|re|subject|attn|bill to|invoice to)\b/i.test(plain(l.text))) break
    out.push(l)
  }
  return out
}

export type HeaderLabel = "from" | "to" | "cc" | "date" | "bill_to" | "dear" | "attention" | "supplier" | "customer"

export interface HeaderField {
  readonly label: HeaderLabel
  readonly line: Line
  /** `[start, end)` of the value after the label */
  readonly start: number
  readonly end: number
}

const LABELS: ReadonlyArray<readonly [RegExp, HeaderLabel]> = [
  [/^(?:\*\*)?\s*from\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "from"],
  [/^(?:\*\*)?\s*(?:to|recipient|addressee)\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "to"],
  [/^(?:\*\*)?\s*cc\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "cc"],
  [/^(?:\*\*)?\s*(?:date|dated|issue date|invoice date|date of issue|letter date)\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "date"],
  [/^(?:\*\*)?\s*(?:bill(?:ed)? to|invoice to|sold to|customer|client|buyer)\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "bill_to"],
  [/^(?:\*\*)?\s*(?:supplier|seller|vendor|issued by)\s*(?:\*\*)?\s*:\s*(?:\*\*)?/i, "supplier"],
  [/^(?:\*\*)?\s*(?:attn|attention|for the attention of|f\.a\.o\.)\s*(?:\*\*)?\s*[:.]?\s*(?:\*\*)?/i, "attention"],
  [/^dear\s+/i, "dear"]
]

export const headerFields = (lines: ReadonlyArray<Line>): Array<HeaderField> => {
  const out: Array<HeaderField> = []
  for (const l of lines.slice(0, 60)) {
    const lead = /^\s*(?:[-*]\s+)?/.exec(l.text)![0].length
    const body = l.text.slice(lead)
    for (const [re, label] of LABELS) {
      const m = re.exec(body)
      if (m === null) continue
      const start = l.start + lead + m[0].length
      // a value on the next line when the label stands alone ("Bill to:" over the customer's name)
      if (body.slice(m[0].length).trim() === "") {
        const next = lines.slice(l.index + 1).find((n) => n.text.trim() !== "")
        if (next !== undefined && next.index <= l.index + 2) out.push({ label, line: next, start: next.start + /^\s*(?:\*\*)?/.exec(next.text)![0].length, end: next.end })
      } else out.push({ label, line: l, start, end: l.end })
      break
    }
  }
  return out
}

const STREET = /\b\d+[A-Za-z]?\s+(?:[A-Z][\p{L}'’-]+\s+){1,3}(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Lane|Way|Place|Square|Park|Drive|Court|Boulevard|Quay|Wharf|Row|Gardens|Terrace|Crescent|Hill|Walk|Yard|Strasse|Straße|Rue|Plaza|Parkway|Close|Gate|Bridge|Circus|Mews|Embankment)\b/u
const POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{5}(?:-\d{4})?|\d{4}\s?[A-Z]{2})\b/

/** Whether a line is (part of) a postal address. */
export const isAddressLine = (s: string): boolean => STREET.test(s) || (POSTCODE.test(s) && /,/.test(s) && /\p{Lu}\p{Ll}/u.test(s) && !s.trimStart().startsWith("|"))

/** The town of an address line: the words before its postcode at the end ("…, Leeds LS1 4AB"), else after its street ("12 Quay Street, Bristol"). */
export const townOf = (s: string): string | null => {
  const parts = s.replace(/[*_]/g, "").split(",").map((p) => p.trim())
  if (parts.length < 2) return null
  const last = parts[parts.length - 1]!
  const withPostcode = /^(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)?)\s+(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{5}(?:-\d{4})?)$/u.exec(last)
  if (withPostcode !== null) return withPostcode[1]!
  const postcodeFirst = /^(?:\d{4,5}|\d{4}\s?[A-Z]{2})\s+(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)?)$/u.exec(last)
  if (postcodeFirst !== null) return postcodeFirst[1]!
  return STREET.test(parts[parts.length - 2]!) && /^\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)?$/u.test(last) ? last : null
}

/** Where the "for and on behalf of" / "signed by" lines are, and the lines of their block. */
export interface SignatureBlock {
  readonly first: Line
  readonly lines: ReadonlyArray<Line>
}

export const signatureBlocks = (lines: ReadonlyArray<Line>): Array<SignatureBlock> => {
  const out: Array<SignatureBlock> = []
  for (const l of lines) {
    if (!/\b(?:for and on behalf of|on behalf of|signed by|signed for|executed by|signature of)\b/i.test(l.text)) continue
    const block: Array<Line> = [l]
    for (const n of lines.slice(l.index + 1, l.index + 7)) {
      if (/\b(?:for and on behalf of|on behalf of|signed by|signed for|executed by)\b/i.test(n.text)) break
      block.push(n)
    }
    out.push({ first: l, lines: block })
  }
  return out
}
