/**
 * The evaluation set is sound: enough documents of every type, schemas the core compiler accepts,
 * truth values shaped like their schemas, every truth location where the value really is (PDF
 * boxes checked against pdf.js text positions, cells against the workbook, character ranges
 * against the text), and the same bytes on every run.
 */
import { Documents } from "@docket/core"
import { Either } from "effect"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { generateDataset } from "./generate.js"
import { excelSerial } from "./lib/format.js"
import { judgeMatch, scoreFields } from "./lib/score.js"
import { csvCell, itemFor, occurrences, pdfItems, shapeProblems, valueAt, xlsxCell, xlsxCells } from "./lib/truth-checks.js"
import { DOC_TYPES, type DocumentTruth, type Manifest, TAXONOMY } from "./lib/truth.js"


let dirA = ""
let dirB = ""
let manifest: Manifest

beforeAll(async () => {
  dirA = await mkdtemp(path.join(os.tmpdir(), "docket-eval-a-"))
  dirB = await mkdtemp(path.join(os.tmpdir(), "docket-eval-b-"))
  manifest = await generateDataset(dirA)
}, 120_000)

afterAll(async () => {
  await rm(dirA, { recursive: true, force: true })
  await rm(dirB, { recursive: true, force: true })
})

const bytesOf = async (doc: DocumentTruth) => new Uint8Array(await readFile(path.join(dirA, doc.file)))

// ---------------------------------------------------------------- tests

describe("eval/generate.ts", () => {
  it("writes at least 30 documents: every type, at least 6 of each document type, several formats", () => {
    const docs = manifest.documents
    expect(docs.length).toBeGreaterThanOrEqual(30)
    for (const type of DOC_TYPES) expect(docs.filter((d) => d.type === type).length, type).toBeGreaterThanOrEqual(type === "spreadsheet" ? 4 : 6)
    for (const format of ["pdf", "docx", "html", "txt", "xlsx", "csv", "png"]) expect(docs.some((d) => d.format === format), format).toBe(true)
    expect(docs.some((d) => d.type === "invoice" && d.format === "pdf" && (d.pages ?? 0) >= 2 && (d.fields.line_items as Array<unknown>).length > 40)).toBe(true)
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length)
    expect(new Set(docs.map((d) => d.file)).size).toBe(docs.length)
  })

  it("labels every document and sheet with a key of the default taxonomy", () => {
    const keys: ReadonlyArray<string> = TAXONOMY
    for (const doc of manifest.documents) {
      expect(keys, doc.id).toContain(doc.category)
      if (doc.type === "spreadsheet") expect(doc.sheets?.length ?? 0, doc.id).toBeGreaterThan(0)
      else expect(doc.sheets, doc.id).toBeNull()
      for (const sheet of doc.sheets ?? []) expect(keys, `${doc.id} ${sheet.sheet_name}`).toContain(sheet.category)
    }
  })

  it("gives every document a schema the core compiler accepts, and truth values shaped like it", () => {
    for (const doc of manifest.documents) {
      const compiled = Documents.compileExtractSchema(doc.schema)
      expect(Either.isRight(compiled), `${doc.id}: ${JSON.stringify(Either.isLeft(compiled) ? compiled.left : null)}`).toBe(true)
      expect(shapeProblems(doc.fields, doc.schema, doc.id)).toEqual([])
      // dates ISO, currencies ISO codes
      for (const [key, value] of Object.entries(doc.fields)) {
        if (/date|period_(start|end)$/.test(key) && value !== null) expect(value, `${doc.id}.${key}`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        if (key === "currency") expect(value, `${doc.id}.${key}`).toMatch(/^(USD|EUR|GBP)$/)
      }
    }
  })

  it("scores the truth as fully right against itself (the scorer and the truth agree)", () => {
    for (const doc of manifest.documents) {
      const score = scoreFields(doc.fields, JSON.parse(JSON.stringify(doc.fields)), doc.schema)
      expect(score.correct, doc.id).toBe(score.total)
      expect(score.total, doc.id).toBeGreaterThan(0)
      for (const location of doc.locations) {
        for (const region of location.regions) {
          const match = "page" in region ? { match_type: "visual_region", confidence: 1, ...region }
            : "cell_range" in region ? { match_type: "spreadsheet_range", confidence: 1, ...region }
            : { match_type: "text_range", confidence: 1, ...region }
          expect(judgeMatch(match, location.regions).hit, `${doc.id} ${location.field}`).toBe(true)
        }
      }
    }
  })

  it("locates a handful of values in every PDF, image, text and spreadsheet document, each where the value is", async () => {
    for (const doc of manifest.documents) {
      const locatable = doc.format !== "docx" && doc.format !== "html"
      if (locatable) expect(doc.locations.length, doc.id).toBeGreaterThanOrEqual(3)
      else expect(doc.locations, doc.id).toEqual([])
      expect(doc.locations.length, doc.id).toBeLessThanOrEqual(30)
      for (const location of doc.locations) {
        expect(location.regions.length, `${doc.id} ${location.field}`).toBeGreaterThan(0)
        expect(location.query, `${doc.id} ${location.field}`).toBe(location.regions[0].text)
        expect(location.semantic.length, `${doc.id} ${location.field}`).toBeGreaterThan(5)
        // the located field exists in the truth (its value as printed may differ: "$1,234.56" for 1234.56)
        expect(valueAt(doc.fields, location.field), `${doc.id} ${location.field}`).not.toBeUndefined()
        for (const region of location.regions) {
          if ("page" in region) {
            for (const v of [region.x, region.y, region.w, region.h]) expect(v >= 0 && v <= 1, `${doc.id} ${location.field}`).toBe(true)
            expect(region.w > 0 && region.h > 0 && region.x + region.w <= 1 && region.y + region.h <= 1, `${doc.id} ${location.field}`).toBe(true)
            expect(region.page >= 1 && region.page <= (doc.pages ?? 1), `${doc.id} ${location.field}`).toBe(true)
          }
        }
      }
    }
  })

  it("parses every PDF with pdf.js, and finds every located value's text at its box", async () => {
    for (const doc of manifest.documents.filter((d) => d.format === "pdf")) {
      const pages = await pdfItems(await bytesOf(doc))
      expect(pages.length, doc.id).toBe(doc.pages)
      for (const location of doc.locations) {
        for (const region of location.regions) {
          if (!("page" in region)) throw new Error(`${doc.id} ${location.field}: a PDF region without a page`)
          const item = itemFor(pages[region.page - 1] ?? [], region)
          const near = (pages[region.page - 1] ?? []).filter((i) => Math.abs(i.top - region.y) < 0.03).map((i) => `${i.str}@${i.x.toFixed(3)},${i.top.toFixed(3)}+${i.w.toFixed(3)}`)
          expect(item, `${doc.id} ${location.field} "${region.text}" at p${region.page} ${region.x},${region.y}+${region.w}; items on that line: ${near.join(" | ")}`).toBeDefined()
        }
      }
    }
  }, 60_000)

  it("makes every literal query unambiguous: its text is printed only where a truth region is", async () => {
    for (const doc of manifest.documents.filter((d) => d.locations.length > 0 && d.format !== "png")) {
      const bytes = await bytesOf(doc)
      const texts: Array<string> =
        doc.format === "pdf" ? (await pdfItems(bytes)).flat().map((i) => i.str)
        : doc.format === "txt" ? [new TextDecoder().decode(bytes)]
        : doc.format === "csv" ? new TextDecoder().decode(bytes).split("\n").flatMap((line) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => m[1] ?? m[2]))
        : xlsxCells(bytes)
      for (const location of doc.locations) {
        const printed = texts.reduce((n, t) => n + occurrences(t, location.query), 0)
        const recorded = location.regions.reduce((n, r) => n + occurrences(r.text, location.query), 0)
        expect(printed, `${doc.id} ${location.field}: "${location.query}" printed ${printed} times, located ${recorded} times`).toBe(recorded)
      }
    }
  }, 60_000)

  it("gives the PNG a real image and boxes on its one page", async () => {
    for (const doc of manifest.documents.filter((d) => d.format === "png")) {
      const bytes = await bytesOf(doc)
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      const view = new DataView(bytes.buffer, bytes.byteOffset)
      expect(view.getUint32(16)).toBeGreaterThan(500) // width in pixels
      for (const location of doc.locations) for (const region of location.regions) expect("page" in region && region.page === 1).toBe(true)
    }
  })

  it("records character ranges of .txt documents against text the parser keeps as it is", async () => {
    for (const doc of manifest.documents.filter((d) => d.format === "txt")) {
      const text = new TextDecoder().decode(await bytesOf(doc))
      // what the plain-text reader normalizes is absent, so its text equals the file's (less the final newline)
      expect(text, doc.id).not.toMatch(/\r|\t|  | \n|\n |\n\n\n|^\s/)
      for (const location of doc.locations) {
        for (const region of location.regions) {
          if (!("start_char" in region)) throw new Error(`${doc.id} ${location.field}: a text region without characters`)
          expect(text.slice(region.start_char, region.end_char), `${doc.id} ${location.field}`).toBe(region.text)
        }
      }
    }
  })

  it("records cells of spreadsheets that hold the located values", async () => {
    for (const doc of manifest.documents.filter((d) => d.format === "xlsx" || d.format === "csv")) {
      const bytes = await bytesOf(doc)
      for (const location of doc.locations) {
        for (const region of location.regions) {
          if (!("cell_range" in region)) throw new Error(`${doc.id} ${location.field}: a spreadsheet region without a cell`)
          expect(doc.sheets?.map((s) => s.sheet_name), doc.id).toContain(region.sheet_name)
          const value = doc.format === "csv" ? csvCell(new TextDecoder().decode(bytes), region.cell_range) : xlsxCell(bytes, region.sheet_name, region.cell_range)
          expect(value, `${doc.id} ${location.field} ${region.sheet_name}!${region.cell_range}`).toBe(region.text)
        }
      }
    }
    expect(excelSerial("2026-03-14")).toBe(46095)
  })

  it("is deterministic: a second run writes a byte-identical manifest (file hashes included)", async () => {
    await generateDataset(dirB)
    const a = await readFile(path.join(dirA, "manifest.json"))
    const b = await readFile(path.join(dirB, "manifest.json"))
    expect(a.equals(b)).toBe(true)
    for (const doc of manifest.documents) {
      expect((await readFile(path.join(dirB, doc.file))).equals(await readFile(path.join(dirA, doc.file))), doc.id).toBe(true)
    }
  }, 120_000)
})
