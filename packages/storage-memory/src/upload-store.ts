/** Upload handles in memory. */
import { type UploadRecord, UploadStore, type UploadStoreService } from "@docket/core"
import { Effect, Layer, Option } from "effect"

export const makeUploadStore = (): UploadStoreService => {
  const uploads = new Map<string, UploadRecord>()
  return {
    create: (upload) => Effect.sync(() => (uploads.set(upload.file_id, upload), upload)),
    get: (id) => Effect.sync(() => Option.fromNullable(uploads.get(id))),
    reset: Effect.sync(() => uploads.clear())
  }
}

export const layer: Layer.Layer<UploadStore> = Layer.sync(UploadStore, makeUploadStore)
