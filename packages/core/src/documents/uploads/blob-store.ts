/**
 * The blob-store port: bytes under a key, written from a stream with a hard cap so that an upload
 * is never held whole anywhere but in the store, and read back whole, as a stream, or as a byte
 * range of it. Adapters implement it (storage-memory, storage-pg). It stays in `documents/`
 * (where uploads began); workspace files keep their bytes in the same store.
 */
import { Context, Data, type Effect, type Option, type Stream } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"

/** The stream crossed `limit` bytes; nothing is kept. */
export class BlobTooLarge extends Data.TaggedError("BlobTooLarge")<{ readonly limit: number }> {}

export interface BlobStoreService {
  /** writes the stream under `key`; fails with `BlobTooLarge` (keeping nothing) past `maxBytes`; returns the size */
  readonly put: <E>(
    key: string,
    body: Stream.Stream<Uint8Array, E>,
    maxBytes: number
  ) => Effect.Effect<number, E | BlobTooLarge | StorageUnavailable>
  /** the whole blob (for work that needs it whole, e.g. parsing a file) */
  readonly get: (key: string) => Effect.Effect<Option.Option<Uint8Array>, StorageUnavailable>
  /**
   * The blob a piece at a time, never whole (for copying it on, e.g. joining an upload's parts):
   * none when there is no blob under `key`. A blob replaced or deleted while it is read may fail
   * the stream with `StorageUnavailable`, never yield a mix of the two.
   */
  readonly read: (key: string) => Effect.Effect<Option.Option<Stream.Stream<Uint8Array, StorageUnavailable>>, StorageUnavailable>
  /** the blob's size, none when there is no blob under `key` (reads no bytes) */
  readonly stat: (key: string) => Effect.Effect<Option.Option<{ readonly size: number }>, StorageUnavailable>
  /**
   * The bytes `start` to `endInclusive` of the blob, streamed, reading only what covers that
   * range (a `Range` request on a large file never loads the file): none when there is no blob.
   * The range is clamped to the blob (an end past it stops at its last byte; a start at or past
   * its end is empty). The same rule as `read` holds for a blob replaced while it is read.
   */
  readonly readRange: (
    key: string,
    start: number,
    endInclusive: number
  ) => Effect.Effect<Option.Option<Stream.Stream<Uint8Array, StorageUnavailable>>, StorageUnavailable>
  readonly delete: (key: string) => Effect.Effect<void, StorageUnavailable>
  /**
   * Deletes every blob whose key starts with `prefix` (not empty); answers how many. For a
   * teardown's last sweep: blobs that no row names any more, e.g. those of a teardown or an
   * ingestion whose instance died between removing the rows and deleting the blobs.
   */
  readonly deletePrefix: (prefix: string) => Effect.Effect<number, StorageUnavailable>
}

export class BlobStore extends Context.Tag("@docket/core/BlobStore")<BlobStore, BlobStoreService>() {}
