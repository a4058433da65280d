/**
 * The request journal of the control plane (`GET|DELETE /_admin/journal`, `admin.journal`): what
 * every service was asked, newest first, filterable, bounded, cleared on demand, never holding a
 * key. Every adapter runs it against its own way of serving Docket, driving the control plane in
 * process (`docket.admin`) or over HTTP (`controlPlaneClient`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { JournalEntry } from "../journal/journal-entry.js"
import { ADMIN_TOKEN, client, type HttpTarget, readJson, smallBody, type StartTarget, untilSleeping } from "./http-target.js"

interface Journal {
  readonly entries: ReadonlyArray<JournalEntry>
  readonly capacity: number
  readonly bodies: boolean
}

const REQUEST_ID = /^req_[a-f0-9]{32}$/

export const journalHttpSuite = (name: string, start: StartTarget) =>
  describe(`request journal (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof client>
    const open = async (settings: Parameters<StartTarget>[0] = {}) => {
      await target?.close()
      target = await start({ adminToken: ADMIN_TOKEN, ...settings })
      api = client(target)
    }
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = client(target)
    })
    afterEach(async () => {
      await target.close()
    })

    /** `GET /_admin/journal` with a query string */
    const journal = async (query = ""): Promise<Journal> => {
      const r = await api.admin("GET", `/_admin/journal${query === "" ? "" : `?${query}`}`)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as Journal
    }
    const paths = (j: Journal) => j.entries.map((e) => `${e.method} ${e.path} ${e.status}`)
    const now = async () => ((await target.admin.clock.now()) as { now: number }).now
    const docsTenant = async () => {
      const created = await target.admin.docs.createTenant({})
      return { tenantId: created.tenant_id as string, key: created.api_key as string }
    }
    const docs = (method: string, path: string, key: string | undefined, body?: unknown) =>
      api.call(method, path, { body, headers: key === undefined ? {} : { "x-api-key": key } })

    describe("what an entry holds", () => {
      it("a decision call: service clock time, service, method, path, status, request id, account, duration, no error, no bodies", async () => {
        const { account, key } = await api.account()
        const at = await now()
        const r = await api.evaluate(key, smallBody())
        expect(r.status).toBe(200)
        const { entries, capacity, bodies } = await journal()
        expect(capacity).toBe(1000)
        expect(bodies).toBe(false)
        expect(entries).toEqual([
          {
            time: new Date(at).toISOString(),
            service: "decision",
            method: "POST",
            path: "/v1/systemone",
            query: "",
            status: 200,
            request_id: r.headers.get("x-request-id"),
            account_id: account.account_id,
            tenant_id: null,
            duration_ms: 0,
            error_code: null
          }
        ])
        expect(entries[0]!.request_id).toMatch(REQUEST_ID)
      })

      it("the duration is on the service clock: with the manual clock, the virtual time the request waited", async () => {
        const { key } = await api.account()
        await target.admin.faults.set({ model_delay_ms: 1_500 })
        const held = api.evaluate(key, smallBody())
        await untilSleeping(target, 1, 1_500)
        await target.admin.clock.advance(1_500)
        expect((await held).status).toBe(200)
        const [entry] = (await journal()).entries
        expect(entry!.duration_ms).toBe(1_500)
      })

      it("a document and a workspace call carry the tenant and the caller's request id", async () => {
        const { tenantId, key } = await docsTenant()
        const jobs = await api.call("GET", "/v1/jobs?limit=2", { headers: { "x-api-key": key, "x-request-id": "my-trace-1" } })
        expect(jobs.status).toBe(200)
        expect((await docs("GET", "/v1/workspaces", key)).status).toBe(200)
        const { entries } = await journal()
        expect(entries.map((e) => [e.service, e.path, e.query, e.status, e.tenant_id, e.account_id])).toEqual([
          ["workspaces", "/v1/workspaces", "", 200, tenantId, null],
          ["documents", "/v1/jobs", "limit=2", 200, tenantId, null]
        ])
        expect(entries[1]!.request_id).toBe("my-trace-1")
        expect(entries[0]!.request_id).toMatch(REQUEST_ID)
      })

      it("authentication failures are journaled with the envelope's error code and no caller", async () => {
        expect((await api.evaluate(undefined, smallBody())).status).toBe(401)
        expect((await docs("GET", "/v1/jobs", "dk_" + "x".repeat(43))).status).toBe(401)
        expect((await docs("GET", "/v1/workspaces", undefined)).status).toBe(401)
        const { entries } = await journal()
        expect(entries.map((e) => [e.service, e.status, e.error_code, e.account_id, e.tenant_id])).toEqual([
          ["workspaces", 401, "unauthorized", null, null],
          ["documents", 401, "unauthorized", null, null],
          ["decision", 401, "authentication_error", null, null]
        ])
        for (const e of entries) expect(e.request_id).toMatch(REQUEST_ID)
      })

      it("404s are journaled: a service's unknown id (with its caller) and a path no route serves", async () => {
        const { tenantId, key } = await docsTenant()
        const missing = await docs("GET", "/v1/jobs/00000000-0000-4000-8000-000000000000", key)
        expect(missing.status).toBe(404)
        const nowhere = await api.call("GET", "/no/such/path?x=1")
        expect(nowhere.status).toBe(404)
        const { entries } = await journal()
        expect(entries.map((e) => [e.service, e.method, e.path, e.query, e.status, e.error_code, e.tenant_id])).toEqual([
          ["unrouted", "GET", "/no/such/path", "x=1", 404, "not_found", null],
          ["documents", "GET", "/v1/jobs/00000000-0000-4000-8000-000000000000", "", 404, missing.body.error.code, tenantId]
        ])
        expect(entries[1]!.request_id).toBe(missing.headers.get("x-request-id"))
      })

      it("the control plane's own calls are not journaled", async () => {
        await api.account()
        await target.admin.clock.advance(10)
        expect((await api.admin("GET", "/_admin/no/such/route")).status).toBe(404)
        await journal()
        expect((await api.admin("GET", "/_admin/journal", undefined, "wrong-token")).status).toBe(401)
        expect((await journal()).entries).toEqual([])
      })
    })

    describe("reading", () => {
      /** one request of each service, 1 s apart on the manual clock; the times they were sent at */
      const traffic = async () => {
        const { key: decisionKey } = await api.account()
        const { key: docsKey } = await docsTenant()
        const t0 = await now()
        expect((await api.evaluate(decisionKey, smallBody())).status).toBe(200) // t0
        await target.admin.clock.advance(1_000)
        expect((await docs("GET", "/v1/jobs", docsKey)).status).toBe(200) // t0 + 1 s
        await target.admin.clock.advance(1_000)
        expect((await docs("GET", "/v1/workspaces", docsKey)).status).toBe(200) // t0 + 2 s
        await target.admin.clock.advance(1_000)
        expect((await api.models(undefined)).status).toBe(401) // t0 + 3 s
        await target.admin.clock.advance(1_000)
        expect((await api.call("DELETE", "/nowhere")).status).toBe(404) // t0 + 4 s
        return t0
      }
      const ALL = ["DELETE /nowhere 404", "GET /v1/models 401", "GET /v1/workspaces 200", "GET /v1/jobs 200", "POST /v1/systemone 200"]

      it("newest first, each at its arrival on the service clock", async () => {
        const t0 = await traffic()
        const j = await journal()
        expect(paths(j)).toEqual(ALL)
        expect(j.entries.map((e) => e.time)).toEqual([4, 3, 2, 1, 0].map((s) => new Date(t0 + s * 1000).toISOString()))
      })

      it("filters by service, method, path prefix, status (exact or class), time and limit, and combined", async () => {
        const t0 = await traffic()
        expect(paths(await journal("service=decision"))).toEqual(["GET /v1/models 401", "POST /v1/systemone 200"])
        expect(paths(await journal("service=documents"))).toEqual(["GET /v1/jobs 200"])
        expect(paths(await journal("service=workspaces"))).toEqual(["GET /v1/workspaces 200"])
        expect(paths(await journal("service=unrouted"))).toEqual(["DELETE /nowhere 404"])
        expect(paths(await journal("service=host"))).toEqual([])
        expect(paths(await journal("method=get"))).toEqual(["GET /v1/models 401", "GET /v1/workspaces 200", "GET /v1/jobs 200"])
        expect(paths(await journal("path_prefix=/v1/"))).toEqual(ALL.slice(1))
        expect(paths(await journal("path_prefix=/v1/work"))).toEqual(["GET /v1/workspaces 200"])
        expect(paths(await journal("status=404"))).toEqual(["DELETE /nowhere 404"])
        expect(paths(await journal("status=4xx"))).toEqual(["DELETE /nowhere 404", "GET /v1/models 401"])
        expect(paths(await journal("status=2xx"))).toEqual(ALL.slice(2))
        expect(paths(await journal("status=5xx"))).toEqual([])
        // since and until are inclusive; milliseconds since the epoch or ISO 8601
        expect(paths(await journal(`since=${t0 + 3000}`))).toEqual(ALL.slice(0, 2))
        expect(paths(await journal(`until=${t0 + 1000}`))).toEqual(ALL.slice(3))
        expect(paths(await journal(`since=${new Date(t0 + 1000).toISOString()}&until=${new Date(t0 + 2000).toISOString()}`))).toEqual(
          ALL.slice(2, 4)
        )
        expect(paths(await journal("limit=2"))).toEqual(ALL.slice(0, 2))
        expect(paths(await journal(`service=decision&status=2xx&since=${t0}&limit=5`))).toEqual(["POST /v1/systemone 200"])
        expect(paths(await journal("path_prefix=/v1/&status=2xx&limit=1"))).toEqual(["GET /v1/workspaces 200"])
      })

      it("the typed API (admin.journal) filters the same way", async () => {
        const t0 = await traffic()
        const j = await target.admin.journal.list({ status: "4xx" })
        expect(paths(j)).toEqual(ALL.slice(0, 2))
        expect(j.capacity).toBe(1000)
        expect(paths(await target.admin.journal.list({ status: 401 }))).toEqual(["GET /v1/models 401"])
        expect(paths(await target.admin.journal.list({ service: "documents", since: t0 }))).toEqual(["GET /v1/jobs 200"])
        expect(paths(await target.admin.journal.list({ method: "POST", path_prefix: "/v1/sys", until: t0 }))).toEqual(["POST /v1/systemone 200"])
        expect(paths(await target.admin.journal.list({ limit: 3 }))).toEqual(ALL.slice(0, 3))
        expect(paths(await target.admin.journal.list())).toEqual(ALL)
        await expect(target.admin.journal.list({ status: 999 })).rejects.toMatchObject({ name: "AdminBadRequest" })
        await expect(target.admin.journal.list({ service: "billing" as never })).rejects.toMatchObject({ name: "AdminBadRequest" })
      })

      it("refuses a filter it cannot read with 400 naming it", async () => {
        for (
          const [query, names] of [
            ["service=billing", "service"],
            ["status=abc", "status"],
            ["status=6xx", "status"],
            ["status=99", "status"],
            ["since=yesterday", "since"],
            ["until=2026-13-45T00:00:00Z", "until"],
            ["limit=0", "limit"],
            ["limit=ten", "limit"],
            ["path_prefix=v1", "path_prefix"],
            ["method=G%20T", "method"],
            ["colour=blue", "colour"],
            ["status=200&status=404", "status"]
          ] as const
        ) {
          const r = await api.admin("GET", `/_admin/journal?${query}`)
          expect(r.status, query).toBe(400)
          expect(r.body.error.code).toBe("bad_request")
          expect(r.body.error.message, query).toContain(names)
        }
      })

      it("needs the admin token", async () => {
        expect((await api.admin("GET", "/_admin/journal", undefined, "nope")).status).toBe(401)
        expect((await api.admin("DELETE", "/_admin/journal", undefined, "nope")).status).toBe(401)
      })
    })

    describe("bounds and clearing", () => {
      it("holds at most journalSize entries, the oldest dropped first", async () => {
        await open({ journalSize: 3 })
        for (let i = 1; i <= 5; i++) expect((await api.call("GET", `/nowhere/${i}`)).status).toBe(404)
        const j = await journal()
        expect(j.capacity).toBe(3)
        expect(j.entries.map((e) => e.path)).toEqual(["/nowhere/5", "/nowhere/4", "/nowhere/3"])
        expect((await api.call("GET", "/nowhere/6")).status).toBe(404)
        expect((await journal()).entries.map((e) => e.path)).toEqual(["/nowhere/6", "/nowhere/5", "/nowhere/4"])
      })

      it("journalSize 0 keeps nothing", async () => {
        await open({ journalSize: 0 })
        expect((await api.call("GET", "/nowhere")).status).toBe(404)
        expect(await journal()).toEqual({ entries: [], capacity: 0, bodies: false })
      })

      it("DELETE clears it (saying how many it dropped), as do admin.journal.clear and a reset", async () => {
        for (let i = 0; i < 3; i++) await api.call("GET", "/nowhere")
        const cleared = await api.admin("DELETE", "/_admin/journal")
        expect(cleared.status).toBe(200)
        expect(cleared.body).toEqual({ cleared: 3 })
        expect((await journal()).entries).toEqual([])
        await api.call("GET", "/nowhere")
        expect(await target.admin.journal.clear()).toEqual({ cleared: 1 })
        expect((await journal()).entries).toEqual([])
        await api.call("GET", "/nowhere")
        await target.admin.reset()
        expect((await journal()).entries).toEqual([])
        // it records again after clearing
        await api.call("GET", "/nowhere")
        expect(paths(await journal())).toEqual(["GET /nowhere 404"])
      })
    })

    describe("bodies and keys", () => {
      it("bodies are not kept unless asked for", async () => {
        const { key } = await api.account()
        await api.evaluate(key, smallBody())
        const [entry] = (await journal()).entries
        expect(entry).not.toHaveProperty("request_body")
        expect(entry).not.toHaveProperty("response_body")
      })

      it("with journalBodies on, the request and response bodies are kept, cut at journalBodyBytes", async () => {
        await open({ journalBodies: true, journalBodyBytes: 256 })
        const { key } = await api.account()
        const body = smallBody({ state: { note: "x".repeat(1000) } })
        const r = await api.evaluate(key, body)
        expect(r.status).toBe(200)
        const j = await journal()
        expect(j.bodies).toBe(true)
        const [entry] = j.entries
        const sent = JSON.stringify(body)
        expect(entry!.request_body).toEqual({ bytes: sent.length, text: sent.slice(0, 256), truncated: true })
        const answered = JSON.stringify(r.body)
        expect(entry!.response_body).toEqual({
          bytes: answered.length,
          text: answered.slice(0, 256),
          truncated: answered.length > 256
        })
        // a body within the cap is kept whole; a request without a body has none
        const nowhere = await api.call("GET", "/nowhere")
        const [latest] = (await journal()).entries
        expect(latest!.request_body).toEqual(null)
        expect(latest!.response_body).toEqual({ bytes: JSON.stringify(nowhere.body).length, text: JSON.stringify(nowhere.body), truncated: false })
        // a streamed binary upload: its size, no text
        const { key: docsKey } = await docsTenant()
        const form = new FormData()
        form.append("file", new Blob(["x".repeat(2000)]), "notes.txt")
        const uploaded = await readJson(await target.fetch("/upload", { method: "POST", headers: { "x-api-key": docsKey }, body: form }))
        expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
        const [upload] = (await journal()).entries
        expect(upload!.path).toBe("/upload")
        expect(upload!.request_body!.text).toBeNull()
        expect(upload!.request_body!.bytes).toBeGreaterThan(2000)
        expect(upload!.request_body!.truncated).toBe(true)
        expect(upload!.response_body!.text).toBe(JSON.stringify(uploaded.body))
      })

      it("a key never appears, even with bodies on: in headers, bodies, paths or queries, of either service", async () => {
        await open({ journalBodies: true, journalBodyBytes: 65_536 })
        const { key } = await api.account()
        const { key: docsKey } = await docsTenant()
        // the keys sent where they belong, and echoed where they do not
        const echo = smallBody({ state: { note: `my key is ${key}`, other: docsKey, api_key: "hunter2-secret", nested: { token: "tok-123456" } } })
        expect((await api.evaluate(key, echo)).status).toBe(200)
        expect((await api.evaluate(`${key}x`, echo)).status).toBe(401)
        expect((await docs("GET", `/v1/jobs?note=${docsKey}&api_key=plain-secret-1`, docsKey)).status).toBe(200)
        expect((await docs("POST", "/v1/workspaces", docsKey, { name: docsKey })).status).toBeLessThan(500)
        expect((await api.call("GET", `/v1/keys/${key}?token=abc12345&signature=deadbeef`)).status).toBe(404)
        const j = await journal()
        expect(j.entries).toHaveLength(5)
        const all = JSON.stringify(j)
        for (const secret of [key, key.slice(7), docsKey, docsKey.slice(3), "hunter2-secret", "tok-123456", "plain-secret-1", "abc12345", "deadbeef"]) {
          expect(all, secret).not.toContain(secret)
        }
        expect(all).toContain("[redacted]")
        // what is not secret is kept
        const unrouted = j.entries[0]!
        expect(unrouted.path).toBe("/v1/keys/[redacted]")
        expect(unrouted.query).toBe("token=[redacted]&signature=[redacted]")
        const jobs = j.entries.find((e) => e.path === "/v1/jobs")!
        expect(jobs.query).toBe("note=[redacted]&api_key=[redacted]")
        const evaluated = j.entries.find((e) => e.status === 200 && e.service === "decision")!
        expect(JSON.parse(evaluated.request_body!.text!).state.note).toBe("my key is [redacted]")
      })
    })
  })
