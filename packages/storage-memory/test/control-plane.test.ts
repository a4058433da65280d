/**
 * The control plane over HTTP (DESIGN.md, "Control plane"): `/_admin/*` behind
 * `Authorization: Bearer <admin token>`, JSON in and out, unknown ids 404, bad bodies 400.
 * Runs in process through the fetch handler, on memory storage and a manual clock.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Docket, Documents, makeDocket, ManualClock } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import { afterEach, beforeEach } from "vitest"

const TOKEN = "cp-admin-token"
const KEY_PATTERN = /^svc_sk_[A-Za-z0-9_-]{43}$/

interface Reply {
  readonly status: number
  readonly body: any
  readonly text: string
}

const smallBody = {
  state: { invoice: { number: "INV-7", total: 99, paid: false } },
  questions: { paid: { type: "noul", instructions: "Has the invoice been paid?" } }
}

const makeTarget = (options: { adminToken?: string | undefined; clock?: "system" | ManualClock | undefined } = {}) => {
  const docket = makeDocket({
    storage: MemoryStorage.layer,
    clock: "clock" in options ? options.clock : new ManualClock(),
    settings: { adminToken: "adminToken" in options ? options.adminToken : TOKEN }
  })
  const send = async (method: string, path: string, init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...init.headers }
    let body: string | undefined
    if (init.raw !== undefined) body = init.raw
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers["content-type"] = "application/json"
    }
    const response = await docket.fetch(new Request(`http://docket.test${path}`, { method, headers, body }))
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text === "" ? undefined : JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: response.status, body: parsed, text }
  }
  const admin = (method: string, path: string, body?: unknown, token: string | undefined = TOKEN) =>
    send(method, path, { body, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
  const adminRaw = (method: string, path: string, raw: string) =>
    send(method, path, { raw, headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" } })
  const evaluate = (key: string, body: unknown = smallBody) =>
    send("POST", "/v1/systemone", { body, headers: { authorization: `Bearer ${key}` } })
  const models = (key: string) => send("GET", "/v1/models", { headers: { authorization: `Bearer ${key}` } })
  return { docket, send, admin, adminRaw, evaluate, models }
}

type Target = ReturnType<typeof makeTarget>

/** An account and a key, created through HTTP. */
const accountWithKey = async (t: Target, body: unknown = {}) => {
  const account = await t.admin("POST", "/_admin/decision/accounts", body)
  expect(account.status).toBe(201)
  const key = await t.admin("POST", `/_admin/decision/accounts/${account.body.account_id}/keys`, { name: "main" })
  expect(key.status).toBe(201)
  return { accountId: account.body.account_id as string, key: key.body.key as string, keyId: key.body.key_id as string }
}

const expect400Naming = (r: Reply, field: string) => {
  expect(r.status, r.text).toBe(400)
  expect(typeof r.body?.error?.message).toBe("string")
  expect(r.body.error.message).toContain(field)
}

describe("control plane over HTTP (memory storage)", () => {
  let t: Target
  let docket: Docket
  beforeEach(() => {
    t = makeTarget()
    docket = t.docket
  })
  afterEach(async () => {
    await docket.dispose()
  })

  describe("enabling and authorization", () => {
    it("without an admin token configured, every /_admin path answers 404 (with or without a token) and does nothing", async () => {
      const off = makeTarget({ adminToken: undefined })
      try {
        const account = await off.docket.admin.decision.createAccount({})
        const calls: Array<[string, string, unknown]> = [
          ["POST", "/_admin/decision/accounts", {}],
          ["GET", `/_admin/decision/accounts/${account.account_id}`, undefined],
          ["PATCH", `/_admin/decision/accounts/${account.account_id}`, { credit: 0 }],
          ["POST", `/_admin/decision/accounts/${account.account_id}/top-ups`, { amount: 5 }],
          ["POST", `/_admin/decision/accounts/${account.account_id}/keys`, { name: "k" }],
          ["GET", `/_admin/decision/accounts/${account.account_id}/keys`, undefined],
          ["POST", "/_admin/decision/keys/key_x/revoke", undefined],
          ["GET", "/_admin/decision/pools", undefined],
          ["PUT", "/_admin/decision/pools", { free: 0 }],
          ["GET", "/_admin/clock", undefined],
          ["POST", "/_admin/clock/advance", { ms: 1000 }],
          ["GET", "/_admin/faults", undefined],
          ["PUT", "/_admin/faults", { model_error: true }],
          ["POST", "/_admin/reset", undefined],
          ["GET", "/_admin/no/such/route", undefined],
          ["DELETE", "/_admin/decision/accounts", undefined]
        ]
        for (const [method, path, body] of calls) {
          for (const token of [undefined, TOKEN, "anything"]) {
            const r = await off.admin(method, path, body, token)
            expect(r.status, `${method} ${path} token=${token}`).toBe(404)
          }
        }
        // nothing happened: the account is untouched, the clock did not move, no faults
        expect(await off.docket.admin.decision.getAccount(account.account_id)).toEqual(account)
        expect(await off.docket.admin.faults.get()).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: false })
        expect(off.docket.clock!.unsafeCurrentTimeMillis()).toBe(Date.UTC(2026, 0, 1))
        expect((await off.docket.admin.decision.getPools()).free).toBe(128)
      } finally {
        await off.docket.dispose()
      }
    })

    it("a missing or wrong token gets 401 and changes nothing", async () => {
      const wrong: Array<Record<string, string>> = [
        {},
        { authorization: "" },
        { authorization: "Bearer" },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}X` },
        { authorization: `Basic ${TOKEN}` },
        { authorization: TOKEN },
        { "x-api-key": TOKEN }
      ]
      for (const headers of wrong) {
        const create = await t.send("POST", "/_admin/decision/accounts", { body: {}, headers })
        expect(create.status, JSON.stringify(headers)).toBe(401)
        const reset = await t.send("POST", "/_admin/reset", { headers })
        expect(reset.status).toBe(401)
        const advance = await t.send("POST", "/_admin/clock/advance", { body: { ms: 5 }, headers })
        expect(advance.status).toBe(401)
        const faults = await t.send("PUT", "/_admin/faults", { body: { model_error: true }, headers })
        expect(faults.status).toBe(401)
      }
      expect(docket.clock!.unsafeCurrentTimeMillis()).toBe(Date.UTC(2026, 0, 1))
      expect((await docket.admin.faults.get()).model_error).toBe(false)
    })

    it("a decision API key is not an admin token", async () => {
      const { key } = await accountWithKey(t)
      expect((await t.admin("POST", "/_admin/decision/accounts", {}, key)).status).toBe(401)
    })

    it("the admin token is not a decision API key", async () => {
      expect((await t.evaluate(TOKEN)).status).toBe(401)
      expect((await t.models(TOKEN)).status).toBe(401)
    })

    it("an unknown /_admin route answers 404 with the token", async () => {
      expect((await t.admin("GET", "/_admin/nothing-here")).status).toBe(404)
      expect((await t.admin("DELETE", "/_admin/decision/accounts")).status).toBe(404)
    })
  })

  describe("accounts", () => {
    it("POST with an empty object: 201 with the defaults", async () => {
      const r = await t.admin("POST", "/_admin/decision/accounts", {})
      expect(r.status).toBe(201)
      expect(r.body).toEqual({
        account_id: expect.any(String),
        tier: "free",
        credit: 1_000_000,
        custom_limits: { unlimited: false, rpm: null, in_flight: null },
        unpaid_invoice: false
      })
      expect(r.body.account_id.length).toBeGreaterThan(0)
    })

    // an empty body counts as {} (admin/http.ts); a web Request without any body must be read as empty too
    it("POST with no body at all: the same defaults", async () => {
      const r = await t.send("POST", "/_admin/decision/accounts", { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({ tier: "free", credit: 1_000_000, unpaid_invoice: false })
    })

    it("POST with every field: 201 with them, and GET returns the same account", async () => {
      const input = { tier: "paid", credit: 42, custom_limits: { unlimited: true, rpm: 7, in_flight: 3 }, unpaid_invoice: true }
      const r = await t.admin("POST", "/_admin/decision/accounts", input)
      expect(r.status).toBe(201)
      expect(r.body).toEqual({ account_id: expect.any(String), ...input })
      const got = await t.admin("GET", `/_admin/decision/accounts/${r.body.account_id}`)
      expect(got.status).toBe(200)
      expect(got.body).toEqual(r.body)
    })

    it("POST with part of custom_limits keeps the rest at their defaults", async () => {
      const r = await t.admin("POST", "/_admin/decision/accounts", { custom_limits: { rpm: 5 } })
      expect(r.status).toBe(201)
      expect(r.body.custom_limits).toEqual({ unlimited: false, rpm: 5, in_flight: null })
    })

    it("each account gets its own id", async () => {
      const ids = new Set<string>()
      for (let i = 0; i < 20; i++) ids.add((await t.admin("POST", "/_admin/decision/accounts", {})).body.account_id)
      expect(ids.size).toBe(20)
    })

    it("GET and PATCH of an unknown account: 404", async () => {
      expect((await t.admin("GET", "/_admin/decision/accounts/acct_nope")).status).toBe(404)
      expect((await t.admin("PATCH", "/_admin/decision/accounts/acct_nope", { credit: 1 })).status).toBe(404)
      expect((await t.admin("PATCH", "/_admin/decision/accounts/acct_nope", {})).status).toBe(404)
    })

    it("PATCH changes only the fields it names (custom_limits merged field by field; null clears a limit)", async () => {
      const created = await t.admin("POST", "/_admin/decision/accounts", { custom_limits: { rpm: 10, in_flight: 2 } })
      const id = created.body.account_id
      const p1 = await t.admin("PATCH", `/_admin/decision/accounts/${id}`, { tier: "paid" })
      expect(p1.status).toBe(200)
      expect(p1.body).toEqual({ ...created.body, tier: "paid" })
      const p2 = await t.admin("PATCH", `/_admin/decision/accounts/${id}`, { custom_limits: { rpm: null } })
      expect(p2.status).toBe(200)
      expect(p2.body.custom_limits).toEqual({ unlimited: false, rpm: null, in_flight: 2 })
      const p3 = await t.admin("PATCH", `/_admin/decision/accounts/${id}`, { credit: 5, unpaid_invoice: true, custom_limits: { unlimited: true } })
      expect(p3.body).toEqual({ account_id: id, tier: "paid", credit: 5, unpaid_invoice: true, custom_limits: { unlimited: true, rpm: null, in_flight: 2 } })
      const p4 = await t.admin("PATCH", `/_admin/decision/accounts/${id}`, {})
      expect(p4.status).toBe(200)
      expect(p4.body).toEqual(p3.body)
      expect((await t.admin("GET", `/_admin/decision/accounts/${id}`)).body).toEqual(p3.body)
    })

    it("PATCH takes effect on the service at once on this instance (unpaid invoice, credit, in-flight)", async () => {
      const { accountId, key } = await accountWithKey(t)
      expect((await t.evaluate(key)).status).toBe(200)
      await t.admin("PATCH", `/_admin/decision/accounts/${accountId}`, { unpaid_invoice: true })
      const unpaid = await t.evaluate(key)
      expect(unpaid.status).toBe(402)
      expect(unpaid.body.error.type).toBe("payment_required")
      await t.admin("PATCH", `/_admin/decision/accounts/${accountId}`, { unpaid_invoice: false, credit: 0 })
      const broke = await t.evaluate(key)
      expect(broke.status).toBe(402)
      expect(broke.body.error.type).toBe("insufficient_credit")
      await t.admin("PATCH", `/_admin/decision/accounts/${accountId}`, { credit: 1000, custom_limits: { rpm: 2 } })
      // one admission so far (402s never reach the limiter): one more fits in the window
      expect((await t.evaluate(key)).status).toBe(200)
      const limited = await t.evaluate(key)
      expect(limited.status).toBe(429)
      expect(limited.body.error.type).toBe("rate_limit_error")
    })
  })

  describe("bad bodies: 400 with a message naming the field, nothing changed", () => {
    const badAccountBodies: Array<[unknown, string]> = [
      [{ tier: "gold" }, "tier"],
      [{ tier: 1 }, "tier"],
      [{ tier: null }, "tier"],
      [{ credit: "5" }, "credit"],
      [{ credit: 1.5 }, "credit"],
      [{ credit: null }, "credit"],
      [{ credit: 1e20 }, "credit"],
      [{ custom_limits: "none" }, "custom_limits"],
      [{ custom_limits: null }, "custom_limits"],
      [{ custom_limits: { unlimited: "yes" } }, "unlimited"],
      [{ custom_limits: { rpm: -1 } }, "rpm"],
      [{ custom_limits: { rpm: 2.5 } }, "rpm"],
      [{ custom_limits: { rpm: "10" } }, "rpm"],
      [{ custom_limits: { in_flight: -3 } }, "in_flight"],
      [{ custom_limits: { in_flight: true } }, "in_flight"],
      [{ unpaid_invoice: 1 }, "unpaid_invoice"],
      [{ unpaid_invoice: "false" }, "unpaid_invoice"],
      [{ bogus: 1 }, "bogus"],
      [{ tier: "paid", mystery_field: true }, "mystery_field"],
      [{ custom_limits: { burst: 5 } }, "burst"]
    ]

    it.each(badAccountBodies)("POST accounts %j: 400 naming %s", async (body, field) => {
      expect400Naming(await t.admin("POST", "/_admin/decision/accounts", body), field)
    })

    it.each(badAccountBodies)("PATCH account %j: 400 naming %s, the account unchanged", async (body, field) => {
      const created = await t.admin("POST", "/_admin/decision/accounts", {})
      const id = created.body.account_id
      expect400Naming(await t.admin("PATCH", `/_admin/decision/accounts/${id}`, body), field)
      expect((await t.admin("GET", `/_admin/decision/accounts/${id}`)).body).toEqual(created.body)
    })

    it("invalid JSON, and JSON that is not an object: 400", async () => {
      for (const raw of ["{", "{tier: 'paid'}", "[1,", "nope", '{"tier":"paid"} trailing']) {
        const r = await t.adminRaw("POST", "/_admin/decision/accounts", raw)
        expect(r.status, raw).toBe(400)
        expect(r.body.error.message).toMatch(/json/i)
      }
      for (const raw of ["[]", "null", "42", '"paid"', "true"]) {
        const r = await t.adminRaw("POST", "/_admin/decision/accounts", raw)
        expect(r.status, raw).toBe(400)
        expect(typeof r.body.error.message).toBe("string")
      }
    })

    it("a body over 1 MB: 400, nothing created", async () => {
      const r = await t.adminRaw("POST", "/_admin/decision/accounts", JSON.stringify({ tier: "paid", pad: "x".repeat(1_100_000) }))
      expect(r.status).toBe(400)
      expect(r.body.error.message).toMatch(/body/)
    })

    it("top-ups: amount must be a positive integer", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", { credit: 10 })
      const path = `/_admin/decision/accounts/${account.account_id}/top-ups`
      for (const body of [{}, { amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: "10" }, { amount: null }, { amount: 1e20 }]) {
        expect400Naming(await t.admin("POST", path, body), "amount")
      }
      expect400Naming(await t.admin("POST", path, { amount: 5, extra: 1 }), "extra")
      expect((await t.adminRaw("POST", path, "{amount")).status).toBe(400)
      const after = await t.admin("GET", `/_admin/decision/accounts/${account.account_id}`)
      expect(after.body).toEqual(account)
    })

    it("keys: name must be a non-empty string", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", {})
      const path = `/_admin/decision/accounts/${account.account_id}/keys`
      for (const body of [{}, { name: 5 }, { name: null }, { name: "" }, { name: "   " }, { name: ["a"] }]) {
        expect400Naming(await t.admin("POST", path, body), "name")
      }
      expect((await t.admin("GET", path)).body).toEqual({ keys: [] })
    })

    it("pools: sizes are integers >= 0 and fleet keys look like <model>:<fast|long>", async () => {
      const before = (await t.admin("GET", "/_admin/decision/pools")).body
      const bad: Array<[unknown, string]> = [
        [{ free: -1 }, "free"],
        [{ free: 1.5 }, "free"],
        [{ free: "3" }, "free"],
        [{ fleets: { "dm-v1.0:fast": -1 } }, "dm-v1.0:fast"],
        [{ fleets: { "dm-v1.0:fast": 2.5 } }, "dm-v1.0:fast"],
        [{ fleets: { "dm-v1.0:medium": 3 } }, "dm-v1.0:medium"],
        [{ fleets: { bogus: 3 } }, "bogus"],
        [{ fleets: [1, 2] }, "fleets"],
        [{ fleets: "all" }, "fleets"],
        [{ size: 3 }, "size"]
      ]
      for (const [body, field] of bad) expect400Naming(await t.admin("PUT", "/_admin/decision/pools", body), field)
      expect((await t.admin("GET", "/_admin/decision/pools")).body).toEqual(before)
    })

    it("clock advance: ms is an integer >= 0", async () => {
      for (const body of [{}, { ms: -1 }, { ms: 1.5 }, { ms: "100" }, { ms: null }]) {
        expect400Naming(await t.admin("POST", "/_admin/clock/advance", body), "ms")
      }
      expect(docket.clock!.unsafeCurrentTimeMillis()).toBe(Date.UTC(2026, 0, 1))
    })

    it("faults: typed fields, no unknown ones", async () => {
      const bad: Array<[unknown, string]> = [
        [{ model_delay_ms: -1 }, "model_delay_ms"],
        [{ model_delay_ms: "5" }, "model_delay_ms"],
        [{ model_delay_ms: 0.5 }, "model_delay_ms"],
        [{ model_error: "yes" }, "model_error"],
        [{ limiter_store_unreachable: 1 }, "limiter_store_unreachable"],
        [{ model_on_fire: true }, "model_on_fire"]
      ]
      for (const [body, field] of bad) expect400Naming(await t.admin("PUT", "/_admin/faults", body), field)
      expect(await docket.admin.faults.get()).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: false })
    })
  })

  describe("top-ups", () => {
    it("adds credit and makes the tier paid; returns the account", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", { credit: 1000 })
      const path = `/_admin/decision/accounts/${account.account_id}/top-ups`
      const r = await t.admin("POST", path, { amount: 500 })
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ ...account, tier: "paid", credit: 1500 })
      const again = await t.admin("POST", path, { amount: 1 })
      expect(again.body).toMatchObject({ tier: "paid", credit: 1501 })
      expect((await t.admin("GET", `/_admin/decision/accounts/${account.account_id}`)).body).toEqual(again.body)
    })

    it("the tier stays paid when the credit is set back to zero", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", { credit: 0 })
      await t.admin("POST", `/_admin/decision/accounts/${account.account_id}/top-ups`, { amount: 10 })
      const r = await t.admin("PATCH", `/_admin/decision/accounts/${account.account_id}`, { credit: 0 })
      expect(r.body).toMatchObject({ tier: "paid", credit: 0 })
    })

    it("a top-up restores service for an account with no credit", async () => {
      const { accountId, key } = await accountWithKey(t, { credit: 0 })
      expect((await t.evaluate(key)).status).toBe(402)
      await t.admin("POST", `/_admin/decision/accounts/${accountId}/top-ups`, { amount: 100_000 })
      expect((await t.evaluate(key)).status).toBe(200)
    })

    it("unknown account: 404", async () => {
      expect((await t.admin("POST", "/_admin/decision/accounts/acct_nope/top-ups", { amount: 5 })).status).toBe(404)
    })
  })

  describe("keys", () => {
    it("creation: 201 {key_id, name, key, prefix, status: active}; the key has the svc_sk_ form and starts with its prefix", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", {})
      const r = await t.admin("POST", `/_admin/decision/accounts/${account.account_id}/keys`, { name: "production" })
      expect(r.status).toBe(201)
      expect(Object.keys(r.body).sort()).toEqual(["key", "key_id", "name", "prefix", "status"])
      expect(r.body).toMatchObject({ name: "production", status: "active" })
      expect(typeof r.body.key_id).toBe("string")
      expect(r.body.key).toMatch(KEY_PATTERN)
      expect(r.body.key.startsWith(r.body.prefix)).toBe(true)
      expect(r.body.prefix.startsWith("svc_sk_")).toBe(true)
      expect(r.body.prefix.length).toBeLessThan(r.body.key.length - 20)
    })

    it("the full key never appears in the key list", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", {})
      const path = `/_admin/decision/accounts/${account.account_id}/keys`
      const created = [
        (await t.admin("POST", path, { name: "a" })).body,
        (await t.admin("POST", path, { name: "b" })).body
      ]
      const list = await t.admin("GET", path)
      expect(list.status).toBe(200)
      expect(list.body).toEqual({
        keys: expect.arrayContaining(created.map((k) => ({ key_id: k.key_id, name: k.name, prefix: k.prefix, status: "active" })))
      })
      expect(list.body.keys).toHaveLength(2)
      for (const k of list.body.keys) expect(Object.keys(k).sort()).toEqual(["key_id", "name", "prefix", "status"])
      for (const k of created) {
        expect(list.text).not.toContain(k.key)
        // not even the secret part after the display prefix
        expect(list.text).not.toContain(k.key.slice(k.prefix.length))
      }
    })

    it("keys are distinct and key ids are distinct", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", {})
      const path = `/_admin/decision/accounts/${account.account_id}/keys`
      const keys = new Set<string>()
      const ids = new Set<string>()
      for (let i = 0; i < 10; i++) {
        const k = (await t.admin("POST", path, { name: `k${i}` })).body
        keys.add(k.key)
        ids.add(k.key_id)
        expect((await t.admin("POST", `/_admin/decision/keys/${k.key_id}/revoke`)).status).toBe(200)
      }
      expect(keys.size).toBe(10)
      expect(ids.size).toBe(10)
    })

    it("409 when 3 keys are active; revoking one allows a new one; revoked keys stay listed", async () => {
      const { body: account } = await t.admin("POST", "/_admin/decision/accounts", {})
      const path = `/_admin/decision/accounts/${account.account_id}/keys`
      const made: Array<any> = []
      for (const name of ["one", "two", "three"]) {
        const r = await t.admin("POST", path, { name })
        expect(r.status).toBe(201)
        made.push(r.body)
      }
      const fourth = await t.admin("POST", path, { name: "four" })
      expect(fourth.status).toBe(409)
      expect(typeof fourth.body.error.message).toBe("string")
      expect((await t.admin("GET", path)).body.keys).toHaveLength(3)

      const revoked = await t.admin("POST", `/_admin/decision/keys/${made[1].key_id}/revoke`)
      expect(revoked.status).toBe(200)
      expect(revoked.body).toEqual({ key_id: made[1].key_id, name: "two", prefix: made[1].prefix, status: "revoked" })

      const replacement = await t.admin("POST", path, { name: "four" })
      expect(replacement.status).toBe(201)
      expect((await t.admin("POST", path, { name: "five" })).status).toBe(409)

      const list = (await t.admin("GET", path)).body.keys as Array<{ key_id: string; status: string }>
      expect(list).toHaveLength(4)
      expect(list.filter((k) => k.status === "active")).toHaveLength(3)
      expect(list.find((k) => k.key_id === made[1].key_id)?.status).toBe("revoked")
    })

    it("the 3-key limit is per account", async () => {
      const a = (await t.admin("POST", "/_admin/decision/accounts", {})).body.account_id
      const b = (await t.admin("POST", "/_admin/decision/accounts", {})).body.account_id
      for (let i = 0; i < 3; i++) expect((await t.admin("POST", `/_admin/decision/accounts/${a}/keys`, { name: `a${i}` })).status).toBe(201)
      expect((await t.admin("POST", `/_admin/decision/accounts/${b}/keys`, { name: "b0" })).status).toBe(201)
      expect((await t.admin("GET", `/_admin/decision/accounts/${b}/keys`)).body.keys).toHaveLength(1)
    })

    it("unknown ids: 404 for the account's keys (create and list) and for revoking", async () => {
      expect((await t.admin("POST", "/_admin/decision/accounts/acct_nope/keys", { name: "x" })).status).toBe(404)
      expect((await t.admin("GET", "/_admin/decision/accounts/acct_nope/keys")).status).toBe(404)
      expect((await t.admin("POST", "/_admin/decision/keys/key_nope/revoke")).status).toBe(404)
    })

    it("a new key works on POST /v1/systemone and GET /v1/models; once revoked it gets 401", async () => {
      const { key, keyId } = await accountWithKey(t)
      const ok = await t.evaluate(key)
      expect(ok.status).toBe(200)
      expect(ok.body.answers.paid.type).toBe("noul")
      expect((await t.models(key)).status).toBe(200)
      expect((await t.admin("POST", `/_admin/decision/keys/${keyId}/revoke`)).body.status).toBe("revoked")
      const denied = await t.evaluate(key)
      expect(denied.status).toBe(401)
      expect(denied.body.error.type).toBe("authentication_error")
      expect((await t.models(key)).status).toBe(401)
    })

    it("revoking one key leaves the account's other keys working", async () => {
      const { accountId, key, keyId } = await accountWithKey(t)
      const other = (await t.admin("POST", `/_admin/decision/accounts/${accountId}/keys`, { name: "other" })).body.key
      await t.admin("POST", `/_admin/decision/keys/${keyId}/revoke`)
      expect((await t.evaluate(key)).status).toBe(401)
      expect((await t.evaluate(other)).status).toBe(200)
    })
  })

  describe("pools", () => {
    it("PUT merges fleets and free into the current sizes and returns them; GET shows them", async () => {
      const initial = await t.admin("GET", "/_admin/decision/pools")
      expect(initial.status).toBe(200)
      expect(initial.body).toEqual({ fleets: expect.any(Object), free: expect.any(Number) })
      const r1 = await t.admin("PUT", "/_admin/decision/pools", { fleets: { "dm-v1.0:fast": 3 } })
      expect(r1.status).toBe(200)
      expect(r1.body).toEqual({ fleets: { ...initial.body.fleets, "dm-v1.0:fast": 3 }, free: initial.body.free })
      const r2 = await t.admin("PUT", "/_admin/decision/pools", { free: 7 })
      expect(r2.body).toEqual({ fleets: { ...initial.body.fleets, "dm-v1.0:fast": 3 }, free: 7 })
      const r3 = await t.admin("PUT", "/_admin/decision/pools", { fleets: { "dm-v1.5:long": 0, "dm-v1.5:fast": 9 } })
      expect(r3.body).toEqual({ fleets: { ...initial.body.fleets, "dm-v1.0:fast": 3, "dm-v1.5:long": 0, "dm-v1.5:fast": 9 }, free: 7 })
      const r4 = await t.admin("PUT", "/_admin/decision/pools", {})
      expect(r4.body).toEqual(r3.body)
      expect((await t.admin("GET", "/_admin/decision/pools")).body).toEqual(r3.body)
    })

    it("the sizes take effect: a free pool of 0 refuses free accounts with 529 and lets paid ones through", async () => {
      const free = await accountWithKey(t)
      const paid = await accountWithKey(t, { tier: "paid" })
      await t.admin("PUT", "/_admin/decision/pools", { free: 0 })
      const refused = await t.evaluate(free.key)
      expect(refused.status).toBe(529)
      expect(refused.body.error.type).toBe("overloaded")
      expect((await t.evaluate(paid.key)).status).toBe(200)
      await t.admin("PUT", "/_admin/decision/pools", { free: 1, fleets: { "dm-v1.5:fast": 0 } })
      expect((await t.evaluate(paid.key)).status).toBe(529)
      expect((await t.evaluate(paid.key, { ...smallBody, model: "dm-v1.0" })).status).toBe(200)
    })
  })

  describe("clock", () => {
    it("POST /_admin/clock/advance moves the manual clock by ms and answers {now}", async () => {
      const start = await t.admin("GET", "/_admin/clock")
      expect(start.status).toBe(200)
      // the one pending sleep is the retention sweeper's
      const sweeper = { [String(Documents.SWEEP_INTERVAL_MS)]: 1 }
      expect(start.body).toEqual({ now: Date.UTC(2026, 0, 1), manual: true, pending_sleeps: sweeper })
      const r = await t.admin("POST", "/_admin/clock/advance", { ms: 1500 })
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ now: start.body.now + 1500 })
      expect((await t.admin("POST", "/_admin/clock/advance", { ms: 0 })).body).toEqual({ now: start.body.now + 1500 })
      expect((await t.admin("POST", "/_admin/clock/advance", { ms: 60_000 })).body).toEqual({ now: start.body.now + 61_500 })
      expect(docket.clock!.unsafeCurrentTimeMillis()).toBe(start.body.now + 61_500)
      expect((await t.admin("GET", "/_admin/clock")).body).toEqual({ now: start.body.now + 61_500, manual: true, pending_sleeps: sweeper })
    })

    it("advancing the clock moves the service's windows (the RPM window frees up after 60 s)", async () => {
      const { key } = await accountWithKey(t, { custom_limits: { rpm: 1 } })
      expect((await t.evaluate(key)).status).toBe(200)
      expect((await t.evaluate(key)).status).toBe(429)
      await t.admin("POST", "/_admin/clock/advance", { ms: 60_000 })
      expect((await t.evaluate(key)).status).toBe(200)
    })

    it("409 when the instance runs on the system clock", async () => {
      for (const clock of ["system" as const, undefined]) {
        const sys = makeTarget({ clock })
        try {
          const r = await sys.admin("POST", "/_admin/clock/advance", { ms: 1000 })
          expect(r.status, `clock=${clock}`).toBe(409)
          expect(typeof r.body.error.message).toBe("string")
          const now = await sys.admin("GET", "/_admin/clock")
          expect(now.status).toBe(200)
          expect(now.body.manual).toBe(false)
          expect(Math.abs(now.body.now - Date.now())).toBeLessThan(60_000)
        } finally {
          await sys.docket.dispose()
        }
      }
    })
  })

  describe("faults", () => {
    it("PUT returns the faults in force (merged with the ones already set); GET shows them", async () => {
      expect((await t.admin("GET", "/_admin/faults")).body).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: false })
      const r1 = await t.admin("PUT", "/_admin/faults", { model_error: true })
      expect(r1.status).toBe(200)
      expect(r1.body).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: true })
      const r2 = await t.admin("PUT", "/_admin/faults", { model_delay_ms: 250 })
      expect(r2.body).toEqual({ limiter_store_unreachable: false, model_delay_ms: 250, model_error: true })
      const r3 = await t.admin("PUT", "/_admin/faults", { model_error: false, limiter_store_unreachable: true })
      expect(r3.body).toEqual({ limiter_store_unreachable: true, model_delay_ms: 250, model_error: false })
      expect((await t.admin("GET", "/_admin/faults")).body).toEqual(r3.body)
      expect((await t.admin("PUT", "/_admin/faults", {})).body).toEqual(r3.body)
    })

    it("the faults take effect: model_error gives 500, limiter_store_unreachable gives 529", async () => {
      const { key } = await accountWithKey(t)
      await t.admin("PUT", "/_admin/faults", { model_error: true })
      const failed = await t.evaluate(key)
      expect(failed.status).toBe(500)
      expect(failed.body.error.type).toBe("internal_error")
      await t.admin("PUT", "/_admin/faults", { model_error: false, limiter_store_unreachable: true })
      const overloaded = await t.evaluate(key)
      expect(overloaded.status).toBe(529)
      expect(overloaded.body.error.type).toBe("overloaded")
      await t.admin("PUT", "/_admin/faults", { limiter_store_unreachable: false })
      expect((await t.evaluate(key)).status).toBe(200)
    })

    it("model_delay_ms waits on the service clock", async () => {
      const { key } = await accountWithKey(t)
      await t.admin("PUT", "/_admin/faults", { model_delay_ms: 5000 })
      let settled = false
      const pending = t.evaluate(key).then((r) => {
        settled = true
        return r
      })
      const started = Date.now()
      while (docket.clock!.pendingSleepsOf(5000) < 1) {
        if (Date.now() - started > 5000) throw new Error("the request never parked in the model delay")
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      expect(settled).toBe(false)
      await t.admin("POST", "/_admin/clock/advance", { ms: 5000 })
      const r = await pending
      expect(r.status).toBe(200)
    })
  })

  describe("reset", () => {
    it("empties accounts and keys, and resets faults and pools", async () => {
      const initialPools = (await t.admin("GET", "/_admin/decision/pools")).body
      const { accountId, key, keyId } = await accountWithKey(t)
      expect((await t.evaluate(key)).status).toBe(200)
      await t.admin("PUT", "/_admin/faults", { model_error: true, model_delay_ms: 10, limiter_store_unreachable: true })
      await t.admin("PUT", "/_admin/decision/pools", { free: 1, fleets: { "dm-v1.0:fast": 1 } })

      const r = await t.admin("POST", "/_admin/reset")
      expect(r.status).toBe(200)

      expect((await t.admin("GET", `/_admin/decision/accounts/${accountId}`)).status).toBe(404)
      expect((await t.admin("GET", `/_admin/decision/accounts/${accountId}/keys`)).status).toBe(404)
      expect((await t.admin("POST", `/_admin/decision/keys/${keyId}/revoke`)).status).toBe(404)
      const denied = await t.evaluate(key)
      expect(denied.status).toBe(401)
      expect(denied.body.error.type).toBe("authentication_error")
      expect((await t.models(key)).status).toBe(401)
      expect((await t.admin("GET", "/_admin/faults")).body).toEqual({ limiter_store_unreachable: false, model_delay_ms: 0, model_error: false })
      expect((await t.admin("GET", "/_admin/decision/pools")).body).toEqual(initialPools)

      // the instance keeps working after the reset
      const fresh = await accountWithKey(t)
      expect((await t.evaluate(fresh.key)).status).toBe(200)
    })

    it("empties the limiter counters: a slot held before the reset does not count afterwards", async () => {
      const { key } = await accountWithKey(t)
      await t.admin("PUT", "/_admin/faults", { model_delay_ms: 7000 })
      const parked = t.evaluate(key)
      const started = Date.now()
      while (docket.clock!.pendingSleepsOf(7000) < 1) {
        if (Date.now() - started > 5000) throw new Error("the request never parked in the model delay")
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      // the parked request holds one slot of the free pool; with a pool of 1 it is full
      await t.admin("PUT", "/_admin/decision/pools", { free: 1 })
      const other = await accountWithKey(t)
      expect((await t.evaluate(other.key)).status).toBe(529)

      await t.admin("POST", "/_admin/reset")
      await t.admin("PUT", "/_admin/decision/pools", { free: 1 })
      const fresh = await accountWithKey(t)
      expect((await t.evaluate(fresh.key)).status).toBe(200)

      // the request parked before the reset still ends (its late release frees nothing)
      await t.admin("POST", "/_admin/clock/advance", { ms: 7000 })
      expect([200, 401, 402, 500]).toContain((await parked).status)
      expect((await t.evaluate(fresh.key)).status).toBe(200)
    })

    it("the typed control plane agrees with the HTTP one", async () => {
      const created = await t.admin("POST", "/_admin/decision/accounts", { credit: 77 })
      expect(await docket.admin.decision.getAccount(created.body.account_id)).toEqual(created.body)
      await t.admin("POST", "/_admin/reset")
      await expect(docket.admin.decision.getAccount(created.body.account_id)).rejects.toMatchObject({ name: "AdminNotFound" })
    })
  })
})
