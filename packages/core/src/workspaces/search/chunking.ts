/**
 * The chunks a file is searched by (spec 3, "Search": Evidence `locator`, `component`), cut from
 * its `document.md` along the structure ingestion recorded (pure):
 *
 * - Hard boundaries: pages, sections (a heading up to the next) and sheets — a chunk never spans
 *   two, so its `page` and `component` are exact.
 * - Inside one: blocks (text between blank lines) packed up to `CHUNK_TARGET_CHARS`; a block longer
 *   than `CHUNK_MAX_CHARS` is cut at sentence ends, else at spaces, else hard.
 * - A markdown table is cut into row blocks, each chunk's text led by the table's header row, so a
 *   row keeps the meaning of its columns (a sheet is such a table under its `## <sheet>` heading);
 *   a header longer than `MAX_REPEATED_HEADER_CHARS` is not repeated but cut into blocks itself.
 * - `title`: the section's heading or the sheet's name (keyword search weighs it above the text).
 *
 * Offsets are UTF-16 code units in `document.md`, end exclusive, as the record's ranges.
 */
import type { IngestedComponent, IngestedPage } from "../ingestion/file-ingestion.js"

/** what a chunk aims at: about 150–200 words, several sentence windows of an encoder */
export const CHUNK_TARGET_CHARS = 1000
/** no chunk's own range is longer */
export const CHUNK_MAX_CHARS = 1600
/** the longest table header (row and rule) repeated at the head of each row block */
export const MAX_REPEATED_HEADER_CHARS = CHUNK_MAX_CHARS / 2

export type LocatorKind = "page" | "section" | "sheet" | "text"

export interface ChunkLocator {
  /** `page` in a paged file, `sheet` in a spreadsheet, `section` under a heading, else `text` */
  readonly kind: LocatorKind
  readonly page: number | null
  readonly char_start: number
  readonly char_end: number
}

export interface SearchChunk {
  /** from 0, in document order */
  readonly chunk_index: number
  /** what is indexed and shown: the range's text (a table's header row leads each of its row blocks) */
  readonly text: string
  /** the section heading or sheet name, "" when none */
  readonly title: string
  /** the section or sheet name, as the file tools take `component`; null outside any */
  readonly component: string | null
  readonly locator: ChunkLocator
}

interface Span {
  readonly start: number
  readonly end: number
}

interface Region extends Span {
  readonly page: number | null
  readonly component: IngestedComponent | null
}

/** the structure's boundaries: pages crossed with sections and sheets */
const regionsOf = (length: number, pages: ReadonlyArray<IngestedPage>, components: ReadonlyArray<IngestedComponent>): Array<Region> => {
  const named = components.filter((c) => (c.kind === "section" || c.kind === "sheet") && c.char_end > c.char_start)
  const cuts = new Set<number>([0, length])
  for (const p of pages) cuts.add(p.char_start), cuts.add(p.char_end)
  for (const c of named) cuts.add(c.char_start), cuts.add(c.char_end)
  const points = [...cuts].filter((x) => x >= 0 && x <= length).sort((a, b) => a - b)
  const regions: Array<Region> = []
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!
    const end = points[i + 1]!
    const page = pages.find((p) => p.char_start <= start && end <= p.char_end && p.char_end > p.char_start)?.page ?? null
    // the innermost (latest-starting) section or sheet holding the region
    let component: IngestedComponent | null = null
    for (const c of named) if (c.char_start <= start && end <= c.char_end && (component === null || c.char_start >= component.char_start)) component = c
    regions.push({ start, end, page, component })
  }
  return regions
}

/** runs of text between blank lines, trimmed of blank edges */
const blocksOf = (text: string, span: Span): Array<Span> => {
  const out: Array<Span> = []
  const re = /\n[ \t]*\n/g
  let from = span.start
  const body = text.slice(span.start, span.end)
  for (let m = re.exec(body); m !== null; m = re.exec(body)) {
    out.push({ start: from, end: span.start + m.index })
    from = span.start + m.index + m[0].length
  }
  out.push({ start: from, end: span.end })
  return out
    .map((b) => {
      let { end, start } = b
      while (start < end && /\s/.test(text[start]!)) start++
      while (end > start && /\s/.test(text[end - 1]!)) end--
      return { start, end }
    })
    .filter((b) => b.end > b.start)
}

const isTableBlock = (text: string, b: Span) => text.startsWith("|", b.start) && text.slice(b.start, b.end).split("\n").every((l) => l.startsWith("|"))

/** a long span cut at sentence ends, else spaces, else hard, into pieces of at most `max` */
const cutLong = (text: string, b: Span, max: number): Array<Span> => {
  const out: Array<Span> = []
  let start = b.start
  while (b.end - start > max) {
    const window = text.slice(start, start + max)
    let cut = -1
    for (const re of [/[.!?。](?=\s)/g, /\n/g, /\s/g]) {
      let last = -1
      for (let m = re.exec(window); m !== null; m = re.exec(window)) if (m.index + m[0].length >= max / 3) last = m.index + m[0].length
      if (last > 0) {
        cut = last
        break
      }
    }
    const end = start + (cut > 0 ? cut : max)
    out.push({ start, end })
    start = end
    while (start < b.end && /\s/.test(text[start]!)) start++
  }
  if (b.end > start) out.push({ start, end: b.end })
  return out
}

/** a table's row blocks: each chunk holds whole rows, its text led by the header row (and its rule) */
const tableChunks = (text: string, b: Span, target: number): Array<{ span: Span; text: string }> => {
  const lines: Array<Span> = []
  let at = b.start
  for (const line of text.slice(b.start, b.end).split("\n")) {
    lines.push({ start: at, end: at + line.length })
    at += line.length + 1
  }
  const isRule = (l: Span) => /^\|(\s*:?-+:?\s*\|)+\s*$/.test(text.slice(l.start, l.end))
  const ruled = lines.length > 1 && isRule(lines[1]!) ? `${text.slice(lines[0]!.start, lines[1]!.end)}\n` : ""
  // a header too long to lead every block (a table of hundreds of columns) is cut into blocks as rows are
  const header = ruled.length <= MAX_REPEATED_HEADER_CHARS ? ruled : ""
  const headerEnd = header === "" ? 0 : 2
  // a row too long for a chunk is cut like a long paragraph
  const rows = lines.slice(headerEnd).flatMap((row) => cutLong(text, row, Math.max(CHUNK_MAX_CHARS - header.length, CHUNK_MAX_CHARS / 4)))
  if (rows.length === 0) return [{ span: b, text: text.slice(b.start, b.end) }]
  const out: Array<{ span: Span; text: string }> = []
  let first = 0
  while (first < rows.length) {
    let last = first
    while (last + 1 < rows.length && rows[last + 1]!.end - rows[first]!.start + header.length <= target) last++
    const span = { start: out.length === 0 ? b.start : rows[first]!.start, end: rows[last]!.end }
    const body = text.slice(rows[first]!.start, rows[last]!.end)
    out.push({ span, text: out.length === 0 ? text.slice(span.start, span.end) : header + body })
    first = last + 1
  }
  return out
}

/**
 * The chunks of a file's `document.md` given its pages and components (`FileIngestionRecord`).
 * Every non-blank character of the markdown lies in exactly one chunk's range.
 */
export const chunkDocument = (
  markdown: string,
  pages: ReadonlyArray<IngestedPage>,
  components: ReadonlyArray<IngestedComponent>
): Array<SearchChunk> => {
  const chunks: Array<SearchChunk> = []
  const spreadsheet = components.some((c) => c.kind === "sheet")
  const push = (region: Region, span: Span, text: string) => {
    const c = region.component
    chunks.push({
      chunk_index: chunks.length,
      text,
      title: c?.name ?? "",
      component: c?.name ?? null,
      locator: {
        kind: region.page !== null ? "page" : spreadsheet && c !== null ? "sheet" : c !== null ? "section" : "text",
        page: region.page,
        char_start: span.start,
        char_end: span.end
      }
    })
  }
  for (const region of regionsOf(markdown.length, pages, components)) {
    let pending = null as Span | null
    const flush = () => {
      if (pending !== null) push(region, pending, markdown.slice(pending.start, pending.end))
      pending = null
    }
    for (const block of blocksOf(markdown, region)) {
      if (isTableBlock(markdown, block) && block.end - block.start > CHUNK_TARGET_CHARS) {
        const parts = tableChunks(markdown, block, CHUNK_TARGET_CHARS)
        // a heading just before the table (a sheet's name) leads its first part
        const lead = pending
        if (lead !== null && /^#{1,6} [^\n]*$/.test(markdown.slice(lead.start, lead.end)) && parts[0]!.span.end - lead.start <= CHUNK_MAX_CHARS) {
          parts[0] = { span: { start: lead.start, end: parts[0]!.span.end }, text: markdown.slice(lead.start, parts[0]!.span.end) }
          pending = null
        }
        flush()
        for (const t of parts) push(region, t.span, t.text)
        continue
      }
      for (const piece of cutLong(markdown, block, CHUNK_MAX_CHARS)) {
        const current = pending
        if (current !== null && piece.end - current.start <= CHUNK_TARGET_CHARS) pending = { start: current.start, end: piece.end }
        else {
          flush()
          pending = piece
        }
      }
    }
    flush()
  }
  return chunks
}
