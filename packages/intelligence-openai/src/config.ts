/**
 * What the model-backed engine needs to reach an OpenAI-compatible endpoint, from options or from
 * the environment (`config`: `DOCKET_AI_*`).
 */
import { Config, Option, Redacted } from "effect"

export interface OpenAiConfig {
  /** the endpoint's base URL, up to and including the version: `https://api.openai.com/v1`, `http://127.0.0.1:8000/v1` */
  readonly baseUrl: string
  /** sent as `Authorization: Bearer …`; none for endpoints that need no key */
  readonly apiKey?: Redacted.Redacted | string | undefined
  /** the chat-completions model of every document port and of the evaluator */
  readonly chatModel?: string | undefined
  /** the embeddings model */
  readonly embeddingModel?: string | undefined
  /**
   * the embedding size: sent as `dimensions` with each embeddings request and checked against the
   * answer; unset = whatever the model returns (the first answer fixes it)
   */
  readonly embeddingDimensions?: number | undefined
  /** one HTTP attempt's limit, reading the answer included (ms) */
  readonly timeoutMs?: number | undefined
  /** the wait before the one retry of a 429 or 5xx answer (ms) */
  readonly retryDelayMs?: number | undefined
  /** `top_logprobs` of the evaluator's requests (OpenAI accepts up to 20) */
  readonly topLogprobs?: number | undefined
  /** the evaluator's questions sent at once (one chat request per question) */
  readonly concurrency?: number | undefined
  /**
   * deep search's model per tier: `low` defaults to the chat model; `medium` and `high` are
   * unavailable (a request naming them is 422) unless a model is named for them
   */
  readonly searchModels?: Partial<Record<"low" | "medium" | "high", string>> | undefined
  /** deep search's tool-call budget per tier (defaults `DEFAULT_SEARCH_STEPS`) */
  readonly searchSteps?: Partial<Record<"low" | "medium" | "high", number>> | undefined
}

export const DEFAULT_CHAT_MODEL = "gpt-4o-mini"
export const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small"
export const DEFAULT_TIMEOUT_MS = 60_000
export const DEFAULT_RETRY_DELAY_MS = 500
export const DEFAULT_TOP_LOGPROBS = 20
export const DEFAULT_CONCURRENCY = 8
export const DEFAULT_SEARCH_STEPS = { low: 8, medium: 16, high: 32 } as const

/** The configuration with every default applied. */
export interface ResolvedOpenAiConfig {
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted | undefined
  readonly chatModel: string
  readonly embeddingModel: string
  readonly embeddingDimensions: number | undefined
  readonly timeoutMs: number
  readonly retryDelayMs: number
  readonly topLogprobs: number
  readonly concurrency: number
  /** per tier: its model and budget, or null when the tier is unavailable */
  readonly searchTiers: Readonly<Record<"low" | "medium" | "high", { readonly model: string; readonly max_steps: number } | null>>
}

const apiKeyOf = (key: Redacted.Redacted | string | undefined): Redacted.Redacted | undefined => {
  if (key === undefined) return undefined
  const redacted = typeof key === "string" ? Redacted.make(key) : key
  return String(Redacted.value(redacted)) === "" ? undefined : redacted
}

export const resolveConfig = (c: OpenAiConfig): ResolvedOpenAiConfig => ({
  baseUrl: c.baseUrl.replace(/\/+$/, ""),
  apiKey: apiKeyOf(c.apiKey),
  chatModel: c.chatModel ?? DEFAULT_CHAT_MODEL,
  embeddingModel: c.embeddingModel ?? DEFAULT_EMBEDDING_MODEL,
  embeddingDimensions: c.embeddingDimensions,
  timeoutMs: c.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  retryDelayMs: c.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  topLogprobs: Math.max(1, Math.min(20, Math.floor(c.topLogprobs ?? DEFAULT_TOP_LOGPROBS))),
  concurrency: Math.max(1, Math.floor(c.concurrency ?? DEFAULT_CONCURRENCY)),
  searchTiers: {
    low: searchTier(c.searchModels?.low ?? c.chatModel ?? DEFAULT_CHAT_MODEL, c.searchSteps?.low ?? DEFAULT_SEARCH_STEPS.low),
    medium: searchTier(c.searchModels?.medium, c.searchSteps?.medium ?? DEFAULT_SEARCH_STEPS.medium),
    high: searchTier(c.searchModels?.high, c.searchSteps?.high ?? DEFAULT_SEARCH_STEPS.high)
  }
})

const searchTier = (model: string | undefined, steps: number) =>
  model === undefined || model === "" ? null : { model, max_steps: Math.max(1, Math.floor(steps)) }

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s)
    return u.protocol === "http:" || u.protocol === "https:"
  } catch {
    return false
  }
}

const optional = <A>(c: Config.Config<A>): Config.Config<A | undefined> => Config.option(c).pipe(Config.map(Option.getOrUndefined))

/**
 * `DOCKET_AI_BASE_URL` (required), `DOCKET_AI_API_KEY`, `DOCKET_AI_CHAT_MODEL`,
 * `DOCKET_AI_EMBEDDING_MODEL`, `DOCKET_AI_EMBEDDING_DIMENSIONS`, `DOCKET_AI_TIMEOUT_MS`,
 * `DOCKET_AI_SEARCH_MODEL_LOW`, `DOCKET_AI_SEARCH_MODEL_MEDIUM`, `DOCKET_AI_SEARCH_MODEL_HIGH`.
 */
export const config: Config.Config<OpenAiConfig> = Config.all({
  baseUrl: Config.nonEmptyString("DOCKET_AI_BASE_URL").pipe(
    Config.validate({ message: "must be an http:// or https:// URL", validation: isHttpUrl })
  ),
  apiKey: optional(Config.redacted("DOCKET_AI_API_KEY")),
  chatModel: optional(Config.nonEmptyString("DOCKET_AI_CHAT_MODEL")),
  embeddingModel: optional(Config.nonEmptyString("DOCKET_AI_EMBEDDING_MODEL")),
  embeddingDimensions: optional(
    Config.integer("DOCKET_AI_EMBEDDING_DIMENSIONS").pipe(Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 }))
  ),
  searchModels: Config.all({
    low: optional(Config.nonEmptyString("DOCKET_AI_SEARCH_MODEL_LOW")),
    medium: optional(Config.nonEmptyString("DOCKET_AI_SEARCH_MODEL_MEDIUM")),
    high: optional(Config.nonEmptyString("DOCKET_AI_SEARCH_MODEL_HIGH"))
  }),
  timeoutMs: Config.integer("DOCKET_AI_TIMEOUT_MS").pipe(
    Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 }),
    Config.withDefault(DEFAULT_TIMEOUT_MS)
  )
})
