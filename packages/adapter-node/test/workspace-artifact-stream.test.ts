/**
 * A workspace file over 1 MiB is streamed by the artifact route: over a real node:http socket it
 * arrives whole, with its Content-Length (written with backpressure), and a Range of it as 206.
 */
import { listen } from "@docket/adapter-node"
import { makeDocket, ManualClock } from "@docket/core"
import { testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { describe, expect, it } from "vitest"

describe("workspace artifact streaming over node:http", () => {
  it("a 3 MiB file arrives whole with its Content-Length; a Range is 206", async () => {
    const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer, settings: { maxUploadBytes: 8 * 1024 * 1024 } })
    const server = await listen(docket, { port: 0 })
    try {
      const tenant = await docket.admin.docs.createTenant({})
      const key = tenant.api_key as string
      const ws = (await (await fetch(`${server.url}/v1/workspaces`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ name: "big" })
      })).json() as any).workspace_id
      const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 13) % 256)
      const form = new FormData()
      form.append("file", new Blob([bytes]), "big.bin")
      form.append("metadata", JSON.stringify({ path: "big.bin" }))
      const up = await fetch(`${server.url}/v1/workspaces/${ws}/files?wait_seconds=30`, { method: "POST", headers: { "x-api-key": key }, body: form })
      expect(up.status).toBe(200)
      const whole = await fetch(`${server.url}/v1/workspaces/${ws}/artifacts/content?path=big.bin`, { headers: { "x-api-key": key } })
      expect(whole.status).toBe(200)
      expect(whole.headers.get("content-length")).toBe(String(bytes.length))
      expect(whole.headers.get("accept-ranges")).toBe("bytes")
      expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
      const part = await fetch(`${server.url}/v1/workspaces/${ws}/artifacts/content?path=big.bin`, { headers: { "x-api-key": key, range: "bytes=1500000-" } })
      expect(part.status).toBe(206)
      expect(part.headers.get("content-range")).toBe(`bytes 1500000-${bytes.length - 1}/${bytes.length}`)
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(1_500_000)))).toBe(true)
    } finally {
      await server.close()
      await docket.dispose()
    }
  })
})
