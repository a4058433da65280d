/** Upload handles in memory. */
import { Documents } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeUploadStore = (): Clearable<Documents.UploadStoreService> => {
  const uploads = new Map<string, Documents.UploadRecord>()
  /** uploads whose blob retention deleted */
  const blobDeleted = new Set<string>()
  return {
    create: (upload) => Effect.sync(() => (blobDeleted.delete(upload.file_id), uploads.set(upload.file_id, upload), upload)),
    get: (id) => Effect.sync(() => Option.fromNullable(uploads.get(id))),
    listExpired: (now, limit) =>
      Effect.sync(() =>
        [...uploads.values()].filter((u) => u.expires_at <= now && !blobDeleted.has(u.file_id)).sort((a, b) => a.expires_at - b.expires_at).slice(0, Math.max(0, limit))
      ),
    markBlobDeleted: (id) => Effect.sync(() => void (uploads.has(id) && blobDeleted.add(id))),
    clear: () => (uploads.clear(), blobDeleted.clear())
  }
}

export const make: Effect.Effect<Documents.UploadStoreService> = memoryStore(makeUploadStore)

export const layer: Layer.Layer<Documents.UploadStore> = Layer.effect(Documents.UploadStore, make)
