/**
 * The control plane's way to put an object into the object store, for `s3://` sources:
 * `PUT /_admin/docs/objects/{bucket}/{key}` with the object's bytes as the body (any content
 * type), streamed into the store, at most `maxUploadBytes`.
 */
import { Effect, type Stream } from "effect"
import { AdminBadRequest, AdminUnavailable } from "../../admin/errors.js"
import type { BodyError } from "../../platform/request.js"
import { Settings } from "../../kernel/config.js"
import { BUCKET_NAME, ObjectStore } from "./object-store.js"

export const putObjectAdmin = (bucket: string, key: string, body: (limit: number) => Stream.Stream<Uint8Array, BodyError>) =>
  Effect.gen(function*() {
    if (!BUCKET_NAME.test(bucket)) {
      return yield* new AdminBadRequest({ message: "bucket: a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens" })
    }
    if (key === "" || key.length > 1024) return yield* new AdminBadRequest({ message: "key: must be 1 to 1024 characters" })
    const { maxUploadBytes } = yield* Settings
    const size = yield* Effect.flatMap(ObjectStore, (s) => s.put(bucket, key, body(maxUploadBytes), maxUploadBytes)).pipe(
      Effect.catchTags({
        BodyTooLarge: (e) => new AdminBadRequest({ message: `the object must be at most ${e.limit} bytes` }),
        ObjectTooLarge: (e) => new AdminBadRequest({ message: `the object must be at most ${e.limit} bytes` }),
        BodyReadFailed: () => new AdminBadRequest({ message: "the body could not be read" }),
        StorageUnavailable: () => new AdminUnavailable({ message: "object store unavailable" })
      })
    )
    return { bucket, key, size, url: `s3://${bucket}/${key}` }
  })

/** The object key of `PUT /_admin/docs/objects/{bucket}/{key…}` (the rest of the path, decoded). */
export const objectKeyOf = (path: string, bucket: string) => {
  const rest = path.split("/").slice(5).join("/")
  try {
    return decodeURIComponent(rest)
  } catch {
    return ""
  }
}

