/**
 * The conformance suite of the `BlobStore` port: every adapter runs it against its own layer
 * (`blobStoreSuite("memory", MemoryBlobStore.layer)`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, type Layer, Option, Stream } from "effect"
import { BlobStore } from "../documents/uploads/blob-store.js"

let n = 0
const key = () => `uploads/blob_${Date.now().toString(36)}_${++n}`

/** `size` bytes with a recognizable pattern, as a stream of `chunk`-byte pieces */
const bytes = (size: number, seed = 7) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff)
const streamOf = (data: Uint8Array, chunk: number) =>
  Stream.fromIterable(Array.from({ length: Math.ceil(data.length / chunk) }, (_, i) => data.subarray(i * chunk, (i + 1) * chunk)))

/** byte equality (a deep `toEqual` over megabytes is slow) */
const same = (actual: Option.Option<Uint8Array>, expected: Uint8Array) => {
  const got = Option.getOrThrow(actual)
  expect(got.length).toBe(expected.length)
  expect(Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength))).toBe(true)
}

export const blobStoreSuite = <E>(name: string, layer: Layer.Layer<BlobStore, E>) =>
  describe(`BlobStore (${name})`, () => {
    const run = <A, E2>(f: (s: BlobStore["Type"]) => Effect.Effect<A, E2>) =>
      Effect.gen(function*() {
        const s = yield* BlobStore
        yield* s.reset
        return yield* f(s)
      }).pipe(Effect.provide(layer))

    it.effect("writes a stream and reads the same bytes back; sizes of any chunking; empty blobs", () =>
      run((s) =>
        Effect.gen(function*() {
          const big = bytes(3 * 1024 * 1024 + 17)
          const k1 = key()
          expect(yield* s.put(k1, streamOf(big, 65_536), big.length)).toBe(big.length)
          same(yield* s.get(k1), big)
          const small = bytes(1000, 3)
          const k2 = key()
          expect(yield* s.put(k2, streamOf(small, 1), 10_000)).toBe(1000)
          same(yield* s.get(k2), small)
          const k3 = key()
          expect(yield* s.put(k3, Stream.empty, 10)).toBe(0)
          same(yield* s.get(k3), new Uint8Array(0))
          expect(Option.isNone(yield* s.get(key()))).toBe(true)
        })))

    it.effect("past maxBytes fails with BlobTooLarge and keeps nothing; exactly maxBytes is kept", () =>
      run((s) =>
        Effect.gen(function*() {
          const data = bytes(10_000)
          const k = key()
          const error = yield* Effect.flip(s.put(k, streamOf(data, 4096), 9_999))
          expect(error).toMatchObject({ _tag: "BlobTooLarge", limit: 9_999 })
          expect(Option.isNone(yield* s.get(k))).toBe(true)
          expect(yield* s.put(k, streamOf(data, 4096), 10_000)).toBe(10_000)
          same(yield* s.get(k), data)
        })))

    it.effect("a stream that fails keeps nothing and passes its error through", () =>
      run((s) =>
        Effect.gen(function*() {
          const k = key()
          const failing = Stream.concat(streamOf(bytes(5000), 1000), Stream.fail("client went away" as const))
          expect(yield* Effect.flip(s.put(k, failing, 1_000_000))).toBe("client went away")
          expect(Option.isNone(yield* s.get(k))).toBe(true)
        })))

    it.effect("a new put replaces the blob; delete removes it (deleting nothing is fine); reset empties", () =>
      run((s) =>
        Effect.gen(function*() {
          const k = key()
          yield* s.put(k, streamOf(bytes(5000, 1), 700), 10_000)
          yield* s.put(k, Stream.fromChunk(Chunk.of(bytes(10, 2))), 10_000)
          same(yield* s.get(k), bytes(10, 2))
          yield* s.delete(k)
          expect(Option.isNone(yield* s.get(k))).toBe(true)
          yield* s.delete(k)
          const other = key()
          yield* s.put(other, streamOf(bytes(10), 3), 10)
          yield* s.reset
          expect(Option.isNone(yield* s.get(other))).toBe(true)
        })))
  })
