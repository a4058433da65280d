/** Objects in memory, by bucket and key; a write that crosses its cap or fails keeps nothing. */
import { concatChunks, ObjectStore, type ObjectStoreService, ObjectTooLarge } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"
import { collectCapped } from "./internal/collect.js"

const makeObjectStore = (): Clearable<ObjectStoreService> => {
  const objects = new Map<string, Uint8Array>()
  const id = (bucket: string, key: string) => `${bucket}\n${key}`
  return {
    put: (bucket, key, body, maxBytes) =>
      Effect.map(collectCapped(body, maxBytes, () => new ObjectTooLarge({ limit: maxBytes })), ({ chunks, size }) => {
        objects.set(id(bucket, key), concatChunks(chunks, size))
        return size
      }),
    get: (bucket, key) => Effect.sync(() => Option.fromNullable(objects.get(id(bucket, key)))),
    clear: () => objects.clear()
  }
}

export const make: Effect.Effect<ObjectStoreService> = memoryStore(makeObjectStore)

export const layer: Layer.Layer<ObjectStore> = Layer.effect(ObjectStore, make)
