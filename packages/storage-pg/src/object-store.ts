/**
 * The objects behind `s3://bucket/key` source URLs, on PostgreSQL: every instance on the database
 * reads the objects put through any instance's control plane. They are kept by the blob store
 * (chunked rows, streamed in, a failed or oversized put keeps nothing and leaves the object as it
 * was) under keys of their own, `objects/<bucket>/<key>`, apart from uploads (`uploads/…`),
 * upload-session parts and ground crops.
 */
import { Documents, type Kernel } from "@docket/core"
import { Effect, Layer, type Stream } from "effect"

const PREFIX = "objects/"

/** The blob key of an object (bucket names hold no `/`, so the key is unambiguous). */
export const blobKeyOfObject = (bucket: string, key: string): string => `${PREFIX}${bucket}/${key}`

/** The object store over the `BlobStore` in context. */
export const make: Effect.Effect<Documents.ObjectStoreService, never, Documents.BlobStore> = Effect.map(Documents.BlobStore, (blobs) => ({
  put: <E>(bucket: string, key: string, body: Stream.Stream<Uint8Array, E>, maxBytes: number) =>
    blobs.put(blobKeyOfObject(bucket, key), body, maxBytes).pipe(
      Effect.mapError((e): E | Documents.ObjectTooLarge | Kernel.StorageUnavailable => (e instanceof Documents.BlobTooLarge ? new Documents.ObjectTooLarge({ limit: e.limit }) : e))
    ),
  get: (bucket, key) => blobs.get(blobKeyOfObject(bucket, key))
}))

export const layer: Layer.Layer<Documents.ObjectStore, never, Documents.BlobStore> = Layer.effect(Documents.ObjectStore, make)
