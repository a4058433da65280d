/**
 * `POST /upload` holds a bounded amount of the file between the request body and the blob store:
 * the body is read only as fast as the store takes the file. A counting body and a deliberately
 * slow store (it yields to every other fiber many times per chunk, which is when a reader running
 * ahead would read on) measure how far reading ever gets ahead of storing. Nothing here is timed:
 * the bound is a property of how the stages hand bytes on, not of how fast they run.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Stream } from "effect"
import { createHash } from "node:crypto"
import { BlobStore, BlobTooLarge } from "../../../src/documents/uploads/blob-store.js"
import { UploadStore } from "../../../src/documents/uploads/upload.js"
import { receiveUpload } from "../../../src/documents/http/upload-route.js"
import type { DocsContext } from "../../../src/documents/http/handler.js"
import type { Caller } from "../../../src/tenancy/tenants/authenticate.js"
import { BodyReadFailed, type BodyError, type DocketRequest } from "../../../src/platform/request.js"
import { settingsLayer } from "../../../src/kernel/config.js"
import { cryptoIds, Ids } from "../../../src/kernel/ids.js"

const KiB = 1024
const MiB = 1024 * KiB
/** the size of the body's chunks, as a socket hands them on */
const BODY_CHUNK = 64 * KiB
/**
 * How far the body may be read ahead of the store: the body chunk being parsed, and the parser's
 * look-behind for a boundary split across chunks. Anything that queues chunks on the way
 * (a queue between a reader and a writer fiber, a buffered stream) goes past it.
 */
const MAX_AHEAD = BODY_CHUNK + 1 * KiB

const BOUNDARY = "docketbackpressure0123"
const HEAD = new TextEncoder().encode(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`
)
const TAIL = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`)

/** byte `i` of the file */
const fileByte = (i: number) => (i * 131 + (i >>> 11)) & 0xff

/**
 * A multipart body of a `fileSize`-byte file, made chunk by chunk as it is pulled (never whole),
 * counting how many bytes of the file have been pulled. `failAt`: the client goes away once that
 * many bytes of the body have been pulled.
 */
const countingBody = (fileSize: number, failAt?: number) => {
  const total = HEAD.length + fileSize + TAIL.length
  const counter = { pulled: 0, filePulled: 0 }
  const byteAt = (at: number) => {
    if (at < HEAD.length) return HEAD[at]
    if (at < HEAD.length + fileSize) return fileByte(at - HEAD.length)
    return TAIL[at - HEAD.length - fileSize]
  }
  const stream = Stream.repeatEffectOption(
    Effect.suspend((): Effect.Effect<Uint8Array, Option.Option<BodyError>> => {
      if (failAt !== undefined && counter.pulled >= failAt) {
        return Effect.fail(Option.some(new BodyReadFailed({ cause: new Error("request aborted") })))
      }
      if (counter.pulled >= total) return Effect.fail(Option.none())
      const size = Math.min(BODY_CHUNK, total - counter.pulled)
      const chunk = new Uint8Array(size)
      for (let i = 0; i < size; i++) chunk[i] = byteAt(counter.pulled + i)
      counter.pulled += size
      counter.filePulled = Math.min(fileSize, Math.max(0, counter.pulled - HEAD.length))
      return Effect.succeed(chunk)
    })
  )
  const request: DocketRequest = {
    method: "POST",
    path: "/upload",
    query: "",
    header: (name) => (name === "content-type" ? `multipart/form-data; boundary=${BOUNDARY}` : undefined),
    headerNames: () => ["content-type"],
    body: {
      isReceived: () => false,
      read: () => Effect.dieMessage("an upload is never read whole"),
      stream: () => stream
    }
  }
  return { counter, request }
}

/**
 * A blob store that takes its time: it yields many times per chunk before counting the chunk as
 * stored. It keeps only a hash and the size of what it stored, and measures, at every chunk, how
 * far the body has been read ahead of it.
 */
const slowStore = (counter: { readonly filePulled: number }) => {
  const state = { stored: 0, maxAhead: 0, puts: 0, kept: new Map<string, { size: number; sha256: string }>() }
  const layer = Layer.succeed(BlobStore, {
    deletePrefix: () => Effect.succeed(0),
    put: (key, body, maxBytes) =>
      Effect.suspend(() => {
        state.puts++
        const hash = createHash("sha256")
        let size = 0
        return body.pipe(
          Stream.runForEach((chunk) =>
            Effect.gen(function*() {
              state.maxAhead = Math.max(state.maxAhead, counter.filePulled - state.stored)
              for (let i = 0; i < 20; i++) yield* Effect.yieldNow()
              state.maxAhead = Math.max(state.maxAhead, counter.filePulled - state.stored)
              size += chunk.byteLength
              if (size > maxBytes) return yield* new BlobTooLarge({ limit: maxBytes })
              hash.update(chunk)
              state.stored += chunk.byteLength
            })
          ),
          Effect.map(() => {
            state.kept.set(key, { size, sha256: hash.digest("hex") })
            return size
          })
        )
      }),
    get: () => Effect.dieMessage("not used"),
    read: () => Effect.dieMessage("not used"),
    stat: () => Effect.dieMessage("not used"),
    readRange: () => Effect.dieMessage("not used"),
    delete: (key) => Effect.sync(() => void state.kept.delete(key))
  })
  return { state, layer }
}

const uploads = Layer.succeed(UploadStore, {
  create: (record) => Effect.succeed(record),
  get: () => Effect.succeed(Option.none()),
  listExpired: () => Effect.succeed([]),
  markBlobDeleted: () => Effect.void
})

const caller = { tenant: { tenant_id: "tenant_test" } } as unknown as Caller

const upload = (request: DocketRequest, store: Layer.Layer<BlobStore>, maxUploadBytes?: number) => {
  const ctx: DocsContext = { form: "flat", requestId: "req_test", request, params: {} }
  return receiveUpload(ctx, caller).pipe(
    Effect.scoped,
    Effect.provide(Layer.mergeAll(store, uploads, settingsLayer({ maxUploadBytes }), Layer.succeed(Ids, cryptoIds)))
  )
}

const sha256Of = (size: number) => {
  const hash = createHash("sha256")
  const piece = new Uint8Array(MiB)
  for (let at = 0; at < size; at += MiB) {
    const n = Math.min(MiB, size - at)
    for (let i = 0; i < n; i++) piece[i] = fileByte(at + i)
    hash.update(piece.subarray(0, n))
  }
  return hash.digest("hex")
}

describe("POST /upload: reading the body never runs ahead of the blob store", () => {
  it.effect("a 24 MiB file through a slow store: never more than one body chunk read ahead; the blob is byte-exact", () =>
    Effect.gen(function*() {
      const size = 24 * MiB + 12_345
      const body = countingBody(size)
      const store = slowStore(body.counter)
      const { record } = yield* upload(body.request, store.layer)
      expect(record.size).toBe(size)
      expect(store.state.stored).toBe(size)
      expect(store.state.maxAhead).toBeLessThanOrEqual(MAX_AHEAD)
      expect(store.state.kept.get(`uploads/${record.file_id}`)).toEqual({ size, sha256: sha256Of(size) })
    }))

  it.effect("past maxUploadBytes: 413, reading stops at the cap (plus one chunk), nothing is kept", () =>
    Effect.gen(function*() {
      const body = countingBody(64 * MiB)
      const store = slowStore(body.counter)
      const error = yield* Effect.flip(upload(body.request, store.layer, 2 * MiB))
      expect(error).toMatchObject({ _tag: "PayloadTooLarge" })
      expect(body.counter.pulled).toBeLessThanOrEqual(HEAD.length + 2 * MiB + BODY_CHUNK)
      expect(store.state.maxAhead).toBeLessThanOrEqual(MAX_AHEAD)
      expect(store.state.kept.size).toBe(0)
    }))

  it.effect("a client that goes away part-way: the body's failure, nothing is kept, nothing more is read", () =>
    Effect.gen(function*() {
      const body = countingBody(16 * MiB, 5 * MiB)
      const store = slowStore(body.counter)
      const error = yield* Effect.flip(upload(body.request, store.layer))
      expect(error).toMatchObject({ _tag: "MalformedRequest" })
      expect(body.counter.pulled).toBe(5 * MiB)
      expect(store.state.maxAhead).toBeLessThanOrEqual(MAX_AHEAD)
      expect(store.state.kept.size).toBe(0)
    }))

  it.effect("an unknown field after the file: 422, and the store never keeps the blob", () =>
    Effect.gen(function*() {
      const enc = new TextEncoder()
      const parts = enc.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="extra"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`
      )
      const request: DocketRequest = {
        ...countingBody(0).request,
        body: { isReceived: () => true, read: () => Effect.succeed(parts), stream: () => Stream.make(parts) }
      }
      const store = slowStore({ filePulled: 0 })
      const error = yield* Effect.flip(upload(request, store.layer))
      expect(error).toMatchObject({ _tag: "InvalidInput", errors: [{ field: "extra", message: "unknown field" }] })
      expect(store.state.puts).toBe(1)
      expect(store.state.kept.size).toBe(0)
    }))
})
