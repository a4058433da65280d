/**
 * The artifact route reads a `Range` as a range from the blob store (never the whole blob), and
 * streams a large body with `read` (never `get`): the memory blob store, wrapped to count calls,
 * behind the whole HTTP stack in process.
 */
import { Documents, makeDocket, ManualClock } from "@docket/core"
import { testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { MemoryBlobStore } from "@docket/storage-memory"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"

describe("workspace artifact reads on memory storage", () => {
  it("a Range of a large file is read with readRange; a whole large file is streamed with read; get is never used", async () => {
    const calls = { get: 0, read: 0, readRange: 0 }
    const counted = Layer.effect(
      Documents.BlobStore,
      Effect.map(MemoryBlobStore.make, (b): Documents.BlobStoreService => ({
        ...b,
        get: (key) => Effect.suspend(() => (calls.get++, b.get(key))),
        read: (key) => Effect.suspend(() => (calls.read++, b.read(key))),
        readRange: (key, start, end) => Effect.suspend(() => (calls.readRange++, b.readRange(key, start, end)))
      }))
    )
    const docket = makeDocket({
      storage: Layer.merge(MemoryStorage.layer, counted),
      clock: new ManualClock(),
      parser: testParserLayer,
      settings: { maxUploadBytes: 8 * 1024 * 1024 }
    })
    try {
      const call = (path: string, init: RequestInit = {}) => docket.fetch(new Request(`http://docket.test${path}`, init))
      const tenant = await docket.admin.docs.createTenant({})
      const key = tenant.api_key as string
      const ws = (await (await call("/v1/workspaces", { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ name: "big" }) })).json()).workspace_id
      const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) % 256)
      const form = new FormData()
      form.append("file", new Blob([bytes]), "big.bin")
      form.append("metadata", JSON.stringify({ path: "big.bin" }))
      const up = await call(`/v1/workspaces/${ws}/files?wait_seconds=30`, { method: "POST", headers: { "x-api-key": key }, body: form })
      expect(up.status).toBe(200)
      calls.get = calls.read = calls.readRange = 0
      const part = await call(`/v1/workspaces/${ws}/artifacts/content?path=big.bin`, { headers: { "x-api-key": key, range: "bytes=2000000-2000999" } })
      expect(part.status).toBe(206)
      expect(part.headers.get("content-range")).toBe(`bytes 2000000-2000999/${bytes.length}`)
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.slice(2_000_000, 2_001_000)))).toBe(true)
      expect(calls).toEqual({ get: 0, read: 0, readRange: 1 })
      const whole = await call(`/v1/workspaces/${ws}/artifacts/content?path=big.bin`, { headers: { "x-api-key": key } })
      expect(whole.status).toBe(200)
      expect(whole.headers.get("content-length")).toBe(String(bytes.length))
      // compared as buffers (a deep equality of 3 million numbers is slow)
      expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
      expect(calls).toEqual({ get: 0, read: 1, readRange: 1 })
    } finally {
      await docket.dispose()
    }
  })
})
