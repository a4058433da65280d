/**
 * The objects behind `s3://bucket/key` source URLs, on PostgreSQL: every instance on the database
 * reads the objects put through any instance's control plane. They are kept by the blob store
 * (chunked rows, streamed in, a failed or oversized put keeps nothing and leaves the object as it
 * was) under keys of their own, `objects/<bucket>/<key>`, apart from uploads (`uploads/…`),
 * upload-session parts and ground crops.
 */
import {
  type BlobStoreService,
  StorageUnavailable,
  BlobTooLarge,
  type ObjectStoreService,
  ObjectTooLarge
} from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, type Stream } from "effect"
import { guard, type GuardOptions } from "./internal/guard.js"

const PREFIX = "objects/"

/** The blob key of an object (bucket names hold no `/`, so the key is unambiguous). */
export const blobKeyOfObject = (bucket: string, key: string): string => `${PREFIX}${bucket}/${key}`

export const make = (blobs: BlobStoreService, sql: SqlClient.SqlClient, options: GuardOptions): ObjectStoreService => {
  return {
    put: <E>(bucket: string, key: string, body: Stream.Stream<Uint8Array, E>, maxBytes: number) =>
      blobs.put(blobKeyOfObject(bucket, key), body, maxBytes).pipe(
        Effect.mapError((e): E | ObjectTooLarge | StorageUnavailable => {
          if (e instanceof BlobTooLarge) return new ObjectTooLarge({ limit: e.limit })
          return e as E
        })
      ),
    get: (bucket, key) =>
      blobs.get(blobKeyOfObject(bucket, key))
  }
}
