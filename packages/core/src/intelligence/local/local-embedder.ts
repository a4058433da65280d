/**
 * The local embedder: deterministic feature-hashing vectors (no model). Each stemmed content term
 * adds weight 1 and each of its character trigrams 0.25 (so "invoice" and "invoices", or a typo,
 * land close) to one of `LOCAL_EMBEDDING_DIMENSIONS` dimensions chosen by an FNV-1a hash, with a
 * hashed sign; term weights are log-scaled (1 + ln tf) and the vector is L2-normalized. Cosine
 * similarity then measures shared vocabulary — lexical relatedness, not meaning ("car" and
 * "automobile" are unrelated to it).
 */
import { Effect, Layer } from "effect"
import { Embedder } from "../embedder.js"
import { termCounts, terms } from "./text-features.js"

export const LOCAL_EMBEDDING_DIMENSIONS = 384
export const LOCAL_EMBEDDING_MODEL = "docket-local-hash-384"

const fnv1a = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const add = (v: Float32Array, feature: string, weight: number) => {
  const h = fnv1a(feature)
  v[h % LOCAL_EMBEDDING_DIMENSIONS]! += (h & 0x80000000) === 0 ? weight : -weight
}

export const embedLocally = (text: string): Float32Array => {
  const v = new Float32Array(LOCAL_EMBEDDING_DIMENSIONS)
  for (const [term, tf] of termCounts(terms(text))) {
    const w = 1 + Math.log(tf)
    add(v, `t:${term}`, w)
    const padded = `^${term}$`
    for (let i = 0; i + 3 <= padded.length; i++) add(v, `g:${padded.slice(i, i + 3)}`, 0.25 * w)
  }
  let norm = 0
  for (const x of v) norm += x * x
  if (norm > 0) {
    const s = 1 / Math.sqrt(norm)
    for (let i = 0; i < v.length; i++) v[i]! *= s
  }
  return v
}

export const LocalEmbedderLive: Layer.Layer<Embedder> = Layer.succeed(Embedder, {
  model: LOCAL_EMBEDDING_MODEL,
  dimensions: LOCAL_EMBEDDING_DIMENSIONS,
  embed: (texts) => Effect.sync(() => texts.map(embedLocally))
})
