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
    stat: (key) => Effect.sync(() => Option.map(Option.fromNullable(blobs.get(key)), (b) => ({ size: b.size }))),
    readRange: (key, start, endInclusive) =>
      Effect.sync(() => {
        const blob = blobs.get(key)
        if (blob === undefined) return Option.none()
        const from = Math.max(0, start)
        const to = Math.min(endInclusive + 1, blob.size)
        // views of the chunks that overlap [from, to): nothing is copied
        const pieces: Array<Uint8Array> = []
        let at = 0
        for (const c of blob.chunks) {
          const lo = Math.max(from, at)
          const hi = Math.min(to, at + c.byteLength)
          if (lo < hi) pieces.push(c.subarray(lo - at, hi - at))
          at += c.byteLength
          if (at >= to) break
        }
        return Option.some(Stream.fromIterable(pieces))
      }),
    delete: (key) => Effect.sync(() => void blobs.delete(key)),
    deletePrefix: (prefix) =>
      prefix === ""
        ? Effect.dieMessage("deletePrefix needs a prefix")
        : Effect.sync(() => {
          let n = 0
          for (const key of [...blobs.keys()]) if (key.startsWith(prefix) && blobs.delete(key)) n++
          return n
        }),
    clear: () => blobs.clear()
  }
}

export const make: Effect.Effect<Documents.BlobStoreService> = memoryStore(makeBlobStore)

export const layer: Layer.Layer<Documents.BlobStore> = Layer.effect(Documents.BlobStore, make)
