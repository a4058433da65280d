/**
 * @docket/intelligence-openai: Docket's model-backed intelligence engine on any OpenAI-compatible
 * endpoint (chat completions with JSON-schema structured output and logprobs, embeddings).
 *
 * ```ts
 * import { OpenAiIntelligence } from "@docket/intelligence-openai"
 * const ai = { baseUrl: "https://api.openai.com/v1", apiKey: process.env.OPENAI_API_KEY }
 * createDocket({ intelligence: OpenAiIntelligence.layer(ai), evaluator: OpenAiIntelligence.evaluatorLayer(ai) })
 * ```
 */
export * as OpenAiIntelligence from "./layer.js"
export * from "./layer.js"
export {
  DEFAULT_CHAT_MODEL,
  DEFAULT_CONCURRENCY,
  DEFAULT_EMBEDDING_MODEL,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_SEARCH_STEPS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOP_LOGPROBS,
  type ResolvedOpenAiConfig,
  resolveConfig
} from "./config.js"
export { repairRanges, toClassification } from "./classifier.js"
export { responseSchema as catalogResponseSchema } from "./catalog-extractor.js"
export { responseSchema as filteredQueryResponseSchema } from "./filtered-query-writer.js"
export { responseSchema } from "./extractor.js"
export { locate } from "./grounder.js"
export { graphResponseSchema, locateQuote } from "./graph-extractor.js"
export { finalStep, makeSearchAgent, MAX_OBSERVATION_CHARS, SEARCH_TOOLS, searchMessages } from "./search-agent.js"
export { codeDistribution } from "./internal/logprobs.js"
