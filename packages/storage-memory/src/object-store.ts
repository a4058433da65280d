/** Objects in memory, by bucket and key; a write that crosses its cap or fails keeps nothing. */
import { Documents, Platform } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"
import { collectCapped } from "./internal/collect.js"

const makeObjectStore = (): Clearable<Documents.ObjectStoreService> => {
  const objects = new Map<string, Uint8Array>()
  const id = (bucket: string, key: string) => `${bucket}\n${key}`
  return {
    put: (bucket, key, body, maxBytes) =>
      Effect.map(collectCapped(body, maxBytes, () => new Documents.ObjectTooLarge({ limit: maxBytes })), ({ chunks, size }) => {
        objects.set(id(bucket, key), Platform.concatChunks(chunks, size))
        return size
      }),
    get: (bucket, key) => Effect.sync(() => Option.fromNullable(objects.get(id(bucket, key)))),
    clear: () => objects.clear()
  }
}

export const make: Effect.Effect<Documents.ObjectStoreService> = memoryStore(makeObjectStore)

export const layer: Layer.Layer<Documents.ObjectStore> = Layer.effect(Documents.ObjectStore, make)
