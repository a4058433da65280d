/**
 * The standalone server contract (DESIGN.md, "Standalone server contract") on a spawned process
 * (`packages/server/src/bin/docket.ts`, what `npm start` runs): PORT/HOST, the `listening on`
 * line, the demo key, the control plane switch, the manual clock and the hard body cap.
 */
import { describe, expect, it } from "@effect/vitest"
import { freePort, realWait, type StartedProcess, startProcess, ticketBody, waitUntil } from "@docket/core/testing"
import { request as httpRequest } from "node:http"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const KEY_PATTERN = /^svc_sk_[A-Za-z0-9_-]{43}$/

const smallBody = ticketBody()

interface Standalone extends StartedProcess {
  readonly port: number
}

const running: Array<Standalone> = []

/** The environment of the test process without any Docket setting, plus `env`. */
const environment = (env: Record<string, string>) => {
  const base: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("DOCKET_") || k === "PORT" || k === "HOST" || k === "DATABASE_URL") continue
    base[k] = v
  }
  return { ...base, ...env }
}

const startStandalone = async (env: Record<string, string> = {}): Promise<Standalone> => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = await startProcess({
    command: "npx",
    args: ["tsx", "packages/server/src/bin/docket.ts"],
    cwd: ROOT,
    env: environment({ PORT: String(port), HOST: "127.0.0.1", ...env }),
    // its own process group, so stopping it also stops the processes npx and tsx start under it
    detached: true,
    readyPattern: new RegExp(`listening on ${url.replace(/[.]/g, "\\.")}$`, "m"),
    name: "the server"
  })
  const server: Standalone = { ...started, url, port }
  running.push(server)
  return server
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()))
})

const demoKeyOf = (stdout: string) => /^demo decision key: (\S+)$/m.exec(stdout)?.[1]

const json = async (response: Response) => ({ status: response.status, body: await response.json() as any })

describe("standalone server (npx tsx packages/server/src/bin/docket.ts)", () => {
  it("defaults: listens on HOST:PORT, prints a working demo key, and the control plane answers 404", async () => {
    const s = await startStandalone()
    try {
      const lines = s.stdout().split("\n")
      expect(lines).toContain(`listening on http://127.0.0.1:${s.port}`)
      const key = demoKeyOf(s.stdout())
      expect(key, s.stdout()).toBeDefined()
      expect(key).toMatch(KEY_PATTERN)

      const models = await json(await fetch(`${s.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } }))
      expect(models.status).toBe(200)
      expect(models.body.models.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(["dm-v1.0", "dm-v1.5", "dm-latest", "dm-v1.1"]))
      expect(models.body.request_id).toMatch(/^req_[a-f0-9]{32}$/)

      const evaluated = await json(
        await fetch(`${s.url}/v1/systemone`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(smallBody)
        })
      )
      expect(evaluated.status).toBe(200)
      expect(Object.keys(evaluated.body.answers).sort()).toEqual(["refund", "topic"])

      const unauthenticated = await fetch(`${s.url}/v1/models`)
      expect(unauthenticated.status).toBe(401)

      const headerSets: Array<Record<string, string>> = [{}, { authorization: "Bearer anything" }, { authorization: `Bearer ${key}` }]
      for (const headers of headerSets) {
        expect((await fetch(`${s.url}/_admin/reset`, { method: "POST", headers })).status).toBe(404)
        expect((await fetch(`${s.url}/_admin/clock`, { headers })).status).toBe(404)
        const create = await fetch(`${s.url}/_admin/decision/accounts`, { method: "POST", headers, body: "{}" })
        expect(create.status).toBe(404)
      }
      // the demo key still works: nothing was reset
      expect((await fetch(`${s.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
      // the API reference pages
      const docs = await fetch(`${s.url}/docs`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain(`href="/docs/documents"`)
      // the console is the control plane's UI: not served without it
      expect((await fetch(`${s.url}/console/`)).status).toBe(404)
    } finally {
      await s.stop()
    }
  }, 60_000)

  it("with DOCKET_ADMIN_TOKEN and DOCKET_CLOCK=manual: no demo key, the control plane and the manual clock work; DOCKET_JOURNAL_*", async () => {
    const s = await startStandalone({ DOCKET_ADMIN_TOKEN: "t", DOCKET_CLOCK: "manual", DOCKET_JOURNAL_SIZE: "2", DOCKET_JOURNAL_BODIES: "1" })
    try {
      expect(s.stdout()).not.toMatch(/demo decision key/)
      expect(s.stdout()).not.toMatch(/svc_sk_/)
      const admin = (method: string, path: string, body?: unknown, token = "t") =>
        fetch(`${s.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body)
        }).then(json)

      const clock = await admin("GET", "/_admin/clock")
      expect(clock.status).toBe(200)
      expect(clock.body.manual).toBe(true)
      expect(typeof clock.body.now).toBe("number")
      const advanced = await admin("POST", "/_admin/clock/advance", { ms: 1234 })
      expect(advanced.status).toBe(200)
      expect(advanced.body).toEqual({ now: clock.body.now + 1234 })
      // the one pending sleep is the retention sweeper's (every 10 minutes)
      expect((await admin("GET", "/_admin/clock")).body).toEqual({ now: clock.body.now + 1234, manual: true, pending_sleeps: { "600000": 1 } })

      expect((await admin("GET", "/_admin/clock", undefined, "wrong")).status).toBe(401)
      // the console is served with the control plane: its page (or, unbuilt, how to build it)
      const console = await fetch(`${s.url}/console/`)
      expect(s.stdout()).toContain(`console: ${s.url}/console`)
      if (console.status === 200) expect(await console.text()).toContain(`<div id="app">`)
      else expect({ status: console.status, body: await console.text() }).toMatchObject({ status: 503, body: expect.stringContaining("npm run build -w @docket/console") })

      // the control plane gives a working key; the manual clock drives the RPM window
      const account = await admin("POST", "/_admin/decision/accounts", { custom_limits: { rpm: 1 } })
      expect(account.status).toBe(201)
      const key = await admin("POST", `/_admin/decision/accounts/${account.body.account_id}/keys`, { name: "k" })
      expect(key.status).toBe(201)
      const evaluate = () =>
        fetch(`${s.url}/v1/systemone`, {
          method: "POST",
          headers: { authorization: `Bearer ${key.body.key}` },
          body: JSON.stringify(smallBody)
        }).then(json)
      expect((await evaluate()).status).toBe(200)
      expect((await evaluate()).status).toBe(429)
      await admin("POST", "/_admin/clock/advance", { ms: 60_000 })
      expect((await evaluate()).status).toBe(200)

      // the request journal, sized and keeping bodies as the environment says; the key nowhere in it
      const journal = await admin("GET", "/_admin/journal")
      expect(journal.status).toBe(200)
      expect(journal.body.capacity).toBe(2)
      expect(journal.body.bodies).toBe(true)
      expect(journal.body.entries.map((e: { status: number }) => e.status)).toEqual([200, 429])
      expect(journal.body.entries[0].account_id).toBe(account.body.account_id)
      expect(journal.body.entries[0].request_body.text).toBe(JSON.stringify(smallBody))
      expect(JSON.stringify(journal.body)).not.toContain(key.body.key)
    } finally {
      await s.stop()
    }
  }, 60_000)

  it("DOCKET_DEMO=1 prints a demo key even with an admin token; the system clock refuses to advance; SIGTERM stops it", async () => {
    const s = await startStandalone({ DOCKET_ADMIN_TOKEN: "t", DOCKET_DEMO: "1" })
    try {
      const key = demoKeyOf(s.stdout())
      expect(key).toMatch(KEY_PATTERN)
      expect((await fetch(`${s.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
      const advance = await fetch(`${s.url}/_admin/clock/advance`, {
        method: "POST",
        headers: { authorization: "Bearer t" },
        body: JSON.stringify({ ms: 1 })
      })
      expect(advance.status).toBe(409)
      // SIGTERM stops it: the port is closed afterwards
      await s.stop()
      expect(s.child.exitCode ?? s.child.signalCode).not.toBeNull()
      await expect(fetch(`${s.url}/v1/models`)).rejects.toThrow()
    } finally {
      await s.stop()
    }
  }, 60_000)

  describe("DOCKET_MAX_BODY_BYTES", () => {
    let s: Standalone
    let key: string

    const models = () => fetch(`${s.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    const evaluateOk = async () => {
      const r = await fetch(`${s.url}/v1/systemone`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        body: JSON.stringify(smallBody)
      })
      expect(r.status).toBe(200)
      await r.text()
    }

    /** Sends the head of a request and `write`s its body through node:http; resolves with the response. */
    const rawPost = (
      headers: Record<string, string | number>,
      write: (req: ReturnType<typeof httpRequest>) => Promise<void>
    ) =>
      new Promise<{ status: number; body: any; bodyFinished: boolean }>((resolve, reject) => {
        let bodyFinished = false
        const req = httpRequest(
          `${s.url}/v1/systemone`,
          { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers } },
          (res) => {
            let text = ""
            res.setEncoding("utf8")
            res.on("data", (d: string) => (text += d))
            res.on("end", () => {
              req.destroy()
              try {
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), bodyFinished })
              } catch (e) {
                reject(e)
              }
            })
          }
        )
        req.on("error", (e) => {
          // the server may close the connection after answering early; the response has been seen then
          if (!req.destroyed) reject(e)
        })
        write(req).then(
          () => (bodyFinished = true),
          () => undefined
        )
      })

    beforeAll(async () => {
      s = await startStandalone({ DOCKET_MAX_BODY_BYTES: "2097152" })
      key = demoKeyOf(s.stdout())!
      expect(key).toMatch(KEY_PATTERN)
    }, 60_000)
    afterAll(async () => {
      await s?.stop()
    })

    // (that the answer does not wait for the body is shown by the two tests after this one: the
    // client gets it before it has sent its body)
    it("a 3 MB body with a correct key gets 422, and the server keeps serving", async () => {
      const huge = JSON.stringify({ state: "x".repeat(3 * 1024 * 1024), questions: smallBody.questions })
      const r = await fetch(`${s.url}/v1/systemone`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: huge
      })
      const body = await r.json() as any
      expect(r.status).toBe(422)
      expect(body.error.type).toBe("invalid_request_error")
      expect(body.error.issues).toEqual([{ path: "", message: "request body must be at most 2097152 bytes" }])
      expect(body.error.message).toBe("request body must be at most 2097152 bytes")
      expect(r.headers.get("x-request-id")).toBe(body.request_id)
      expect((await models()).status).toBe(200)
      await evaluateOk()
    })

    it("a declared Content-Length over the cap is refused at once, before the body has been sent", async () => {
      const r = await rawPost({ "content-length": 3 * 1024 * 1024 }, async (req) => {
        req.write("{\"state\":\"" + "y".repeat(64 * 1024))
        // the rest is never sent: the answer must not wait for it
        await waitUntil(() => req.destroyed, 30_000, () => "no answer")
      })
      expect(r.status).toBe(422)
      expect(r.body.error.issues).toEqual([{ path: "", message: "request body must be at most 2097152 bytes" }])
      expect(r.bodyFinished).toBe(false)
      expect((await models()).status).toBe(200)
      await evaluateOk()
    })

    it("a chunked body (no Content-Length) is refused as soon as it crosses the cap, without waiting for its end", async () => {
      const r = await rawPost({ "transfer-encoding": "chunked" }, async (req) => {
        req.write("{\"state\":\"")
        const chunk = "z".repeat(256 * 1024)
        for (let sent = 0; sent < 3 * 1024 * 1024 && !req.destroyed; sent += chunk.length) {
          req.write(chunk)
          await realWait(10)
        }
        // never ended
        await waitUntil(() => req.destroyed, 30_000, () => "no answer")
      })
      expect(r.status).toBe(422)
      expect(r.body.error.issues).toEqual([{ path: "", message: "request body must be at most 2097152 bytes" }])
      expect(r.bodyFinished).toBe(false)
      expect((await models()).status).toBe(200)
      await evaluateOk()
    })

    it("a body under the cap but over the serialized-size limit is read whole and gets the spec's 1048576 message", async () => {
      const big = JSON.stringify({ state: " ".repeat(1_048_600), questions: smallBody.questions })
      expect(big.length).toBeLessThan(2_097_152)
      const r = await fetch(`${s.url}/v1/systemone`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: big })
      const body = await r.json() as any
      expect(r.status).toBe(422)
      expect(body.error.issues).toEqual([{ path: "", message: "request body must be at most 1048576 bytes" }])
    })

    it("a body sent slowly, in small pieces, is still answered 200", async () => {
      const text = JSON.stringify(smallBody)
      const pieces = 8
      const size = Math.ceil(text.length / pieces)
      const r = await rawPost({ "content-length": Buffer.byteLength(text) }, async (req) => {
        for (let i = 0; i < pieces; i++) {
          await realWait(150)
          req.write(text.slice(i * size, (i + 1) * size))
        }
        req.end()
      })
      expect(r.status).toBe(200)
      expect(r.bodyFinished).toBe(true)
      expect(Object.keys(r.body.answers).sort()).toEqual(["refund", "topic"])
    })

    it("a slow chunked body is still answered 200", async () => {
      const text = JSON.stringify(smallBody)
      const r = await rawPost({ "transfer-encoding": "chunked" }, async (req) => {
        for (const ch of text.match(/.{1,40}/gs)!) {
          await realWait(50)
          req.write(ch)
        }
        req.end()
      })
      expect(r.status).toBe(200)
      expect(r.bodyFinished).toBe(true)
    })

  })
})

describe("standalone server on Bun (npm run start:bun: bun packages/server/src/bin/docket-bun.ts)", () => {
  it("the same contract: listens on HOST:PORT, prints a working demo key, serves /docs", async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const s = await startProcess({
      command: fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url)),
      args: ["packages/server/src/bin/docket-bun.ts"],
      cwd: ROOT,
      env: environment({ PORT: String(port), HOST: "127.0.0.1" }),
      readyPattern: new RegExp(`listening on ${url.replace(/[.]/g, "\\.")}$`, "m"),
      name: "the server on Bun"
    })
    try {
      const key = demoKeyOf(s.stdout())
      expect(key, s.stdout()).toMatch(KEY_PATTERN)
      expect((await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
      const evaluated = await json(
        await fetch(`${url}/v1/systemone`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: JSON.stringify(smallBody) })
      )
      expect(evaluated.status).toBe(200)
      expect(Object.keys(evaluated.body.answers).sort()).toEqual(["refund", "topic"])
      const docs = await fetch(`${url}/docs/decision`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain(`url: "/openapi/decision.json"`)
      const css = await fetch(`${url}/docs/assets/swagger-ui.css`)
      expect(css.status).toBe(200)
      expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8")
    } finally {
      await s.stop()
    }
  }, 60_000)
})
