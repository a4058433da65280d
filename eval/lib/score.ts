/**
 * How results are scored against the truth (eval/README.md, "Metrics"):
 * - extraction: every leaf of the expected fields is one field; arrays of objects are compared
 *   item by item in order, and an extra or missing item counts all of its leaves as wrong;
 *   strings compare case-insensitively after trimming, collapsing white space and dropping
 *   trailing punctuation; numbers within 0.005; ISO dates exactly; an expected null is matched
 *   by null, a missing value or "".
 * - grounding: the best match (highest confidence) must be a visual region on the page of a
 *   truth region with box IoU ≥ 0.5, a spreadsheet range on the truth sheet overlapping the truth
 *   cell, or a text range overlapping the truth characters.
 */
import type { CellRegion, CharRegion, JsonSchema, Region, VisualRegion } from "./truth.js"

export const IOU_THRESHOLD = 0.5
export const NUMBER_TOLERANCE = 0.005

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const normalizeText = (s: string): string => s.trim().replace(/\s+/g, " ").replace(/[.,;:]+$/, "").trim().toLowerCase()

export interface Mismatch { readonly path: string; readonly expected: unknown; readonly got: unknown }

export interface FieldScore { readonly total: number; readonly correct: number; readonly mismatches: ReadonlyArray<Mismatch> }

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "")

const leafEqual = (expected: unknown, got: unknown): boolean => {
  if (expected === null) return isEmpty(got)
  if (typeof expected === "number") return typeof got === "number" && Number.isFinite(got) && Math.abs(got - expected) <= NUMBER_TOLERANCE
  if (typeof expected === "boolean") return got === expected
  if (typeof expected === "string") {
    if (typeof got !== "string") return false
    if (ISO_DATE.test(expected)) return got.trim() === expected
    return normalizeText(got) === normalizeText(expected)
  }
  return false
}

/** Leaves of a value of this schema (an object's properties, recursively; an array counts 0). */
export const leafCount = (schema: JsonSchema | undefined): number => {
  if (schema === undefined) return 1
  if (schema.type === "object" && schema.properties !== undefined) {
    return Object.values(schema.properties).reduce((n, s) => n + leafCount(s), 0)
  }
  if (schema.type === "array") return 0
  return 1
}

const leavesOf = (value: unknown): number => {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + leavesOf(v), 0)
  if (value !== null && typeof value === "object") return Object.values(value).reduce((n: number, v) => n + leavesOf(v), 0)
  return 1
}

/** Scores `got` (the extracted data) against `expected` (the truth), guided by the schema. */
export const scoreFields = (expected: unknown, got: unknown, schema: JsonSchema | undefined, path = ""): FieldScore => {
  if (Array.isArray(expected)) {
    const items = Array.isArray(got) ? got : []
    let total = 0
    let correct = 0
    const mismatches: Array<Mismatch> = []
    expected.forEach((e, i) => {
      const s = scoreFields(e, items[i], schema?.items, `${path}[${i}]`)
      total += s.total
      correct += s.correct
      mismatches.push(...s.mismatches)
    })
    for (let i = expected.length; i < items.length; i++) {
      const n = Math.max(1, schema?.items !== undefined ? leafCount(schema.items) : leavesOf(items[i]))
      total += n
      mismatches.push({ path: `${path}[${i}]`, expected: "(no such item)", got: items[i] })
    }
    return { total, correct, mismatches }
  }
  if (expected !== null && typeof expected === "object") {
    const obj = got !== null && typeof got === "object" && !Array.isArray(got) ? (got as Record<string, unknown>) : {}
    let total = 0
    let correct = 0
    const mismatches: Array<Mismatch> = []
    for (const [key, value] of Object.entries(expected)) {
      const s = scoreFields(value, obj[key], schema?.properties?.[key], path === "" ? key : `${path}.${key}`)
      total += s.total
      correct += s.correct
      mismatches.push(...s.mismatches)
    }
    return { total, correct, mismatches }
  }
  const ok = leafEqual(expected, got)
  return { total: 1, correct: ok ? 1 : 0, mismatches: ok ? [] : [{ path, expected, got: got === undefined ? "(missing)" : got }] }
}

// ---------------------------------------------------------------- grounding

export interface Match {
  readonly match_type: string
  readonly confidence?: number
  readonly matched_text?: string
  readonly page?: number
  readonly x?: number
  readonly y?: number
  readonly w?: number
  readonly h?: number
  readonly sheet_name?: string
  readonly cell_range?: string
  readonly start_char?: number
  readonly end_char?: number
}

const isVisual = (r: Region): r is VisualRegion & { text: string } => "page" in r
const isCell = (r: Region): r is CellRegion & { text: string } => "cell_range" in r
const isChar = (r: Region): r is CharRegion & { text: string } => "start_char" in r

export const iou = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): number => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x))
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y))
  const inter = ix * iy
  const union = a.w * a.h + b.w * b.h - inter
  return union <= 0 ? 0 : inter / union
}

/** "B4" → {row: 3, col: 1}; "$B$4" and lower case accepted */
export const parseCell = (ref: string): { row: number; col: number } | null => {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref.trim())
  if (m === null) return null
  let col = 0
  for (const ch of m[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64)
  return { row: Number(m[2]) - 1, col: col - 1 }
}

/** "B4" or "B4:D9" (optionally "Sheet!B4") → inclusive bounds */
export const parseRange = (range: string): { r0: number; c0: number; r1: number; c1: number } | null => {
  const bare = range.includes("!") ? range.slice(range.lastIndexOf("!") + 1) : range
  const [a, b] = bare.split(":")
  const start = parseCell(a)
  const end = b === undefined ? start : parseCell(b)
  if (start === null || end === null) return null
  return { r0: Math.min(start.row, end.row), c0: Math.min(start.col, end.col), r1: Math.max(start.row, end.row), c1: Math.max(start.col, end.col) }
}

export interface GroundVerdict { readonly hit: boolean; readonly reason: string; readonly iou: number | null }

/** The best match (highest confidence; the first on ties) against the truth regions. */
export const bestMatch = (matches: ReadonlyArray<Match>): Match | null =>
  matches.reduce<Match | null>((best, m) => (best === null || (m.confidence ?? 0) > (best.confidence ?? 0) ? m : best), null)

export const judgeMatch = (match: Match | null, regions: ReadonlyArray<Region>): GroundVerdict => {
  if (match === null) return { hit: false, reason: "no match", iou: null }
  switch (match.match_type) {
    case "visual_region": {
      const box = { x: match.x ?? 0, y: match.y ?? 0, w: match.w ?? 0, h: match.h ?? 0 }
      let best = 0
      for (const r of regions) if (isVisual(r) && r.page === match.page) best = Math.max(best, iou(box, r))
      const anyVisual = regions.some(isVisual)
      if (!anyVisual) return { hit: false, reason: "visual match where the truth is not visual", iou: null }
      return { hit: best >= IOU_THRESHOLD, reason: best >= IOU_THRESHOLD ? "box" : `IoU ${best.toFixed(2)} on page ${match.page}`, iou: best }
    }
    case "spreadsheet_range": {
      const range = parseRange(match.cell_range ?? "")
      if (range === null) return { hit: false, reason: `unreadable range ${match.cell_range}`, iou: null }
      for (const r of regions) {
        if (!isCell(r) || r.sheet_name.toLowerCase() !== (match.sheet_name ?? "").toLowerCase()) continue
        const t = parseRange(r.cell_range)
        if (t !== null && range.r0 <= t.r1 && t.r0 <= range.r1 && range.c0 <= t.c1 && t.c0 <= range.c1) return { hit: true, reason: "cell", iou: null }
      }
      return { hit: false, reason: `range ${match.sheet_name}!${match.cell_range}`, iou: null }
    }
    case "text_range": {
      const s = match.start_char ?? -1
      const e = match.end_char ?? -1
      for (const r of regions) if (isChar(r) && s < r.end_char && r.start_char < e) return { hit: true, reason: "chars", iou: null }
      return { hit: false, reason: `chars ${s}-${e}`, iou: null }
    }
    default:
      return { hit: false, reason: `match type ${match.match_type}`, iou: null }
  }
}

/**
 * The table part of expected data: the top-level lists of objects (invoice lines, transactions,
 * earnings, coverages), which the "line items" figure scores apart from the scalars. A list of
 * plain values (a contract's parties) is not a table.
 */
export const lineItemFields = (fields: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => Array.isArray(v) && v.some((item) => item !== null && typeof item === "object" && !Array.isArray(item))))
