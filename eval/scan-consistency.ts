/**
 * Scan consistency: how much of what the local engine extracts from a PDF it also extracts from
 * a scan of the same pages. Needs no truth: the PDF's own extraction is the reference, so the
 * figure measures only what OCR (tesseract.js) and reading OCR'd text lose.
 *
 *   npm run eval -- --set scan-consistency [--dpi 150,200] [--noise] [--only inv-01,rdev-retail-receipt] [--verbose]
 *
 * Documents: the first set's one-page PDFs (invoices, receipts, statements; generated into a
 * temporary directory) and the real development PDFs (../shared/realdocs/files). Each page is
 * drawn by pdf.js on a greyscale canvas at each dpi (with `--noise`, a light speckle), the pages
 * parsed as PNG images (OCR) and joined into one document, and extracted with the schema of the
 * document's kind. Per document and dpi: the leaves of the PDF's extraction (top-level scalars
 * and line-item fields, nulls included) that the scan's extraction equals, as a share.
 */
import { Either } from "effect"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { compileExtractSchema } from "../packages/core/src/documents/schema/compile.js"
import type { ParsedTextDocument } from "../packages/core/src/documents/parsed-document.js"
import { extractLocally } from "../packages/core/src/intelligence/local/local-extractor.js"
import { parseBytes } from "../packages/formats/src/parse.js"
import { defaultLimits } from "../packages/formats/src/internal/limits.js"
import { makeTesseractEngine } from "../packages/formats/src/internal/ocr.js"
import { openPdf } from "../packages/formats/src/formats/pdf.js"
import { generateDataset } from "./generate.js"
import { REAL_DEV } from "./heldout/real-dev.js"
import { BANK_STATEMENT_SCHEMA, INVOICE_SCHEMA, RECEIPT_SCHEMA } from "./lib/truth.js"
import { PURCHASE_ORDER_SCHEMA } from "./heldout/schemas.js"

const SCHEMAS: Record<string, unknown> = { invoice: INVOICE_SCHEMA, receipt: RECEIPT_SCHEMA, bank_statement: BANK_STATEMENT_SCHEMA, purchase_order: PURCHASE_ORDER_SCHEMA }
const REAL_DEV_PDFS = ["rdev-retail-receipt", "rdev-repair-estimate", "rdev-cinema-booking"]

interface Case { readonly id: string; readonly file: string; readonly schema: unknown }

export interface ScanConsistencyOptions {
  readonly dpis: ReadonlyArray<number>
  /** a light deterministic speckle on the drawn pages */
  readonly noise: boolean
  readonly verbose: boolean
  readonly only: ReadonlySet<string> | null
}

/** the page drawn as a greyscale PNG at `dpi` (a light deterministic speckle with `--noise`) */
const renderPages = async (bytes: Uint8Array, dpi: number, noise: boolean): Promise<ReadonlyArray<Uint8Array>> => {
  const { createCanvas } = await import("@napi-rs/canvas")
  const { doc } = await openPdf(bytes, "pdf")
  const out: Array<Uint8Array> = []
  try {
    for (let n = 1; n <= Math.min(doc.numPages, 4); n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: dpi / 72 })
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
      const ctx = canvas.getContext("2d")
      ctx.fillStyle = "#ffffff"
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height)
      let seed = 12345
      for (let i = 0; i < image.data.length; i += 4) {
        let g = 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2]
        if (noise) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; g += ((seed % 61) - 30) }
        g = Math.max(0, Math.min(255, g))
        image.data[i] = image.data[i + 1] = image.data[i + 2] = g
      }
      ctx.putImageData(image, 0, 0)
      out.push(new Uint8Array(canvas.toBuffer("image/png")))
      page.cleanup()
    }
  } finally {
    await doc.destroy().catch(() => {})
  }
  return out
}

/** the scanned pages as one document: pages renumbered, blocks moved to their page */
const joinPages = (parts: ReadonlyArray<ParsedTextDocument>): ParsedTextDocument => ({
  ...parts[0],
  markdown: parts.map((p) => p.markdown).join("\n\n"),
  text: parts.map((p) => p.text).join("\n\n"),
  pages: parts.flatMap((p, i) => p.pages.map((page) => ({ ...page, page_number: i + 1 }))),
  blocks: parts.flatMap((p, i) => p.blocks.map((b) => ({ ...b, page: i + 1 }))),
  page_count: parts.length
})

const extract = (schema: unknown, doc: ParsedTextDocument): Record<string, unknown> => {
  const compiled = compileExtractSchema(schema)
  if (Either.isLeft(compiled)) throw new Error(JSON.stringify(compiled.left))
  return extractLocally({ schema: compiled.right, content: { markdown: doc.markdown, pages: doc.pages, blocks: doc.blocks, sheets: [] } })
}

/** every leaf as path → value (arrays by index) */
const leaves = (value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> => {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, out))
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) leaves(v, prefix === "" ? k : `${prefix}.${k}`, out)
  else out.set(prefix, value ?? null)
  return out
}

const same = (a: unknown, b: unknown): boolean =>
  typeof a === "string" && typeof b === "string" ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b

export const runScanConsistency = async ({ dpis, noise, verbose, only }: ScanConsistencyOptions): Promise<void> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "scan-consistency-"))
  const ocr = makeTesseractEngine()
  try {
    const manifest = await generateDataset(dir)
    const cases: Array<Case> = [
      ...manifest.documents
        .filter((d) => d.format === "pdf" && d.pages === 1 && SCHEMAS[d.type] !== undefined)
        .map((d) => ({ id: d.id, file: path.join(dir, d.file), schema: SCHEMAS[d.type] })),
      ...REAL_DEV.filter((d) => REAL_DEV_PDFS.includes(d.id))
        .map((d) => ({ id: d.id, file: path.join(import.meta.dirname, "../../shared/realdocs/files", d.files[0]), schema: SCHEMAS[d.schema_name] }))
    ].filter((c) => only === null || only.has(c.id))
    const totals = new Map<number, { equal: number; all: number }>(dpis.map((d) => [d, { equal: 0, all: 0 }]))
    console.log(`| document | ${dpis.map((d) => `${d} dpi`).join(" | ")} |`)
    console.log(`|---|${dpis.map(() => "---:").join("|")}|`)
    for (const c of cases) {
      const bytes = new Uint8Array(await readFile(c.file))
      const pdf = await parseBytes(bytes, "doc.pdf", defaultLimits, ocr)
      if (pdf.kind !== "document") continue
      const reference = leaves(extract(c.schema, pdf))
      const cells: Array<string> = []
      const misses: Array<string> = []
      for (const dpi of dpis) {
        const pngs = await renderPages(bytes, dpi, noise)
        const parts: Array<ParsedTextDocument> = []
        for (const png of pngs) {
          const parsed = await parseBytes(png, "scan.png", defaultLimits, ocr)
          if (parsed.kind === "document") parts.push(parsed)
        }
        const scan = leaves(extract(c.schema, joinPages(parts)))
        let equal = 0
        const keys = new Set([...reference.keys(), ...scan.keys()])
        for (const k of keys) {
          if (same(reference.get(k) ?? null, scan.get(k) ?? null)) equal++
          else misses.push(`  ${dpi} dpi ${k}: pdf ${JSON.stringify(reference.get(k) ?? null)} scan ${JSON.stringify(scan.get(k) ?? null)}`)
        }
        const t = totals.get(dpi)!
        t.equal += equal
        t.all += keys.size
        cells.push(`${equal}/${keys.size}`)
      }
      console.log(`| ${c.id} | ${cells.join(" | ")} |`)
      if (verbose) for (const m of misses) console.log(m)
    }
    console.log(`| **all** | ${dpis.map((d) => { const t = totals.get(d)!; return `${(100 * t.equal / Math.max(1, t.all)).toFixed(1)} % (${t.equal}/${t.all})` }).join(" | ")} |`)
  } finally {
    // the Tesseract worker would keep the process alive
    await ocr.dispose()
    await rm(dir, { recursive: true, force: true })
  }
}
