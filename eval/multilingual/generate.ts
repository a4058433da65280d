/**
 * The multilingual understanding set (`npm run eval -- --set understanding-multilingual`): 24
 * generated invoices and receipts in six European languages (eval/multilingual/documents.ts), then
 * invoices in hard layouts and with item tables as invoicing software prints them, rendered by the
 * held-out set's layout layer. Even positions are the dev half an engine change
 * may be developed against, odd ones the test half, only reported.
 *
 *   npx tsx eval/multilingual/generate.ts [dir]   # write the documents and manifest.json (default eval/.multilingual)
 */
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { Prng } from "../lib/prng.js"
import { type HeldoutTruth, writeModels } from "../heldout/generate.js"
import { multilingualModels } from "./documents.js"

const SEED = 0x6c_1a_9e

export const generateMultilingual = async (outDir: string, seed = SEED): Promise<Array<HeldoutTruth>> => {
  const truths = await writeModels(outDir, multilingualModels(new Prng(seed)))
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify({ version: 1, seed, generator: "eval/multilingual/generate.ts", documents: truths }, null, 2)}\n`)
  return truths
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const out = path.resolve(process.argv[2] ?? path.join(here, "..", ".multilingual"))
  const truths = await generateMultilingual(out)
  console.log(`${truths.length} documents in ${out}`)
}
