/**
 * The held-out understanding set (`npm run eval -- --set understanding-heldout`): 32 generated
 * documents of eight categories (eval/heldout/documents.ts, rendered by eval/heldout/layout.ts)
 * and the real invoices of `../shared/realdocs` with truth written by hand (real-invoices.ts), plus a few other real
 * business documents of that folder for development (real-dev.ts, split `real-dev`).
 *
 *   npx tsx eval/heldout/generate.ts [dir]   # write the generated documents and manifest.json (default eval/.heldout)
 */
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { Prng } from "../lib/prng.js"
import { BANK_STATEMENT_SCHEMA, type DocumentTruth, type FileFormat, INVOICE_SCHEMA, type JsonSchema, RECEIPT_SCHEMA } from "../lib/truth.js"
import { type Model, models } from "./documents.js"
import { type Rendered, renderDocx, renderHtml, renderPdf, renderTxt, renderXlsx } from "./layout.js"
import { REAL_DEV, type RealDevSchema } from "./real-dev.js"
import { REAL_INVOICES } from "./real-invoices.js"
import { PURCHASE_ORDER_SCHEMA } from "./schemas.js"

const SEED = 0x5eed_4e1d

const REAL_DEV_SCHEMAS: Record<RealDevSchema, JsonSchema> = {
  invoice: INVOICE_SCHEMA, receipt: RECEIPT_SCHEMA, bank_statement: BANK_STATEMENT_SCHEMA, purchase_order: PURCHASE_ORDER_SCHEMA
}

/**
 * `dev`: the half an engine change may be developed against; `test`: the half only reported; `real`: the real invoices
 * (held out); `real-dev`: real documents that are not held out (real-dev.ts), reported apart and open to development
 */
export type Split = "dev" | "test" | "real" | "real-dev"
export interface HeldoutTruth extends DocumentTruth { readonly split: Split }

const EXTENSION: Record<FileFormat, string> = { pdf: "pdf", docx: "docx", html: "html", txt: "txt", xlsx: "xlsx", csv: "csv", png: "png" }

/** Renders the models into `outDir`, even positions the dev half and odd ones the test half; returns their truth. */
export const writeModels = async (outDir: string, list: ReadonlyArray<Model>): Promise<Array<HeldoutTruth>> => {
  await mkdir(outDir, { recursive: true })
  const truths: Array<HeldoutTruth> = []
  for (const [index, m] of list.entries()) {
    const meta = { title: m.title, author: m.author }
    const rendered: Rendered =
      m.target === "pdf" || m.target === "pdf2col" || m.target === "png"
        ? await renderPdf(m.blocks, { twoColumnText: m.target === "pdf2col", font: m.font, scan: m.target === "png" }, m.schema, meta)
        : m.target === "docx" ? renderDocx(m.blocks, meta)
        : m.target === "html" ? renderHtml(m.blocks, m.title)
        : m.target === "xlsx" ? renderXlsx(m.blocks, m.schema, { sheet_name: m.title.slice(0, 28), category: m.category }, meta)
        : renderTxt(m.blocks, m.schema)
    const file = `${m.id}.${EXTENSION[rendered.format]}`
    await writeFile(path.join(outDir, file), rendered.bytes)
    truths.push({
      id: m.id, file, format: rendered.format, type: m.type, notes: `${m.target === "pdf2col" ? "two-column text; " : m.target === "png" ? "scan (PNG, OCR); " : ""}${m.notes}`,
      pages: rendered.pages, bytes: rendered.bytes.byteLength, sha256: createHash("sha256").update(rendered.bytes).digest("hex"),
      category: m.category, sheets: rendered.sheets, schema_name: m.schema_name, schema: m.schema, fields: m.fields, locations: rendered.locations,
      split: index % 2 === 0 ? "dev" : "test"
    })
  }
  return truths
}

/** Writes the generated documents into `outDir`; returns every document's truth, the real invoices' files addressed in `realdocsDir`. */
export const generateHeldout = async (outDir: string, realdocsDir: string, seed = SEED): Promise<Array<HeldoutTruth>> => {
  const truths: Array<HeldoutTruth> = await writeModels(outDir, models(new Prng(seed)))
  const realFile = async (name: string) => {
    const file = path.join(realdocsDir, "files", name)
    if (!existsSync(file)) return undefined
    const bytes = await readFile(file)
    return {
      file, format: path.extname(name).slice(1) as FileFormat, pages: null, bytes: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"), sheets: null, locations: []
    }
  }
  for (const real of REAL_INVOICES) {
    for (const name of real.files) {
      const read = await realFile(name)
      if (read === undefined) continue
      truths.push({
        ...read, id: `${real.id}-${read.format}`, type: real.type, notes: real.notes, category: real.category, schema_name: "invoice", schema: INVOICE_SCHEMA,
        fields: real.fields, split: "real"
      })
    }
  }
  for (const real of REAL_DEV) {
    for (const name of real.files) {
      const read = await realFile(name)
      if (read === undefined) continue
      truths.push({
        ...read, id: real.id, type: real.type, notes: real.notes, category: real.category, schema_name: real.schema_name,
        schema: REAL_DEV_SCHEMAS[real.schema_name], fields: real.fields, split: "real-dev"
      })
    }
  }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify({ version: 1, seed, generator: "eval/heldout/generate.ts", documents: truths }, null, 2)}\n`)
  return truths
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const out = path.resolve(process.argv[2] ?? path.join(here, "..", ".heldout"))
  const truths = await generateHeldout(out, path.resolve(here, "..", "..", "..", "shared", "realdocs"))
  console.log(`${truths.length} documents in ${out}: ${[...new Set(truths.map((t) => t.type))].map((t) => `${t} ${truths.filter((x) => x.type === t).length}`).join(", ")}`)
}
