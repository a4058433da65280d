/**
 * Checks that a generated set's truth is where it says (shared by eval/generate.test.ts and
 * eval/heldout/generate.test.ts): value shapes against schemas, pdf.js text items against boxes,
 * workbook cells, and how often a literal query is printed.
 */
import { strFromU8, unzipSync } from "fflate"
import { createRequire } from "node:module"
import path from "node:path"
import { isoOf } from "./format.js"
import type { JsonSchema, Region } from "./truth.js"

/** how far (as a fraction of the page) a box may lie from where pdf.js puts the text */
export const TOLERANCE = 0.02


/** Whether a value has the shape the schema describes (types, known keys, array items). */
export const shapeProblems = (value: unknown, schema: JsonSchema, at: string): Array<string> => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (value === null) return [] // a missing value is null for any type
  switch (types.find((t) => t !== "null")) {
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) return [`${at}: not an object`]
      const out: Array<string> = []
      for (const [k, v] of Object.entries(value)) {
        const s = schema.properties?.[k]
        if (s === undefined) out.push(`${at}.${k}: not in the schema`)
        else out.push(...shapeProblems(v, s, `${at}.${k}`))
      }
      return out
    }
    case "array":
      return Array.isArray(value) ? value.flatMap((v, i) => shapeProblems(v, schema.items!, `${at}[${i}]`)) : [`${at}: not an array`]
    case "string":
      if (typeof value !== "string") return [`${at}: not a string`]
      return schema.enum !== undefined && !schema.enum.includes(value) ? [`${at}: ${value} not in the enum`] : []
    case "number":
      return typeof value === "number" ? [] : [`${at}: not a number`]
    case "integer":
      return Number.isInteger(value) ? [] : [`${at}: not an integer`]
    case "boolean":
      return typeof value === "boolean" ? [] : [`${at}: not a boolean`]
    default:
      return [`${at}: unexpected schema type`]
  }
}

/** The truth value at a location path such as `invoices[0].amount`. */
export const valueAt = (fields: unknown, field: string): unknown =>
  field.split(/\.|(?=\[)/).reduce<unknown>((v, part) => {
    if (v === null || v === undefined) return undefined
    const index = /^\[(\d+)\]$/.exec(part)
    return index !== null ? (v as Array<unknown>)[Number(index[1])] : (v as Record<string, unknown>)[part]
  }, fields)

export const squash = (s: string) => s.replace(/\s+/g, "").toLowerCase()

export interface PdfItem { readonly str: string; readonly x: number; readonly top: number; readonly w: number; readonly baseline: number }

/** pdf.js text items of every page, in top-left coordinates normalized to the page. */
export const pdfItems = async (bytes: Uint8Array): Promise<Array<Array<PdfItem>>> => {
  const require = createRequire(import.meta.url)
  const standardFontDataUrl = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}${path.sep}`
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, standardFontDataUrl }).promise
  try {
    const pages: Array<Array<PdfItem>> = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const items: Array<PdfItem> = []
      for (const raw of content.items) {
        if (!("str" in raw) || raw.str.trim() === "") continue
        const t = pdfjs.Util.transform(viewport.transform, raw.transform)
        const size = Math.hypot(t[2], t[3])
        items.push({ str: raw.str, x: t[4] / viewport.width, top: (t[5] - size) / viewport.height, baseline: t[5] / viewport.height, w: raw.width / viewport.width })
      }
      pages.push(items)
    }
    return pages
  } finally {
    await doc.destroy()
  }
}

/** An item holds the region's text and the region's box lies on the item (within the tolerance). */
export const itemFor = (items: ReadonlyArray<PdfItem>, region: Region & { page: number; x: number; y: number; w: number; h: number }): PdfItem | undefined =>
  items.find((item) => {
    if (!squash(item.str).includes(squash(region.text))) return false
    if (Math.abs(item.top - region.y) > TOLERANCE || item.baseline < region.y || item.baseline > region.y + region.h) return false
    if (item.str.trim() === region.text.trim()) return Math.abs(item.x - region.x) <= TOLERANCE && Math.abs(item.w - region.w) <= TOLERANCE
    return region.x >= item.x - TOLERANCE && region.x + region.w <= item.x + item.w + TOLERANCE
  })

export const unescapeXml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&")

/** The displayed value of a cell of an .xlsx written by lib/ooxml.ts. */
export const xlsxCell = (bytes: Uint8Array, sheetName: string, ref: string): string | null => {
  const files = unzipSync(bytes)
  const workbook = strFromU8(files["xl/workbook.xml"])
  const names = [...workbook.matchAll(/<sheet name="([^"]*)"/g)].map((m) => unescapeXml(m[1]))
  const index = names.indexOf(sheetName)
  if (index < 0) return null
  const xml = strFromU8(files[`xl/worksheets/sheet${index + 1}.xml`])
  const cell = new RegExp(`<c r="${ref}"([^>]*)>(.*?)</c>`).exec(xml)
  if (cell === null) return null
  const inline = /<t[^>]*>(.*?)<\/t>/.exec(cell[2])
  if (inline !== null) return unescapeXml(inline[1])
  const v = /<v>(.*?)<\/v>/.exec(cell[2])?.[1] ?? ""
  if (cell[1].includes(`s="2"`)) {
    const serial = Number(v)
    const d = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000)
    return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())
  }
  return v
}

/** The cell of a CSV written by lib/ooxml.ts (quoted fields with doubled quotes). */
export const csvCell = (text: string, ref: string): string | null => {
  const m = /^([A-Z]+)(\d+)$/.exec(ref)
  if (m === null) return null
  const row = Number(m[2]) - 1
  const col = m[1].charCodeAt(0) - 65
  const line = text.split("\n")[row]
  if (line === undefined) return null
  const fields: Array<string> = []
  let current = ""
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { current += '"'; i++ }
      else if (ch === '"') quoted = false
      else current += ch
    } else if (ch === '"') quoted = true
    else if (ch === ",") { fields.push(current); current = "" }
    else current += ch
  }
  fields.push(current)
  return fields[col] ?? null
}

/** Occurrences of `needle` in `haystack` not inside a longer word or number. */
export const occurrences = (haystack: string, needle: string): number => {
  let n = 0
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    if (!/[A-Za-z0-9]/.test(haystack.charAt(i - 1)) && !/[A-Za-z0-9]/.test(haystack.charAt(i + needle.length))) n++
  }
  return n
}

/** The displayed text of every cell of a workbook written by lib/ooxml.ts. */
export const xlsxCells = (bytes: Uint8Array): Array<string> => {
  const files = unzipSync(bytes)
  const cells: Array<string> = []
  for (const [name, content] of Object.entries(files)) {
    if (!name.startsWith("xl/worksheets/")) continue
    for (const m of strFromU8(content).matchAll(/<c r="([A-Z]+\d+)"/g)) {
      const sheet = [...strFromU8(files["xl/workbook.xml"]).matchAll(/<sheet name="([^"]*)"/g)][Number(/sheet(\d+)/.exec(name)![1]) - 1]
      cells.push(xlsxCell(bytes, unescapeXml(sheet[1]), m[1]) ?? "")
    }
  }
  return cells
}

