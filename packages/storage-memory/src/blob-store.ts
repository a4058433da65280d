/**
 * Blobs in memory, kept as the chunks they arrived in (never joined while writing). A write that
 * crosses its cap or fails keeps nothing.
 */
import { BlobStore, type BlobStoreService, BlobTooLarge, concatChunks } from "@docket/core"
import { Effect, Layer, Option, Stream } from "effect"

export const makeBlobStore = (): BlobStoreService => {
  const blobs = new Map<string, { readonly chunks: ReadonlyArray<Uint8Array>; readonly size: number }>()
  return {
    put: (key, body, maxBytes) =>
      Effect.suspend(() => {
        const chunks: Array<Uint8Array> = []
        let size = 0
        return body.pipe(
          Stream.runForEach((chunk) => {
            size += chunk.byteLength
            if (size > maxBytes) return Effect.fail(new BlobTooLarge({ limit: maxBytes }))
            chunks.push(chunk)
            return Effect.void
          }),
          Effect.map(() => {
            blobs.set(key, { chunks, size })
            return size
          })
        )
      }),
    get: (key) =>
      Effect.sync(() => {
        const blob = blobs.get(key)
        return blob === undefined ? Option.none() : Option.some(concatChunks(blob.chunks, blob.size))
      }),
    delete: (key) => Effect.sync(() => void blobs.delete(key)),
    reset: Effect.sync(() => blobs.clear())
  }
}

export const layer: Layer.Layer<BlobStore> = Layer.sync(BlobStore, makeBlobStore)
