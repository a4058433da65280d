/**
 * Blobs in memory, kept as the chunks they arrived in (never joined while writing). A write that
 * crosses its cap or fails keeps nothing.
 */
import { Documents, Platform } from "@docket/core"
import { Effect, Layer, Option, Stream } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"
import { collectCapped } from "./internal/collect.js"

const makeBlobStore = (): Clearable<Documents.BlobStoreService> => {
  const blobs = new Map<string, { readonly chunks: ReadonlyArray<Uint8Array>; readonly size: number }>()
  return {
    put: (key, body, maxBytes) =>
      Effect.map(collectCapped(body, maxBytes, () => new Documents.BlobTooLarge({ limit: maxBytes })), (blob) => {
        blobs.set(key, blob)
        return blob.size
      }),
    get: (key) =>
      Effect.sync(() => {
        const blob = blobs.get(key)
        return blob === undefined ? Option.none() : Option.some(Platform.concatChunks(blob.chunks, blob.size))
      }),
    read: (key) =>
      Effect.sync(() => {
        const blob = blobs.get(key)
        return blob === undefined ? Option.none() : Option.some(Stream.fromIterable(blob.chunks))
      }),
    delete: (key) => Effect.sync(() => void blobs.delete(key)),
    clear: () => blobs.clear()
  }
}

export const make: Effect.Effect<Documents.BlobStoreService> = memoryStore(makeBlobStore)

export const layer: Layer.Layer<Documents.BlobStore> = Layer.effect(Documents.BlobStore, make)
