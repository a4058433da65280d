/**
 * The conformance suite of the `BlobStore` port: every adapter runs it against its storage layer
 * (`blobStoreSuite("memory", MemoryStorage.layer)`). Each test has keys of its own.
 */
import { expect } from "@effect/vitest"
import { Chunk, Effect, type Layer, Option, Stream } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { BlobStore } from "../documents/uploads/blob-store.js"

const key = () => `uploads/${unique("blob")}`

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

export const blobStoreSuite = <E>(name: string, layer: Layer.Layer<BlobStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`BlobStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: BlobStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(BlobStore, f)

    it("writes a stream and reads the same bytes back; sizes of any chunking; empty blobs", () =>
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

    it("read streams the blob back in order, a piece at a time; none for a missing key; empty blobs", () =>
      run((s) =>
        Effect.gen(function*() {
          const big = bytes(2 * 1024 * 1024 + 4099, 5)
          const k = key()
          yield* s.put(k, streamOf(big, 50_000), big.length)
          const pieces = yield* Stream.runCollect(Option.getOrThrow(yield* s.read(k)))
          const sizes = Chunk.toReadonlyArray(pieces).map((p) => p.byteLength)
          // never the blob in one piece (a store keeps it in pieces of at most a few MB)
          expect(Math.max(...sizes)).toBeLessThan(big.length)
          const joined = new Uint8Array(big.length)
          let at = 0
          for (const p of pieces) (joined.set(p, at), (at += p.byteLength))
          expect(at).toBe(big.length)
          same(Option.some(joined), big)
          expect(Option.isNone(yield* s.read(key()))).toBe(true)
          const empty = key()
          yield* s.put(empty, Stream.empty, 10)
          const emptyPieces = yield* Stream.runCollect(Option.getOrThrow(yield* s.read(empty)))
          expect(Chunk.reduce(emptyPieces, 0, (n, p) => n + p.byteLength)).toBe(0)
        })))

    it("stat answers the size without the bytes; readRange streams exactly the range, clamped, for ranges within, across and at the edges of pieces", () =>
      run((s) =>
        Effect.gen(function*() {
          const size = 2 * 256 * 1024 + 1000
          const data = bytes(size, 11)
          const k = key()
          yield* s.put(k, streamOf(data, 70_000), size)
          expect(yield* s.stat(k)).toEqual(Option.some({ size }))
          expect(Option.isNone(yield* s.stat(key()))).toBe(true)
          expect(Option.isNone(yield* s.readRange(key(), 0, 10))).toBe(true)
          const ranges: ReadonlyArray<readonly [number, number]> = [
            [0, 0],
            [0, 9],
            [5, 5],
            [69_999, 70_000],
            [256 * 1024 - 1, 256 * 1024],
            [100, 300_000],
            [256 * 1024, 2 * 256 * 1024 - 1],
            [size - 1, size - 1],
            [size - 10, size + 5000],
            [0, size - 1]
          ]
          for (const [a, b] of ranges) {
            const pieces = yield* Stream.runCollect(Option.getOrThrow(yield* s.readRange(k, a, b)))
            const joined = new Uint8Array(Chunk.reduce(pieces, 0, (n, p) => n + p.byteLength))
            let at = 0
            for (const p of pieces) (joined.set(p, at), (at += p.byteLength))
            same(Option.some(joined), data.subarray(a, Math.min(b, size - 1) + 1))
          }
          const past = yield* Stream.runCollect(Option.getOrThrow(yield* s.readRange(k, size, size + 10)))
          expect(Chunk.reduce(past, 0, (n, p) => n + p.byteLength)).toBe(0)
          const empty = key()
          yield* s.put(empty, Stream.empty, 10)
          expect(yield* s.stat(empty)).toEqual(Option.some({ size: 0 }))
          expect(Chunk.size(yield* Stream.runCollect(Option.getOrThrow(yield* s.readRange(empty, 0, 0))))).toBe(0)
        })))

    it("a small range of a large blob comes back in pieces no larger than the store's own, never the blob whole", () =>
      run((s) =>
        Effect.gen(function*() {
          const size = 4 * 1024 * 1024
          const data = bytes(size, 13)
          const k = key()
          yield* s.put(k, streamOf(data, 65_536), size)
          const start = 3 * 1024 * 1024 + 17
          const pieces = yield* Stream.runCollect(Option.getOrThrow(yield* s.readRange(k, start, start + 99)))
          const total = Chunk.reduce(pieces, 0, (n, p) => n + p.byteLength)
          expect(total).toBe(100)
          // each piece is a view of at most the requested bytes
          for (const p of pieces) expect(p.byteLength).toBeLessThanOrEqual(100)
        })))

    it("a blob replaced while it is read: the stream fails or goes on with the old bytes, never a mix", () =>
      run((s) =>
        Effect.scoped(Effect.gen(function*() {
          const old = bytes(3 * 1024 * 1024, 9)
          const k = key()
          yield* s.put(k, streamOf(old, 65_536), old.length)
          const pull = yield* Stream.toPull(Option.getOrThrow(yield* s.read(k)))
          const got: Array<Uint8Array> = [...(yield* pull)]
          yield* s.put(k, streamOf(bytes(3 * 1024 * 1024, 1), 65_536), 4 * 1024 * 1024)
          const rest = yield* Effect.either(Stream.runCollect(Stream.repeatEffectChunkOption(pull)))
          if (rest._tag === "Left") {
            expect(rest.left).toMatchObject({ _tag: "StorageUnavailable" })
          } else {
            got.push(...rest.right)
            const joined = new Uint8Array(got.reduce((n, c) => n + c.byteLength, 0))
            let at = 0
            for (const c of got) (joined.set(c, at), (at += c.byteLength))
            same(Option.some(joined), old)
          }
        }))))

    it("past maxBytes fails with BlobTooLarge and keeps nothing; exactly maxBytes is kept", () =>
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

    it("a stream that fails keeps nothing and passes its error through", () =>
      run((s) =>
        Effect.gen(function*() {
          const k = key()
          const failing = Stream.concat(streamOf(bytes(5000), 1000), Stream.fail("client went away" as const))
          expect(yield* Effect.flip(s.put(k, failing, 1_000_000))).toBe("client went away")
          expect(Option.isNone(yield* s.get(k))).toBe(true)
        })))

    // emptied by a reset: storageAdminSuite
    it("a new put replaces the blob; delete removes it (deleting nothing is fine)", () =>
      run((s) =>
        Effect.gen(function*() {
          const k = key()
          yield* s.put(k, streamOf(bytes(5000, 1), 700), 10_000)
          yield* s.put(k, Stream.fromChunk(Chunk.of(bytes(10, 2))), 10_000)
          same(yield* s.get(k), bytes(10, 2))
          yield* s.delete(k)
          expect(Option.isNone(yield* s.get(k))).toBe(true)
          yield* s.delete(k)
        })))

    it("deletePrefix removes every blob under the prefix and no other; again it removes none", () =>
      run((s) =>
        Effect.gen(function*() {
          const base = key()
          // with LIKE's wildcards in it: they match only themselves
          const root = `${base}_%/`
          const under = [`${root}a`, `${root}b/c`, `${root}b/d`]
          // and keys a locale's collation would sort among the prefix's (case, punctuation, beyond the BMP)
          const beside = [`${base}x%/y`, `${base}_%x`, base, `${base}_%-/z`, `${base}_%0`, `${base.toUpperCase()}_%/a`, `${base}_%\u{1F600}/a`]
          for (const k of [...under, ...beside]) yield* s.put(k, Stream.fromChunk(Chunk.of(bytes(300_000, 3))), 1_000_000)
          expect(yield* s.deletePrefix(root)).toBe(3)
          for (const k of under) expect(Option.isNone(yield* s.get(k))).toBe(true)
          for (const k of beside) same(yield* s.get(k), bytes(300_000, 3))
          expect(yield* s.deletePrefix(root)).toBe(0)
        })))
  })
