/**
 * An upload over the cap reaches the client as 413 on Bun (real Bun processes running
 * `fixtures/server.ts` with a 1 MiB upload cap), the client in its own process (see
 * adapter-node's upload-cap.test.ts): a client that writes its whole body before reading gets the
 * answer, not a reset; a declared length past Bun's own 128 MB default gets Docket's 413 in the
 * service's envelope, not Bun's empty one (the adapter lifts Bun's cap: Docket caps every body).
 * (Bun keeps such a connection open and reads the rest of the body itself.)
 */
import { afterAll, describe, expect, it } from "vitest"
import { upload, type UploadMode } from "../../adapter-node/test/support/upload.js"
import { type BunProcess, FIXTURE, startBun } from "./bun-server.js"

const MiB = 1024 * 1024
const TOKEN = "bun-test-admin"
const processes: Array<BunProcess> = []
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()))
})

const SERVED_BY = { listen: "listen", "fetch-handler": "Bun.serve + makeBunFetchHandler" } as const
for (const serve of ["listen", "fetch-handler"] as const) {
  describe(`an upload over the cap is answered 413 on Bun (${SERVED_BY[serve]})`, () => {
    let url: string
    let key: string
    const started = (async () => {
      const p = await startBun(FIXTURE, { DOCKET_BUN_SERVE: serve, DOCKET_DOCS_TEST: "1", DOCKET_ADMIN_TOKEN: TOKEN })
      processes.push(p)
      url = p.url
      const r = await fetch(`${p.url}/_admin/docs/tenants`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` }, body: "{}" })
      key = ((await r.json()) as { api_key: string }).api_key
    })()

    const cases: ReadonlyArray<[string, string, number, UploadMode]> = [
      ["/upload", "payload_too_large", 24 * MiB, "fetch"],
      ["/upload", "payload_too_large", 24 * MiB, "http-chunked"],
      ["/v1/uploads", "file_too_large", 24 * MiB, "http"],
      ["/v1/uploads", "file_too_large", 24 * MiB, "fetch-chunked"],
      ["/v1/uploads", "file_too_large", 200 * MiB, "http-declared"]
    ]
    for (const [path, code, size, mode] of cases) {
      it(`POST ${path}, ${size / MiB} MiB (${mode}): 413 ${code}`, async () => {
        await started
        const answer = await upload(`${url}${path}`, key, size, mode)
        expect(answer.error, JSON.stringify(answer)).toBeUndefined()
        expect(answer.status, JSON.stringify(answer)).toBe(413)
        expect(answer.body.error.code).toBe(code)
        expect(answer.body.error.message).toBe(`the file must be at most ${MiB} bytes`)
      }, 60_000)
    }
  })
}
