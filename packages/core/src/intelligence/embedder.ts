/**
 * The embedding port of the intelligence engine: texts to vectors whose cosine similarity
 * measures relatedness (search and the knowledge graph, spec 3). Vectors of one embedder all have
 * `dimensions` entries and are L2-normalized.
 */
import { Context, type Effect } from "effect"
import type { EngineFailed } from "./engine-error.js"

export interface EmbedderService {
  readonly model: string
  readonly dimensions: number
  readonly embed: (texts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Float32Array>, EngineFailed>
}

export class Embedder extends Context.Tag("@docket/core/Embedder")<Embedder, EmbedderService>() {}

/** Cosine similarity of two L2-normalized vectors (their dot product). */
export const cosine = (a: Float32Array, b: Float32Array): number => {
  let dot = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) dot += a[i]! * b[i]!
  return dot
}
