/**
 * An upload over the cap reaches the client as 413 over a real socket: the server answers as soon
 * as the declared `Content-Length` or the bytes read pass the cap, with `Connection: close`, and
 * keeps reading (discarding) the rest for a while, so that a client that writes its whole body
 * before reading the answer gets the answer, not EPIPE or ECONNRESET. The client runs in its own
 * process (support/upload-client.ts): in the server's process it would read the answer in time
 * whatever the server did. A small cap (1 MiB) and a body well past it and past what the sockets
 * buffer (24 MiB) keep it fast.
 */
import { listen, type RunningServer } from "@docket/adapter-node"
import { type Docket, makeDocket, ManualClock } from "@docket/core"
import { ADMIN_TOKEN } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { upload, type UploadMode } from "./support/upload.js"

const MiB = 1024 * 1024

describe("an upload over the cap is answered 413 with Connection: close (node:http, a client in another process)", () => {
  let docket: Docket
  let server: RunningServer
  let key: string
  beforeAll(async () => {
    docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), settings: { adminToken: ADMIN_TOKEN, maxUploadBytes: MiB } })
    server = await listen(docket, { port: 0 })
    key = (await docket.admin.docs.createTenant({})).api_key
  })
  afterAll(async () => {
    await server.close()
    await docket.dispose()
  })

  const routes = [{ path: "/upload", code: "payload_too_large" }, { path: "/v1/uploads", code: "file_too_large" }] as const
  const modes: ReadonlyArray<[UploadMode, string]> = [
    ["fetch", "fetch, Content-Length"],
    ["fetch-chunked", "fetch, chunked"],
    ["http", "node:http, Content-Length"],
    ["http-chunked", "node:http, chunked"]
  ]
  for (const { code, path } of routes) {
    for (const [mode, label] of modes) {
      it(`POST ${path} (${label}): 413 ${code}, not a reset`, async () => {
        const answer = await upload(`${server.url}${path}`, key, 24 * MiB, mode)
        expect(answer.error, JSON.stringify(answer)).toBeUndefined()
        expect(answer.status, JSON.stringify(answer)).toBe(413)
        expect(answer.connection).toBe("close")
        expect(answer.body.error.code).toBe(code)
        expect(answer.body.error.message).toBe(`the file must be at most ${MiB} bytes`)
      }, 60_000)
    }
  }

  it("a Content-Length of 200 MiB is answered at once, before the body is sent", async () => {
    const answer = await upload(`${server.url}/v1/uploads`, key, 200 * MiB, "http-declared")
    expect(answer.status, JSON.stringify(answer)).toBe(413)
    expect(answer.connection).toBe("close")
    expect(answer.body.error.code).toBe("file_too_large")
  }, 60_000)

  it("the server keeps serving: an upload under the cap succeeds afterwards", async () => {
    const answer = await upload(`${server.url}/upload`, key, 1000, "http")
    expect(answer.status, JSON.stringify(answer)).toBe(200)
    expect(answer.body.file_name).toBe("big.txt")
  }, 60_000)
})
