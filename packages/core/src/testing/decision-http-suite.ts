/**
 * The HTTP conformance suite of the decision service (spec 1). Every adapter runs it against its
 * own way of serving Docket: `decisionHttpSuite("node", start)`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ADMIN_TOKEN, client, type HttpTarget, type JsonResponse, readJson, smallBody, type StartTarget, untilSleeping } from "./http-target.js"

const REQUEST_ID = /^req_[a-f0-9]{32}$/

const expectRequestId = (r: JsonResponse) => {
  expect(r.body.request_id).toMatch(REQUEST_ID)
  expect(r.headers.get("x-request-id")).toBe(r.body.request_id)
  expect(r.headers.get("x-sdk-request-id")).toBe(r.body.request_id)
}

const expectError = (r: JsonResponse, status: number, type: string) => {
  expect(r.status).toBe(status)
  expect(r.body.error.type).toBe(type)
  expect(typeof r.body.error.message).toBe("string")
  expectRequestId(r)
}

const expectIssues = (r: JsonResponse, issues: ReadonlyArray<{ path: string; message?: string | RegExp }>) => {
  expectError(r, 422, "invalid_request_error")
  expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(issues.map((i) => i.path))
  issues.forEach((want, n) => {
    const got = r.body.error.issues[n].message as string
    if (typeof want.message === "string") expect(got).toBe(want.message)
    else if (want.message instanceof RegExp) expect(got).toMatch(want.message)
  })
  const first = r.body.error.issues[0]
  expect(r.body.error.message).toBe(first.path === "" ? first.message : `${first.path}: ${first.message}`)
}

const noul = (instructions = "Is it so?") => ({ type: "noul", instructions })

export const decisionHttpSuite = (name: string, start: StartTarget) =>
  describe(`decision service over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof client>
    beforeEach(async () => {
      target = await start({ adminToken: ADMIN_TOKEN, maxBodyBytes: 4 * 1024 * 1024 })
      api = client(target)
    })
    afterEach(async () => {
      await target.close()
    })
    const advance = (ms: number) => target.admin.clock.advance(ms)

    describe("authentication", () => {
      it("401 without a key, with the svc_sk_ hint", async () => {
        const r = await api.evaluate(undefined, smallBody())
        expectError(r, 401, "authentication_error")
        expect(r.body.error.message).toContain("svc_sk_")
        expect(r.body.error.message).toContain("Bearer")
      })
      it("401 for malformed keys and other schemes", async () => {
        const { key } = await api.account()
        for (const header of [key, `Basic ${key}`, `Bearer ${key}x`, `Bearer ${key.slice(0, -1)}`, "Bearer svc_sk_" + "!".repeat(43), "Bearer"]) {
          const r = await api.call("POST", "/v1/systemone", { body: smallBody(), headers: { authorization: header } })
          expectError(r, 401, "authentication_error")
        }
      })
      it("401 for a well-formed key that does not exist", async () => {
        const r = await api.evaluate("svc_sk_" + "A".repeat(43), smallBody())
        expectError(r, 401, "authentication_error")
      })
      it("a revoked key fails with 401 (at once on this instance) and stays listed as revoked", async () => {
        const { account, key, keyId } = await api.account()
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        await target.admin.decision.revokeKey(keyId)
        expectError(await api.evaluate(key, smallBody()), 401, "authentication_error")
        expectError(await api.models(key), 401, "authentication_error")
        const listed = await target.admin.decision.listKeys(account.account_id)
        expect(listed.keys).toEqual([expect.objectContaining({ key_id: keyId, status: "revoked" })])
      })
      it("all keys of an account spend the same credit", async () => {
        const { account, key } = await api.account({ credit: 10_000 })
        const second = await target.admin.decision.createKey(account.account_id, "second")
        const a = await api.evaluate(key, smallBody())
        const b = await api.evaluate(second.key, smallBody())
        const after = await target.admin.decision.getAccount(account.account_id)
        expect(after.credit).toBe(10_000 - a.body.usage.input_tokens - b.body.usage.input_tokens)
      })
    })

    describe("GET /v1/models", () => {
      it("lists pinned versions, the alias and the retired id, each with alias_for", async () => {
        const { key } = await api.account()
        const r = await api.models(key)
        expect(r.status).toBe(200)
        expectRequestId(r)
        const byName = Object.fromEntries(r.body.models.map((m: any) => [m.name, m]))
        expect(Object.keys(byName).sort()).toEqual(["dm-latest", "dm-v1.0", "dm-v1.1", "dm-v1.5"])
        expect(byName["dm-v1.0"].alias_for).toBeNull()
        expect(byName["dm-v1.5"].alias_for).toBeNull()
        expect(byName["dm-latest"].alias_for).toBe("dm-v1.5")
        expect(byName["dm-v1.1"].alias_for).toBe("dm-v1.5")
        for (const m of r.body.models) {
          expect(typeof m.description).toBe("string")
          expect(m.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        }
      })
      it("needs a valid key but no credit, and is never rate limited", async () => {
        const { key } = await api.account({ credit: 0, custom_limits: { rpm: 1, in_flight: 1 } })
        for (let i = 0; i < 5; i++) expect((await api.models(key)).status).toBe(200)
        expectError(await api.models(undefined), 401, "authentication_error")
      })
      it("does not use the limiter: it answers while the limiter store is unreachable", async () => {
        const { key } = await api.account()
        await target.admin.faults.set({ limiter_store_unreachable: true })
        expect((await api.models(key)).status).toBe(200)
      })
    })

    describe("POST /v1/systemone: success", () => {
      it("answers every question with the model and request id", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, {
          state: { ticket: "The customer is furious: the parcel arrived broken and nobody answers." },
          questions: {
            angry: { type: "noul", instructions: "Is the customer angry?", criteria: { true: "angry, furious, upset" } },
            topic: { type: "choice", criteria: { delivery: "shipping, parcel, arrived broken", billing: "invoice, charge, refund" } },
            severity: { type: "score", criteria: ["low", "medium", "high"] }
          }
        })
        expect(r.status).toBe(200)
        expectRequestId(r)
        expect(r.body.model).toBe("dm-v1.5")
        expect(Object.keys(r.body.answers)).toEqual(["angry", "topic", "severity"])
        expect(Object.keys(r.body.answers.angry).sort()).toEqual(["noul", "type"])
        expect(r.body.answers.angry.noul).toBeGreaterThanOrEqual(0)
        expect(r.body.answers.angry.noul).toBeLessThanOrEqual(1)
        const topic = r.body.answers.topic
        expect(topic.type).toBe("choice")
        expect(Object.keys(topic.probabilities).sort()).toEqual(["billing", "delivery"])
        expect(topic.probabilities.delivery + topic.probabilities.billing).toBeCloseTo(1, 6)
        expect(topic.confidence).toBe(topic.probabilities[topic.choice])
        expect(topic.choice).toBe("delivery")
        expect(r.body.answers.severity.type).toBe("score")
        expect(r.body.answers.severity.probabilities).toHaveLength(3)
      })
      it("accepts a null state and ignores unknown keys at the top level and inside questions", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, {
          state: null,
          questions: { q: { type: "noul", instructions: "Is it raining?", temperature: 3, criteria: { true: "rain", maybe: 1 } } },
          stream: true,
          metadata: { anything: [1, 2] }
        })
        expect(r.status).toBe(200)
        expect(Object.keys(r.body.answers)).toEqual(["q"])
      })
      it("is deterministic: the same request gives the same answers", async () => {
        const { key } = await api.account()
        const a = await api.evaluate(key, smallBody())
        const b = await api.evaluate(key, smallBody())
        expect(a.body.answers).toEqual(b.body.answers)
      })
      it("debits the billed input tokens from the account's credit", async () => {
        const { account, key } = await api.account({ credit: 5_000 })
        const r = await api.evaluate(key, smallBody())
        expect(r.body.usage.input_tokens).toBeGreaterThan(0)
        const after = await target.admin.decision.getAccount(account.account_id)
        expect(after.credit).toBe(5_000 - r.body.usage.input_tokens)
      })
    })

    describe("model resolution", () => {
      const cases: ReadonlyArray<[unknown, string]> = [
        [undefined, "dm-v1.5"],
        ["dm-latest", "dm-v1.5"],
        ["dm-v1.0", "dm-v1.0"],
        ["dm-v1.5", "dm-v1.5"],
        ["dm-v1.1", "dm-v1.5"],
        ["dm-v9.9-experimental", "dm-v1.5"],
        ["legacy-anything", "dm-v1.5"],
        ["legacy-v1.0", "dm-v1.5"]
      ]
      for (const [model, served] of cases) {
        it(`${String(model)} is served by ${served}`, async () => {
          const { key } = await api.account()
          const r = await api.evaluate(key, smallBody(model === undefined ? {} : { model }))
          expect(r.status).toBe(200)
          expect(r.body.model).toBe(served)
        })
      }
      for (const model of ["gpt-4o", "claude-3-5-sonnet-latest", "dm-", "dm_v1.0", "DM-v1.0", "dm-v1.0 ", "", 42, null, ["dm-v1.0"]]) {
        it(`${JSON.stringify(model)} is a 422 at path model`, async () => {
          const { key } = await api.account()
          expectIssues(await api.evaluate(key, smallBody({ model })), [{ path: "model" }])
        })
      }
      it("a registered id that is not yet available is a 422 at path model", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, smallBody({ model: "dm-v2.0" })), [{ path: "model", message: /not yet available/ }])
      })
    })

    describe("validation", () => {
      it("a body that is not JSON gives one issue with an empty path, and the message is the issue alone", async () => {
        const { key } = await api.account()
        for (const raw of ["", "{", "not json", "{\"state\": 1,}", "\u0000", "[1, 2"]) {
          const r = await api.evaluateRaw(key, raw)
          expectIssues(r, [{ path: "" }])
          expect(r.body.error.message).toBe(r.body.error.issues[0].message)
        }
      })
      it("a JSON body that is not an object is an issue with an empty path", async () => {
        const { key } = await api.account()
        for (const raw of ["[]", "null", "42", "\"state\""]) expectIssues(await api.evaluateRaw(key, raw), [{ path: "" }])
      })
      it("collects every field problem in one pass, with dotted paths, the message from the first", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, {
          questions: {
            a: { type: "noul", instructions: null },
            b: { type: "choice", criteria: { x: 1, y: null } },
            c: { type: "score", criteria: ["low", 2] },
            d: { type: "maybe" }
          },
          model: "gpt-4o"
        })
        expectIssues(r, [
          { path: "state", message: "is required" },
          { path: "questions.a.instructions", message: "must be a string" },
          { path: "questions.b.criteria.x" },
          { path: "questions.c.criteria.1", message: "must be a string" },
          { path: "questions.d.type" },
          { path: "model" }
        ])
        expect(r.body.error.message).toBe("state: is required")
      })
      it("state must be present, null is accepted", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, { questions: { q: noul() } }), [{ path: "state", message: "is required" }])
        expect((await api.evaluate(key, { state: null, questions: { q: noul() } })).status).toBe(200)
      })
      it("questions: required, an object, 1 to 512 entries", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, { state: 1 }), [{ path: "questions", message: "is required" }])
        expectIssues(await api.evaluate(key, { state: 1, questions: [noul()] }), [{ path: "questions" }])
        expectIssues(await api.evaluate(key, { state: 1, questions: null }), [{ path: "questions" }])
        expectIssues(await api.evaluate(key, { state: 1, questions: {} }), [{ path: "questions" }])
        const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, noul()]))
        expect((await api.evaluate(key, { state: 1, questions: many(512) })).status).toBe(200)
        expectIssues(await api.evaluate(key, { state: 1, questions: many(513) }), [
          { path: "questions", message: "at most 512 questions allowed" }
        ])
      })
      it("question ids are non-empty and not whitespace only", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, { state: 1, questions: { "": noul() } }), [{ path: "questions." }])
        expectIssues(await api.evaluate(key, { state: 1, questions: { " \t": noul() } }), [{ path: "questions. \t" }])
      })
      it("a question must be an object with a known type", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, { state: 1, questions: { q: "Is it?" } }), [{ path: "questions.q" }])
        expectIssues(await api.evaluate(key, { state: 1, questions: { q: { instructions: "x" } } }), [
          { path: "questions.q.type", message: "is required" }
        ])
        expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "bool", instructions: "x" } } }), [
          { path: "questions.q.type" }
        ])
      })
      describe("noul", () => {
        it("instructions that are null, an object, a number or an array: must be a string", async () => {
          const { key } = await api.account()
          for (const instructions of [null, {}, { text: "x" }, 3, ["x"], true]) {
            expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "noul", instructions } } }), [
              { path: "questions.q.instructions", message: "must be a string" }
            ])
          }
        })
        it("needs non-empty instructions or a non-empty criteria entry", async () => {
          const { key } = await api.account()
          for (const q of [
            { type: "noul" },
            { type: "noul", instructions: "" },
            { type: "noul", instructions: "   " },
            { type: "noul", criteria: {} },
            { type: "noul", criteria: { true: "", false: null } },
            { type: "noul", criteria: { maybe: "only unknown keys" } }
          ]) {
            expectIssues(await api.evaluate(key, { state: 1, questions: { q } }), [{ path: "questions.q" }])
          }
          for (const q of [
            { type: "noul", instructions: "Is it?" },
            { type: "noul", criteria: { true: "yes it is" } },
            { type: "noul", criteria: { false: "no it is not", true: null } },
            { type: "noul", instructions: "", criteria: { true: "x" } }
          ]) {
            expect((await api.evaluate(key, { state: 1, questions: { q } })).status).toBe(200)
          }
        })
        it("criteria entries are strings or null; criteria is an object", async () => {
          const { key } = await api.account()
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "noul", criteria: { true: 1 } } } }), [
            { path: "questions.q.criteria.true" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "noul", criteria: "yes" } } }), [
            { path: "questions.q.criteria" }
          ])
        })
      })
      describe("choice", () => {
        it("criteria is required, an object with at least one label; descriptions are strings or null", async () => {
          const { key } = await api.account()
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "choice" } } }), [
            { path: "questions.q.criteria", message: "is required" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "choice", criteria: {} } } }), [
            { path: "questions.q.criteria" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "choice", criteria: ["a"] } } }), [
            { path: "questions.q.criteria" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "choice", criteria: { a: {} } } } }), [
            { path: "questions.q.criteria.a" }
          ])
          const ok = await api.evaluate(key, { state: 1, questions: { q: { type: "choice", criteria: { a: null, b: "bee" } } } })
          expect(ok.status).toBe(200)
          expect(Object.keys(ok.body.answers.q.probabilities).sort()).toEqual(["a", "b"])
        })
      })
      describe("score", () => {
        it("criteria is a required non-empty array of strings; the index of a level is its score", async () => {
          const { key } = await api.account()
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "score" } } }), [
            { path: "questions.q.criteria", message: "is required" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "score", criteria: [] } } }), [
            { path: "questions.q.criteria" }
          ])
          expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "score", criteria: { low: "x" } } } }), [
            { path: "questions.q.criteria" }
          ])
          const ok = await api.evaluate(key, { state: "great", questions: { q: { type: "score", criteria: ["bad", "ok", "great"] } } })
          expect(ok.status).toBe(200)
          const a = ok.body.answers.q
          expect(a.level).toBe(["bad", "ok", "great"][a.score])
          expect(a.probabilities.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(1, 6)
        })
      })
    })

    describe("media content is rejected with 422", () => {
      const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
      it("a data URL in the state, at its path", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, { state: { photos: ["ok", `data:image/png;base64,${png}`] }, questions: { q: noul() } })
        expectIssues(r, [{ path: "state.photos.1", message: /^media content is not allowed/ }])
      })
      it("a raw base64 file, recognised by its signature", async () => {
        const { key } = await api.account()
        expectIssues(await api.evaluate(key, { state: { scan: png }, questions: { q: noul() } }), [{ path: "state.scan" }])
        const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n").toString("base64")
        expectIssues(await api.evaluate(key, { state: pdf, questions: { q: noul() } }), [{ path: "state" }])
      })
      it("provider-style media parts (OpenAI, Anthropic, Gemini), in state and in questions", async () => {
        const { key } = await api.account()
        const parts = [
          { type: "image_url", image_url: { url: "https://example.com/cat.png" } },
          { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
          { inlineData: { mimeType: "audio/wav", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEA" } }
        ]
        for (const part of parts) {
          expectIssues(await api.evaluate(key, { state: { messages: [{ role: "user", content: [part] }] }, questions: { q: noul() } }), [
            { path: "state.messages.0.content.0" }
          ])
        }
        expectIssues(await api.evaluate(key, { state: 1, questions: { q: { type: "noul", instructions: "x", context: parts[0] } } }), [
          { path: "questions.q.context" }
        ])
      })
      it("ordinary text that mentions such words passes", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, {
          state: "The image/png upload failed; data:image/png is a MIME type. Send the PDF or an audio file later.",
          questions: { image: { type: "choice", criteria: { image: "a photo", pdf: "a document", audio: null } } }
        })
        expect(r.status).toBe(200)
      })
    })

    describe("request limits", () => {
      it("a state over the dm-v1.0 state limit: issue at state naming 32768", async () => {
        const { key } = await api.account()
        const state = Array.from({ length: 40_000 }, (_, i) => `word${i}`).join(" ")
        const r = await api.evaluate(key, { state, questions: { q: noul() }, model: "dm-v1.0" })
        expectIssues(r, [{ path: "state", message: /state limit of 32768 tokens/ }])
        // the same state fits dm-v1.5
        expect((await api.evaluate(key, { state, questions: { q: noul() }, model: "dm-v1.5" })).status).toBe(200)
      })
      it("state plus the longest question over the dm-v1.5 row limit: issue at state naming 139264", async () => {
        const { key } = await api.account()
        const words = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(" ")
        const state = words(38_000, "s") // under 131072 tokens
        const r = await api.evaluate(key, {
          state,
          questions: { short: noul(), long: { type: "noul", instructions: words(10_000, "q") } }
        })
        expectIssues(r, [{ path: "state", message: /row limit of 139264 tokens/ }])
      })
      it("other questions do not add to the row limit; only the longest counts", async () => {
        const { key } = await api.account()
        const words = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(" ")
        const state = words(4_000, "s")
        const questions = Object.fromEntries(
          Array.from({ length: 12 }, (_, i) => [`q${i}`, { type: "noul", instructions: words(1_500, `q${i}x`) }])
        )
        // every question alone fits dm-v1.0's 32768 row; all of them together would not
        expect((await api.evaluate(key, { state, questions, model: "dm-v1.0" })).status).toBe(200)
      })
      it("the byte check runs last and is then the only issue", async () => {
        const { key } = await api.account()
        const state = " ".repeat(1_048_600) // few tokens, many bytes
        const r = await api.evaluate(key, { state, questions: { q: noul() } })
        expectIssues(r, [{ path: "", message: "request body must be at most 1048576 bytes" }])
        expect(r.body.error.message).toBe("request body must be at most 1048576 bytes")
        // with a field problem too, only the field problem is reported
        const both = await api.evaluate(key, { state, questions: { q: { type: "noul" } } })
        expectIssues(both, [{ path: "questions.q" }])
      })
      it("other top-level fields do not count toward the byte limit", async () => {
        const { key } = await api.account()
        const r = await api.evaluate(key, { state: "s", questions: { q: noul() }, padding: "x".repeat(1_100_000) })
        expect(r.status).toBe(200)
      })
      it("a body beyond the hard cap is refused with 422, not buffered", async () => {
        const { key } = await api.account()
        const r = await api.evaluateRaw(key, JSON.stringify({ state: "x".repeat(5 * 1024 * 1024), questions: { q: noul() } }))
        expectIssues(r, [{ path: "", message: /request body must be at most 4194304 bytes/ }])
      })

      it("a streamed body (no Content-Length) beyond the hard cap is refused with 422 once the cap is crossed", async () => {
        const { key } = await api.account()
        const chunk = new TextEncoder().encode("x".repeat(64 * 1024))
        let sent = 0
        const body = new ReadableStream<Uint8Array>({
          start: (c) => c.enqueue(new TextEncoder().encode('{"state":"')),
          pull: (c) => {
            // never more than 8 MiB: the server must answer long before that
            if (sent >= 8 * 1024 * 1024) return c.close()
            sent += chunk.byteLength
            c.enqueue(chunk)
          }
        })
        const r = await readJson(
          await target.fetch("/v1/systemone", {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body,
            duplex: "half"
          } as RequestInit)
        )
        expectIssues(r, [{ path: "", message: /request body must be at most 4194304 bytes/ }])
      })
    })

    describe("credit", () => {
      it("no credit: 402 insufficient_credit", async () => {
        const { key } = await api.account({ credit: 0 })
        expectError(await api.evaluate(key, smallBody()), 402, "insufficient_credit")
      })
      it("an unpaid invoice: 402 payment_required until it is paid", async () => {
        const { account, key } = await api.account({ unpaid_invoice: true })
        expectError(await api.evaluate(key, smallBody()), 402, "payment_required")
        await target.admin.decision.updateAccount(account.account_id, { unpaid_invoice: false })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
      })
      it("a top-up restores service and makes the account paid; the tier stays paid when the credit is spent", async () => {
        const { account, key } = await api.account({ credit: 0 })
        expectError(await api.evaluate(key, smallBody()), 402, "insufficient_credit")
        const topped = await target.admin.decision.topUp(account.account_id, 30)
        expect(topped.tier).toBe("paid")
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        const spent = await target.admin.decision.getAccount(account.account_id)
        expect(spent.credit).toBeLessThanOrEqual(0)
        expect(spent.tier).toBe("paid")
        expectError(await api.evaluate(key, smallBody()), 402, "insufficient_credit")
      })
      it("requests refused with 402 never reach the limiter", async () => {
        const { account, key } = await api.account({ credit: 0, custom_limits: { rpm: 1 } })
        for (let i = 0; i < 3; i++) expectError(await api.evaluate(key, smallBody()), 402, "insufficient_credit")
        await target.admin.decision.topUp(account.account_id, 1_000)
        await target.admin.decision.updateAccount(account.account_id, { custom_limits: { rpm: 1 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
      })
    })

    describe("rate limits", () => {
      it("RPM: a sliding window of 60,000 ms of admissions; retry-after-ms until the oldest leaves it", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 3 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200) // t=0
        await advance(20_000)
        expect((await api.evaluate(key, smallBody())).status).toBe(200) // t=20s
        await advance(20_000)
        expect((await api.evaluate(key, smallBody())).status).toBe(200) // t=40s
        await advance(10_000) // t=50s
        const refused = await api.evaluate(key, smallBody())
        expectError(refused, 429, "rate_limit_error")
        expect(refused.body.error.message).toBe("Requests per minute exceeded for this account.")
        expect(refused.headers.get("retry-after-ms")).toBe("10000")
        expect(refused.headers.get("retry-after")).toBe("10")
        await advance(9_999)
        expectError(await api.evaluate(key, smallBody()), 429, "rate_limit_error")
        await advance(1) // t=60s: the admission of t=0 has left the window
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        expectError(await api.evaluate(key, smallBody()), 429, "rate_limit_error")
      })
      it("RPM retry-after-ms is at least 1000", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 1 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        await advance(59_500)
        const refused = await api.evaluate(key, smallBody())
        expect(refused.status).toBe(429)
        expect(refused.headers.get("retry-after-ms")).toBe("1000")
      })
      it("refused requests are not recorded", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 2 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        for (let i = 0; i < 5; i++) expect((await api.evaluate(key, smallBody())).status).toBe(429)
        await advance(60_000)
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        expect((await api.evaluate(key, smallBody())).status).toBe(429)
      })
      it("tier values: free 120 RPM, paid 600 RPM", async () => {
        const free = await api.account()
        for (let i = 0; i < 120; i++) expect((await api.evaluate(free.key, smallBody())).status).toBe(200)
        expect((await api.evaluate(free.key, smallBody())).status).toBe(429)
        // a top-up makes the account paid: the paid tier's 600 applies
        await target.admin.decision.topUp(free.account.account_id, 1_000)
        expect((await api.evaluate(free.key, smallBody())).status).toBe(200)
      })
      it("in-flight: a slot is held until the response is sent; refusal 429 with retry-after-ms 1000", async () => {
        const { key } = await api.account({ custom_limits: { in_flight: 2 } })
        await target.admin.faults.set({ model_delay_ms: 10_000 })
        const first = api.evaluate(key, smallBody())
        const second = api.evaluate(key, smallBody())
        await untilSleeping(target, 2, 10_000)
        const third = await api.evaluate(key, smallBody())
        expectError(third, 429, "rate_limit_error")
        expect(third.body.error.message).toBe("Too many concurrent requests for this account.")
        expect(third.headers.get("retry-after-ms")).toBe("1000")
        await advance(10_000)
        expect((await first).status).toBe(200)
        expect((await second).status).toBe(200)
        await target.admin.faults.set({ model_delay_ms: 0 })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
      })
      it("tier in-flight: free 8", async () => {
        const { key } = await api.account()
        await target.admin.faults.set({ model_delay_ms: 1_000 })
        const held = Array.from({ length: 8 }, () => api.evaluate(key, smallBody()))
        await untilSleeping(target, 8, 1_000)
        expect((await api.evaluate(key, smallBody())).status).toBe(429)
        await advance(1_000)
        for (const r of await Promise.all(held)) expect(r.status).toBe(200)
      })
      it("slots are released on errors", async () => {
        const { key } = await api.account({ custom_limits: { in_flight: 1 } })
        await target.admin.faults.set({ model_error: true })
        expectError(await api.evaluate(key, smallBody()), 500, "internal_error")
        await target.admin.faults.set({ model_error: false })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
      })
      it("custom limits: unlimited skips RPM and in-flight but still counts against the shared pools", async () => {
        const { key } = await api.account({ custom_limits: { unlimited: true, rpm: 1, in_flight: 1 } })
        for (let i = 0; i < 5; i++) expect((await api.evaluate(key, smallBody())).status).toBe(200)
        await target.admin.decision.setPools({ fleets: { "dm-v1.5:fast": 2 } })
        await target.admin.faults.set({ model_delay_ms: 1_000 })
        const held = [api.evaluate(key, smallBody()), api.evaluate(key, smallBody())]
        await untilSleeping(target, 2, 1_000)
        const full = await api.evaluate(key, smallBody())
        expectError(full, 529, "overloaded")
        expect(full.body.error.message).toMatch(/capacity/)
        expect(full.headers.get("retry-after-ms")).toBe("2000")
        await advance(1_000)
        for (const r of await Promise.all(held)) expect(r.status).toBe(200)
      })
      it("custom limits apply within 5 seconds (at once when changed through this instance)", async () => {
        const { account, key } = await api.account()
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        await target.admin.decision.updateAccount(account.account_id, { custom_limits: { rpm: 1 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(429)
      })
      it("the free pool is shared by all free accounts; paid accounts do not use it", async () => {
        await target.admin.decision.setPools({ free: 1 })
        const a = await api.account()
        const b = await api.account()
        const paid = await api.account({ tier: "paid" })
        await target.admin.faults.set({ model_delay_ms: 1_000 })
        const held = api.evaluate(a.key, smallBody())
        await untilSleeping(target, 1, 1_000)
        expectError(await api.evaluate(b.key, smallBody()), 529, "overloaded")
        const paidHeld = api.evaluate(paid.key, smallBody())
        await untilSleeping(target, 2, 1_000)
        await advance(1_000)
        expect((await held).status).toBe(200)
        expect((await paidHeld).status).toBe(200)
      })
      it("fleets: dm-v1.0 uses the long fleet above 4,096 tokens of state plus longest question", async () => {
        const { key } = await api.account({ tier: "paid" })
        await target.admin.decision.setPools({ fleets: { "dm-v1.0:long": 0 } })
        const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ")
        expect((await api.evaluate(key, { state: words(500), questions: { q: noul() }, model: "dm-v1.0" })).status).toBe(200)
        expectError(await api.evaluate(key, { state: words(3_000), questions: { q: noul() }, model: "dm-v1.0" }), 529, "overloaded")
      })
      it("fleets: dm-v1.5 uses the long fleet above 8,192 state tokens or 16,383 row tokens", async () => {
        const { key } = await api.account({ tier: "paid" })
        await target.admin.decision.setPools({ fleets: { "dm-v1.5:long": 0 } })
        const words = (n: number, p = "w") => Array.from({ length: n }, (_, i) => `${p}${i}`).join(" ")
        expect((await api.evaluate(key, { state: words(2_000), questions: { q: noul() } })).status).toBe(200)
        expectError(await api.evaluate(key, { state: words(6_000), questions: { q: noul() } }), 529, "overloaded")
        expectError(
          await api.evaluate(key, { state: words(2_000), questions: { q: { type: "noul", instructions: words(8_000, "q") } } }),
          529,
          "overloaded"
        )
      })
      it("the limiter store unreachable: 529 overloaded with retry-after-ms 2000", async () => {
        const { key } = await api.account()
        await target.admin.faults.set({ limiter_store_unreachable: true })
        const r = await api.evaluate(key, smallBody())
        expectError(r, 529, "overloaded")
        expect(r.headers.get("retry-after-ms")).toBe("2000")
        expect(r.headers.get("retry-after")).toBe("2")
      })
      it("check order: account RPM before the pools", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 1 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
        await target.admin.decision.setPools({ fleets: { "dm-v1.5:fast": 0 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(429)
      })
      it("counters are updated only if all checks pass: a pool refusal records no admission", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 1 } })
        await target.admin.decision.setPools({ fleets: { "dm-v1.5:fast": 0 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(529)
        await target.admin.decision.setPools({ fleets: { "dm-v1.5:fast": 10 } })
        expect((await api.evaluate(key, smallBody())).status).toBe(200)
      })
    })

    describe("upstream model wait and route duration", () => {
      it("a model slower than 55 s: 529 overloaded, temporarily unavailable, retry-after-ms 2000, nothing billed", async () => {
        const { account, key } = await api.account({ credit: 10_000 })
        await target.admin.faults.set({ model_delay_ms: 120_000 })
        const pending = api.evaluate(key, smallBody())
        await untilSleeping(target, 1, 120_000)
        await advance(54_999)
        await advance(1)
        const r = await pending
        expectError(r, 529, "overloaded")
        expect(r.body.error.message).toMatch(/temporarily unavailable/)
        expect(r.body.error.message).toMatch(/retry/)
        expect(r.headers.get("retry-after-ms")).toBe("2000")
        expect((await target.admin.decision.getAccount(account.account_id)).credit).toBe(10_000)
      })
      it("a route running past 60 s (a body that trickles in) answers 529 overloaded", async () => {
        const { key } = await api.account()
        const encoder = new TextEncoder()
        let push: ReadableStreamDefaultController<Uint8Array> | undefined
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            push = controller
            controller.enqueue(encoder.encode('{"state": "'))
          }
        })
        const pending = target.fetch("/v1/systemone", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body,
          duplex: "half"
        } as RequestInit)
        await untilSleeping(target, 1, 60_000)
        await advance(60_000)
        const r = await readJson(await pending)
        expectError(r, 529, "overloaded")
        expect(r.body.error.message).toMatch(/temporarily unavailable/)
        try {
          push?.close()
        } catch {
          // the server may have closed the stream already
        }
      })
      it("a model that answers within 55 s is waited for", async () => {
        const { key } = await api.account()
        await target.admin.faults.set({ model_delay_ms: 54_000 })
        const pending = api.evaluate(key, smallBody())
        await untilSleeping(target, 1, 54_000)
        await advance(54_000)
        expect((await pending).status).toBe(200)
      })
    })

    describe("OpenAPI", () => {
      it("serves the decision service's OpenAPI document", async () => {
        const r = await api.call("GET", "/openapi/decision.json")
        expect(r.status).toBe(200)
        expect(r.body.openapi).toBe("3.1.0")
        expect(Object.keys(r.body.paths).sort()).toEqual([
          "/v1/documents/echo",
          "/v1/documents/jobs",
          "/v1/documents/jobs/{job_id}",
          "/v1/documents/jobs/{job_id}/events",
          "/v1/documents/jobs/{job_id}/files/{name}",
          "/v1/models",
          "/v1/systemone"
        ])
        expect(Object.keys(r.body.paths["/v1/systemone"].post.responses).sort()).toEqual(["200", "401", "402", "422", "429", "500", "529"])
      })
    })

    describe("headers", () => {
      it("every response carries x-request-id and x-sdk-request-id equal to the body request_id", async () => {
        const { key } = await api.account({ custom_limits: { rpm: 1 } })
        const responses = [
          await api.evaluate(key, smallBody()),
          await api.evaluate(key, smallBody()),
          await api.evaluate(undefined, smallBody()),
          await api.evaluateRaw(key, "{"),
          await api.models(key)
        ]
        expect(responses.map((r) => r.status)).toEqual([200, 429, 401, 422, 200])
        const ids = new Set<string>()
        for (const r of responses) {
          expectRequestId(r)
          ids.add(r.body.request_id)
        }
        expect(ids.size).toBe(responses.length)
      })
      it("CORS: preflight allowed, request-id and retry headers exposed", async () => {
        const pre = await target.fetch("/v1/systemone", {
          method: "OPTIONS",
          headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" }
        })
        expect(pre.status).toBeLessThan(300)
        expect(pre.headers.get("access-control-allow-origin")).toBe("*")
        const { key } = await api.account()
        const r = await target.fetch("/v1/systemone", {
          method: "POST",
          headers: { origin: "https://app.example", authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(smallBody())
        })
        const exposed = (r.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/)
        for (const h of ["x-request-id", "x-sdk-request-id", "retry-after", "retry-after-ms"]) expect(exposed).toContain(h)
      })
    })
  })
