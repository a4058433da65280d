/**
 * The third-party understanding set (`npm run eval -- --set third-party`): invoices made by
 * invoice generators of other people on npm (templates.ts), whose layouts and labels the engine's
 * rules were not written against, fed seeded data of their own (data.ts). A development set,
 * reported apart from the held-out one: per template, even positions (ids 1, 3, 5, …) are the dev
 * half an engine change may be developed against, odd ones the test half it is checked on.
 *
 *   npx tsx eval/third-party/generate.ts [dir]   # write the documents and manifest.json (default eval/.third-party)
 */
import { createHash } from "node:crypto"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import type { HeldoutTruth } from "../heldout/generate.js"
import { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA } from "../lib/truth.js"
import { type Locale, LOCALES, invoiceOf } from "./data.js"
import { type Rendered, renderH1PdfInvoice, renderJspdfTemplate, renderMicroinvoice } from "./templates.js"

const SEED = 0x3d_9a_47_11
/** invoices per template */
export const PER_TEMPLATE = 20

interface Template {
  /** id prefix */
  readonly prefix: string
  readonly name: string
  /** the countries it can print: pdfmake's standard fonts have no narrow no-break space, which fr-FR's Intl amounts group with */
  readonly locales: ReadonlyArray<Locale>
  readonly render: (p: Prng, inv: ReturnType<typeof invoiceOf>) => Promise<Rendered>
}

export const TEMPLATES: ReadonlyArray<Template> = [
  { prefix: "tpm", name: "microinvoice 1.0.6", locales: LOCALES, render: renderMicroinvoice },
  { prefix: "tpj", name: "jspdf-invoice-template-nodejs 1.4.40", locales: LOCALES, render: renderJspdfTemplate },
  { prefix: "tph", name: "@h1dd3nsn1p3r/pdf-invoice 1.0.12", locales: LOCALES.filter((l) => l.tag !== "fr-FR"), render: renderH1PdfInvoice }
]

export const generateThirdParty = async (outDir: string, seed = SEED, perTemplate = PER_TEMPLATE): Promise<Array<HeldoutTruth>> => {
  await mkdir(outDir, { recursive: true })
  const root = new Prng(seed)
  const truths: Array<HeldoutTruth> = []
  for (const template of TEMPLATES) {
    for (let i = 0; i < perTemplate; i++) {
      const id = `${template.prefix}-${i + 1}`
      const p = root.fork(id)
      const rendered = await template.render(p, invoiceOf(p, template.locales))
      const file = `${id}.pdf`
      await writeFile(path.join(outDir, file), rendered.bytes)
      truths.push({
        id, file, format: "pdf", type: "invoice", notes: rendered.notes, pages: null, bytes: rendered.bytes.byteLength,
        sha256: createHash("sha256").update(rendered.bytes).digest("hex"), category: "invoice", sheets: null,
        schema_name: "invoice", schema: INVOICE_SCHEMA, fields: rendered.fields,
        // the templates give no positions of what they print: extraction and classification only
        locations: [],
        split: i % 2 === 0 ? "dev" : "test"
      })
    }
  }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify({ version: 1, seed, generator: "eval/third-party/generate.ts", documents: truths }, null, 2)}\n`)
  return truths
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const out = path.resolve(process.argv[2] ?? path.join(here, "..", ".third-party"))
  const truths = await generateThirdParty(out)
  console.log(`${truths.length} documents in ${out}`)
}
