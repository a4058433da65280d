/**
 * The chunks an ingestion put into the search index, kept on disk (gitignored `eval/.cache/`): the
 * HTTP SciFact eval (eval/search-http.ts) writes what its ingestion indexed — every chunk's text,
 * analyzed terms and encoder vector — so the search latency bench (bench/search.ts) fills its
 * large indexes with real ingested chunks and real vectors instead of embedding SciFact again
 * (about 20 minutes on two cores).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import path from "node:path"
import { CACHE_DIR } from "./vector-cache.js"

/** An indexed chunk without its vector (the vectors are kept apart, as float32). */
export interface CapturedChunk {
  readonly path: string
  readonly chunk_index: number
  readonly component: string | null
  readonly locator: { readonly kind: "page" | "section" | "sheet" | "text"; readonly page: number | null; readonly char_start: number; readonly char_end: number }
  readonly title: string
  readonly text: string
  readonly terms: { readonly title: Readonly<Record<string, number>>; readonly text: Readonly<Record<string, number>> }
  readonly length: { readonly title: number; readonly text: number }
}

export interface Capture {
  readonly model: string
  readonly dimensions: number
  readonly chunks: ReadonlyArray<CapturedChunk>
  readonly vectors: ReadonlyArray<Float32Array>
}

const filesOf = (name: string) => ({ json: path.join(CACHE_DIR, `${name}.json`), f32: path.join(CACHE_DIR, `${name}.f32`) })

export const writeCapture = (name: string, capture: Capture): void => {
  mkdirSync(CACHE_DIR, { recursive: true })
  const { json, f32 } = filesOf(name)
  const all = new Float32Array(capture.vectors.length * capture.dimensions)
  capture.vectors.forEach((v, i) => all.set(v, i * capture.dimensions))
  writeFileSync(`${f32}.tmp`, Buffer.from(all.buffer))
  writeFileSync(`${json}.tmp`, JSON.stringify({ model: capture.model, dimensions: capture.dimensions, chunks: capture.chunks }))
  renameSync(`${f32}.tmp`, f32)
  renameSync(`${json}.tmp`, json)
}

export const readCapture = (name: string): Capture | null => {
  const { json, f32 } = filesOf(name)
  if (!existsSync(json) || !existsSync(f32)) return null
  const head = JSON.parse(readFileSync(json, "utf8")) as { model: string; dimensions: number; chunks: Array<CapturedChunk> }
  const bytes = readFileSync(f32)
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
  if (all.length !== head.chunks.length * head.dimensions) return null
  return { ...head, vectors: head.chunks.map((_, i) => all.slice(i * head.dimensions, (i + 1) * head.dimensions)) }
}

export const SCIFACT_HTTP_CAPTURE = "scifact-http-index"
