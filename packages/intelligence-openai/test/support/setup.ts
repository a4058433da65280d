/** One fake server per test file, reset before each test; configurations pointing at it. */
import { afterAll, beforeAll, beforeEach } from "vitest"
import type { OpenAiConfig } from "../../src/config.js"
import { type FakeOpenAi, startFakeOpenAi } from "./fake-openai.js"

export const useFakeOpenAi = (): { readonly fake: () => FakeOpenAi; readonly config: (over?: Partial<OpenAiConfig>) => OpenAiConfig } => {
  let fake: FakeOpenAi | undefined
  beforeAll(async () => {
    fake = await startFakeOpenAi()
  })
  afterAll(async () => {
    await fake?.close()
  })
  beforeEach(() => {
    fake?.reset()
  })
  return {
    fake: () => fake!,
    config: (over = {}) => ({
      baseUrl: fake!.url,
      apiKey: "sk-test-key",
      chatModel: "fake-chat",
      embeddingModel: "fake-embed",
      retryDelayMs: 1,
      timeoutMs: 5_000,
      ...over
    })
  }
}
