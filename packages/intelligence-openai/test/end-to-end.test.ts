/**
 * The standalone server's wiring end to end: `DOCKET_ENGINE=openai` read by `readServerConfig`,
 * `createDocket` (@docket/server) served on a socket by adapter-node, the fake endpoint answering. The decision
 * answer is the probability from the fake's logprobs, the categorize result the fake's category;
 * the fake failing is a 500 for the evaluator and a retryable job error for categorize.
 */
import { listen } from "@docket/adapter-node"
import { createDocket, readServerConfig } from "@docket/server"
import { ManualClock } from "@docket/core"
import { ADMIN_TOKEN, docsClient, type HttpTarget, readJson, remoteTarget, testParserLayer } from "@docket/core/testing"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { oneToken, userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { fake } = useFakeOpenAi()

let target: HttpTarget

beforeEach(async () => {
  const config = await readServerConfig({
    DOCKET_ENGINE: "openai",
    DOCKET_AI_BASE_URL: fake().url,
    DOCKET_AI_API_KEY: "sk-e2e",
    DOCKET_AI_CHAT_MODEL: "fake-chat",
    DOCKET_AI_TIMEOUT_MS: "5000"
  })
  expect(config.engine).toMatchObject({ openai: { baseUrl: fake().url, chatModel: "fake-chat", timeoutMs: 5000 } })
  const docket = createDocket({ engine: config.engine, clock: new ManualClock(), parser: testParserLayer, settings: { adminToken: ADMIN_TOKEN } })
  const server = await listen(docket, { port: 0 })
  target = remoteTarget(server.url, ADMIN_TOKEN, async () => {
    await server.close()
    await docket.dispose()
  })
})

afterEach(async () => {
  await target.close()
})

const evaluate = async (body: unknown) => {
  const account = await target.admin.decision.createAccount({})
  const key = await target.admin.decision.createKey(account.account_id, "e2e")
  return readJson(await target.fetch("/v1/systemone", {
    method: "POST",
    headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  }))
}

describe("DOCKET_ENGINE=openai end to end", () => {
  it("POST /v1/systemone answers with the probability from the endpoint's logprobs", async () => {
    fake().chat = () => oneToken([{ token: "yes", logprob: -0.105 }, { token: "no", logprob: -2.303 }])
    const r = await evaluate({ state: { invoice: { status: "overdue" } }, questions: { overdue: { type: "noul", instructions: "Is the invoice overdue?" } } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.model).toBe("dm-v1.5")
    expect(r.body.answers.overdue.type).toBe("noul")
    expect(r.body.answers.overdue.noul).toBeCloseTo(0.9, 3)
    const chats = fake().chats()
    expect(chats).toHaveLength(1)
    expect(chats[0]!.headers.authorization).toBe("Bearer sk-e2e")
    expect(chats[0]!.body).toMatchObject({ model: "fake-chat", logprobs: true, max_tokens: 1 })
    expect(userPrompt(chats[0]!.body)).toContain("\"status\":\"overdue\"")
  })

  it("POST /v1/systemone is a 500 internal_error when the endpoint fails", async () => {
    fake().failNext({ kind: "status", status: 500 }, { kind: "status", status: 500 })
    const r = await evaluate({ state: null, questions: { q: { type: "noul", instructions: "?" } } })
    expect(r.status, JSON.stringify(r.body)).toBe(500)
    expect(r.body.error.type).toBe("internal_error")
  })

  it("POST /categorize returns the category the endpoint chose", async () => {
    fake().chat = (body) => {
      const prompt = userPrompt(body)
      const poem = prompt.includes("Roses are red")
      return {
        content: {
          segments: [{
            page_start: 1,
            page_end: 2,
            categories: poem ? [{ key: "poem", confidence: 0.97 }] : [],
            freeform: poem ? null : "something_else",
            freeform_confidence: 0.4,
            summary: "A short poem about roses and violets."
          }]
        }
      }
    }
    const api = docsClient(target)
    const t = await api.tenant()
    const up = await api.upload(t.key, "verse.txt", "Roses are red\n\nViolets are blue\fSugar is sweet")
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    const taxonomy = { categories: [{ key: "recipe", description: "Cooking instructions" }, { key: "poem", description: "Verse" }] }
    const r = await api.call("POST", "/categorize", { key: t.key, body: { file: { source_url: `svc://file/${up.body.file_id}` }, taxonomy } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
    expect(r.body.result.items).toMatchObject([
      { kind: "document_segment", page_start: 1, page_end: 2, category: "poem", is_freeform_category: false, summary: "A short poem about roses and violets." }
    ])
    const chat = fake().chats()[0]!.body
    expect(chat.response_format.json_schema.name).toBe("segmentation")
    expect(userPrompt(chat)).toContain("- poem: Verse")
  })

  it("a categorize job whose endpoint fails ends with a retryable upstream error", async () => {
    fake().failNext({ kind: "status", status: 503 }, { kind: "status", status: 503 })
    const api = docsClient(target)
    const t = await api.tenant()
    const up = await api.upload(t.key, "a.txt", "Roses are red")
    const r = await api.call("POST", "/categorize", { key: t.key, body: { file: { source_url: `svc://file/${up.body.file_id}` } } })
    expect(r.body.status, JSON.stringify(r.body)).toBe("failed")
    expect(JSON.stringify(r.body)).toContain("upstream_unavailable")
    expect(JSON.stringify(r.body)).toContain("answered 503")
  })
})
