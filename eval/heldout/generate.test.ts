/**
 * The held-out set is sound: eight categories in several formats, schemas the core compiler
 * accepts, truth shaped like them and scoring fully right against itself, every located value
 * where it is printed (pdf.js items, characters, cells), literal queries printed only where
 * located, the real invoices present with truth, the real development documents present apart from them, and the
 * same bytes on every run.
 */
import { Documents } from "@docket/core"
import { Either } from "effect"
import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultRealdocsDir } from "../realdocs.js"
import { lineItemFields, scoreFields } from "../lib/score.js"
import { itemFor, occurrences, pdfItems, shapeProblems, valueAt, xlsxCell, xlsxCells } from "../lib/truth-checks.js"
import { TAXONOMY } from "../lib/truth.js"
import { generateHeldout, type HeldoutTruth } from "./generate.js"
import { REAL_DEV } from "./real-dev.js"
import { REAL_INVOICES } from "./real-invoices.js"

let dirA = ""
let dirB = ""
let docs: Array<HeldoutTruth> = []
const realdocs = defaultRealdocsDir()

beforeAll(async () => {
  dirA = await mkdtemp(path.join(os.tmpdir(), "docket-heldout-a-"))
  dirB = await mkdtemp(path.join(os.tmpdir(), "docket-heldout-b-"))
  docs = await generateHeldout(dirA, realdocs)
}, 120_000)

afterAll(async () => {
  await rm(dirA, { recursive: true, force: true })
  await rm(dirB, { recursive: true, force: true })
})

const generated = () => docs.filter((d) => d.split === "dev" || d.split === "test")
const bytesOf = async (doc: HeldoutTruth) => new Uint8Array(await readFile(path.resolve(dirA, doc.file)))

describe("eval/heldout", () => {
  it("makes four documents of each of eight categories, in at least five formats, split evenly into dev and test", () => {
    const types = new Set(generated().map((d) => d.type))
    expect(types.size).toBe(8)
    for (const t of types) expect(generated().filter((d) => d.type === t).length, t).toBe(4)
    expect(new Set(generated().map((d) => d.format)).size).toBeGreaterThanOrEqual(5)
    expect(generated().filter((d) => d.split === "dev").length).toBe(generated().filter((d) => d.split === "test").length)
    for (const d of docs) expect(TAXONOMY as ReadonlyArray<string>, d.id).toContain(d.category)
  })

  it("gives every document a schema the core compiler accepts, truth shaped like it, and truth that scores fully right", () => {
    for (const doc of docs) {
      const compiled = Documents.compileExtractSchema(doc.schema)
      expect(Either.isRight(compiled), doc.id).toBe(true)
      expect(shapeProblems(doc.fields, doc.schema, doc.id)).toEqual([])
      for (const [key, value] of Object.entries(doc.fields)) {
        if (/date|period_(start|end)$/.test(key)) expect(value, `${doc.id}.${key}`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        if (key === "currency") expect(value, `${doc.id}.${key}`).toMatch(/^[A-Z]{3}$/)
      }
      const score = scoreFields(doc.fields, JSON.parse(JSON.stringify(doc.fields)), doc.schema)
      expect(score.correct, doc.id).toBe(score.total)
    }
    // the categories with tables have line items to score
    for (const type of ["purchase_order", "payslip", "insurance_policy", "bank_statement", "utility_bill"]) {
      for (const doc of docs.filter((d) => d.type === type)) expect(Object.keys(lineItemFields(doc.fields)).length, doc.id).toBeGreaterThan(0)
    }
  })

  it("finds every located value's text in a PDF at its box", async () => {
    for (const doc of generated().filter((d) => d.format === "pdf")) {
      const pages = await pdfItems(await bytesOf(doc))
      expect(pages.length, doc.id).toBe(doc.pages)
      expect(doc.locations.length, doc.id).toBeGreaterThanOrEqual(3)
      for (const location of doc.locations) {
        expect(valueAt(doc.fields, location.field), `${doc.id} ${location.field}`).not.toBeUndefined()
        for (const region of location.regions) {
          if (!("page" in region)) throw new Error(`${doc.id} ${location.field}: a PDF region without a page`)
          expect(itemFor(pages[region.page - 1] ?? [], region), `${doc.id} ${location.field} "${region.text}"`).toBeDefined()
        }
      }
    }
  }, 60_000)

  it("records character ranges and cells that spell the located values", async () => {
    for (const doc of generated().filter((d) => d.format === "txt")) {
      const text = new TextDecoder().decode(await bytesOf(doc))
      expect(text, doc.id).not.toMatch(/\r|\t|  | \n|\n |\n\n\n|^\s/)
      for (const location of doc.locations) for (const region of location.regions) {
        if (!("start_char" in region)) throw new Error(`${doc.id}: a text region without characters`)
        expect(text.slice(region.start_char, region.end_char), `${doc.id} ${location.field}`).toBe(region.text)
      }
    }
    for (const doc of generated().filter((d) => d.format === "xlsx")) {
      const bytes = await bytesOf(doc)
      for (const location of doc.locations) for (const region of location.regions) {
        if (!("cell_range" in region)) throw new Error(`${doc.id}: a sheet region without a cell`)
        expect(xlsxCell(bytes, region.sheet_name, region.cell_range), `${doc.id} ${location.field}`).toBe(region.text)
      }
    }
  })

  it("prints every literal query only where it is located", async () => {
    for (const doc of generated().filter((d) => d.locations.length > 0 && d.format !== "png")) {
      const bytes = await bytesOf(doc)
      const texts = doc.format === "pdf" ? (await pdfItems(bytes)).flat().map((i) => i.str) : doc.format === "txt" ? [new TextDecoder().decode(bytes)] : xlsxCells(bytes)
      for (const location of doc.locations) {
        const printed = texts.reduce((n, t) => n + occurrences(t, location.query), 0)
        const recorded = location.regions.reduce((n, r) => n + occurrences(r.text, location.query), 0)
        expect(printed, `${doc.id} ${location.field}: "${location.query}"`).toBe(recorded)
      }
    }
  }, 60_000)

  it.skipIf(!existsSync(path.join(realdocs, "files")))("includes every real invoice file with its hand-written truth", () => {
    const real = docs.filter((d) => d.split === "real")
    expect(real.length).toBe(REAL_INVOICES.reduce((n, r) => n + r.files.length, 0))
    for (const doc of real) {
      expect(existsSync(doc.file), doc.file).toBe(true)
      expect(doc.fields.invoice_number, doc.id).toBeTypeOf("string")
      expect(doc.fields.total, doc.id).toBeTypeOf("number")
    }
  })

  it.skipIf(!existsSync(path.join(realdocs, "files")))("includes the real development documents apart, none of them a held-out invoice", () => {
    const dev = docs.filter((d) => d.split === "real-dev")
    expect(dev.length).toBe(REAL_DEV.reduce((n, r) => n + r.files.length, 0))
    expect(dev.length).toBeGreaterThanOrEqual(5)
    for (const doc of dev) {
      expect(existsSync(doc.file), doc.file).toBe(true)
      expect(path.basename(doc.file), doc.id).not.toMatch(/^invoice2data__/)
      expect(doc.id, doc.id).not.toMatch(/^real-/)
      expect(Object.keys(doc.fields).length, doc.id).toBeGreaterThan(0)
    }
    expect(new Set(dev.map((d) => d.schema_name)).size).toBeGreaterThanOrEqual(3)
  })

  it("is deterministic: a second run writes byte-identical files", async () => {
    const again = await generateHeldout(dirB, realdocs)
    expect(again.map((d) => d.sha256)).toEqual(docs.map((d) => d.sha256))
  }, 120_000)
})
