/**
 * The evaluation set: realistic business documents with their ground truth, generated
 * deterministically (a seeded PRNG, fixed dates in file metadata, no network), so every run
 * writes byte-identical files and manifest.
 *
 *   npx tsx eval/generate.ts [outDir]        (default eval/.dataset)
 *
 * Writes each document and `manifest.json` (see lib/truth.ts for its shape) into outDir.
 */
import { createHash } from "node:crypto"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { generateContracts } from "./docs/contracts.js"
import { generateInvoices } from "./docs/invoices.js"
import { generateReceipts } from "./docs/receipts.js"
import { generateSpreadsheets } from "./docs/spreadsheets.js"
import { generateStatements } from "./docs/statements.js"
import type { Generated } from "./lib/doc.js"
import { Prng } from "./lib/prng.js"
import type { DocumentTruth, Manifest } from "./lib/truth.js"

export const SEED = 20_260_314
export const DEFAULT_OUT_DIR = fileURLToPath(new URL("./.dataset", import.meta.url))

/** Every document in memory, in a fixed order. */
export const generateDocuments = async (seed = SEED): Promise<Array<Generated>> => {
  const rng = new Prng(seed)
  return [
    ...(await generateInvoices(rng.fork("invoices"))),
    ...(await generateReceipts(rng.fork("receipts"))),
    ...(await generateContracts(rng.fork("contracts"))),
    ...(await generateStatements(rng.fork("statements"))),
    ...generateSpreadsheets(rng.fork("spreadsheets"))
  ]
}

const truthOf = (g: Generated): DocumentTruth => ({
  id: g.id,
  file: g.file,
  format: g.format,
  type: g.type,
  notes: g.notes,
  pages: g.pages,
  bytes: g.bytes.byteLength,
  sha256: createHash("sha256").update(g.bytes).digest("hex"),
  category: g.category,
  sheets: g.sheets,
  schema_name: g.schema_name,
  schema: g.schema,
  fields: g.fields,
  locations: g.locations
})

/** Writes the documents and `manifest.json` into `outDir` (files of an earlier manifest there are removed first). */
export const generateDataset = async (outDir: string = DEFAULT_OUT_DIR, seed = SEED): Promise<Manifest> => {
  await mkdir(outDir, { recursive: true })
  const previous = await readFile(path.join(outDir, "manifest.json"), "utf8").then((t) => JSON.parse(t) as Manifest, () => null)
  for (const doc of previous?.documents ?? []) await rm(path.join(outDir, path.basename(doc.file)), { force: true })
  const documents = await generateDocuments(seed)
  const ids = new Set<string>()
  for (const g of documents) {
    if (ids.has(g.id)) throw new Error(`duplicate document id ${g.id}`)
    ids.add(g.id)
    await writeFile(path.join(outDir, g.file), g.bytes)
  }
  const manifest: Manifest = { version: 1, seed, generator: "eval/generate.ts", documents: documents.map(truthOf) }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const outDir = path.resolve(process.argv[2] ?? DEFAULT_OUT_DIR)
  const started = Date.now()
  const manifest = await generateDataset(outDir)
  const byType = new Map<string, number>()
  const byFormat = new Map<string, number>()
  for (const d of manifest.documents) {
    byType.set(d.type, (byType.get(d.type) ?? 0) + 1)
    byFormat.set(d.format, (byFormat.get(d.format) ?? 0) + 1)
  }
  const list = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${v}`).join(", ")
  console.log(`${manifest.documents.length} documents in ${outDir} (${Date.now() - started} ms)`)
  console.log(`  by type: ${list(byType)}`)
  console.log(`  by format: ${list(byFormat)}`)
}
