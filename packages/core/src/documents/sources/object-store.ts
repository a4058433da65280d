/**
 * The object-store port: what `s3://bucket/key` source URLs name. Which buckets a tenant may read
 * is configured on the tenant (`buckets`, control plane); objects are put through the control
 * plane (`PUT /_admin/docs/objects/{bucket}/{key}`). Adapters implement it (storage-memory, storage-pg).
 */
import { Context, Data, type Effect, type Option, type Stream } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"

/** The object crossed `limit` bytes; nothing is kept. */
export class ObjectTooLarge extends Data.TaggedError("ObjectTooLarge")<{ readonly limit: number }> {}

export interface ObjectStoreService {
  /** writes the stream as the object; returns its size */
  readonly put: <E>(
    bucket: string,
    key: string,
    body: Stream.Stream<Uint8Array, E>,
    maxBytes: number
  ) => Effect.Effect<number, E | ObjectTooLarge | StorageUnavailable>
  readonly get: (bucket: string, key: string) => Effect.Effect<Option.Option<Uint8Array>, StorageUnavailable>
}

export class ObjectStore extends Context.Tag("@docket/core/ObjectStore")<ObjectStore, ObjectStoreService>() {}

/** `s3://bucket/key` → its parts (the key may hold `/`), or undefined. */
export const parseS3Url = (url: string): { readonly bucket: string; readonly key: string } | undefined => {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/.exec(url)
  return m === null ? undefined : { bucket: m[1], key: m[2] }
}

/** S3's bucket naming rules, simplified: 3–63 lower-case letters, digits, dots and hyphens. */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
