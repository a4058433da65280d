/**
 * The blob-store port: bytes under a key, written from a stream with a hard cap so that an upload
 * is never held whole anywhere but in the store. Adapters implement it (storage-memory).
 */
import { Context, Data, type Effect, type Option, type Stream } from "effect"

export class BlobStoreUnavailable extends Data.TaggedError("BlobStoreUnavailable")<{ readonly cause?: unknown }> {}
/** The stream crossed `limit` bytes; nothing is kept. */
export class BlobTooLarge extends Data.TaggedError("BlobTooLarge")<{ readonly limit: number }> {}

export interface BlobStoreService {
  /** writes the stream under `key`; fails with `BlobTooLarge` (keeping nothing) past `maxBytes`; returns the size */
  readonly put: <E>(
    key: string,
    body: Stream.Stream<Uint8Array, E>,
    maxBytes: number
  ) => Effect.Effect<number, E | BlobTooLarge | BlobStoreUnavailable>
  readonly get: (key: string) => Effect.Effect<Option.Option<Uint8Array>, BlobStoreUnavailable>
  readonly delete: (key: string) => Effect.Effect<void, BlobStoreUnavailable>
  readonly reset: Effect.Effect<void, BlobStoreUnavailable>
}

export class BlobStore extends Context.Tag("@docket/core/BlobStore")<BlobStore, BlobStoreService>() {}
