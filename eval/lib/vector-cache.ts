/**
 * Dense vectors for an eval set, embedded once and kept in a gitignored file (`eval/.cache/`):
 * SciFact's 5,183 abstracts take minutes on two workers, and every fusion run reuses them. The
 * file is keyed by the model, the long-text mode and a hash of the texts, so a changed corpus or
 * mode embeds again instead of reading stale vectors.
 */
import { Intelligence } from "@docket/core"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { type LongText, makeEncoder, MODEL_ID } from "@docket/encoder"

export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".cache")

const hashTexts = (texts: ReadonlyArray<string>): string => {
  const h = createHash("sha256")
  for (const t of texts) h.update(t).update("\u0000")
  return h.digest("hex").slice(0, 16)
}

const fileFor = (name: string, mode: LongText, texts: ReadonlyArray<string>) =>
  path.join(CACHE_DIR, `${name}.${MODEL_ID}.${mode}.${texts.length}.${hashTexts(texts)}.f32`)

const read = (file: string, count: number): Array<Float32Array> | null => {
  if (!existsSync(file)) return null
  const bytes = readFileSync(file)
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
  const dims = all.length / Math.max(1, count)
  if (!Number.isInteger(dims)) return null
  return Array.from({ length: count }, (_, i) => all.slice(i * dims, (i + 1) * dims))
}

/** The texts' vectors: from the cache when present, else embedded (progress on stderr) and written. */
export const cachedEmbeddings = (
  name: string,
  texts: ReadonlyArray<string>,
  options: { readonly mode: LongText; readonly workers: number }
): Effect.Effect<Array<Float32Array>, Intelligence.EngineFailed> =>
  Effect.suspend(() => {
    const file = fileFor(name, options.mode, texts)
    const cached = read(file, texts.length)
    if (cached !== null) return Effect.succeed(cached)
    return Effect.scoped(Effect.gen(function*() {
      const { embedder } = yield* makeEncoder({ workers: options.workers, longText: options.mode })
      const started = performance.now()
      const out: Array<Float32Array> = []
      const step = 256
      for (let i = 0; i < texts.length; i += step) {
        out.push(...(yield* embedder.embed(texts.slice(i, i + step))))
        if (texts.length > step) {
          process.stderr.write(`  ${name}: ${out.length}/${texts.length} embedded, ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
        }
      }
      mkdirSync(CACHE_DIR, { recursive: true })
      const all = new Float32Array(out.reduce((n, v) => n + v.length, 0))
      let at = 0
      for (const v of out) {
        all.set(v, at)
        at += v.length
      }
      writeFileSync(`${file}.tmp`, Buffer.from(all.buffer))
      renameSync(`${file}.tmp`, file)
      return out
    }))
  })
