/** DOCKET_AI_* and DOCKET_ENGINE, read by the package's `config` and by the distribution's `readServerConfig` (@docket/server). */
import { readServerConfig } from "@docket/server"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Redacted } from "effect"
import { OpenAiIntelligence, resolveConfig } from "../src/index.js"

const read = (env: Record<string, string>) =>
  Effect.withConfigProvider(OpenAiIntelligence.config, ConfigProvider.fromMap(new Map(Object.entries(env))))

describe("configuration", () => {
  it.effect("DOCKET_AI_* with defaults; the key stays redacted", () =>
    Effect.gen(function*() {
      const c = yield* read({ DOCKET_AI_BASE_URL: "https://api.example.com/v1/", DOCKET_AI_API_KEY: "sk-secret" })
      expect(String(c.apiKey)).not.toContain("sk-secret")
      expect(Redacted.value(c.apiKey as Redacted.Redacted)).toBe("sk-secret")
      expect(resolveConfig(c)).toMatchObject({
        baseUrl: "https://api.example.com/v1",
        chatModel: "gpt-4o-mini",
        embeddingModel: "text-embedding-3-small",
        embeddingDimensions: undefined,
        timeoutMs: 60_000,
        topLogprobs: 20
      })
      const all = yield* read({
        DOCKET_AI_BASE_URL: "http://127.0.0.1:8000/v1",
        DOCKET_AI_CHAT_MODEL: "llama",
        DOCKET_AI_EMBEDDING_MODEL: "bge",
        DOCKET_AI_EMBEDDING_DIMENSIONS: "384",
        DOCKET_AI_TIMEOUT_MS: "1500"
      })
      expect(resolveConfig(all)).toMatchObject({ apiKey: undefined, chatModel: "llama", embeddingModel: "bge", embeddingDimensions: 384, timeoutMs: 1500 })
    }))

  it.effect("a missing or malformed DOCKET_AI_BASE_URL, or a bad timeout, is a configuration error naming it", () =>
    Effect.gen(function*() {
      for (const [env, name] of [
        [{}, "DOCKET_AI_BASE_URL"],
        [{ DOCKET_AI_BASE_URL: "ftp://x" }, "DOCKET_AI_BASE_URL"],
        [{ DOCKET_AI_BASE_URL: "http://x/v1", DOCKET_AI_TIMEOUT_MS: "0" }, "DOCKET_AI_TIMEOUT_MS"]
      ] as const) {
        const error = yield* Effect.flip(read(env))
        expect(String(error)).toContain(name)
      }
    }))

  it("DOCKET_ENGINE: local by default; openai needs DOCKET_AI_BASE_URL; anything else is refused", async () => {
    expect((await readServerConfig({})).engine).toBe("local")
    expect((await readServerConfig({ DOCKET_ENGINE: "local", DOCKET_AI_BASE_URL: "http://x/v1" })).engine).toBe("local")
    const openai = await readServerConfig({ DOCKET_ENGINE: "openai", DOCKET_AI_BASE_URL: "http://127.0.0.1:8000/v1" })
    expect(openai.engine).toMatchObject({ openai: { baseUrl: "http://127.0.0.1:8000/v1" } })
    await expect(readServerConfig({ DOCKET_ENGINE: "openai" })).rejects.toThrow(/DOCKET_AI_BASE_URL/)
    await expect(readServerConfig({ DOCKET_ENGINE: "gpt" })).rejects.toThrow(/DOCKET_ENGINE/)
  })
})
