/**
 * The document as the grounder's units, and each unit's way back to a spec location (spec 2,
 * "Ground result", match types):
 * - pages with positioned text (PDF text runs, OCR words of images and scans): one unit per layout
 *   cell (`../layout/layout.ts`), located as a `visual_region` box normalized to the page
 *   (0 to 1, origin top-left) from the runs the span covers (a span inside a run takes its share of
 *   the run's width);
 * - documents without positions (DOCX, HTML, text, markdown): one unit per line, or per cell of a
 *   tab-separated table line, located as a `text_range` of the parsed document's `text`;
 * - spreadsheets: one unit per non-empty cell, located as a `spreadsheet_range` (`Sheet!`-free
 *   reference such as `B7`, with `sheet_name`);
 * - JSON Lines: one unit per value of each record (nested keys dotted), a `jsonl_record` with the
 *   line index and the key;
 * - a transcript (`derived.transcript_url`): one unit per segment, an `audio_range`.
 * Units know the unit on their right and below them, for label-to-value reading.
 */
import type { GroundUnit } from "../../intelligence/grounder.js"
import { layoutOf, overlapsHorizontally } from "../layout/layout.js"
import type { ParsedDocument, TextItem } from "../parsed-document.js"

export type UnitLocation =
  | { readonly type: "visual"; readonly page: number; readonly width: number; readonly height: number; readonly items: ReadonlyArray<TextItem> }
  | { readonly type: "text"; readonly start: number }
  | { readonly type: "cell"; readonly sheet: string; readonly ref: string }
  | { readonly type: "jsonl"; readonly line: number; readonly key: string }
  | { readonly type: "audio"; readonly start_ms: number; readonly end_ms: number }

export interface UnitSet {
  readonly units: Array<GroundUnit>
  readonly locations: Array<UnitLocation>
}

const empty = (): UnitSet => ({ units: [], locations: [] })

const push = (set: UnitSet, text: string, section: string, cell: string | null, location: UnitLocation): number => {
  const id = set.units.length
  set.units.push({ id, text, section, cell, right: null, below: null })
  set.locations.push(location)
  return id
}

const link = (set: UnitSet, id: number, side: "right" | "below", to: number) => {
  set.units[id] = { ...set.units[id]!, [side]: to }
}

/** Units of a parsed document (positioned pages, text lines, or sheet cells). */
export const documentUnits = (doc: ParsedDocument, set: UnitSet = empty()): UnitSet => {
  if (doc.kind === "spreadsheet") {
    const layout = layoutOf({ pages: [], sheets: doc.sheets })
    addRows(set, layout.rows, (row, cell) => ({ type: "cell", sheet: row.sheet!, ref: cell.ref! }), (row) => `sheet:${row.sheet}`)
    return set
  }
  const positioned = doc.pages.filter((p) => p.items.length > 0 && p.width !== null && p.height !== null)
  if (positioned.length > 0) {
    const layout = layoutOf({ pages: positioned, sheets: [] })
    addRows(
      set,
      layout.rows,
      (row, cell) => {
        const size = layout.pageSizes.get(row.page)!
        return { type: "visual", page: row.page, width: size.width, height: size.height, items: cell.items }
      },
      (row) => `page:${row.page}`
    )
    return set
  }
  // text lines of the document's text, split at tabs (table rows), with their offsets
  let offset = 0
  const rows: Array<Array<number>> = []
  const columns = new Map<number, number>()
  const pageOf = pageFinder(doc)
  for (const line of doc.text.split("\n")) {
    const ids: Array<number> = []
    let at = 0
    for (const part of line.split("\t")) {
      const lead = part.length - part.trimStart().length
      const text = part.trim()
      if (text !== "") {
        const id = push(set, text, `page:${pageOf(offset + at)}`, null, { type: "text", start: offset + at + lead })
        columns.set(id, ids.length)
        ids.push(id)
      }
      at += part.length + 1
    }
    rows.push(ids)
    offset += line.length + 1
  }
  linkRows(set, rows, (id) => columns.get(id) ?? 0)
  return set
}

const pageFinder = (doc: Extract<ParsedDocument, { kind: "document" }>) => {
  // chunks carry offsets and pages; blocks are in text order with their page
  const starts: Array<{ at: number; page: number }> = []
  let offset = 0
  for (const b of doc.blocks) {
    starts.push({ at: offset, page: b.page })
    offset += b.text.length + 2
  }
  // called with increasing offsets: walk forward
  let i = 0
  return (at: number) => {
    while (i + 1 < starts.length && starts[i + 1]!.at <= at) i++
    return starts[i]?.page ?? 1
  }
}

const linkRows = (set: UnitSet, rows: ReadonlyArray<ReadonlyArray<number>>, column: (id: number) => number) => {
  rows.forEach((ids, r) => {
    ids.forEach((id, i) => {
      if (i + 1 < ids.length) link(set, id, "right", ids[i + 1]!)
      for (let k = r + 1; k < rows.length && k <= r + 3; k++) {
        const below = rows[k]!.find((other) => column(other) === column(id))
        if (below !== undefined) {
          link(set, id, "below", below)
          break
        }
        if (rows[k]!.length > 0) break
      }
    })
  })
}

const addRows = (
  set: UnitSet,
  rows: ReturnType<typeof layoutOf>["rows"],
  locate: (row: (typeof rows)[number], cell: (typeof rows)[number]["cells"][number]) => UnitLocation,
  section: (row: (typeof rows)[number]) => string
) => {
  const ids: Array<Array<number>> = rows.map((row) => row.cells.map((cell) => push(set, cell.text, section(row), cell.ref, locate(row, cell))))
  rows.forEach((row, r) => {
    row.cells.forEach((cell, i) => {
      const id = ids[r]![i]!
      if (i + 1 < row.cells.length) link(set, id, "right", ids[r]![i + 1]!)
      for (let k = r + 1; k < rows.length && k <= r + 3; k++) {
        const next = rows[k]!
        if (next.page !== row.page || next.sheet !== row.sheet) break
        const j = next.cells.findIndex((c) => overlapsHorizontally(c, cell))
        if (j >= 0) {
          link(set, id, "below", ids[k]![j]!)
          break
        }
      }
    })
  })
}

const flatten = (value: unknown, prefix: string, out: Array<[string, string]>) => {
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)) {
      flatten(v, prefix === "" ? k : `${prefix}.${k}`, out)
    }
  } else if (value !== null && value !== undefined && prefix !== "") out.push([prefix, String(value)])
}

/** Units of JSON Lines text: one per value of each record (lines that are not JSON are skipped). */
export const jsonlUnits = (text: string, set: UnitSet = empty()): UnitSet => {
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return
    let record: unknown
    try {
      record = JSON.parse(line)
    } catch {
      return
    }
    const values: Array<[string, string]> = []
    flatten(record, "", values)
    for (const [key, value] of values) push(set, value, `record:${index}`, null, { type: "jsonl", line: index, key })
  })
  return set
}

export interface TranscriptSegment {
  readonly start_ms: number
  readonly end_ms: number
  readonly text: string
}

const vttTime = (t: string): number | null => {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/.exec(t.trim())
  if (m === null) return null
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]!.padEnd(3, "0"))
}

/**
 * A transcript: JSON (`{segments: [{start_ms, end_ms, text}]}`, a bare array of those, or
 * `start`/`end` in seconds), WebVTT or SRT. Undefined when it is none of these.
 */
export const parseTranscript = (text: string): Array<TranscriptSegment> | undefined => {
  const trimmed = text.trim()
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const json = JSON.parse(trimmed) as unknown
      const list = Array.isArray(json) ? json : (json as { segments?: unknown }).segments
      if (!Array.isArray(list)) return undefined
      const out: Array<TranscriptSegment> = []
      for (const s of list as Array<Record<string, unknown>>) {
        const start = typeof s.start_ms === "number" ? s.start_ms : typeof s.start === "number" ? s.start * 1000 : null
        const end = typeof s.end_ms === "number" ? s.end_ms : typeof s.end === "number" ? s.end * 1000 : null
        if (start === null || end === null || typeof s.text !== "string") return undefined
        out.push({ start_ms: Math.round(start), end_ms: Math.round(end), text: s.text })
      }
      return out
    } catch {
      return undefined
    }
  }
  const out: Array<TranscriptSegment> = []
  for (const cue of trimmed.replace(/\r/g, "").split(/\n\s*\n/)) {
    const lines = cue.split("\n")
    const timing = lines.findIndex((l) => l.includes("-->"))
    if (timing < 0) continue
    const [a, b] = lines[timing]!.split("-->")
    const start = vttTime(a ?? "")
    const end = vttTime((b ?? "").trim().split(/\s+/)[0] ?? "")
    if (start === null || end === null) continue
    out.push({ start_ms: start, end_ms: end, text: lines.slice(timing + 1).join(" ").trim() })
  }
  return out.length > 0 ? out : undefined
}

export const transcriptUnits = (segments: ReadonlyArray<TranscriptSegment>, set: UnitSet = empty()): UnitSet => {
  segments.forEach((s, i) => {
    const id = push(set, s.text, "segment", null, { type: "audio", start_ms: s.start_ms, end_ms: s.end_ms })
    if (i > 0) link(set, id - 1, "right", id)
  })
  return set
}
