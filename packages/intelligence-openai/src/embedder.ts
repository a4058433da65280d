/**
 * The embedder on an embeddings endpoint: texts in batches of `EMBED_BATCH`, vectors
 * L2-normalized into `Float32Array`s. The size is the configured `embeddingDimensions` (also sent
 * as `dimensions`), else the size of the first answer (`dimensions` reads 0 until then); an answer
 * of another size, or with a vector that is not finite or all zeros, is an `EngineFailed`.
 */
import type { Intelligence } from "@docket/core"
import { Effect } from "effect"
import { type OpenAiClient, OpenAiFailure } from "./internal/client.js"
import { engineFailed } from "./internal/text.js"

export const EMBED_BATCH = 128

const normalize = (v: ReadonlyArray<number>): Float32Array | null => {
  let norm = 0
  for (const x of v) {
    if (!Number.isFinite(x)) return null
    norm += x * x
  }
  if (norm === 0) return null
  const scale = 1 / Math.sqrt(norm)
  const out = new Float32Array(v.length)
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * scale
  return out
}

export const makeEmbedder = (client: OpenAiClient): Intelligence.EmbedderService => {
  let dimensions = client.config.embeddingDimensions ?? 0
  const batch = (texts: ReadonlyArray<string>) =>
    Effect.flatMap(client.embed(texts), (vectors) => {
      const out: Array<Float32Array> = []
      for (const v of vectors) {
        if (dimensions !== 0 && v.length !== dimensions) {
          return Effect.fail(new OpenAiFailure({ message: `the embeddings answer has ${v.length} dimensions, expected ${dimensions}`, retryable: false }))
        }
        const unit = normalize(v)
        if (unit === null) return Effect.fail(new OpenAiFailure({ message: "the embeddings answer has a vector that is zero or not finite", retryable: false }))
        if (dimensions === 0) dimensions = v.length
        out.push(unit)
      }
      return Effect.succeed(out)
    })
  return {
    model: client.config.embeddingModel,
    get dimensions() {
      return dimensions
    },
    embed: (texts) => {
      if (texts.length === 0) return Effect.succeed([])
      const chunks: Array<ReadonlyArray<string>> = []
      for (let i = 0; i < texts.length; i += EMBED_BATCH) chunks.push(texts.slice(i, i + EMBED_BATCH))
      return Effect.forEach(chunks, batch).pipe(Effect.map((parts) => parts.flat()), Effect.mapError(engineFailed("embed")))
    }
  }
}
